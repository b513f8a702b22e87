#!/usr/bin/env bash
# Build bcx and show what it does with the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
bcx=build/release/bcx
set -x
$bcx --version
$bcx varint encode --codec uleb 624485
$bcx varint decode --codec prefix "04 80 03"
# A CUDA Tile IR kernel (vector add, 13.3, the reference writer's bytes of
# spec §19.1): its structure, then its disassembly in MLIR generic form.
$bcx dump examples/vadd.tileirbc
$bcx dis --generic examples/vadd.tileirbc
