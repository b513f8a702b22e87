#!/usr/bin/env bash
# Tile IR writer / assembler throughput on a 10,000-kernel module.
# Usage: bench/run_tileir_write.sh [KERNELS] [REPEATS]
# NVIDIA's cuda-tile-translate is compared when it is on PATH (it writes
# bytecode from MLIR text, i.e. the counterpart of `bcx asm`).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j2 --target bench_tileir_write bcx >/dev/null
kernels=${1:-10000}
reps=${2:-5}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build/bench/bench/bench_tileir_write "$kernels" "$reps" "$tmp/m.mlir"
if command -v cuda-tile-translate >/dev/null 2>&1; then
  echo "# reference: cuda-tile-translate -mlir-to-cudatilebc on the same generic text"
  start=$(date +%s%N)
  cuda-tile-translate -mlir-to-cudatilebc -no-implicit-module "$tmp/m.mlir" -o "$tmp/ref.bc"
  end=$(date +%s%N)
  bytes=$(stat -c %s "$tmp/m.mlir")
  awk -v b="$bytes" -v ns="$((end - start))" \
    'BEGIN { s = ns / 1e9; printf "%-34s %12d %10.4f %10.1f\n", "reference asm + write (text in)", b, s, b / s / 1e6 }'
else
  echo "# cuda-tile-translate not found on PATH: no reference comparison in this run"
fi
