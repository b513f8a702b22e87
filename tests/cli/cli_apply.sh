#!/bin/bash
# Options that do not apply to what a command reads or writes are refused,
# never silently ignored; the generic form that MLIR bytecode is printed in
# may be asked for. Files from examples/ and made here only.
# Usage: cli_apply.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
ex=$src/examples
tasm=$ex/tapioca/factorial.tasm
# asm --format tapioca: the Tile IR and MLIR bytecode options are refused.
for opt in "--target 13.1" --no-verify --i1-bytes "--bytecode-version 3"; do
	run 2 asm --format tapioca $opt "$tasm" -o "$tmp/f.tbon"
	has "option '${opt%% *}' does not apply to --format tapioca"
	[ ! -e "$tmp/f.tbon" ] && ok || bad "asm --format tapioca $opt wrote output"
done
run 0 asm --format tapioca "$tasm" -o "$tmp/f.tbon"
# asm --format mlirbc refuses the Tile IR options, Tile IR the MLIR one.
"$bcx" dis "$ex/hello.mlirbc" -o "$tmp/hello.mlir" 2> "$tmp/err" && ok || bad "dis hello.mlirbc"
for opt in "--target 13.1" --no-verify --i1-bytes; do
	run 2 asm --format mlirbc $opt "$tmp/hello.mlir" -o "$tmp/h.mlirbc"
	has "option '${opt%% *}' does not apply to --format mlirbc"
done
"$bcx" dis "$ex/vadd.tileirbc" -o "$tmp/vadd.mlir" 2> "$tmp/err" && ok || bad "dis vadd.tileirbc"
run 2 asm --bytecode-version 3 "$tmp/vadd.mlir" -o "$tmp/v.tileirbc"
has "option '--bytecode-version' does not apply to --format tileir"
run 0 asm --target 13.2 --i1-bytes "$tmp/vadd.mlir" -o "$tmp/v.tileirbc"
# verify -o without --json would write nothing: refused; with it, the JSON.
run 2 verify -o "$tmp/v.txt" "$ex/vadd.tileirbc"
has "add --json"
[ ! -e "$tmp/v.txt" ] && ok || bad "verify -o without --json wrote a file"
run 0 verify --json -o "$tmp/v.json" "$ex/vadd.tileirbc"
grep -q '"valid": true' "$tmp/v.json" && ok || bad "verify --json -o wrote no JSON"
# dis --generic on MLIR bytecode: the form it prints anyway.
run 0 dis "$ex/hello.mlirbc"
mv "$tmp/out" "$tmp/plain"
run 0 dis --generic "$ex/hello.mlirbc"
cmp -s "$tmp/plain" "$tmp/out" && ok || bad "dis --generic of MLIR bytecode differs from dis"
# ... but not on TBON, which has no generic form.
run 2 dis --generic "$tmp/f.tbon"
has "option '--generic' does not apply to TBON"
finish
