#!/bin/sh
# Differential test: compile this folder's own C and C++ files with
# clang-22 (with and without -g, at -O0 and -O2, with ThinLTO summaries, for
# Linux and a Darwin target that wraps the bitcode; the C files also as serialized diagnostics, precompiled headers and
# optimization remarks) and compare bcx dump / stat with llvm-bcanalyzer-22
# run here, in the same run; bcx copy must give the same bytes back.
# Usage: diff_clang.sh BCX SOURCE_DIR
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
for t in clang-22 llvm-bcanalyzer-22; do
	command -v $t > /dev/null 2>&1 || { echo "skipped: $t not installed (scripts/deps.sh test)"; exit 77; }
done
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
. "$here/compare.sh"
for c in "$src"/*.c "$src"/*.cpp; do
	base=$(basename "$c")
	case $c in *.cpp) lang="-x c++" ;; *) lang="-x c" ;; esac
	for flags in "-O0" "-O0 -g" "-O2" "-O2 -g" "-O2 -flto=thin" "-O0 -target x86_64-apple-macosx13.0"; do
		tag=$(echo "$flags" | tr -c 'A-Za-z0-9\n' '_')
		bc="$base.$tag.bc"
		clang-22 $lang -c -emit-llvm $flags "$c" -o "$bc" 2> clang.err || { cat clang.err; fail=1; continue; }
		same_as_analyzer "$bc"
		llvm-bcanalyzer-22 -dump -dump-blockinfo -non-symbolic -show-binary-blobs "$bc" > ref.opt 2>&1
		"$bcx" dump --dump-blockinfo --non-symbolic --show-binary-blobs "$bc" > our.opt 2>&1
		same "bcx dump (all options) $bc ($flags)" ref.opt our.opt
	done
done
# Other bitstreams clang writes: serialized diagnostics ("DIAG"), a
# precompiled header ("CPCH") and optimization remarks ("RMRK").
printf 'int f(void) { int x; return y; }\n#warning look here\n' > diag.c
clang-22 -fsyntax-only --serialize-diagnostics diag.dia diag.c 2> /dev/null
same_as_analyzer diag.dia
for c in "$src"/*.c; do
	base=$(basename "$c" .c)
	clang-22 -x c-header "$c" -o "$base.pch" && same_as_analyzer "$base.pch"
	clang-22 -c -O2 -fsave-optimization-record=bitstream "$c" -o "$base.o" 2> /dev/null &&
		same_as_analyzer "$base.opt.bitstream"
done
echo "$n comparisons passed"
[ $n -gt 0 ] || fail=1
exit $fail
