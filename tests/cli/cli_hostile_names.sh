#!/bin/bash
# Hostile names and strings, made by assembling text with MLIR escapes: a
# function, a global, an assert message, a print format, a debug file name,
# directory and subprogram name, each holding a newline, ESC, a quote, a
# backslash, DEL and bytes that are not UTF-8. They go through dis (custom and
# generic; custom with locations), dump, info, their JSON forms, verify,
# and error messages that name them (verifier errors, dis --no-verify's
# `// error:` lines, an assembler error). No output may hold a control byte
# other than the newline that ends a line, nor DEL; text output must be UTF-8
# and JSON must parse. The printed text assembles back to the same bytes.
# Usage: cli_hostile_names.sh BCX
set -u
bcx=$1
py=/usr/bin/python3
[ -x "$py" ] || py=python3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# H is the hostile tail every name carries, as MLIR escapes.
H='\0A\1B[31mRED\22\5C\FF\C3\28\7F\01'
module() { # module LINKAGE_NAME GLOBAL_USED
	cat <<EOF
cuda_tile.module @"m$H" {
  global @"g$H" <i32: [1, 2]> : tile<2xi32>
  entry @"k$H"(%arg0: tile<i1>) {
    %0 = get_global @"$2" : tile<ptr<i32>>
    assert %arg0, "a$H" : tile<i1>
    %1 = print_tko "p$H%%" -> token
    return loc(#loc2)
  } loc(#loc1)
} loc(#loc)
#di_file = #cuda_tile.di_file<"f$H.mlir" in "d$H">
#loc = loc(unknown)
#loc3 = loc("f$H.mlir":8:3)
#loc4 = loc("f$H.mlir":9:5)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "s$H", linkageName = "$1", compileUnit = #di_compile_unit, scopeLine = 8>
#loc1 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc2 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
EOF
}
module "k$H" "g$H" > "$tmp/h.mlir"
# Broken on purpose: the subprogram's linkage name differs from the function's,
# and get_global names a global that does not exist.
module "l$H" "n$H" > "$tmp/bad.mlir"
for m in h bad; do
	# bad breaks the verifier's rules on purpose: written with --no-verify
	nv=; [ "$m" = bad ] && nv=--no-verify
	# shellcheck disable=SC2086
	"$bcx" asm $nv "$tmp/$m.mlir" -o "$tmp/$m.tileirbc" 2> "$tmp/err" ||
		{ bad "bcx asm $m.mlir: $(head -c 300 "$tmp/err")"; exit 1; }
done

# clean FILE WHAT: FILE has no control byte but a line-ending newline, no DEL,
# and is UTF-8 (JSON text must be; text output is checked the same way).
clean() {
	"$py" - "$1" "$2" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
bad = sorted({b for b in data if (b < 0x20 and b != 0x0A) or b == 0x7F})
try:
    data.decode("utf-8")
    utf8 = True
except UnicodeDecodeError:
    utf8 = False
if bad or not utf8:
    print("FAIL: %s: %s%s" % (sys.argv[2], "control bytes %s " % [hex(b) for b in bad] if bad else "",
                             "" if utf8 else "not UTF-8"))
    sys.exit(1)
EOF
}
# run STATUS WANT ARGS...: bcx ARGS (stdout and stderr) exits with STATUS,
# is clean, and holds WANT (fixed string; empty: no check).
run() {
	local status=$1 want=$2
	shift 2
	"$bcx" "$@" > "$tmp/out" 2>&1
	local rc=$?
	[ "$rc" -eq "$status" ] && ok || bad "bcx $*: exit status $rc, not $status: $(head -c 200 "$tmp/out")"
	clean "$tmp/out" "bcx $*" && ok || fail=$((fail + 1))
	if [ -n "$want" ]; then
		grep -qF -- "$want" "$tmp/out" && ok || bad "bcx $*: no '$want' in the output"
	fi
}
# json ARGS...: stdout of bcx ARGS parses as JSON (stderr kept apart).
json() {
	"$bcx" "$@" > "$tmp/out.json" 2> /dev/null
	"$py" -m json.tool "$tmp/out.json" > /dev/null 2>&1 && ok || bad "bcx $*: not JSON"
	clean "$tmp/out.json" "bcx $*" && ok || fail=$((fail + 1))
}

h=$tmp/h.tileirbc
k='k\0A\1B[31mRED\22\\\FF\C3(\7F\01'
run 0 "entry @\"$k\"(" dis "$h"
run 0 "name = \"s\0A\1B" dis --debuginfo "$h"
run 0 "sym_name = \"$k\"" dis --generic "$h"
run 0 'loc("f\0A\1B' dis --debuginfo "$h"
run 0 "\"$k\"" dump "$h"
run 0 'k\0A\1B[31mRED' info "$h"
run 0 '' verify "$h"
run 0 '"name": "k\u000a\u001b[31mRED\"\\\u00ff\u00c3(\u007f\u0001"' info --json "$h"
json info --json "$h"
json dump --json "$h"
json verify --json "$h"

# The printed text, both forms, assembles back to the same bytes.
# (dis --generic --debuginfo prints no locations yet, so it is left out.)
for form in "" --generic --debuginfo; do
	# shellcheck disable=SC2086
	"$bcx" dis $form "$h" > "$tmp/back.mlir" &&
		"$bcx" asm "$tmp/back.mlir" -o "$tmp/back.tileirbc" 2> "$tmp/err" || {
		bad "dis $form | asm: $(head -c 200 "$tmp/err")"
		continue
	}
	case $form in
	*debuginfo*) cmp -s "$h" "$tmp/back.tileirbc" && ok || bad "dis $form | asm: other bytes" ;;
	*) "$bcx" dis "$tmp/back.tileirbc" > "$tmp/a" && "$bcx" dis "$h" > "$tmp/b" &&
		cmp -s "$tmp/a" "$tmp/b" && ok || bad "dis $form | asm | dis: other text" ;;
	esac
done

# Error messages that name the hostile things.
b=$tmp/bad.tileirbc
run 1 "'n\0A\1B" verify "$b"
run 1 'linkage name' verify "$b"
run 1 "'n\0A\1B" dis "$b"
run 0 '// error:' dis --no-verify "$b"
# Each message is one `// error:` comment line: no part of it leaks out.
"$bcx" dis --no-verify "$b" 2> /dev/null | grep -a -e 'valid global' -e 'linkage name' > "$tmp/lines"
[ -s "$tmp/lines" ] && ! grep -aqv '^ *// error: ' "$tmp/lines" && ok || bad "dis --no-verify: a message outside its // error: line"
"$bcx" verify --json "$b" > "$tmp/out.json" 2> /dev/null
"$py" -m json.tool "$tmp/out.json" > /dev/null 2>&1 && ok || bad "verify --json (errors): not JSON"
clean "$tmp/out.json" "verify --json (errors)" && ok || fail=$((fail + 1))
# An assembler error naming an op with a hostile name, its line quoted.
printf '"cuda_tile.module"() <{sym_name = "m"}> ({\n  "cuda_tile.x%s"() : () -> ()\n}) : () -> ()\n' "$H" > "$tmp/op.mlir"
run 1 "\"cuda_tile.x\0A\1B" asm "$tmp/op.mlir" -o "$tmp/op.tileirbc"
# A file name with ESC, DEL and other control bytes, from the command line:
# messages and summaries show them as \XX.
evil=$tmp/$(printf 'f\033[31m\177\001')
cp "$h" "$evil.tileirbc"
run 0 'f\1B[31m\7F\01.tileirbc: valid' verify "$evil.tileirbc"
printf 'junk' > "$evil.bin"
run 1 'f\1B[31m\7F\01.bin' dis "$evil.bin"
cp "$b" "$evil.bad"
run 1 'f\1B[31m\7F\01.bad: ' verify "$evil.bad"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
