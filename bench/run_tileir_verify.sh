#!/usr/bin/env bash
# Tile IR verifier benchmark: a release build, the generated module of
# bench/run_tileir.sh (KERNELS kernels, default 10000, from a reference
# vector), verification beside decoding in the library, and `bcx verify`
# beside `bcx dis` end to end (the target: verification adds under 20%).
set -euo pipefail
cd "$(dirname "$0")/.."
KERNELS=${1:-10000}
SHARED=${BCX_SHARED_DIR:-../shared}
VECTOR=${VECTOR:-$SHARED/vectors/tileir/coverage/cov_011_views_partition.v13.3.tileirbc}
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j2 --target bcx bench_tileir_read bench_tileir_verify >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mod=$tmp/bench.tileirbc
build/release/bench/bench_tileir_read "$VECTOR" "$KERNELS" "$mod" >/dev/null
echo "module: $KERNELS kernels from $(basename "$VECTOR"), $(stat -c %s "$mod") bytes"
build/release/bench/bench_tileir_verify "$mod" 5
best() { # best wall time of 5 runs of the command, in microseconds
  local b= t0 t1 d
  for _ in 1 2 3 4 5; do
    t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
    d=$(( (t1 - t0) / 1000 ))
    if [ -z "$b" ] || [ "$d" -lt "$b" ]; then b=$d; fi
  done
  echo "$b"
}
dis=$(best build/release/bcx dis "$mod" -o "$tmp/out.mlir")
ver=$(best build/release/bcx verify "$mod")
printf '%-34s %9.3f ms  (best of 5)\n' "bcx dis (process)" "$(echo "$dis / 1000" | bc -l)"
printf '%-34s %9.3f ms  (%.1f%% of bcx dis)\n' "bcx verify (process: read + verify)" \
  "$(echo "$ver / 1000" | bc -l)" "$(echo "100 * $ver / $dis" | bc -l)"
