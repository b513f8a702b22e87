#!/bin/sh
# bcx varint: exact output for every codec (vectors from the specs and from
# the XIP reference vectors), and the exit status contract: 0 ok, 1 invalid
# bytes for decode, 2 usage error.
bcx=$1
pass=0 fail=0
out=/tmp/bcx-varint-out.$$ err=/tmp/bcx-varint-err.$$
run() { # run WANT-STATUS ARGS... ; leaves stdout in $out
	want=$1
	shift
	"$bcx" varint "$@" >"$out" 2>"$err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: bcx varint $*: status $got, expected $want"; cat "$err"
	fi
}
expect() { # expect OUTPUT ARGS... : status 0 and stdout exactly OUTPUT
	text=$1
	shift
	run 0 "$@"
	if [ "$(cat "$out")" = "$text" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: bcx varint $*: got '$(cat "$out")', expected '$text'"
	fi
}
both() { # both CODEC VALUE HEX: encode gives HEX, decode of HEX gives VALUE
	expect "$3" encode --codec "$1" "$2"
	expect "$2" decode --codec "$1" "$3"
}
both prefix 0 "01"
both prefix 28672 "04 80 03"
both prefix 18446744073709551615 "00 ff ff ff ff ff ff ff ff"
both zigzag -42 "a7"
both zigzag -9223372036854775808 "00 ff ff ff ff ff ff ff ff"
both uleb 300 "ac 02"
both uleb 18446744073709551615 "ff ff ff ff ff ff ff ff ff 01"
both sleb -129 "ff 7e"
both sleb -9223372036854775808 "80 80 80 80 80 80 80 80 80 7f"
both zleb -64 "7f"
both zleb 9223372036854775807 "fe ff ff ff ff ff ff ff ff 01"
both vbr6 1000 "e8 07"
both vbr2 5 "1b"
both vbr32 4294967295 "ff ff ff ff 01 00 00 00"
both svbr6 1000 "b0 1f 00"
both svbr6 -9223372036854775808 "01"
both xip 64 "00 40"
both xip -129 "fa 7f"
both xip 4096 "04 10 00"
both xip -9223372036854775808 "1c 80 00 00 00 00 00 00 00"
both xip 18446744073709551615 "20 00 ff ff ff ff ff ff ff ff"
both xip -170141183460469231731687303715884105728 \
	"3c 80 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"
# 2^503 needs exactly 64 payload bytes: Large with header fc (2019 revision).
big=26187124863169134960105517574620793217733136368344518315866330944769070371237396439066160738607233257207093473020480568073738052367083144426628220715008
bighex="fc 00 80$(i=0; while [ $i -lt 62 ]; do printf ' 00'; i=$((i + 1)); done)"
both xip "$big" "$bighex"
# hex VALUE is the number itself; input hex may be packed or use 0x
expect "ff 01" encode --codec uleb 0xff
expect "ff 01" encode --codec=zleb -0x80
expect "300" decode --codec uleb 0xac02
expect "-1" decode --codec xip "FA:FF"
expect "5" decode --codec xip "1C 00 00 00 00 00 00 00 05"
expect "0a" encode --codec sleb 010
# invalid bytes: status 1 with an offset
run 1 decode --codec uleb "80"
grep -q "^bcx: <hex>:1: " "$err" && pass=$((pass + 1)) || { fail=$((fail + 1)); cat "$err"; }
run 1 decode --codec uleb "01 02"
run 1 decode --codec uleb "ff ff ff ff ff ff ff ff ff 02"
run 1 decode --codec prefix "04 80"
run 1 decode --codec vbr6 "20 08 82 20 08 82 20 08 82 20"
run 1 decode --codec xip "fc 03 05"
run 1 decode --codec xip "04 ff"
# usage errors: status 2
run 2
run 2 frob --codec uleb 1
run 2 encode 1
run 2 encode --codec vbr1 1
run 2 encode --codec vbr33 1
run 2 encode --codec leb 1
run 2 encode --codec uleb
run 2 encode --codec uleb -1
run 2 encode --codec uleb 18446744073709551616
run 2 encode --codec sleb 9223372036854775808
run 2 encode --codec prefix 12x
run 2 encode --codec xip "6$(printf '%0154d' 0)"
run 2 decode --codec uleb "zz"
run 2 decode --codec uleb "a"
run 2 encode --codec uleb 1 2
run 0 --help
grep -q "xip" "$out" && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL: help"; }
rm -f "$out" "$err"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
