#!/bin/bash
# Names from untrusted files never reach the output raw: a kernel named
# "v<ESC><LF>d" goes through info, dump (text and JSON) and dis, and no ESC
# byte and no broken line comes out; each output shows the escaped name.
# Usage: cli_hostile.sh BCX VADD.tileirbc
set -u
bcx=$1
src=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# The string table of examples/vadd.tileirbc holds "vadd" at byte 216.
cp "$src" "$tmp/h.tileirbc"
[ "$(dd if="$tmp/h.tileirbc" bs=1 skip=216 count=4 2>/dev/null)" = vadd ] || { bad "vadd not at 216"; exit 1; }
printf 'v\033\nd' | dd of="$tmp/h.tileirbc" bs=1 seek=216 conv=notrunc 2>/dev/null
esc=$(printf '\033')
# check WANT ARGS...: the output of bcx ARGS FILE has no ESC and holds WANT.
check() {
	local want=$1
	shift
	"$bcx" "$@" "$tmp/h.tileirbc" > "$tmp/out" 2>&1 || { bad "bcx $* failed: $(head -c 200 "$tmp/out")"; return; }
	if grep -q "$esc" "$tmp/out"; then bad "bcx $*: an ESC byte reached the output"; else ok; fi
	grep -qF -- "$want" "$tmp/out" && ok || bad "bcx $*: no '$want' in the output"
}
check 'v\1B\0Ad (entry)' info
check '"name": "v\u001b\u000ad"' info --json
check '[0] "v\1B\0Ad"' dump
check '"name": "v\u001b\u000ad"' dump --json
check 'sym_name = "v\1B\0Ad"' dis --generic
check 'entry @"v\1B\0Ad"(' dis
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
