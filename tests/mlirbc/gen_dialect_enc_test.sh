#!/usr/bin/env bash
# src/mlirbc/dialect_enc.def and dialect_syn.def are what
# src/mlirbc/gen/gen_dialect_enc.py (with --syntax, the second) makes from
# the installed MLIR 22 TableGen files and LLVM's Dwarf.def (skipped, 77, without
# llvm-tblgen-22, python3 or the MLIR 22 headers).
# Args: SOURCE_DIR
set -u
src=$1
inc=/usr/lib/llvm-22/include
command -v llvm-tblgen-22 > /dev/null || { echo "skipped: llvm-tblgen-22 not installed"; exit 77; }
command -v python3 > /dev/null || { echo "skipped: python3 not installed"; exit 77; }
[ -f "$inc/mlir/Dialect/LLVMIR/LLVMDialectBytecode.td" ] || { echo "skipped: no MLIR 22 .td files"; exit 77; }
[ -f "$inc/llvm/BinaryFormat/Dwarf.def" ] || { echo "skipped: no LLVM 22 Dwarf.def (llvm-22-dev)"; exit 77; }
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 "$src/src/mlirbc/gen/gen_dialect_enc.py" "$inc" > "$tmp" || { echo "FAILED: generator"; exit 1; }
diff -u "$src/src/mlirbc/dialect_enc.def" "$tmp" || { echo "FAILED: dialect_enc.def is stale"; exit 1; }
python3 "$src/src/mlirbc/gen/gen_dialect_enc.py" --syntax "$inc" > "$tmp" || { echo "FAILED: generator (--syntax)"; exit 1; }
diff -u "$src/src/mlirbc/dialect_syn.def" "$tmp" || { echo "FAILED: dialect_syn.def is stale"; exit 1; }
