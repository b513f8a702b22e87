#!/usr/bin/env bash
# Build and run every test: a gcc build under AddressSanitizer and
# UndefinedBehaviorSanitizer (all ctest tests, fuzz corpora replayed), a gcc
# Release build at -O3 -D_FORTIFY_SOURCE=3 with the shared library (its
# exported symbols and the installed package are checked), then a clang-22
# libFuzzer build whose targets also run a short fuzzing session. Every build
# here treats warnings as errors (BCX_WERROR); a user's default build does not.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh test
jobs=$(nproc 2>/dev/null || echo 2)

echo "== sanitizer build (gcc, ASan+UBSan)"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DBCX_SANITIZE=ON -DBCX_BUILD_SHARED=OFF \
  -DBCX_WERROR=ON >/dev/null
cmake --build build/asan -j "$jobs"
(cd build/asan && ctest --output-on-failure -j "$jobs")

echo "== release build (gcc -O3 -D_FORTIFY_SOURCE=3, shared library)"
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="-O3 -D_FORTIFY_SOURCE=3" \
  -DBCX_WERROR=ON -DBCX_BUILD_SHARED=ON >/dev/null
cmake --build build/release -j "$jobs"
(cd build/release && ctest --output-on-failure -j "$jobs" -R '^(abi_exports|install_consumer)$')

echo "== fuzz build (clang-22, libFuzzer + ASan+UBSan)"
cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang-22 -DCMAKE_BUILD_TYPE=Debug \
  -DBCX_SANITIZE=ON -DBCX_FUZZ=ON -DBCX_BUILD_SHARED=OFF -DBCX_BUILD_BENCH=OFF -DBCX_WERROR=ON >/dev/null
cmake --build build/fuzz -j "$jobs"
(cd build/fuzz && ctest --output-on-failure -j "$jobs" -L fuzz)
