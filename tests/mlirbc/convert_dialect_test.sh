#!/usr/bin/env bash
# bcx convert of files holding other dialects' custom-encoded attributes and
# types (llvm debug info, quant types: their indices are renumbered through
# dialect_enc.def): from every version 0-6 to every version, the bytes
# mlir-opt-22 writes for the target version. Skipped (77) without mlir-opt-22.
# Args: BCX CORPUS_DIR
set -u
bcx=$1
dir=$2
command -v mlir-opt-22 > /dev/null || { echo "skipped: mlir-opt-22 not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in llvm_attrs quant_types quant_subchannel; do
	for v in 0 1 2 3 4 5 6; do
		mlir-opt-22 --emit-bytecode --emit-bytecode-version=$v "$dir/$f.mlir" -o "$tmp/$f.v$v" ||
			{ echo "FAILED: mlir-opt-22 writes $f v$v"; fail=1; }
	done
	for a in 0 1 2 3 4 5 6; do
		for b in 0 1 2 3 4 5 6; do
			if ! "$bcx" convert --bytecode-version $b "$tmp/$f.v$a" -o "$tmp/out" ||
			   ! cmp -s "$tmp/out" "$tmp/$f.v$b"; then
				echo "FAILED: $f v$a -> v$b"
				fail=1
			fi
		done
	done
done
exit $fail
