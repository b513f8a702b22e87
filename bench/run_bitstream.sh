#!/usr/bin/env bash
# Benchmark: bcx dump / bcx stat against llvm-bcanalyzer-22 -dump / plain,
# in the same run, on a bitcode file of more than 1 MB made from bcx's own
# sources: every library and tool source compiled with clang-22 -emit-llvm
# in three configurations, each configuration linked with llvm-link-22, and
# the three modules put into one multi-module file with llvm-cat-22 -b.
# The libclc bitcode files in ../shared/vectors/llvm (libclc*.bc) and three
# of Debian's libclc-22 (/usr/lib/clc), when there are any, are measured the
# same way. bcx is a Release build
# (build/bench-release). Prints the median CPU time (user + sys) of RUNS
# runs of each tool, taken in turns so both see the same machine load, the
# ratio bcx / reference of CPU time (lower is better; the target is <= 0.15
# for dump) and of wall time, and each tool's peak memory (maximum resident
# set, from /usr/bin/time).
# Usage: bench/run_bitstream.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-15}
for t in clang-22 llvm-link-22 llvm-cat-22 llvm-bcanalyzer-22; do
	command -v $t >/dev/null || { echo "bench: $t is missing (scripts/deps.sh test)" >&2; exit 1; }
done
build=build/bench-release
cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF -DBCX_BUILD_BENCH=OFF >/dev/null
cmake --build $build -j2 --target bcx >/dev/null
bcx=$PWD/$build/bcx
work=$PWD/$build/bitstream-bench
mkdir -p "$work"

# ---- the input ----
big=$work/bcx-sources.bc
if [ ! -f "$big" ]; then
	mods=()
	for cfg in "-O0 -g -fdebug-macro" "-O1 -g -fdebug-macro" "-O2 -g"; do
		tag=$(echo "$cfg" | tr -c 'A-Za-z0-9\n' '_')
		mkdir -p "$work/$tag"
		for f in src/*/*.c tools/*.c; do
			clang-22 -c -emit-llvm $cfg -Iinclude -Isrc -Itools -I$build/generated "$f" \
				-o "$work/$tag/$(echo "$f" | tr / _).bc"
		done
		llvm-link-22 "$work/$tag"/*.bc -o "$work/$tag.linked.bc"
		mods+=("$work/$tag.linked.bc")
	done
	llvm-cat-22 -b "${mods[@]}" -o "$big"
fi
size=$(wc -c < "$big")

# ---- timing: median of $runs, output to /dev/null ----
# Each run's CPU time (user + sys, bash's `time` with TIMEFORMAT, to the
# millisecond) and wall time ($EPOCHREALTIME, microseconds), both read
# without starting a process. CPU time is the figure compared: on a machine
# shared with other work, wall time also counts the waits for a core. The
# two commands take turns, so a load that comes and goes hits both.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
timed() { # file command...: appends "cpu_us wall_us" of one run to file
	local out=$1 TIMEFORMAT='%3U %3S' s e
	shift
	s=${EPOCHREALTIME/[.,]/}
	{ time "$@" >/dev/null 2>&1; } 2>"$work/time.tmp"
	e=${EPOCHREALTIME/[.,]/}
	awk -v w=$((10#$e - 10#$s)) '{ printf "%d %d\n", ($1 + $2) * 1e6, w }' "$work/time.tmp" >>"$out"
}
pair() { # file mode-of-reference mode-of-bcx: prints "ref_cpu bcx_cpu ref_wall bcx_wall" in ns
	local i
	: >"$work/ref.times"
	: >"$work/bcx.times"
	for ((i = 0; i < runs; i++)); do
		timed "$work/ref.times" llvm-bcanalyzer-22 $2 "$1"
		timed "$work/bcx.times" "$bcx" $3 "$1"
	done
	echo "$(cut -d' ' -f1 "$work/ref.times" | median)000 $(cut -d' ' -f1 "$work/bcx.times" | median)000" \
		"$(cut -d' ' -f2 "$work/ref.times" | median)000 $(cut -d' ' -f2 "$work/bcx.times" | median)000"
}
peak() { # command...: maximum resident set in MB, or - without /usr/bin/time
	[ -x /usr/bin/time ] || { echo -; return; }
	/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.0f", $1 / 1024 }'
}
ms() { awk -v n="$1" 'BEGIN { printf "%.2f", n / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

inputs=("$big")
for f in ../shared/vectors/llvm/libclc*.bc; do
	[ -f "$f" ] && inputs+=("$PWD/$f")
done
# Debian's libclc-22 (scripts/deps.sh bench): its largest module, an nvptx
# one and a small r600 one, as LLVM 22 wrote them.
for f in amdgcn-amd-amdhsa.bc nvptx64--.bc barts-r600--.bc; do
	[ -f "/usr/lib/clc/$f" ] && inputs+=("/usr/lib/clc/$f")
done
[ ${#inputs[@]} -gt 1 ] || echo "(no libclc files in ../shared/vectors/llvm or /usr/lib/clc: the made file only)"
cd "$work"
printf "%-26s %-5s %12s %12s %7s %10s %10s\n" input mode "ref cpu ms" "bcx cpu ms" ratio "wall ratio" "peak MB"
for f in "${inputs[@]}"; do
	name=$(basename "$f")
	# Same bytes first (a benchmark of different work would mean nothing).
	cmp -s <(llvm-bcanalyzer-22 -dump "$f") <("$bcx" dump "$f") || { echo "bench: $name: dump outputs differ" >&2; exit 1; }
	cmp -s <(llvm-bcanalyzer-22 "$f") <("$bcx" stat "$f") || { echo "bench: $name: stat outputs differ" >&2; exit 1; }
	read -r ref_dump bcx_dump wref_dump wbcx_dump < <(pair "$f" -dump dump)
	read -r ref_stat bcx_stat wref_stat wbcx_stat < <(pair "$f" "" stat)
	mem_d="$(peak llvm-bcanalyzer-22 -dump "$f")/$(peak "$bcx" dump "$f")"
	mem_s="$(peak llvm-bcanalyzer-22 "$f")/$(peak "$bcx" stat "$f")"
	printf "%-26s %-5s %12s %12s %7s %10s %10s\n" "$name" dump "$(ms "$ref_dump")" "$(ms "$bcx_dump")" \
		"$(ratio "$bcx_dump" "$ref_dump")" "$(ratio "$wbcx_dump" "$wref_dump")" "$mem_d"
	printf "%-26s %-5s %12s %12s %7s %10s %10s\n" "" stat "$(ms "$ref_stat")" "$(ms "$bcx_stat")" \
		"$(ratio "$bcx_stat" "$ref_stat")" "$(ratio "$wbcx_stat" "$wref_stat")" "$mem_s"
done
echo "($(wc -c < "$big") bytes in $(basename "$big"); median of $runs runs of each; CPU time is user + sys;"
echo " ratio = bcx / reference, lower is better, target <= 0.15 for dump; peak MB reference/bcx)"
