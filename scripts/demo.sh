#!/usr/bin/env bash
# Build bcx and show what it does: summarise and dump the bundled Tile IR
# kernel, build the same kernel with the builder API (examples/vector_add.c),
# disassemble it, assemble the text back and convert it to an older version;
# look into an LLVM bitcode file; then assemble, run and disassemble a Tapioca
# VM program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/release -j "$(nproc 2>/dev/null || echo 2)" >/dev/null
bcx=build/release/bcx
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
set -x
$bcx --version
$bcx varint encode --codec uleb 624485
$bcx varint decode --codec prefix "04 80 03"
# A CUDA Tile IR kernel (vector add, 13.3; the reference writer's bytes of
# spec section 19.1): a one-screen summary (sections, functions), the same as
# JSON, then its structure section by section and op by op.
$bcx info examples/vadd.tileirbc
$bcx info --json examples/vadd.tileirbc
$bcx dump examples/vadd.tileirbc
# The same kernel built with the builder API (examples/vector_add.c), written
# to a file, and its disassembly in MLIR generic form.
build/release/examples/vector_add "$out/vadd.tileirbc"
cmp "$out/vadd.tileirbc" examples/vadd.tileirbc
$bcx dis --generic "$out/vadd.tileirbc" | tee "$out/vadd.mlir"
# The text assembles back to the same bytes; then the kernel is converted to
# 13.1 (the header below shows version 13.1).
$bcx asm "$out/vadd.mlir" -o "$out/vadd2.tileirbc"
cmp "$out/vadd.tileirbc" "$out/vadd2.tileirbc"
$bcx convert "$out/vadd.tileirbc" --target 13.1 -o "$out/vadd-13.1.tileirbc"
od -An -tx1 -N12 "$out/vadd-13.1.tileirbc"
# LLVM bitcode (examples/hello.bc, compiled from examples/hello.c): a summary
# per block ID, the statistics exactly as llvm-bcanalyzer prints them, and
# the first records of the dump as JSON with their bit offsets.
$bcx info examples/hello.bc
$bcx stat examples/hello.bc
$bcx dump --json examples/hello.bc -o "$out/hello.json"
head -c 600 "$out/hello.json"; echo
# MLIR bytecode (examples/hello.mlirbc, written by mlir-opt-22 from
# examples/hello.mlir): a summary, then the module in MLIR's generic op form,
# as mlir-opt-22 --mlir-print-op-generic prints it, with no dialect registered.
$bcx info examples/hello.mlirbc
$bcx dis examples/hello.mlirbc
$bcx dump --json examples/hello.mlirbc -o "$out/hello-mlir.json"
head -c 400 "$out/hello-mlir.json"; echo
# A Tapioca VM program: assembled into a TBON object file, verified and run
# (it prints factorials), then disassembled back to assembly text.
$bcx asm --format tapioca examples/tapioca/factorial.tasm -o "$out/factorial.tbon"
$bcx run "$out/factorial.tbon"
$bcx dis "$out/factorial.tbon"
