#!/bin/bash
# Tapioca in the CLI: asm accepts a function that falls off its end (that
# is a runtime error, docs/tapioca.md "Verification"), run reports it when
# it happens, the file loads (dis,
# info); hostile assembly ends in a clean FILE:LINE:COL error; dump shows
# code words in hex with their instruction.
# Usage: cli_tapioca.sh BCX
set -u
bcx=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
expect() { # status, then the command
	local want=$1
	shift
	"$bcx" "$@" > "$tmp/out" 2> "$tmp/err"
	local got=$?
	[ "$got" -eq "$want" ] && ok || bad "bcx $* exited $got, not $want: $(head -3 "$tmp/err")"
}
has() { grep -qF -- "$1" "$2" && ok || bad "'$1' not in $2: $(head -5 "$2")"; }

printf '.func main 0\n load_imm_int r1, 7\n add.i r1, r1, r1\n.end\n.func empty 0\n.end\n' > "$tmp/off.tasm"
expect 0 asm --format tapioca "$tmp/off.tasm" -o "$tmp/off.tbon"
expect 0 dis "$tmp/off.tbon"
has "add.i r1, r1, r1" "$tmp/out"
expect 0 info "$tmp/off.tbon"
has "functions: 2" "$tmp/out"
# Loading never refuses it: run fails at run time, when control falls off
# the end (notes B.3 item 7), naming the last instruction; so does a call
# of an empty function.
expect 1 run "$tmp/off.tbon"
has "runtime error: fell off the end in function 'main'" "$tmp/err"
has "its last instruction (add.i, opcode 0x10) neither jumps nor returns" "$tmp/err"
expect 1 run --entry empty "$tmp/off.tbon"
has "runtime error: fell off the end in function 'empty'" "$tmp/err"

expect 0 dump "$tmp/off.tbon"
has "u32 0x30010007  load_imm_int r1, 7" "$tmp/out"
expect 0 dump --json "$tmp/off.tbon"
has '"hex": "0x10010101", "insn": "add.i r1, r1, r1"' "$tmp/out"

{ printf '.global g '; head -c 20000 /dev/zero | tr '\0' '['; echo; } > "$tmp/deep.tasm"
expect 1 asm --format tapioca "$tmp/deep.tasm" -o "$tmp/deep.tbon"
has "deep.tasm:1:75: error: nesting deeper than 64" "$tmp/err"
printf '.global "\\xff" 1\n' > "$tmp/name.tasm"
expect 1 asm --format tapioca "$tmp/name.tasm" -o "$tmp/name.tbon"
has "name.tasm:1:9: error: name is not valid UTF-8" "$tmp/err"
printf '.func main 0\n load_const r1, 5e-324\n return r1\n.end\n' > "$tmp/sub.tasm"
expect 0 asm --format tapioca "$tmp/sub.tasm" -o "$tmp/sub.tbon"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
