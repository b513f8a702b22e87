#!/usr/bin/env bash
# Tile IR reader benchmark: a release build, a generated module of KERNELS
# kernels (default 10000) made from a reference vector, the library timings,
# and `bcx dis` end to end. NVIDIA's cuda-tile-translate is timed on the same
# file when it is on PATH (it is not part of this repository).
set -euo pipefail
cd "$(dirname "$0")/.."
KERNELS=${1:-10000}
SHARED=${BCX_SHARED_DIR:-../shared}
VECTOR=${VECTOR:-$SHARED/vectors/tileir/coverage/cov_011_views_partition.v13.3.tileirbc}
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j2 --target bcx bench_tileir_read >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mod=$tmp/bench.tileirbc
build/release/bench/bench_tileir_read "$VECTOR" "$KERNELS" "$mod"
size=$(stat -c %s "$mod")
echo
# Lazy loading at scale: a module of 100x the kernels (about 110 MB).
build/release/bench/bench_tileir_read "$VECTOR" "$((KERNELS * 100))" - lazy
best=
for i in 1 2 3; do
  t0=$(date +%s%N)
  build/release/bcx dis --generic "$mod" -o "$tmp/out.mlir"
  t1=$(date +%s%N)
  d=$(( (t1 - t0) / 1000 ))
  if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
done
echo
printf '%-34s %9.3f ms  (%.1f MB/s of bytecode, best of 3)\n' "bcx dis --generic (process)" \
  "$(echo "$best / 1000" | bc -l)" "$(echo "$size / $best" | bc -l)"
if command -v cuda-tile-translate >/dev/null 2>&1; then
  t0=$(date +%s%N)
  cuda-tile-translate -cudatilebc-to-mlir --mlir-print-op-generic "$mod" -o "$tmp/ref.mlir"
  t1=$(date +%s%N)
  ref=$(( (t1 - t0) / 1000 ))
  printf '%-34s %9.3f ms  (ratio %.2fx)\n' "cuda-tile-translate (reference)" \
    "$(echo "$ref / 1000" | bc -l)" "$(echo "$ref / $best" | bc -l)"
  cmp -s "$tmp/out.mlir" "$tmp/ref.mlir" && echo "outputs identical" || echo "outputs DIFFER"
else
  echo "cuda-tile-translate not on PATH: no reference timing in this run"
fi
