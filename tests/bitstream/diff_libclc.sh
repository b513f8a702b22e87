#!/bin/sh
# Differential test on bitcode another producer wrote: each module of
# Debian's libclc-22 (LLVM 22's OpenCL library, /usr/lib/clc), bcx dump and
# stat against llvm-bcanalyzer-22 run here, and bcx copy giving the same
# bytes back.
# Usage: diff_libclc.sh BCX [CLC_DIR]
set -u
bcx=$1
dir=${2:-/usr/lib/clc}
command -v llvm-bcanalyzer-22 > /dev/null 2>&1 ||
	{ echo "skipped: llvm-bcanalyzer-22 not installed (scripts/deps.sh test)"; exit 77; }
[ -d "$dir" ] || { echo "skipped: no $dir (libclc-22; scripts/deps.sh test)"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
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
# Most names are links to a few modules: each module once.
for f in $(find "$dir" -name '*.bc' -type f | sort); do
	llvm-bcanalyzer-22 -dump "$f" > "$tmp/ref" 2>&1
	"$bcx" dump "$f" > "$tmp/our" 2>&1
	same "bcx dump $f" "$tmp/ref" "$tmp/our"
	llvm-bcanalyzer-22 "$f" > "$tmp/ref" 2>&1
	"$bcx" stat "$f" > "$tmp/our" 2>&1
	same "bcx stat $f" "$tmp/ref" "$tmp/our"
	"$bcx" copy "$f" -o "$tmp/copy.bc"
	same "bcx copy $f" "$f" "$tmp/copy.bc"
done
echo "$n comparisons passed"
[ $n -gt 0 ] || { echo "FAIL: no .bc file in $dir"; fail=1; }
exit $fail
