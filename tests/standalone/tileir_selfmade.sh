#!/bin/bash
# Tile IR without the shared vectors: a module built with the builder API
# (the vector_add example) at 13.1, 13.2 and 13.3, and a hand-written module
# with a loop, a condition and a print. Each goes through the CLI: verify,
# dis and asm back to the same bytes (custom and generic form), convert to
# every version and back, info and dump --json.
# Usage: tileir_selfmade.sh BCX VECTOR_ADD
set -u
bcx=$1 build=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; [ -s err ] && sed 's/^/  | /' err; }
try() { "$@" > /dev/null 2> err && ok || bad "$*"; }
same() { cmp -s "$1" "$2" && ok || bad "$3: $1 and $2 differ"; }
versions="13.1 13.2 13.3"
for v in $versions; do
	"$build" "v$v.tileirbc" "$v" > /dev/null 2> err || { bad "builder at $v"; continue; }
	try "$bcx" verify "v$v.tileirbc"
	try "$bcx" dis "v$v.tileirbc" -o "v$v.mlir"
	try "$bcx" asm --target "$v" "v$v.mlir" -o "v$v.again"
	same "v$v.tileirbc" "v$v.again" "dis then asm at $v"
	try "$bcx" dis --generic "v$v.tileirbc" -o "v$v.generic.mlir"
	try "$bcx" asm --target "$v" "v$v.generic.mlir" -o "v$v.generic.again"
	same "v$v.tileirbc" "v$v.generic.again" "dis --generic then asm at $v"
	grep -q ' = addf %' "v$v.mlir" && ok || bad "dis at $v lacks the addf"
done
for v in $versions; do
	for w in $versions; do
		try "$bcx" convert "v$v.tileirbc" --target "$w" -o "c$v-$w"
		same "v$w.tileirbc" "c$v-$w" "convert $v to $w"
	done
done
"$bcx" info v13.3.tileirbc > out 2> err && grep -q 'vadd' out && ok || bad "info lacks vadd"
"$bcx" dump --json v13.3.tileirbc > out 2> err && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' out &&
	ok || bad "dump --json is not JSON"

# Written by hand, as bcx dis prints it: asm then dis gives the text back.
cat > loop.mlir << 'MLIR'
cuda_tile.module @kernels {
  entry @count(%arg0: tile<i32>) {
    %cst_0_i32 = constant <i32: 0> : tile<i32>
    %cst_1_i32 = constant <i32: 1> : tile<i32>
    %cst_8_i32 = constant <i32: 8> : tile<i32>
    %for = for %loopIdx in (%cst_0_i32 to %cst_8_i32, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %arg0) -> (tile<i32>) {
      %1 = addi %iterArg0, %loopIdx : tile<i32>
      continue %1 : tile<i32>
    }
    %0 = cmpi equal %for, %cst_8_i32, signed : tile<i32> -> tile<i1>
    if %0 {
      %1 = print_tko "sum %d\0A", %for : tile<i32> -> token
    }
    return
  }
}
MLIR
try "$bcx" verify loop.mlir
for v in $versions; do
	try "$bcx" asm --target "$v" loop.mlir -o "loop$v.tileirbc"
	try "$bcx" dis "loop$v.tileirbc" -o "loop$v.mlir"
	same loop.mlir "loop$v.mlir" "asm then dis at $v"
done
for v in $versions; do
	try "$bcx" convert loop13.3.tileirbc --target "$v" -o "loopc$v"
	same "loop$v.tileirbc" "loopc$v" "convert 13.3 to $v"
done
# A broken rule is found at its line and column, in text and in bytecode.
sed 's/"sum %d\\0A"/"sum %\\0A"/' loop.mlir > broken.mlir
"$bcx" verify broken.mlir > out 2> err
[ $? -eq 1 ] && grep -q '^bcx: broken.mlir:12:12: error: .*unterminated format' err && ok ||
	bad "verify of the broken text"
"$bcx" asm --no-verify broken.mlir -o broken.tileirbc 2> err && ok || bad "asm --no-verify"
"$bcx" verify broken.tileirbc > out 2> err
[ $? -eq 1 ] && grep -q "function 'count'" err && ok || bad "verify of the broken bytecode"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
