#!/usr/bin/env bash
# Build and run every test: a gcc build under AddressSanitizer and
# UndefinedBehaviorSanitizer (all ctest tests, fuzz corpora replayed), then a
# clang-22 libFuzzer build whose targets also run a short fuzzing session.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
jobs=$(nproc 2>/dev/null || echo 2)

echo "== sanitizer build (gcc, ASan+UBSan)"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DBCX_SANITIZE=ON -DBCX_BUILD_SHARED=OFF >/dev/null
cmake --build build/asan -j "$jobs"
(cd build/asan && ctest --output-on-failure -j "$jobs")

echo "== fuzz build (clang-22, libFuzzer + ASan+UBSan)"
cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang-22 -DCMAKE_BUILD_TYPE=Debug \
  -DBCX_SANITIZE=ON -DBCX_FUZZ=ON -DBCX_BUILD_SHARED=OFF -DBCX_BUILD_BENCH=OFF >/dev/null
cmake --build build/fuzz -j "$jobs"
(cd build/fuzz && ctest --output-on-failure -j "$jobs" -L fuzz)
