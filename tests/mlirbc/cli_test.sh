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
	check grep -q '^{"format":"mlirbc","schema_version":1,' "$tmp/d.json"
done
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
