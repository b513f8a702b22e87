#!/usr/bin/env bash
# Integer codec throughput: a Release build (no sanitizers) of
# bench/bench_varint, then its table.
# Usage: bench/run_varint.sh [N [CODEC [small|mixed|large]]]
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/bench
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBCX_SANITIZE=OFF -DBCX_FUZZ=OFF \
  -DBCX_BUILD_TESTS=OFF -DBCX_BUILD_BENCH=ON >/dev/null
cmake --build "$build" -j 2 --target bench_varint >/dev/null
echo "== integer codecs ($(uname -m), $(${CC:-cc} --version | head -n 1))"
"$build/bench/bench_varint" "$@"
