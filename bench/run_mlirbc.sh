#!/usr/bin/env bash
# MLIR bytecode benchmark: a release build, a generated module of FUNCS
# functions (default 5000; bench/gen_mlirbc.sh) written by mlir-opt-22, then
# in the same run `bcx dis` beside `mlir-opt-22 --mlir-print-op-generic` on
# that file (the ratio's target is < 0.3), `bcx dis --function` of the
# middle function beside the whole module, `bcx convert` and `bcx asm`.
# Then one function of BLOCKS blocks (second argument, default 200000;
# bench/gen_mlirbc_blocks.sh), where every block's predecessor comment is
# printed: `bcx dis` must stay linear in the number of blocks.
# Wall-clock seconds: hyperfine when installed, else the best of 5 runs;
# then, with perf installed, CPU time (perf stat -e task-clock, mean of 5),
# which a busy machine disturbs less; with GNU time, peak memory.
set -euo pipefail
cd "$(dirname "$0")/.."
FUNCS=${1:-5000}
BLOCKS=${2:-200000}
command -v mlir-opt-22 > /dev/null || { echo "run_mlirbc: mlir-opt-22 is needed"; exit 1; }
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j2 --target bcx >/dev/null
bcx=build/bench/bcx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash bench/gen_mlirbc.sh "$FUNCS" > "$tmp/bench.mlir"
mlir-opt-22 --emit-bytecode "$tmp/bench.mlir" -o "$tmp/bench.mlirbc"
mlir-opt-22 --mlir-print-op-generic "$tmp/bench.mlirbc" -o "$tmp/bench.generic.mlir"
"$bcx" dis "$tmp/bench.mlirbc" -o "$tmp/ours.mlir"
cmp -s "$tmp/ours.mlir" "$tmp/bench.generic.mlir" || { echo "run_mlirbc: outputs differ"; exit 1; }
fn=f$((FUNCS / 2))
"$bcx" dis --function "$fn" "$tmp/bench.mlirbc" -o "$tmp/fn.mlir"
awk -v q="sym_name = \"$fn\"" '!p && index($0, q) { p = 1 } p { print } p && /^  }\)/ { exit }' \
  "$tmp/bench.generic.mlir" | cmp -s - "$tmp/fn.mlir" || { echo "run_mlirbc: --function differs"; exit 1; }
size=$(stat -c %s "$tmp/bench.mlirbc")

# seconds (mean) of a command
time_cmd() {
  if command -v hyperfine > /dev/null; then
    hyperfine -N -w 1 -r 5 --export-json "$tmp/h.json" "$1" > /dev/null 2>&1
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["mean"])' "$tmp/h.json"
  else
    best=
    for i in 1 2 3 4 5; do
      t0=$(date +%s%N); bash -c "$1" > /dev/null; t1=$(date +%s%N)
      d=$(( t1 - t0 )); if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
    done
    echo "$best" | awk '{printf "%.6f\n", $1 / 1e9}'
  fi
}

t_opt=$(time_cmd "mlir-opt-22 --mlir-print-op-generic $tmp/bench.mlirbc -o $tmp/o1.mlir")
t_dis=$(time_cmd "$bcx dis $tmp/bench.mlirbc -o $tmp/o2.mlir")
t_fn=$(time_cmd "$bcx dis --function $fn $tmp/bench.mlirbc -o $tmp/o6.mlir")
t_conv=$(time_cmd "$bcx convert --bytecode-version 6 $tmp/bench.mlirbc -o $tmp/o3.mlirbc")
t_asm=$(time_cmd "$bcx asm --format mlirbc $tmp/bench.generic.mlir -o $tmp/o4.mlirbc")
t_optw=$(time_cmd "mlir-opt-22 --emit-bytecode $tmp/bench.generic.mlir -o $tmp/o5.mlirbc")
echo "MLIR bytecode: $FUNCS functions, $size bytes of bytecode (mlir-opt-22 wrote it)"
printf '%-48s %10s %8s\n' "command" "seconds" "ratio"
printf '%-48s %10.4f %8s\n' "mlir-opt-22 --mlir-print-op-generic FILE" "$t_opt" "1.00"
printf '%-48s %10.4f %8.3f\n' "bcx dis FILE" "$t_dis" "$(echo "$t_dis $t_opt" | awk '{print $1/$2}')"
printf '%-48s %10.4f %8s\n' "mlir-opt-22 --emit-bytecode GENERIC.mlir" "$t_optw" "1.00"
printf '%-48s %10.4f %8.3f\n' "bcx asm --format mlirbc GENERIC.mlir" "$t_asm" "$(echo "$t_asm $t_optw" | awk '{print $1/$2}')"
printf '%-48s %10.4f %8s\n' "bcx convert --bytecode-version 6 FILE" "$t_conv" ""
printf '%-48s %10.4f %8.3f\n' "bcx dis --function $fn FILE (vs bcx dis)" "$t_fn" "$(echo "$t_fn $t_dis" | awk '{print $1/$2}')"

# CPU milliseconds (task-clock), mean of 5
cpu_ms() {
  perf stat -x, -r 5 -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.1f\n", $1}'
}
if command -v perf > /dev/null && perf stat -e task-clock true > /dev/null 2>&1; then
  c_opt=$(cpu_ms mlir-opt-22 --mlir-print-op-generic "$tmp/bench.mlirbc" -o "$tmp/o1.mlir")
  c_dis=$(cpu_ms "$bcx" dis "$tmp/bench.mlirbc" -o "$tmp/o2.mlir")
  c_fn=$(cpu_ms "$bcx" dis --function "$fn" "$tmp/bench.mlirbc" -o "$tmp/o6.mlir")
  echo
  printf '%-48s %10s %8s\n' "CPU time (perf stat -e task-clock, mean of 5)" "ms" "ratio"
  printf '%-48s %10.1f %8s\n' "mlir-opt-22 --mlir-print-op-generic FILE" "$c_opt" "1.00"
  printf '%-48s %10.1f %8.3f\n' "bcx dis FILE" "$c_dis" "$(echo "$c_dis $c_opt" | awk '{print $1/$2}')"
  printf '%-48s %10.1f %8.3f\n' "bcx dis --function $fn FILE (vs bcx dis)" "$c_fn" "$(echo "$c_fn $c_dis" | awk '{print $1/$2}')"
fi

# peak resident memory (GNU time's "Maximum resident set size", KiB)
peak_kb() {
  /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident set size/ {print $2}'
}
if [ -x /usr/bin/time ] && /usr/bin/time -v true > /dev/null 2>&1; then
  m_opt=$(peak_kb mlir-opt-22 --mlir-print-op-generic "$tmp/bench.mlirbc" -o "$tmp/o1.mlir")
  m_dis=$(peak_kb "$bcx" dis "$tmp/bench.mlirbc" -o "$tmp/o2.mlir")
  m_fn=$(peak_kb "$bcx" dis --function "$fn" "$tmp/bench.mlirbc" -o "$tmp/o6.mlir")
  echo
  printf '%-48s %10s\n' "peak memory (GNU time, max RSS)" "KiB"
  printf '%-48s %10s\n' "mlir-opt-22 --mlir-print-op-generic FILE" "$m_opt"
  printf '%-48s %10s\n' "bcx dis FILE" "$m_dis"
  printf '%-48s %10s\n' "bcx dis --function $fn FILE" "$m_fn"
fi

# a region of BLOCKS blocks
bash bench/gen_mlirbc_blocks.sh "$BLOCKS" > "$tmp/blocks.mlir"
mlir-opt-22 --emit-bytecode "$tmp/blocks.mlir" -o "$tmp/blocks.mlirbc"
mlir-opt-22 --mlir-print-op-generic "$tmp/blocks.mlirbc" -o "$tmp/blocks.generic.mlir"
"$bcx" dis "$tmp/blocks.mlirbc" -o "$tmp/ours.mlir"
cmp -s "$tmp/ours.mlir" "$tmp/blocks.generic.mlir" || { echo "run_mlirbc: outputs differ (blocks)"; exit 1; }
t_bopt=$(time_cmd "mlir-opt-22 --mlir-print-op-generic $tmp/blocks.mlirbc -o $tmp/o1.mlir")
t_bdis=$(time_cmd "$bcx dis $tmp/blocks.mlirbc -o $tmp/o2.mlir")
echo
echo "MLIR bytecode: one region of $BLOCKS blocks, $(stat -c %s "$tmp/blocks.mlirbc") bytes"
printf '%-48s %10s %8s\n' "command" "seconds" "ratio"
printf '%-48s %10.4f %8s\n' "mlir-opt-22 --mlir-print-op-generic FILE" "$t_bopt" "1.00"
printf '%-48s %10.4f %8.3f\n' "bcx dis FILE" "$t_bdis" "$(echo "$t_bdis $t_bopt" | awk '{print $1/$2}')"
