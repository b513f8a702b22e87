#!/bin/bash
# Shell habits: standard input when no file is named and it is not a
# terminal; "did you mean" for a misspelt option or command; several input
# files for the commands that print a report, each named, the exit status
# the worst.
# Usage: cli_shell.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
ex=$src/examples
# stdin, as llvm-bcanalyzer reads it.
"$bcx" dump "$ex/hello.bc" > "$tmp/named" 2> "$tmp/err"
"$bcx" dump < "$ex/hello.bc" > "$tmp/out" 2> "$tmp/err" && ok || bad "bcx dump < hello.bc"
# (the summary names the input "-", as llvm-bcanalyzer-22 -dump < FILE does)
[ -s "$tmp/out" ] && diff <(grep -v '^Summary of' "$tmp/named") <(grep -v '^Summary of' "$tmp/out") > /dev/null &&
	grep -qx 'Summary of -:' "$tmp/out" && ok || bad "bcx dump < hello.bc differs from bcx dump hello.bc"
"$bcx" info < "$ex/vadd.tileirbc" > "$tmp/out" 2> "$tmp/err" && grep -q 'vadd (entry)' "$tmp/out" && ok || bad "bcx info < vadd.tileirbc"
cat "$ex/hello.mlirbc" | "$bcx" dis > "$tmp/out" 2> "$tmp/err" && [ -s "$tmp/out" ] && ok || bad "cat | bcx dis"
# A terminal on stdin: still a usage error (when script(1) can make one).
if command -v script > /dev/null; then
	script -qec "'$bcx' dump" /dev/null < /dev/null > "$tmp/out" 2>&1
	grep -q "missing the input FILE" "$tmp/out" && ok || bad "bcx dump on a terminal: $(cat "$tmp/out")"
fi
# did you mean
run 2 dump --jsn "$ex/hello.bc"; has "unknown option '--jsn'; did you mean '--json'?"
run 2 info --prety --json "$ex/hello.bc"; has "did you mean '--pretty'?"
run 2 dmp "$ex/hello.bc"; has "unknown command 'dmp'; did you mean 'dump'?"
run 2 verfy "$ex/hello.bc"; has "did you mean 'verify'?"
run 2 dump --zzzzzzzz "$ex/hello.bc"; lacks "did you mean"
run 2 frobnicate; lacks "did you mean"
# Several files.
cp "$ex/vadd.tileirbc" "$tmp/a.tileirbc"
cp "$ex/vadd.tileirbc" "$tmp/b.tileirbc"
run 0 info "$tmp/a.tileirbc" "$tmp/b.tileirbc"
hasout "==> $tmp/a.tileirbc <=="; hasout "==> $tmp/b.tileirbc <=="
[ "$(grep -c 'vadd (entry)' "$tmp/out")" -eq 2 ] && ok || bad "info of two files: not two reports"
run 1 info "$tmp/a.tileirbc" "$tmp/missing" "$tmp/b.tileirbc"
has "$tmp/missing"
[ "$(grep -c 'vadd (entry)' "$tmp/out")" -eq 2 ] && ok || bad "a missing file stopped the others"
run 0 verify "$tmp/a.tileirbc" "$tmp/b.tileirbc"
hasout "$tmp/a.tileirbc: valid"; hasout "$tmp/b.tileirbc: valid"
run 1 verify "$tmp/a.tileirbc" "$ex/hello.bc"
run 0 info --json "$tmp/a.tileirbc" "$ex/hello.bc"
[ "$(wc -l < "$tmp/out")" -eq 2 ] && ok || bad "info --json of two files: not two lines"
run 0 dump "$ex/hello.bc" "$tmp/a.tileirbc"; hasout "==> $ex/hello.bc <=="
run 2 info -o "$tmp/x" "$tmp/a.tileirbc" "$tmp/b.tileirbc"; has "-o takes the output of one input file"
run 2 asm "$tmp/a" "$tmp/b"; has "unexpected argument"
finish
