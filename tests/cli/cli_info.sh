#!/bin/bash
# info on a big module stays one screen: the counts and the largest
# bodies, --all for every function (the JSON lists every one); "1
# function"; every bitcode block ID with a name.
# Usage: cli_info.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
ex=$src/examples
# 2000 entries; entry k has k % 7 additions, and entry 1234 the most.
{
	echo 'cuda_tile.module @kernels {'
	for ((k = 0; k < 2000; k++)); do
		adds=$((k % 7))
		[ $k -eq 1234 ] && adds=20
		echo "  entry @k$k(%a: tile<i32>) {"
		for ((i = 0; i < adds; i++)); do echo "    %x$i = addi %a, %a : tile<i32>"; done
		echo '    return'
		echo '  }'
	done
	echo '}'
} > "$tmp/many.mlir"
"$bcx" asm "$tmp/many.mlir" -o "$tmp/many.tileirbc" 2> "$tmp/err" && ok || bad "asm many.mlir"
run 0 info "$tmp/many.tileirbc"
lines=$(wc -l < "$tmp/out")
[ "$lines" -le 40 ] && ok || bad "info of 2000 functions printed $lines lines"
hasout "functions: 2000 (2000 entries)"
hasout "the 10 largest (bcx info --all lists all 2000)"
sed -n '/^  index/{n;p;q}' "$tmp/out" | grep -q ' k1234 (entry)$' && ok || bad "the largest body (k1234) is not first"
[ "$(grep -c ' (entry)$' "$tmp/out")" -eq 10 ] && ok || bad "not 10 functions listed"
run 0 info --all "$tmp/many.tileirbc"
[ "$(grep -c ' (entry)$' "$tmp/out")" -eq 2000 ] && ok || bad "info --all does not list 2000 functions"
run 0 info --json "$tmp/many.tileirbc"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["functions"]) == 2000' "$tmp/out" &&
	ok || bad "info --json does not list every function"
run 2 info --all "$ex/hello.bc"; has "option '--all' does not apply"
# One function, said so.
run 0 verify "$ex/vadd.tileirbc"; hasout "valid (1 function)"
run 0 info "$ex/vadd.tileirbc"; hasout "functions: 1 (1 entry)"
# Bitcode: no block ID without a name (26 is LLVM's SYNC_SCOPE_NAMES_BLOCK_ID).
run 0 info "$ex/hello.bc"
awk '/^blocks by ID:/ { on = 1; getline; next } on && NF && NF < 5 { print; bad = 1 } END { exit bad }' "$tmp/out" &&
	ok || bad "a block ID without a name"
grep -qE '^ +26 .* SYNC_SCOPE_NAMES_BLOCK_ID$' "$tmp/out" && ok || bad "block 26 unnamed"
finish
