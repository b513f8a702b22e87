#!/usr/bin/env bash
# bcx verify, and the verification bcx dis and bcx convert do by default:
# exit codes, the error lines, --json, --target, --hints, --no-verify.
# Args: BCX SHARED_DIR
set -u
bcx=$1
V=$2/vectors/tileir
[ -d "$V" ] || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
# status WANT CMD...: CMD exits with WANT.
status() { local want=$1; shift; "$@"; local got=$?; [ "$got" -eq "$want" ] || { echo "FAILED (exit $got, want $want): $*"; fail=1; }; }

good=$V/operationsTest_000.v13.3.tileirbc
# A valid module: exit 0, one line on stdout, JSON with no errors.
status 0 "$bcx" verify "$good" > "$tmp/ok.txt" 2> "$tmp/ok.err"
check grep -q ': valid ([0-9]* functions)$' "$tmp/ok.txt"
check test ! -s "$tmp/ok.err"
status 0 "$bcx" verify --json "$good" > "$tmp/ok.json"
check grep -q '"errors": \[\], "valid": true' "$tmp/ok.json"

# A module that breaks rules: bcx asm refuses it as the reference does, and
# writes it with --no-verify.
cat > "$tmp/bad.mlir" <<'MLIR'
"cuda_tile.module"() <{sym_name = "m"}> ({
"cuda_tile.entry"() <{function_type = (!cuda_tile.tile<i32>) -> (), sym_name = "k"}> ({
^bb0(%b: !cuda_tile.tile<i32>):
%1 = "cuda_tile.addf"(%b, %b) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
%2 = "cuda_tile.assume"(%b) <{predicate = #cuda_tile.div_by<3>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
"cuda_tile.return"() : () -> ()
}) : () -> ()
"cuda_tile.entry"() <{function_type = () -> (), sym_name = "k", optimization_hints = #cuda_tile.optimization_hints<sm_100 = {occupancy = 64}>}> ({
"cuda_tile.return"() : () -> ()
}) : () -> ()
}) : () -> ()
MLIR
bad=$tmp/bad.tileirbc
status 1 "$bcx" asm "$tmp/bad.mlir" -o "$bad" 2> "$tmp/a.err"
check test ! -e "$bad"
check grep -q "^bcx: $tmp/bad.mlir:[0-9]*:6: error: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2 \[function 'k', op assume#1\]$" "$tmp/a.err"
status 0 "$bcx" asm --no-verify "$tmp/bad.mlir" -o "$bad"
status 1 "$bcx" verify "$bad" 2> "$tmp/v.err"
check grep -q "^bcx: $bad: error: redefinition of symbol named 'k' \[function 'k'\]$" "$tmp/v.err"
check grep -q "^bcx: $bad:[0-9]*: error: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2 \[function 'k', op assume#1\]$" "$tmp/v.err"
check grep -q "^bcx: $bad: 5 errors$" "$tmp/v.err"
# The generic text reads too: errors at the op's FILE:LINE:COL (its name, as
# MLIR places an op), with a caret.
status 1 "$bcx" verify "$tmp/bad.mlir" 2> "$tmp/t.err"
check grep -q "^bcx: $tmp/bad.mlir:[0-9]*:6: error: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2 \[function 'k', op assume#1\]$" "$tmp/t.err"
status 1 "$bcx" verify --json "$tmp/bad.mlir" > "$tmp/t.json"
check grep -q '"op": "cuda_tile.assume", "path": "assume#1", "offset": null, "line": [0-9]*, "column": 6, "severity": "error", "message"' "$tmp/t.json"
# So does the custom form, with unregistered ops and ops outside any module.
cat > "$tmp/custom.mlir" <<'MLIR'
cuda_tile.module @m {
  cuda_tile.entry @k() {
    %0 = "materialize_tensor"() : () -> !cuda_tile.tile<4xf32>
    %1 = cuda_tile.addi %0, %0 : !cuda_tile.tile<4xf32>
  }
}
MLIR
status 1 "$bcx" verify "$tmp/custom.mlir" 2> "$tmp/c.err"
check grep -q "^bcx: $tmp/custom.mlir:4:10: error: 'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>' \[function 'k', op addi#1\]$" "$tmp/c.err"
check grep -q "^    %1 = cuda_tile.addi" "$tmp/c.err"
status 1 "$bcx" asm --no-verify "$tmp/custom.mlir" -o "$tmp/c.bc" 2> "$tmp/c.err"
check grep -q "unregistered operation 'materialize_tensor' cannot be written to bytecode" "$tmp/c.err"
printf '%%0 = "materialize_tensor"() : () -> !cuda_tile.tile<i32>\n// x\n%%1 = cuda_tile.negi %%0 overflow<no_unsigned_wrap> : !cuda_tile.tile<i32>\n' > "$tmp/top.mlir"
status 1 "$bcx" verify "$tmp/top.mlir" 2> "$tmp/top.err"
check grep -q "^bcx: $tmp/top.mlir:3:6: error: 'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported" "$tmp/top.err"
status 1 "$bcx" verify --json "$bad" > "$tmp/v.json"
check grep -q '"valid": false, "functions": 2}' "$tmp/v.json"
check grep -q '"op": "cuda_tile.assume", "path": "assume#1", "offset": [1-9]' "$tmp/v.json"
# --hints: hint values too, as cuda-tile-opt -Wunsupported-hints -Werr-hints.
status 1 "$bcx" verify --hints "$bad" 2> "$tmp/h.err"
check grep -q "error: integer value in the range \[1, 32\] is expected for sm_100.occupancy \[function 'k'\]$" "$tmp/h.err"
check grep -q "error: 'cuda_tile.entry' op Optimization hints verification failed \[function 'k'\]$" "$tmp/h.err"
check grep -q ": 7 errors$" "$tmp/h.err"
# --target: what an older toolkit refuses (a 13.2 type read for 13.1).
nt=$V/new_types_000.v13.3.tileirbc
status 0 "$bcx" verify --target 13.3 "$nt" > /dev/null
status 1 "$bcx" verify --target 13.1 "$nt" 2> "$tmp/nt.err"
check grep -q "requires bytecode version 13.2+, targeting 13.1" "$tmp/nt.err"
status 2 "$bcx" verify --target 12.0 "$nt" 2> /dev/null

# bcx dis refuses a broken module with the same errors and prints nothing.
status 1 "$bcx" dis "$bad" > "$tmp/d.out" 2> "$tmp/d.err"
check test ! -s "$tmp/d.out"
check cmp -s "$tmp/d.err" "$tmp/v.err"
status 1 "$bcx" dis --generic "$bad" -o "$tmp/d2.out" 2> /dev/null
check test ! -e "$tmp/d2.out"
# A body that breaks a rule after a valid one: dis verifies each body as it
# prints it where the output can be undone, and cuts the text back; to a
# pipe it verifies everything first. No text reaches any output.
cat > "$tmp/late.mlir" <<'MLIR'
"cuda_tile.module"() <{sym_name = "m"}> ({
"cuda_tile.entry"() <{function_type = () -> (), sym_name = "first"}> ({
"cuda_tile.return"() : () -> ()
}) : () -> ()
"cuda_tile.entry"() <{function_type = (!cuda_tile.tile<i32>) -> (), sym_name = "second"}> ({
^bb0(%b: !cuda_tile.tile<i32>):
%2 = "cuda_tile.assume"(%b) <{predicate = #cuda_tile.div_by<3>}> : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
"cuda_tile.return"() : () -> ()
}) : () -> ()
}) : () -> ()
MLIR
late=$tmp/late.tileirbc
status 0 "$bcx" asm --no-verify "$tmp/late.mlir" -o "$late"
status 1 "$bcx" verify "$late" 2> "$tmp/late.err"
status 1 "$bcx" dis "$late" > "$tmp/l1.out" 2> "$tmp/l1.err"
check test ! -s "$tmp/l1.out"
check cmp -s "$tmp/l1.err" "$tmp/late.err"
printf 'kept\n' > "$tmp/l2.out"
status 1 "$bcx" dis --generic "$late" -o "$tmp/l2.out" 2> /dev/null
check test "$(cat "$tmp/l2.out")" = kept
{ echo before; "$bcx" dis "$late" 2> /dev/null; } > "$tmp/l3.out"
check test "$(cat "$tmp/l3.out")" = before
"$bcx" dis "$late" 2> "$tmp/l4.err" | cat > "$tmp/l4.out"
check test ! -s "$tmp/l4.out"
check cmp -s "$tmp/l4.err" "$tmp/late.err"
printf 'kept\n' > "$tmp/l5.out"
status 1 "$bcx" dis --debuginfo "$late" >> "$tmp/l5.out" 2> /dev/null
check test "$(cat "$tmp/l5.out")" = kept
# --function verifies the module's rules and that body only, to any output.
status 0 "$bcx" dis --function first "$late" > "$tmp/l6.out"
check grep -q 'entry @first' "$tmp/l6.out"
"$bcx" dis --function first "$late" | cat > "$tmp/l7.out"
check cmp -s "$tmp/l6.out" "$tmp/l7.out"
status 1 "$bcx" dis --function second "$late" > "$tmp/l8.out" 2> /dev/null
check test ! -s "$tmp/l8.out"
# --no-verify prints it, each broken op after its errors as comments.
status 0 "$bcx" dis --no-verify "$bad" > "$tmp/n.mlir" 2> "$tmp/n.err"
check test ! -s "$tmp/n.err"
check grep -q "^// error: redefinition of symbol named 'k' \[function 'k'\]$" "$tmp/n.mlir"
check grep -q -B1 '^    %assume = assume div_by<3>, %arg0 : tile<i32>$' "$tmp/n.mlir"
check test "$(grep -B1 'assume div_by<3>' "$tmp/n.mlir" | head -1)" = \
	"    // error: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2"
check test "$(grep -c '^    // error: ' "$tmp/n.mlir")" -eq 4
status 0 "$bcx" dis --no-verify --generic "$bad" > "$tmp/ng.mlir"
check test "$(grep -B1 '"cuda_tile.assume"' "$tmp/ng.mlir" | head -1)" = \
	"    // error: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2"
# A valid module prints as before, with or without --no-verify.
status 0 "$bcx" dis --no-verify "$good" > "$tmp/g1.mlir"
status 0 "$bcx" dis "$good" > "$tmp/g2.mlir"
check cmp -s "$tmp/g1.mlir" "$tmp/g2.mlir"
check cmp -s "$tmp/g1.mlir" "$V/operationsTest_000.v13.3.mlir"
# --no-verify is a Tile IR option.
status 2 "$bcx" dis --no-verify "$2/vectors/mlir/$(ls "$2/vectors/mlir" | grep -m1 '\.mlirbc$')" 2> /dev/null

# bcx convert refuses too, and writes nothing; --no-verify writes.
status 1 "$bcx" convert --target 13.3 "$bad" -o "$tmp/c.tileirbc" 2> "$tmp/c.err"
check test ! -e "$tmp/c.tileirbc"
check cmp -s "$tmp/c.err" "$tmp/v.err"
status 0 "$bcx" convert --no-verify --target 13.3 "$bad" -o "$tmp/c.tileirbc"
check cmp -s "$tmp/c.tileirbc" "$bad"
# What the target version cannot express is refused before writing, at the
# text: a private global for 13.2, an op 13.1 lacks.
cat > "$tmp/gate.mlir" <<'MLIR'
cuda_tile.module @m {
  global private @g <i32: 1> : tile<1xi32>
  entry @k(%a: tile<f32>, %b: tile<f32>) {
    %0 = atan2 %a, %b : tile<f32>
    return
  }
}
MLIR
status 1 "$bcx" asm --target 13.2 "$tmp/gate.mlir" -o "$tmp/gate.bc" 2> "$tmp/gate.err"
check grep -q "^bcx: $tmp/gate.mlir:2:3: error: global \`g\` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.2 (requires bytecode 13.3+)$" "$tmp/gate.err"
status 1 "$bcx" asm --target 13.1 "$tmp/gate.mlir" -o "$tmp/gate.bc" 2> "$tmp/gate.err"
check grep -q "^bcx: $tmp/gate.mlir:4:10: error: operation 'cuda_tile.atan2' is not available in bytecode version 13.1" "$tmp/gate.err"
check test ! -e "$tmp/gate.bc"
status 0 "$bcx" asm --target 13.3 "$tmp/gate.mlir" -o "$tmp/gate.bc"
# A type inside a type (a pointer's pointee) is gated too, at its function.
printf 'cuda_tile.module @m {\n  entry @p(%%a: tile<ptr<f8E8M0FNU>>) {\n    return\n  }\n}\n' > "$tmp/ptr.mlir"
status 1 "$bcx" asm --target 13.1 "$tmp/ptr.mlir" -o "$tmp/ptr.bc" 2> "$tmp/ptr.err"
check grep -q "^bcx: $tmp/ptr.mlir:2:3: error: type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1" "$tmp/ptr.err"
exit $fail
