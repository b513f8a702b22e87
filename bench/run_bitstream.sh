#!/usr/bin/env bash
# Benchmark: bcx dump / bcx stat against llvm-bcanalyzer-22 -dump / plain,
# in the same run, on a bitcode file of more than 1 MB made from bcx's own
# sources: every library and tool source compiled with clang-22 -emit-llvm
# in three configurations, each configuration linked with llvm-link-22, and
# the three modules put into one multi-module file with llvm-cat-22 -b.
# bcx is a Release build (build/bench-release). Prints best-of-N wall times
# and the ratio bcx / reference (lower is better; the target is < 0.3).
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
			clang-22 -c -emit-llvm $cfg -Iinclude -Isrc -Itools "$f" \
				-o "$work/$tag/$(echo "$f" | tr / _).bc"
		done
		llvm-link-22 "$work/$tag"/*.bc -o "$work/$tag.linked.bc"
		mods+=("$work/$tag.linked.bc")
	done
	llvm-cat-22 -b "${mods[@]}" -o "$big"
fi
size=$(wc -c < "$big")

# ---- timing: best of $runs, output to /dev/null ----
# $EPOCHREALTIME (bash >= 5, microseconds) is read without starting a
# process, so the timer itself adds nothing measurable to either tool.
best() { # command...
	local b=999999999999 s e i
	for ((i = 0; i < runs; i++)); do
		s=${EPOCHREALTIME/[.,]/}
		"$@" >/dev/null
		e=${EPOCHREALTIME/[.,]/}
		((10#$e - 10#$s < b)) && b=$((10#$e - 10#$s))
	done
	echo $((b * 1000))
}
cd "$work"
name=$(basename "$big")
# Same bytes first (a benchmark of different work would mean nothing).
cmp -s <(llvm-bcanalyzer-22 -dump "$name") <("$bcx" dump "$name") || { echo "bench: dump outputs differ" >&2; exit 1; }
cmp -s <(llvm-bcanalyzer-22 "$name") <("$bcx" stat "$name") || { echo "bench: stat outputs differ" >&2; exit 1; }
dump_bytes=$("$bcx" dump "$name" | wc -c)

ref_dump=$(best llvm-bcanalyzer-22 -dump "$name")
bcx_dump=$(best "$bcx" dump "$name")
ref_stat=$(best llvm-bcanalyzer-22 "$name")
bcx_stat=$(best "$bcx" stat "$name")

ms() { awk -v n="$1" 'BEGIN { printf "%.2f", n / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "input: $name, $size bytes (dump output $dump_bytes bytes), best of $runs runs"
printf "%-8s %18s %18s %8s\n" "mode" "llvm-bcanalyzer-22" "bcx" "ratio"
printf "%-8s %15s ms %15s ms %8s\n" dump "$(ms "$ref_dump")" "$(ms "$bcx_dump")" "$(ratio "$bcx_dump" "$ref_dump")"
printf "%-8s %15s ms %15s ms %8s\n" stat "$(ms "$ref_stat")" "$(ms "$bcx_stat")" "$(ratio "$bcx_stat" "$ref_stat")"
