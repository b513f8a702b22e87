#!/usr/bin/env bash
# MLIR generic text -> bytecode: `bcx asm --format mlirbc` beside
# `mlir-opt-22 --emit-bytecode` on the same text, in the same run.
# Two inputs, each printed in the generic form by mlir-opt-22:
#   funcs   a module of FUNCS functions (default 50000; bench/gen_mlirbc.sh)
#   blocks  one function of BLOCKS blocks (default 200000;
#           bench/gen_mlirbc_blocks.sh): many small items
# Each row: CPU time (user + sys, median of REPEATS runs, default 5: the
# machine may be shared), the ratio to mlir-opt-22, peak resident memory
# (GNU time's %M, median) and its ratio to the text's size. Before timing,
# bcx's output must equal mlir-opt-22's bytes, and mlir-opt-22 must read
# bcx's bytes back to the same generic text. BASE_BCX (a bcx built from an
# earlier commit) adds its rows, marked "(base)", for a before and after in
# one run.
# Usage: bench/run_mlirbc_asm.sh [FUNCS] [BLOCKS] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
FUNCS=${1:-50000}
BLOCKS=${2:-200000}
REPEATS=${3:-5}
command -v mlir-opt-22 > /dev/null || { echo "run_mlirbc_asm: mlir-opt-22 is needed"; exit 77; }
[ -x /usr/bin/time ] || { echo "run_mlirbc_asm: GNU time (/usr/bin/time) is needed"; exit 77; }
# the default build, not the portable one (BCX_POSIX_FILES keeps the mapped
# text resident)
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF \
  -DBCX_POSIX_FILES=OFF >/dev/null
cmake --build build/bench -j2 --target bcx >/dev/null
bcx=build/bench/bcx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# generic NAME GENERATOR N: $tmp/NAME.mlir, the generated module's generic text
generic() {
  bash "bench/$2" "$3" > "$tmp/$1.src.mlir"
  mlir-opt-22 --emit-bytecode "$tmp/$1.src.mlir" -o "$tmp/$1.tmp.mlirbc"
  mlir-opt-22 --mlir-print-op-generic "$tmp/$1.tmp.mlirbc" -o "$tmp/$1.mlir"
  rm -f "$tmp/$1.src.mlir" "$tmp/$1.tmp.mlirbc"
}

# check NAME: bcx's bytes are mlir-opt-22's, and read back to the same text
check() {
  local f=$tmp/$1.mlir
  "$bcx" asm --format mlirbc "$f" -o "$tmp/ours.mlirbc"
  mlir-opt-22 --emit-bytecode "$f" -o "$tmp/ref.mlirbc"
  cmp -s "$tmp/ours.mlirbc" "$tmp/ref.mlirbc" || { echo "run_mlirbc_asm: $1: bytes differ from mlir-opt-22's"; exit 1; }
  mlir-opt-22 --mlir-print-op-generic "$tmp/ours.mlirbc" -o "$tmp/back.mlir"
  cmp -s "$tmp/back.mlir" "$f" || { echo "run_mlirbc_asm: $1: mlir-opt-22 reads bcx's bytes to other text"; exit 1; }
}

# median_run CMD...: "ms peak_kb", the medians over REPEATS runs of CPU
# time (user + sys) and peak resident memory; "fail" when the command fails.
median_run() {
  : > "$tmp/runs"
  for _ in $(seq "$REPEATS"); do
    if ! /usr/bin/time -o "$tmp/time" -f '%U %S %M' "$@" >/dev/null 2>"$tmp/err"; then
      echo fail; return
    fi
    awk '{printf "%d %d\n", ($1 + $2) * 1000, $3}' "$tmp/time" >> "$tmp/runs"
  done
  local ms kb
  ms=$(cut -d' ' -f1 "$tmp/runs" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
  kb=$(cut -d' ' -f2 "$tmp/runs" | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}')
  echo "$ms $kb"
}

printf '%-7s %-22s %9s %9s %7s %9s %8s\n' input tool "input MB" "CPU ms" ratio "peak MB" "peak/in"
# row NAME TOOL RESULT REF_MS
row() {
  local size ms kb ratio=-
  size=$(stat -c %s "$tmp/$1.mlir")
  read -r ms kb <<< "$3"
  [ -n "$4" ] && ratio=$(echo "scale=3; $ms / $4" | bc)
  printf '%-7s %-22s %9.1f %9d %7s %9.1f %8.2f\n' "$1" "$2" "$(echo "$size / 1000000" | bc -l)" \
    "$ms" "$ratio" "$(echo "$kb / 1024" | bc -l)" "$(echo "$kb * 1024 / $size" | bc -l)"
}

generic funcs gen_mlirbc.sh "$FUNCS"
generic blocks gen_mlirbc_blocks.sh "$BLOCKS"
for name in funcs blocks; do
  f=$tmp/$name.mlir
  check "$name"
  ref=$(median_run mlir-opt-22 --emit-bytecode "$f" -o "$tmp/ref.mlirbc")
  [ "$ref" != fail ] || { echo "run_mlirbc_asm: mlir-opt-22 failed on $name"; exit 1; }
  ref_ms=${ref%% *}
  row "$name" "mlir-opt-22" "$ref" ""
  row "$name" "bcx asm" "$(median_run "$bcx" asm --format mlirbc "$f" -o "$tmp/ours.mlirbc")" "$ref_ms"
  if [ -n "${BASE_BCX:-}" ]; then
    row "$name" "bcx asm (base)" "$(median_run "$BASE_BCX" asm --format mlirbc "$f" -o "$tmp/base.mlirbc")" "$ref_ms"
    cmp -s "$tmp/base.mlirbc" "$tmp/ours.mlirbc" || echo "  ($name: the base's bytes differ)"
  fi
done
echo "(funcs: $FUNCS functions; blocks: one function of $BLOCKS blocks; medians of $REPEATS runs)"
