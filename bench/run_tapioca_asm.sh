#!/bin/sh
# Tapioca assembler scaling: generated sources with N distinct constants,
# N labels (each the target of a jump), N globals (at most 60,000) and N
# load_imm_float, and
# the same sources at N/10, so a quadratic step shows as a 100x ratio
# instead of 10x. Also times dis on the assembled label file.
# Usage: bench/run_tapioca_asm.sh [BUILD_DIR] [N]   (default build/bench,
# configured with -DCMAKE_BUILD_TYPE=Release when new; N = 100000).
# Prints the best of 3 wall times in seconds.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/bench}
n=${2:-100000}
if [ ! -f "$build/CMakeCache.txt" ]; then
	cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_SHARED=OFF >/dev/null
fi
cmake --build "$build" --target bcx -j2 >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gen() { # kind, count -> file
	case $1 in
	consts) # two functions of count/2 distinct constants (65536 per function at most)
		awk -v n="$2" 'BEGIN { h = int(n / 2)
			for (f = 0; f < 2; f++) { printf ".func f%d 0\n", f
				for (i = 0; i < h; i++) printf " load_const r1, %d\n", f * h + i + 100000
				print " return r1\n.end" } }' ;;
	labels) # each label is the target of the jump before it
		awk -v n="$2" 'BEGIN { print ".func main 0"
			for (i = 0; i < n; i++) printf " jmp L%d\nL%d:\n", i, i
			print " return r0\n.end" }' ;;
	globals) # one global per line (at most 60,000: 65,279 symbols at most)
		awk -v n="$2" 'BEGIN { if (n > 60000) n = 60000; for (i = 0; i < n; i++) printf ".global g%d %d\n", i, i
			printf ".func main 0\n load_global r0, g%d\n return r0\n.end\n", n - 1 }' ;;
	floats) # load_imm_float of binary16 values
		awk -v n="$2" 'BEGIN { print ".func main 0"
			for (i = 0; i < n; i++) printf " load_imm_float r1, %d.5\n", i % 1000
			print " return r1\n.end" }' ;;
	esac
}

best() { # best wall time in seconds of 3 runs of "$@"
	b=
	for _ in 1 2 3; do
		s=$(date +%s.%N)
		"$@" >/dev/null
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | bc -l)
		if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
	done
	echo "$b"
}

printf '%-22s %10s %10s %8s\n' input "N/10" "N=$n" ratio
for kind in consts labels globals floats; do
	gen $kind $((n / 10)) >"$tmp/small.tasm"
	gen $kind "$n" >"$tmp/big.tasm"
	ts=$(best "$build/bcx" asm --format tapioca "$tmp/small.tasm" -o "$tmp/small.tbon")
	tb=$(best "$build/bcx" asm --format tapioca "$tmp/big.tasm" -o "$tmp/big.tbon")
	printf '%-22s %10.3f %10.3f %8.1f\n' "asm $kind" "$ts" "$tb" "$(echo "$tb / $ts" | bc -l)"
	if [ $kind = labels ]; then
		ts=$(best "$build/bcx" dis "$tmp/small.tbon")
		tb=$(best "$build/bcx" dis "$tmp/big.tbon")
		printf '%-22s %10.3f %10.3f %8.1f\n' "dis labels" "$ts" "$tb" "$(echo "$tb / $ts" | bc -l)"
	fi
done
