#!/bin/sh
# Tapioca VM benchmark: recursive fib(32) and a million-float array sum on
# bcx, lua5.4 and luajit -joff (LuaJIT's interpreter only), in one run.
# Usage: bench/run_tapioca.sh [BUILD_DIR]   (default build/release, configured
# with -DCMAKE_BUILD_TYPE=Release when new; always brought up to date, so the
# figures are the checkout's). Prints the best of 5 runs.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
if [ ! -f "$build/CMakeCache.txt" ]; then
	cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_SHARED=OFF >/dev/null
fi
cmake --build "$build" --target bcx -j2 >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bcx" asm --format tapioca "$root/examples/tapioca/fib_rec.tasm" -o "$tmp/fib.tbon"
"$build/bcx" asm --format tapioca "$root/bench/tapioca_sum_floats.tasm" -o "$tmp/sum.tbon"

best() { # best wall time in seconds of 5 runs of "$@"
	b=
	for _ in 1 2 3 4 5; do
		s=$(date +%s.%N)
		"$@" >"$tmp/out" 2>&1
		e=$(date +%s.%N)
		t=$(echo "$e - $s" | bc -l)
		if [ -z "$b" ] || [ "$(echo "$t < $b" | bc -l)" = 1 ]; then b=$t; fi
	done
	echo "$b"
}

row() { # name, bcx args, lua file
	tb=$(best "$build/bcx" run "$2")
	out_b=$(cat "$tmp/out")
	tl=$(best lua5.4 "$3")
	out_l=$(cat "$tmp/out")
	tj=$(best luajit -joff "$3")
	printf '%-12s %9.3f %9.3f %9.3f %10.2f %10.2f   (output %s / %s)\n' "$1" "$tb" "$tl" "$tj" \
		"$(echo "$tb / $tl" | bc -l)" "$(echo "$tb / $tj" | bc -l)" "$out_b" "$out_l"
}

printf '%-12s %9s %9s %9s %10s %10s\n' benchmark bcx lua5.4 luajit-joff bcx/lua bcx/luajit
row "fib(32)" "$tmp/fib.tbon" "$root/bench/fib.lua"
row "sum 1M f64" "$tmp/sum.tbon" "$root/bench/sum_floats.lua"
