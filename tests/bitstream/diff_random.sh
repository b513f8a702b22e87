#!/bin/sh
# Random differential test: gen_random writes random valid bitstreams with
# the bcx writer (every operand encoding, BLOCKINFO names and
# abbreviations, nested blocks, METADATA specials, three stream types);
# llvm-bcanalyzer-22 must accept them, and bcx dump (with and without all
# options) and bcx stat must print exactly what it prints; bcx copy must
# give the bytes back. Usage: diff_random.sh GEN_RANDOM BCX [COUNT] [SEED]
set -u
gen=$1
bcx=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
count=${3:-100}
seed=${4:-20261121}
command -v llvm-bcanalyzer-22 > /dev/null 2>&1 || { echo "skipped: llvm-bcanalyzer-22 not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$gen" "$tmp" "$count" "$seed" || { echo "FAIL: gen_random"; exit 1; }
cd "$tmp" || exit 1
fail=0 n=0
for f in r*.bc; do
	for opts in "-dump" "-dump -dump-blockinfo -non-symbolic -show-binary-blobs" "" "-disable-histogram"; do
		if ! llvm-bcanalyzer-22 $opts "$f" > ref.txt 2> ref.err; then
			echo "FAIL: llvm-bcanalyzer-22 $opts rejects the writer's $f: $(head -1 ref.err)"
			fail=1
			continue
		fi
		cmd=stat
		for o in $opts; do # llvm-bcanalyzer's -x is bcx's --x; -dump is the command
			case $o in
			-dump) cmd=dump ;;
			*) cmd="$cmd -$o" ;;
			esac
		done
		"$bcx" $cmd "$f" > our.txt 2>&1
		if cmp -s ref.txt our.txt; then
			n=$((n + 1))
		else
			echo "FAIL: bcx $cmd $f differs from llvm-bcanalyzer-22 $opts (seed $seed)"
			diff ref.txt our.txt | head -6
			fail=1
		fi
	done
	"$bcx" copy "$f" -o copy.bc && cmp -s "$f" copy.bc || { echo "FAIL: bcx copy $f"; fail=1; }
done
echo "$n comparisons passed"
exit $fail
