#!/bin/bash
# Errors: a failed write is reported once, with the same words by every
# command ("write failed: ..."), also when `bcx run`'s program writes; a
# version that cannot express an op is refused by convert at the op's
# offset with its function, as verify --target reports it.
# Usage: cli_errors.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
ex=$src/examples
"$bcx" asm --format tapioca "$ex/tapioca/factorial.tasm" -o "$tmp/f.tbon" 2> "$tmp/err" && ok || bad "asm tapioca"
full() { # ARGS...: bcx ARGS > /dev/full fails with one message in the one wording
	"$bcx" "$@" > /dev/full 2> "$tmp/err"
	local rc=$? lines
	lines=$(grep -c '^bcx' "$tmp/err")
	if [ $rc -eq 1 ] && [ "$lines" -eq 1 ] &&
	   grep -qx 'bcx: <stdout>: error: write failed: No space left on device' "$tmp/err"; then ok; else
		bad "bcx $* > /dev/full: status $rc, $lines messages"; fi
}
if [ -w /dev/full ]; then
	full run "$tmp/f.tbon"
	full dump "$tmp/f.tbon"
	full dis "$tmp/f.tbon"
	full dump "$ex/hello.bc"
	full stat "$ex/hello.bc"
	full info "$ex/hello.bc"
	full dis "$ex/vadd.tileirbc"
	full dump --json "$ex/vadd.tileirbc"
	full verify "$ex/vadd.tileirbc"
	full dis "$ex/hello.mlirbc"
	full varint encode --codec uleb 300
	full --help
else
	echo "note: no /dev/full here, the failed-write checks are left out"
fi
# convert to a version without the op's attribute: offset and function.
cat > "$tmp/ovf.mlir" << 'MLIR'
cuda_tile.module @kernels {
  entry @wraps(%arg0: tile<i32>) {
    %0 = negi %arg0 overflow<no_signed_wrap> : tile<i32>
    return
  }
}
MLIR
"$bcx" asm "$tmp/ovf.mlir" -o "$tmp/ovf.tileirbc" 2> "$tmp/err" && ok || bad "asm ovf.mlir"
run 1 verify --target 13.1 "$tmp/ovf.tileirbc"
want=$(grep ': error: ' "$tmp/err")
run 1 convert --target 13.1 "$tmp/ovf.tileirbc" -o "$tmp/old.tileirbc"
grep -qE "^bcx: [^ ]*ovf.tileirbc:[0-9]+: error: attribute 'overflow' requires bytecode version 13.2\+.*\[function 'wraps', op negi#0\]$" "$tmp/err" &&
	ok || bad "convert --target 13.1: no offset or function in the refusal"
[ "$(grep ': error: ' "$tmp/err")" = "$want" ] && ok || bad "convert and verify --target word the refusal differently"
[ ! -e "$tmp/old.tileirbc" ] && ok || bad "a refused convert wrote output"
finish
