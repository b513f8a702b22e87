#!/usr/bin/env bash
# bcx dis / bcx dump on MLIR bytecode from the command line: output files,
# stdin, --debuginfo, exit codes and the diagnostic format; with mlir-opt-22
# installed, our print of every version file equals its print.
# Args: BCX SHARED_DIR
set -u
bcx=$1
V=$2/vectors/mlir
[ -d "$V" ] || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }

for f in "$V"/*.mlirbc; do
	n=${f%.mlirbc}
	check "$bcx" dis "$f" -o "$tmp/a.mlir"
	check cmp -s "$tmp/a.mlir" "$n.generic.mlir"
	"$bcx" dis --debuginfo - < "$f" > "$tmp/b.mlir"; check test $? -eq 0
	check cmp -s "$tmp/b.mlir" "$n.generic-loc.mlir"
	"$bcx" dump "$f" > "$tmp/d.txt"; check test $? -eq 0
	check grep -q '^MLIR bytecode version 6, producer "MLIR22.1.8"' "$tmp/d.txt"
	"$bcx" dump --json "$f" > "$tmp/d.json"; check test $? -eq 0
	check grep -q '^{"format": "mlirbc", "schema_version": 1,' "$tmp/d.json"
done
# The writer: bcx convert at a file's own version gives its bytes again
# (every vector, versions/ included); bcx asm of the generic text works.
for f in "$V"/*.mlirbc "$V"/versions/*.mlirbc; do
	v=$("$bcx" info "$f" | awk '/^version:/ {print $2}')
	check "$bcx" convert --bytecode-version "$v" "$f" -o "$tmp/c.mlirbc"
	check cmp -s "$tmp/c.mlirbc" "$f"
done
for f in "$V"/*.generic.mlir "$V"/*.generic-loc.mlir; do
	check "$bcx" asm --format mlirbc "$f" -o "$tmp/a.mlirbc"
	check "$bcx" dis "$tmp/a.mlirbc" -o /dev/null
done
# Writer errors: FILE:LINE:COL with the line and a caret; bad versions are
# usage errors; Tile IR options are refused.
printf '"builtin.module"() ({\n  "foo.x"(%%nope) : (i32) -> ()\n}) : () -> ()\n' > "$tmp/bad.mlir"
"$bcx" asm --format mlirbc "$tmp/bad.mlir" -o "$tmp/bad.mlirbc" 2> "$tmp/e"; check test $? -eq 1
check grep -q "bad.mlir:2:11: error: use of undeclared value or block '%nope'" "$tmp/e"
check test ! -e "$tmp/bad.mlirbc"
"$bcx" asm --format mlirbc --bytecode-version 7 "$V/cfg.generic.mlir" -o /dev/null 2> /dev/null
check test $? -eq 2
"$bcx" asm --format mlirbc --target 13.1 "$V/cfg.generic.mlir" -o /dev/null 2> /dev/null
check test $? -eq 2
"$bcx" convert "$V/cfg.mlirbc" -o /dev/null 2> /dev/null; check test $? -eq 2
"$bcx" convert --target 13.1 "$V/cfg.mlirbc" -o /dev/null 2> /dev/null; check test $? -eq 2
# Refused input: exit 1, "bcx: FILE:OFFSET: error: message", no output file.
head -c 100 "$V/cfg.mlirbc" > "$tmp/cut.mlirbc"
"$bcx" dis "$tmp/cut.mlirbc" -o "$tmp/x.mlir" 2> "$tmp/e"; check test $? -eq 1
check grep -q 'cut.mlirbc:[0-9]*: error: ' "$tmp/e"
check test ! -e "$tmp/x.mlir"
"$bcx" dis --bogus "$V/cfg.mlirbc" 2> /dev/null; check test $? -eq 2
# --debuginfo is for MLIR bytecode and Tile IR, not TBON
printf 'TBON' > "$tmp/t.tbon"
"$bcx" dis --debuginfo "$tmp/t.tbon" > /dev/null 2>&1
check test $? -eq 2
# dis --function NAME prints the lines of the whole module's text that hold
# the top-level op with that sym_name, value names included, at every
# version (lazy isolated regions from v2 on), with and without --debuginfo.
# Files with alias definitions are left out: --function prints them inline.
slice() { # slice NAME FILE: the op's lines, from its first to its closing "  })"
	awk -v q="sym_name = \"$1\"" '
		!p && /^  "/ && index($0, q) { p = 1; print; if ($0 !~ /\(\{$/) exit; next }
		p { print; if ($0 ~ /^  }\)/) exit }' "$2"
}
nfn=0
for f in "$V"/*.mlirbc "$V"/versions/*.mlirbc; do
	for dbg in "" --debuginfo; do
		"$bcx" dis $dbg "$f" -o "$tmp/whole.mlir" || { check false; continue; }
		grep -q '^[#!]' "$tmp/whole.mlir" && continue
		for name in $(sed -n 's/^  "[^"]*"().*sym_name = "\([^"]*\)".*/\1/p' "$tmp/whole.mlir"); do
			slice "$name" "$tmp/whole.mlir" > "$tmp/slice.mlir"
			"$bcx" dis $dbg --function "$name" "$f" -o "$tmp/fn.mlir"
			check cmp -s "$tmp/fn.mlir" "$tmp/slice.mlir"
			nfn=$((nfn + 1))
		done
	done
done
check test "$nfn" -ge 20
"$bcx" dis --function no_such_symbol "$V/func_arith.mlirbc" 2> "$tmp/e"
check test $? -eq 1
check grep -q 'no symbol @no_such_symbol' "$tmp/e"
# The oracle, when installed: every version file prints as mlir-opt prints it.
if command -v mlir-opt-22 > /dev/null; then
	for f in "$V"/versions/*.mlirbc; do
		mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo \
			--mlir-print-local-scope "$f" -o "$tmp/ref.mlir"
		"$bcx" dis --debuginfo "$f" -o "$tmp/our.mlir"
		check cmp -s "$tmp/our.mlir" "$tmp/ref.mlir"
		mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic "$f" -o "$tmp/ref.mlir"
		"$bcx" dis "$f" -o "$tmp/our.mlir"
		check cmp -s "$tmp/our.mlir" "$tmp/ref.mlir"
	done
fi
exit $fail
