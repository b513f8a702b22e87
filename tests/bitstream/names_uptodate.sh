#!/bin/sh
# src/bitstream/names.def is generated from the shared names table; check
# that the committed file is what the generator makes from it today.
# Usage: names_uptodate.sh SOURCE_DIR SHARED_DIR
set -u
src=$1
tsv=$2/spec/llvm_bitcode_names.tsv
[ -f "$tsv" ] || { echo "skipped: $tsv not found"; exit 77; }
if sh "$src/scripts/gen_bitstream_names.sh" "$tsv" | cmp -s - "$src/src/bitstream/names.def"; then
	echo "names.def is up to date"
else
	echo "FAIL: src/bitstream/names.def differs from scripts/gen_bitstream_names.sh $tsv"
	exit 1
fi
