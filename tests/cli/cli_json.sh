#!/bin/bash
# JSON: one "format" name a format in every command's output; one layout
# (one line, ", " and ": ") unless --pretty (one item a line, two spaces a
# level), both the same document; verify --json on text gives line and
# column, and no byte offset.
# Usage: cli_json.sh BCX SOURCE_DIR
bcx=$1 src=$2
. "$(dirname "$0")/lib.sh"
command -v python3 > /dev/null || { echo "skipped: python3 not installed"; exit 77; }
ex=$src/examples
"$bcx" asm --format tapioca "$ex/tapioca/factorial.tasm" -o "$tmp/f.tbon" 2> "$tmp/err" && ok || bad "asm tapioca"
n=0
doc() { # FORMAT ARGS...: both layouts of bcx ARGS --json, kept for the check
	local fmt=$1
	shift
	n=$((n + 1))
	"$bcx" "$@" --json > "$tmp/$n.$fmt.line" 2> "$tmp/err"
	"$bcx" "$@" --json --pretty > "$tmp/$n.$fmt.pretty" 2> "$tmp/err"
	[ -s "$tmp/$n.$fmt.line" ] && ok || bad "bcx $* --json wrote nothing"
}
doc tileir dump "$ex/vadd.tileirbc"
doc tileir info "$ex/vadd.tileirbc"
doc tileir verify "$ex/vadd.tileirbc"
doc llvm-bitstream dump "$ex/hello.bc"
doc llvm-bitstream stat "$ex/hello.bc"
doc llvm-bitstream info "$ex/hello.bc"
doc mlirbc dump "$ex/hello.mlirbc"
doc mlirbc info "$ex/hello.mlirbc"
doc tbon dump "$tmp/f.tbon"
doc tbon info "$tmp/f.tbon"
python3 - "$tmp" << 'PY' && ok || bad "the JSON layouts"
import glob, json, os, re, sys
bad = 0
# The layout is what is left with every string and number as one letter
# (their spellings, 6.2940 or \u000c, are not the layout's business).
def skeleton(t):
    t = re.sub(r'"(?:[^"\\]|\\.)*"', "S", t)
    return re.sub(r"-?[0-9][0-9.eE+-]*", "N", t)
for line in sorted(glob.glob(os.path.join(sys.argv[1], "*.line"))):
    fmt = line.split(".")[-2]
    pretty = line[:-5] + ".pretty"
    a, b = open(line).read(), open(pretty).read()
    da, db = json.loads(a), json.loads(b)
    checks = [
        (da == db, "--pretty is another document"),
        (da.get("format") == fmt, "format is %r, not %r" % (da.get("format"), fmt)),
        (a.count("\n") == 1 and a.endswith("\n"), "not one line"),
        (skeleton(a) == skeleton(json.dumps(da)) + "\n", "not the one-line layout"),
        (skeleton(b) == skeleton(json.dumps(db, indent=2)) + "\n", "not the --pretty layout"),
    ]
    for good, what in checks:
        if not good:
            print("FAIL: %s: %s" % (os.path.basename(line), what))
            bad += 1
sys.exit(1 if bad else 0)
PY
run 2 info --pretty "$ex/vadd.tileirbc"; has "add --json"
# verify --json on text: line and column, no offset.
cat > "$tmp/k.mlir" << 'MLIR'
cuda_tile.module @kernels {
  entry @k(%arg0: tile<i32>) {
    %0 = print_tko "n %\0A", %arg0 : tile<i32> -> token
    return
  }
}
MLIR
run 1 verify --json "$tmp/k.mlir"
python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["errors"]
assert e and all(x["offset"] is None and x["line"] == 3 and x["column"] == 10 for x in e), e
' "$tmp/out" && ok || bad "verify --json of text: $(cat "$tmp/out")"
# verify --json of input that cannot be read is still one document: text
# that does not parse (its line and column), bytecode cut short (its offset).
printf 'cuda_tile.module @m {\n  entry @k() {\n    bogus\n  }\n}\n' > "$tmp/bad.mlir"
run 1 verify --json "$tmp/bad.mlir"
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
e = d["errors"]
assert d["valid"] is False and len(e) == 1 and e[0]["function"] == -1, d
assert (e[0]["offset"], e[0]["line"], e[0]["column"]) == (None, 3, 5), e
assert e[0]["message"] == "custom op \x27bogus\x27 is unknown", e
' "$tmp/out" && ok || bad "verify --json of bad text: $(cat "$tmp/out")"
head -c 100 "$ex/vadd.tileirbc" > "$tmp/cut.tileirbc"
run 1 verify --json "$tmp/cut.tileirbc"
python3 -c '
import json, sys
e = json.load(open(sys.argv[1]))["errors"]
assert len(e) == 1 and e[0]["offset"] == 96 and "line" not in e[0], e
assert "exceeds remaining data" in e[0]["message"], e
' "$tmp/out" && ok || bad "verify --json of cut bytecode: $(cat "$tmp/out")"
finish
