#!/bin/sh
# Differential test on bitcode another producer wrote: each module of
# Debian's libclc-22 (LLVM 22's OpenCL library, /usr/lib/clc), bcx dump and
# stat against llvm-bcanalyzer-22 run here, and bcx copy giving the same
# bytes back.
# Usage: diff_libclc.sh BCX [CLC_DIR]
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=${2:-/usr/lib/clc}
here=$(cd "$(dirname "$0")" && pwd)
command -v llvm-bcanalyzer-22 > /dev/null 2>&1 ||
	{ echo "skipped: llvm-bcanalyzer-22 not installed (scripts/deps.sh test)"; exit 77; }
[ -d "$dir" ] || { echo "skipped: no $dir (libclc-22; scripts/deps.sh test)"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
. "$here/compare.sh"
# Most names are links to a few modules: each module once.
for f in $(find "$dir" -name '*.bc' -type f | sort); do
	same_as_analyzer "$f"
done
echo "$n comparisons passed"
[ $n -gt 0 ] || { echo "FAIL: no .bc file in $dir"; fail=1; }
exit $fail
