#!/bin/sh
# Every --json output of bcx on every vector of every format, validated
# against the format's schema in docs/schema/. Without the shared vectors
# folder, the files of examples/ and files made here (bcx's assemblers,
# clang-22 when installed) still cover every format.
# usage: check_schemas.sh BCX SOURCE_DIR SHARED_DIR
set -u
bcx=$1 src=$2 shared=$3
[ -d "$shared/vectors" ] || echo "note: no shared vectors ($shared): examples and files made here only"
py=/usr/bin/python3
[ -x "$py" ] || py=python3
"$py" -c 'import jsonschema' 2>/dev/null || { echo "python3-jsonschema missing: skipped"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0 bad=0
# run NAME FORMAT ARGS...: one document, kept for the format's batch.
run() {
	name=$1 fmt=$2
	shift 2
	[ -e "$name" ] || return 0 # a folder's pattern that matched nothing
	n=$((n + 1))
	out="$work/$fmt.$n.json"
	if ! "$bcx" "$@" >"$out" 2>"$work/err"; then
		echo "FAIL: bcx $* ($(head -c 300 "$work/err"))"
		bad=$((bad + 1))
		rm -f "$out"
	fi
}
if command -v clang-22 >/dev/null 2>&1; then
	clang-22 -c -emit-llvm -O1 -g "$src/examples/hello.c" -o "$work/clang.bc" 2>/dev/null
fi
for f in "$shared"/vectors/llvm/*.bc "$shared"/vectors/llvm/synthetic/*.bc \
	"$src"/examples/*.bc "$work/clang.bc"; do
	for opts in "dump --json" "stat --json" "dump --json --dump-blockinfo" \
		"dump --json --show-binary-blobs"; do
		# shellcheck disable=SC2086
		run "$f" llvm-bitstream $opts "$f"
	done
done
for f in "$shared"/vectors/tileir/*.tileirbc "$shared"/vectors/tileir/coverage/*.tileirbc \
	"$shared"/vectors/tileir/legacy/*.tileirbc "$src"/examples/*.tileirbc; do
	[ -e "$f" ] || continue
	# Files the reader refuses have no JSON to check; each is a vector that
	# says so with its .err.txt (the reader tests cover those errors), and a
	# refusal of any other file is a failure.
	if ! "$bcx" dis "$f" >/dev/null 2>&1; then
		if ! ls "${f%.tileirbc}".*err.txt >/dev/null 2>&1 && [ ! -e "$f.err.txt" ]; then
			echo "FAILED: bcx dis refuses $f, which has no .err.txt"
			bad=$((bad + 1))
		fi
		continue
	fi
	run "$f" tileir dump --json "$f"
	run "$f" tileir info --json "$f"
	run "$f" tileir-verify verify --json "$f"
done
# bcx verify --json on a module that breaks rules (exit status 1 expected).
cat >"$work/bad.mlir" <<'EOF'
"cuda_tile.module"() <{sym_name = "m"}> ({
"cuda_tile.entry"() <{function_type = (!cuda_tile.tile<i32>) -> (), sym_name = "k"}> ({
^bb0(%b: !cuda_tile.tile<i32>):
%1 = "cuda_tile.addf"(%b, %b) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
"cuda_tile.return"() : () -> ()
}) : () -> ()
"cuda_tile.entry"() <{function_type = () -> (), sym_name = "k"}> ({
"cuda_tile.return"() : () -> ()
}) : () -> ()
}) : () -> ()
EOF
if "$bcx" asm --no-verify "$work/bad.mlir" -o "$work/bad.tileirbc" 2>"$work/err"; then
	printf 'cuda_tile.module @m {\n  bogus\n}\n' > "$work/unparsed.mlir"
	head -c 100 "$work/bad.tileirbc" > "$work/cut.tileirbc"
	for f in "$work/bad.tileirbc" "$work/bad.mlir" "$work/unparsed.mlir" "$work/cut.tileirbc"; do
		n=$((n + 1))
		"$bcx" verify --json "$f" >"$work/tileir-verify.$n.json" 2>"$work/err"
		[ $? -eq 1 ] || { echo "FAIL: bcx verify --json $f: exit status not 1"; bad=$((bad + 1)); }
	done
else
	echo "FAIL: bcx asm $work/bad.mlir ($(head -c 300 "$work/err"))"
	bad=$((bad + 1))
fi
"$bcx" dis "$src/examples/hello.mlirbc" -o "$work/hello.generic.mlir" 2>"$work/err" &&
	"$bcx" asm --format mlirbc --bytecode-version 3 "$work/hello.generic.mlir" \
		-o "$work/hello.mlirbc" 2>"$work/err" ||
	{ echo "FAIL: bcx dis, asm --format mlirbc of examples/hello.mlirbc"; bad=$((bad + 1)); }
for f in "$shared"/vectors/mlir/*.mlirbc "$shared"/vectors/mlir/versions/*.mlirbc \
	"$src"/examples/*.mlirbc "$work/hello.mlirbc"; do
	run "$f" mlirbc dump --json "$f"
	run "$f" mlirbc info --json "$f"
done
# TBON: every Tapioca example, assembled here.
for f in "$src"/examples/tapioca/*.tasm; do
	stem=$(basename "$f" .tasm)
	if "$bcx" asm --format tapioca "$f" -o "$work/$stem.tbon" 2>"$work/err"; then
		run "$f" tbon dump --json "$work/$stem.tbon"
		run "$f" tbon info --json "$work/$stem.tbon"
	else
		echo "FAIL: bcx asm --format tapioca $f ($(head -c 300 "$work/err"))"
		bad=$((bad + 1))
	fi
done
rc=0
for schema in "$src"/docs/schema/*.schema.json; do
	fmt=$(basename "$schema" .schema.json)
	set -- "$work/$fmt".*.json
	# every schema must have documents to check: none means a format's
	# outputs were not made above, which is a failure, not a pass
	if [ ! -e "$1" ]; then
		echo "FAIL: no documents for the schema $fmt"
		rc=1
		continue
	fi
	echo "== $fmt: $# documents"
	"$py" "$src/tests/schema/validate.py" "$schema" "$@" || rc=1
done
[ "$bad" -eq 0 ] || rc=1
exit $rc
