#!/usr/bin/env bash
# bcx asm / bcx convert command-line contract: exit codes, FILE:LINE:COL
# errors, refusals that leave no output file, byte-exact output.
# Usage: cli_test.sh BCX SHARED_DIR
set -u
bcx=$1
vec=$2/vectors/tileir
[ -d "$vec" ] || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! eval "$2"; then echo "FAIL: $1"; fail=1; else echo "ok: $1"; fi; }

printf '"cuda_tile.module"() ({\n  "cuda_tile.entry"() <{function_type = (!cuda_tile.tile<3xf32>) -> ()}> ({\n' > "$tmp/bad.mlir"
"$bcx" asm "$tmp/bad.mlir" -o "$tmp/bad.bc" 2> "$tmp/err"; rc=$?
check "asm syntax error exits 1" '[ $rc -eq 1 ]'
check "asm error is bcx: FILE:LINE:COL: error: message" 'grep -q "^bcx: $tmp/bad.mlir:2:[0-9]*: error: " "$tmp/err"'
check "asm error leaves no output" '[ ! -e "$tmp/bad.bc" ]'

"$bcx" asm --target 13.4 "$vec/constantTest_000.v13.3.generic.mlir" 2>/dev/null; rc=$?
check "asm --target 13.4 is a usage error" '[ $rc -eq 2 ]'

"$bcx" asm "$vec/operationsTest_000.v13.3.generic.mlir" --target 13.3.7 -o "$tmp/o.bc"
check "asm with a tagged target gives the reference bytes" 'cmp -s "$tmp/o.bc" "$vec/operationsTest_000.v13.3.7.tileirbc"'

"$bcx" convert "$vec/operationsTest_000.v13.3.tileirbc" --target 13.1 -o "$tmp/c.bc"
check "convert 13.3 -> 13.1 gives the reference bytes" 'cmp -s "$tmp/c.bc" "$vec/operationsTest_000.v13.1.tileirbc"'

"$bcx" convert "$vec/attrsTest_000.v13.3.tileirbc" --target 13.2 -o "$tmp/r.bc" 2> "$tmp/err"; rc=$?
check "convert refusal exits 1" '[ $rc -eq 1 ]'
check "convert refusal names the feature and version" 'grep -q "non-public symbol visibility, which cannot be encoded in bytecode version 13.2 (requires bytecode 13.3+)" "$tmp/err"'
check "convert refusal leaves no output" '[ ! -e "$tmp/r.bc" ]'

"$bcx" convert "$vec/attrsTest_000.v13.3.tileirbc" -o "$tmp/x.bc" 2>/dev/null; rc=$?
check "convert without --target is a usage error" '[ $rc -eq 2 ]'
exit $fail
