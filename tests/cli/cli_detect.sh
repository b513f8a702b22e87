#!/bin/bash
# Detection: a file cut inside its magic is called truncated, not text;
# text is named for what it looks like, with the command that reads it;
# gzip, zstd and xz data are named, with how to decompress them, never
# read as a bitstream.
# Usage: cli_detect.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
ex=$src/examples
printf 'BC\300' > "$tmp/cut.bc"
run 1 dump "$tmp/cut.bc"; has "truncated: the file is 3 bytes (42 43 c0), the start of the magic of LLVM bitcode"
lacks "is text"
head -c 5 "$ex/vadd.tileirbc" > "$tmp/cut.tileirbc"
run 1 dis "$tmp/cut.tileirbc"; has "the start of the magic of CUDA Tile IR bytecode"
# Text of each kind.
"$bcx" dis "$ex/vadd.tileirbc" -o "$tmp/vadd.mlir" 2> "$tmp/err" && ok || bad "dis vadd"
run 1 dump "$tmp/vadd.mlir"; has "it looks like CUDA Tile IR MLIR text: \`bcx asm\` reads it"
run 1 dis "$ex/tapioca/factorial.tasm"; has "it looks like Tapioca assembly: \`bcx asm --format tapioca\` reads it"
run 1 dis "$ex/hello.mlir"; has "it looks like MLIR text: \`bcx asm --format mlirbc\`"
printf '; ModuleID = %s\ndefine i32 @f() {\n  ret i32 0\n}\n' "'a'" > "$tmp/a.ll"
run 1 dump "$tmp/a.ll"; has "it looks like LLVM IR text"
printf 'hello\n' > "$tmp/h.txt"
run 1 info "$tmp/h.txt"; has "not bytecode; \`bcx asm\` reads Tile IR text"
# UTF-8 text is still text.
printf '// caf\303\251\n' | cat - "$tmp/vadd.mlir" > "$tmp/utf8.mlir"
run 0 asm "$tmp/utf8.mlir" -o "$tmp/utf8.tileirbc"
# Compressed input.
for z in "gzip gz" "zstd zst" "xz xz"; do
	set -- $z
	if command -v "$1" > /dev/null; then
		"$1" -c "$ex/hello.bc" > "$tmp/hello.bc.$2"
		run 1 dump "$tmp/hello.bc.$2"; has "is $1-compressed data"; has "decompress it first: $1 -dc FILE | bcx dump -"
		lacks "block"
		"$1" -dc "$tmp/hello.bc.$2" | "$bcx" dump - > "$tmp/out" 2> "$tmp/err" && ok || bad "$1 -dc | bcx dump -"
	else
		echo "note: $1 not installed, its check is left out"
	fi
done
finish
