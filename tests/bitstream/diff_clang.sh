#!/bin/sh
# Differential test: compile this folder's own C files with clang-22 (with
# and without -g, at -O0 and -O2, for Linux and a Darwin target that wraps
# the bitcode) and compare bcx dump / stat with llvm-bcanalyzer-22 run here,
# in the same run; bcx copy must give the same bytes back.
# Usage: diff_clang.sh BCX SOURCE_DIR
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
for t in clang-22 llvm-bcanalyzer-22; do
	command -v $t > /dev/null 2>&1 || { echo "skipped: $t not installed (scripts/deps.sh test)"; exit 77; }
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail=0 n=0
same() { # what file1 file2
	if cmp -s "$2" "$3"; then
		n=$((n + 1))
	else
		echo "FAIL: $1"
		diff "$2" "$3" | head -10
		fail=1
	fi
}
for c in "$src"/*.c; do
	base=$(basename "$c" .c)
	for flags in "-O0" "-O0 -g" "-O2" "-O2 -g" "-O0 -target x86_64-apple-macosx13.0"; do
		tag=$(echo "$flags" | tr -c 'A-Za-z0-9\n' '_')
		bc="$base.$tag.bc"
		clang-22 -c -emit-llvm $flags "$c" -o "$bc" 2> clang.err || { cat clang.err; fail=1; continue; }
		llvm-bcanalyzer-22 -dump "$bc" > ref.dump 2>&1
		"$bcx" dump "$bc" > our.dump 2>&1
		same "bcx dump $bc ($flags)" ref.dump our.dump
		llvm-bcanalyzer-22 "$bc" > ref.stat 2>&1
		"$bcx" stat "$bc" > our.stat 2>&1
		same "bcx stat $bc ($flags)" ref.stat our.stat
		llvm-bcanalyzer-22 -dump -dump-blockinfo -non-symbolic -show-binary-blobs "$bc" > ref.opt 2>&1
		"$bcx" dump --dump-blockinfo --non-symbolic --show-binary-blobs "$bc" > our.opt 2>&1
		same "bcx dump (all options) $bc ($flags)" ref.opt our.opt
		"$bcx" copy "$bc" -o copy.bc
		same "bcx copy $bc ($flags)" "$bc" copy.bc
	done
done
echo "$n comparisons passed"
[ $n -gt 0 ] || fail=1
exit $fail
