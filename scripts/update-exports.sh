#!/usr/bin/env bash
# Regenerate tests/abi/exported-symbols.txt from a fresh shared-library build,
# after a deliberate change of the public API. Review the diff before committing.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/exports
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_SHARED=ON \
  -DBCX_BUILD_TESTS=OFF -DBCX_BUILD_BENCH=OFF -DBCX_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target bcx_shared >/dev/null
cmake -DLIB="$build/libbcx.so" -DEXPECTED=tests/abi/exported-symbols.txt -DUPDATE=ON \
  -P tests/abi/check_exports.cmake
git diff --stat -- tests/abi/exported-symbols.txt || true
