#!/bin/bash
# What --help, --version, the man page and the README say matches the
# code: every format named, each format's command list in --version equal
# to what the format registry reads (the commands the "not supported"
# message lists) plus asm where it writes, the examples true, every public
# header in the README.
# Usage: cli_help.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
man=$src/man/bcx.1
run 0 --help
hasout "MLIR bytecode"
grep -E '^  dis ' "$tmp/out" | grep -q 'MLIR bytecode' && grep -E '^  dis ' "$tmp/out" | grep -q TBON &&
	ok || bad "bcx --help: the dis line does not name MLIR bytecode and TBON"
sed -n '/^\.SH DESCRIPTION/,/^\.PP/p' "$man" | tr '\n' ' ' | grep -q 'MLIR bytecode' &&
	ok || bad "man DESCRIPTION lacks MLIR bytecode"
# The example of bcx dis: the custom form is the default.
grep -A1 '^\.B bcx dis kernel.tileirbc$' "$man" | grep -q 'custom form' &&
	ok || bad "man EXAMPLES: bcx dis kernel.tileirbc does not say the custom form"
# --version's commands per format against the registry's.
"$bcx" asm --format tapioca "$src/examples/tapioca/factorial.tasm" -o "$tmp/f.tbon" 2> "$tmp/err" &&
	ok || bad "asm --format tapioca"
"$bcx" --version > "$tmp/version"
check_format() { # LABEL FILE UNSUPPORTED-VERB WRITES-ASM
	local listed reads
	listed=$(grep "^  $1 " "$tmp/version" | sed 's/.*: //; s/, /\n/g' | sort | tr '\n' ' ')
	reads=$("$bcx" "$3" "$2" 2>&1 | grep -oE '`bcx [a-z]+`' | tr -d '`' | sed 's/bcx //')
	[ "$4" = yes ] && reads="$reads asm"
	reads=$(printf '%s\n' $reads | sort | tr '\n' ' ')
	[ -n "$listed" ] && [ "$listed" = "$reads" ] && ok ||
		bad "--version lists '$listed' for $1, the registry '$reads'"
}
check_format "CUDA Tile IR bytecode" "$src/examples/vadd.tileirbc" stat yes
check_format "MLIR bytecode" "$src/examples/hello.mlirbc" stat yes
check_format "LLVM bitstream" "$src/examples/hello.bc" run no
check_format "TBON" "$tmp/f.tbon" stat yes
# Every public header is named in the README.
for h in "$src"/include/bcx/*.h; do
	grep -qF "\`$(basename "$h")\`" "$src/README.md" && ok || bad "README does not name $(basename "$h")"
done
# After the README's two commands the user is told where bcx is and how to
# install it, and how a program linked with the library finds it.
grep -qF 'build/release/bcx' "$src/README.md" && ok || bad "README does not say where bcx is built"
grep -qE '^cmake --install build/release' "$src/README.md" && ok || bad "README gives no install command"
grep -q 'rpath' "$src/README.md" && grep -q 'LD_LIBRARY_PATH' "$src/README.md" &&
	ok || bad "README does not say how a program finds libbcx.so"
finish
