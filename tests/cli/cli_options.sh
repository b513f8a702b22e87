#!/bin/sh
# One option parser and one format registry: --opt=value and --opt value,
# "--", "-o -", one shape for usage errors, options refused where they do
# not apply, format detection that names what it found (magic in hex) and
# what to run instead, and one shape for every error line.
# Usage: cli_options.sh BCX SHARED_DIR
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: tests change folders
shared=$2
T=$shared/vectors/tileir/operationsTest_000.v13.3
L=$shared/vectors/llvm
[ -f "$T.tileirbc" ] && [ -f "$L/hello.bc" ] || { echo "skipped: no shared vectors"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; [ -f "$tmp/err" ] && sed 's/^/  | /' "$tmp/err"; }
run() { # run WANT-STATUS ARGS...: stdout in $tmp/out, stderr in $tmp/err
	want=$1
	shift
	"$bcx" "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "bcx $*: status $got, expected $want"; fi
}
has() { # has TEXT: stderr contains TEXT (fixed string)
	if grep -qF -- "$1" "$tmp/err"; then ok; else bad "stderr lacks '$1'"; fi
}
# Every line of stderr that starts with "bcx: " has the one shape (or is
# the count of errors after them, "bcx: FILE: N errors").
shape() {
	if grep '^bcx: ' "$tmp/err" | grep -qvE '^bcx: [^ ]+((:[0-9]+|:bit [0-9]+|:[0-9]+:[0-9]+)?: (error|warning|note): |: [0-9]+ errors?$)'; then
		bad "error line not in the shape 'bcx: FILE[:POS]: error: ...'"
	else ok; fi
}

# --opt=value, --opt value and -o - give the same bytes.
run 0 dis --function for_op "$T.tileirbc"
mv "$tmp/out" "$tmp/a"
run 0 dis --function=for_op "$T.tileirbc"
cmp -s "$tmp/a" "$tmp/out" && ok || bad "--function=NAME differs from --function NAME"
run 0 dis "$T.tileirbc" -o -
cmp -s "$tmp/out" "$T.mlir" && ok || bad "dis -o - is not the reference text on stdout"
(cd "$L" && "$bcx" stat hello.bc -o "$tmp/s.txt") && cmp -s "$tmp/s.txt" "$L/hello.stats.txt" && ok || bad "stat -o FILE"

# "--" ends the options: a file whose name starts with '-'.
cp "$T.tileirbc" "$tmp/-v.tileirbc"
(cd "$tmp" && "$bcx" dis -- -v.tileirbc > out2 2> err2) && ok || bad "dis -- -v.tileirbc"
(cd "$tmp" && "$bcx" dis -v.tileirbc > /dev/null 2> err2); [ $? -eq 2 ] && ok || bad "dis -v.tileirbc should be an unknown option"

# Unknown options, missing values and flags given values: one shape, status 2.
for verb in dump stat copy dis asm convert varint; do
	for args in "--bogus" "-o" "--bogus=1"; do
		run 2 $verb $args
		case $verb/$args in
		varint/-o) want="unknown option '-o'" ;; # varint writes no file
		*/-o) want="option '-o' needs a value" ;;
		*) want="unknown option '--bogus'" ;;
		esac
		if head -1 "$tmp/err" | grep -qF "bcx $verb: $want" &&
		   sed -n 2p "$tmp/err" | grep -qx "Try 'bcx $verb --help'."; then ok; else
			bad "bcx $verb $args: usage error not in the one shape"; fi
	done
done
run 2 dis --bogus "$T.tileirbc"; has "bcx dis: unknown option '--bogus'"
run 2 dis "$T.tileirbc" -o; has "bcx dis: option '-o' needs a value (FILE)"
run 2 dis --generic=yes "$T.tileirbc"; has "option '--generic' takes no value"
# No silently ignored flags: an option for another format is refused.
run 2 dump --function main "$L/hello.bc"; has "option '--function' does not apply to LLVM bitcode"
run 2 dump --dump-blockinfo "$T.tileirbc"; has "option '--dump-blockinfo' does not apply to CUDA Tile IR bytecode"
run 2 dump --generic "$T.tileirbc"; has "unknown option '--generic'"
run 0 dis --generic "$T.tileirbc"
# llvm-bcanalyzer's one-dash spellings still work for its options.
(cd "$L" && "$bcx" dump -dump-blockinfo hello.bc > "$tmp/out") && cmp -s "$tmp/out" "$L/hello.dump-blockinfo.txt" && ok || bad "dump -dump-blockinfo"

# Wrong-format messages: what was found, the magic in hex, what reads it.
run 1 dis "$L/hello.bc"
has "bcx dis: not supported for LLVM bitcode (magic 42 43 c0 de"; has "hello.bc is LLVM bitcode; \`bcx dump\`"; shape
run 1 stat "$T.tileirbc"
has "bcx stat: not supported for CUDA Tile IR bytecode (magic 7f 54 69 6c 65 49 52 00)"; has "\`bcx dis\`"; shape
run 1 copy "$T.tileirbc" -o "$tmp/x"
has "bcx copy: not supported for CUDA Tile IR bytecode"; shape
[ ! -e "$tmp/x" ] && ok || bad "refused copy wrote output"
run 1 convert "$L/hello.darwin.bc" --target 13.1 -o "$tmp/x"
has "not supported for wrapped LLVM bitcode (magic de c0 17 0b"; shape
if [ -f "$shared/vectors/mlir/cfg.mlirbc" ]; then
	run 1 stat "$shared/vectors/mlir/cfg.mlirbc"
	has "not supported for MLIR bytecode (magic 4d 4c ef 52"; shape
fi
printf 'TBON\005' > "$tmp/t.tbon"
run 1 stat "$tmp/t.tbon"; has "TBON"; has "54 42 4f 4e"; shape
run 1 dis "$T.generic.mlir"; has "is text (first bytes 22 63 75 64"; has "\`bcx asm\`"; shape
run 1 asm "$T.tileirbc"; has "bcx asm: not supported for CUDA Tile IR bytecode"; shape
run 2 asm --format=bitstream "$T.generic.mlir"; has "no assembler for format 'bitstream'"
head -c 4096 /dev/zero > "$tmp/zero"
run 1 dump "$tmp/zero"; has "unknown format (first bytes 00 00 00 00 00 00 00 00)"; shape
: > "$tmp/empty"
run 1 dis "$tmp/empty"; has "the file is empty"; shape

# Input errors in binary files: bcx: FILE:OFFSET: error: message.
run 1 dis "$shared/vectors/tileir/invalid/invalid_section_id.tileirbc"; shape
has "invalid_section_id.tileirbc:12: error: unknown section ID: 127"
head -c 2000 "$L/hello.bc" > "$tmp/cut.bc"
run 1 dump "$tmp/cut.bc"; shape
grep -q '^bcx: .*cut.bc:bit [0-9]*: error: ' "$tmp/err" && ok || bad "bitstream error without bit offset"
run 1 dis /nonexistent/f; shape
run 1 varint decode --codec uleb 80; shape
# Text errors: bcx: FILE:LINE:COL: error: message, the line, a caret.
printf '"cuda_tile.module"() ({\n  "cuda_tile.entry"() <{function_type = (!cuda_tile.tile<3xf32>) -> ()}> ({\n' > "$tmp/bad.mlir"
run 1 asm "$tmp/bad.mlir" -o "$tmp/bad.bc"; shape
head -1 "$tmp/err" | grep -qE "^bcx: $tmp/bad.mlir:2:([0-9]+): error: " && ok || bad "asm error position"
col=$(head -1 "$tmp/err" | sed -E 's/^bcx: [^:]*:2:([0-9]+):.*/\1/')
sed -n 2p "$tmp/err" | grep -qxF '  "cuda_tile.entry"() <{function_type = (!cuda_tile.tile<3xf32>) -> ()}> ({' && ok || bad "asm error lacks the source line"
caret=$(sed -n 3p "$tmp/err")
[ "$caret" = "$(printf "%$((col - 1))s^" '')" ] && ok || bad "caret not under column $col: '$caret'"
# A version refusal gets the same shape.
run 1 convert "$shared/vectors/tileir/attrsTest_000.v13.3.tileirbc" --target 13.2 -o "$tmp/r.bc"; shape

# info: a summary without decoding bodies; --json with format and schema_version.
run 0 info "$T.tileirbc"
grep -q '^version:   13.3$' "$tmp/out" && grep -q '^  string ' "$tmp/out" && grep -q ' for_op (entry)$' "$tmp/out" &&
	ok || bad "info text lacks the version, the string section or for_op"
run 0 info --json "$T.tileirbc"
if command -v python3 > /dev/null; then
	python3 - "$tmp/out" << 'PY' && ok || bad "info --json of Tile IR"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "tileir" and d["schema_version"] == 1 and d["version"] == "13.3", d
assert len(d["functions"]) == d["counts"]["functions"] > 0
assert any(f["name"] == "for_op" and f["body_size"] > 0 for f in d["functions"])
assert all(s["offset"] + s["size"] <= d["size"] for s in d["sections"])
PY
	run 0 info --json "$L/hello.darwin.bc"
	python3 - "$tmp/out" << 'PY' && ok || bad "info --json of wrapped bitcode"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "llvm-bitstream" and d["schema_version"] == 1 and d["wrapped"] is True, d
assert d["kind"] == "wrapped LLVM bitcode"
assert any(b["block_id"] == 8 and b["blocks"] == 1 and b["name"] == "MODULE_BLOCK" for b in d["blocks"])
PY
fi
run 0 info "$L/hello.bc"; grep -q '^format:    LLVM bitcode$' "$tmp/out" && ok || bad "info of bitcode"
run 1 info "$T.generic.mlir"; shape
# --version: the version, the commit line and the format versions.
run 0 --version
grep -q '^bcx [0-9]' "$tmp/out" && grep -q '^commit: ' "$tmp/out" && grep -q '13.1 to 13.3' "$tmp/out" &&
	ok || bad "--version lacks the version, commit or Tile IR versions"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
