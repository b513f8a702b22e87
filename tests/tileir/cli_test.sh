#!/usr/bin/env bash
# bcx dis / bcx dump from the command line: output files, stdin, --function,
# exit codes and the diagnostic format. Args: BCX SHARED_DIR
set -u
bcx=$1
V=$2/vectors/tileir
[ -d "$V" ] || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }

f=$V/operationsTest_000.v13.3
check "$bcx" dis --generic "$f.tileirbc" -o "$tmp/a.mlir"
check cmp -s "$tmp/a.mlir" "$f.generic.mlir"
"$bcx" dis - < "$f.tileirbc" > "$tmp/b.mlir"; check test $? -eq 0
check cmp -s "$tmp/b.mlir" "$f.mlir"
# The custom form of one function is the module's text of it, unindented.
"$bcx" dis --function for_op "$f.tileirbc" > "$tmp/d.mlir"; check test $? -eq 0
sed -n '/^  entry @for_op(/,/^  }$/s/^  //p' "$f.mlir" > "$tmp/d.want"
check test -s "$tmp/d.want"
check cmp -s "$tmp/d.mlir" "$tmp/d.want"
# --debuginfo: the reference's text with locations.
g=$V/debug_info_000.v13.3
"$bcx" dis --debuginfo "$g.tileirbc" > "$tmp/g.mlir"; check test $? -eq 0
check cmp -s "$tmp/g.mlir" "$g.debuginfo.mlir"
# One function: the same op text, numbered from 0.
"$bcx" dis --generic --function for_op "$f.tileirbc" > "$tmp/c.mlir"; check test $? -eq 0
check grep -q '^"cuda_tile.entry"() <{.*sym_name = "for_op"}> ({$' "$tmp/c.mlir"
check grep -q '^  %3 = "cuda_tile.for"(%0, %1, %2, %arg0) ({$' "$tmp/c.mlir"
"$bcx" dis --function nosuch "$f.tileirbc" 2> "$tmp/e"; check test $? -eq 1
check grep -q "no function named 'nosuch'" "$tmp/e"
# Refused input: exit 1, "bcx: FILE:OFFSET: message", no output file.
"$bcx" dis "$V/invalid/invalid_section_id.tileirbc" -o "$tmp/x.mlir" 2> "$tmp/e"; check test $? -eq 1
check grep -q 'invalid_section_id.tileirbc:12: error: unknown section ID: 127' "$tmp/e"
check test ! -e "$tmp/x.mlir"
"$bcx" dis < /dev/null 2> /dev/null; check test $? -eq 1 # no FILE: stdin (empty) is read
"$bcx" dis --bogus "$f.tileirbc" 2> /dev/null; check test $? -eq 2
# dump: text and JSON, one function.
"$bcx" dump "$f.tileirbc" > "$tmp/d.txt"; check test $? -eq 0
check grep -q '^sections:' "$tmp/d.txt"
check grep -q 'addi (0x03)' "$tmp/d.txt"
"$bcx" dump --json --function addi_op "$f.tileirbc" > "$tmp/d.json"; check test $? -eq 0
if command -v python3 > /dev/null; then
  check python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["functions"]) == 1' "$tmp/d.json"
  # Every readable vector dumps as valid JSON (checked in one python run).
  n=0
  for v in "$V"/*.tileirbc "$V"/coverage/*.tileirbc; do
    if ! "$bcx" dump --json "$v" > "$tmp/j$n.json" 2> /dev/null; then
      # only a vector that says so (its .err.txt) may be refused
      rm -f "$tmp/j$n.json"
      check sh -c 'ls "$1".*err.txt > /dev/null 2>&1' - "${v%.tileirbc}"
      continue
    fi
    n=$((n + 1))
  done
  check python3 -c 'import json,sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    assert "functions" in d and "sections" in d, f' "$tmp"/j*.json
  check test "$n" -ge 160
fi
exit $fail
