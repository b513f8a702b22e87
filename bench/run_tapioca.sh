#!/bin/sh
# Tapioca VM benchmark suite: each program of bench/tapioca/ in Tapioca
# assembly (NAME.tasm) and in Lua (NAME.lua, the same algorithm), timed on
# `bcx run` (its default heap limit), lua5.4 and luajit -joff (LuaJIT's
# interpreter) in one run, interleaved (bench/tapioca/measure.py). Prints the
# median of 5 runs of CPU time (user + system: on a machine shared with
# other jobs it varies far less than wall time) and of peak resident memory,
# and bcx's ratios to each; the outputs of bcx and lua5.4 must agree.
#
# Usage: bench/run_tapioca.sh [-n RUNS] [BUILD_DIR] [KIND...]
#   BUILD_DIR defaults to build/bench (configured Release when new, always
#   brought up to date); KIND names rows below (default: all but churn, which
#   makes 10^8 objects and takes a while).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
runs=5
if [ "${1:-}" = -n ]; then runs=$2; shift 2; fi
build=$root/build/bench
if [ $# -gt 0 ] && [ -d "$1" ]; then build=$1; shift; fi
kinds=${*:-"fib sum floats str3k str30k closures map20k map2m method"}
for tool in lua5.4 luajit bc python3 /usr/bin/time; do
	command -v "$tool" >/dev/null || { echo "bench/run_tapioca.sh: $tool is not installed" >&2; exit 77; }
done
if [ ! -f "$build/CMakeCache.txt" ]; then
	cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_SHARED=OFF >/dev/null
fi
cmake --build "$build" --target bcx -j2 >/dev/null
bcx=$build/bcx
src=$root/bench/tapioca
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# kind -> program, the .global to resize (or -), its value, a title
# (fib's assembly is the example program)
spec() {
	case $1 in
	fib) echo "../../examples/tapioca/fib_rec - - fib(32)" ;;
	sum) echo "sum_loop - - sum_1..10^8" ;;
	floats) echo "floats - - 10x10^6_floats" ;;
	str3k) echo "strings STRINGS 3000 3000_strings_x100" ;;
	str30k) echo "strings STRINGS 30000 30000_strings_x100" ;;
	closures) echo "closures - - 3x10^6_closures" ;;
	map20k) echo "map N 20000 map_2x10^4" ;;
	map2m) echo "map N 2000000 map_2x10^6" ;;
	method) echo "method - - 5x10^6_field_calls" ;;
	churn) echo "churn N 100000000 10^8_objects" ;;
	*) echo "bench/run_tapioca.sh: unknown kind '$1'" >&2; exit 2 ;;
	esac
}

# a / b to two decimals, rounded (bc alone truncates)
ratio() { LC_ALL=C printf '%.2f' "$(echo "scale=6; $1 / $2" | bc -l)"; }

printf '%-22s %8s %8s %8s %7s %7s | %8s %8s %8s %7s\n' kind bcx_s lua_s jit_s b/lua b/jit \
	bcx_MB lua_MB jit_MB mem/lua
for k in $kinds; do
	set -- $(spec "$k")
	prog=$1 glob=$2 n=$3 title=$4
	larg=
	if [ "$glob" = - ]; then
		cp "$src/$prog.tasm" "$tmp/p.tasm"
		prog=${prog##*/}
		prog=${prog%_rec}
	else
		sed "s/^\\.global $glob .*/.global $glob $n/" "$src/$prog.tasm" >"$tmp/p.tasm"
		larg=$n
	fi
	"$bcx" asm --format tapioca "$tmp/p.tasm" -o "$tmp/p.tbon"
	set -- $(python3 "$src/measure.py" "$runs" "$tmp" -- "$bcx" run "$tmp/p.tbon" \
		-- lua5.4 "$src/$prog.lua" $larg -- luajit -joff "$src/$prog.lua" $larg)
	tb=$1 mb=$2 tl=$3 ml=$4 tj=$5 mj=$6
	cmp -s "$tmp/out0" "$tmp/out1" || { echo "$k: bcx and lua5.4 print different results:" >&2; cat "$tmp/out0" "$tmp/out1" >&2; exit 1; }
	printf '%-22s %8s %8s %8s %7s %7s | %8s %8s %8s %7s\n' "$title" "$tb" "$tl" "$tj" \
		"$(ratio "$tb" "$tl")" "$(ratio "$tb" "$tj")" "$(ratio "$mb" 1024)" \
		"$(ratio "$ml" 1024)" "$(ratio "$mj" 1024)" "$(ratio "$mb" "$ml")"
done
