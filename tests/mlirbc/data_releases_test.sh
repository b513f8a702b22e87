#!/usr/bin/env bash
# The committed files of older releases (data/release*.mlirbc), without any
# MLIR tool: release16 (mlir-opt-16, v0), release19 (mlir-opt-19, v6, which
# mlir-opt-22 refuses), release16_sve and release16_affine_gpu (mlir-opt-16: scalable vectors;
# affine.for and gpu launches, upgraded), release19_hlfir (flang-19's bbc and fir-opt) and
# release18 (release19 with its producer changed to MLIR18.1.8: read with
# the nearest release's tables, with a note). Checks, for each:
#   bcx info names the release whose layouts it reads with (and the note);
#   bcx dis = data/NAME.generic.mlir (mlir-opt-22's print of the file, or of
#   its upgrade, where MLIR 22 refuses it; fir-opt's for HLFIR);
#   bcx convert --bytecode-version 6 (MLIR 16 and 19) writes MLIR 22's
#   producer and bcx dis of the result is the same text;
#   --mlir-release 19 writes MLIR 19's file back unchanged and refuses what
#   MLIR 19 cannot express;
#   release19_upgrade's ops that MLIR 22 changed are upgraded (dis, convert),
#   and a gpu.module_end holding an attribute is refused; release19_acc's
#   acc.copyin and acc.copyout get the varType MLIR 22 requires;
#   written for MLIR 19, MLIR 22's forms go back (mask, inbounds, varType and
#   the default modifiers dropped) and flags MLIR 19 lacks are refused.
# Args: BCX
set -u
bcx=$1
data=$(dirname "$0")/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if "${@:2}"; then echo "ok: $1"; else echo "FAILED: $1"; fail=1; fi; }
layouts() { "$bcx" info "$data/$1.mlirbc" | grep -qx "layouts:   $2"; }
same() { "$bcx" dis "$1" -o "$tmp/out.txt" && cmp -s "$tmp/out.txt" "$2"; }
# upgraded NAME: bcx dis of data/NAME.mlirbc, and bcx dis of its conversion to
# MLIR 22's layouts, are data/NAME.generic.mlir (mlir-opt-22's print of it)
upgraded() {
	local n=$1
	check "$n dis" same "$data/$n.mlirbc" "$data/$n.generic.mlir"
	check "$n convert" eval '"$bcx" convert --bytecode-version 6 "$data/$n.mlirbc" -o "$tmp/up.mlirbc" &&
		same "$tmp/up.mlirbc" "$data/$n.generic.mlir"'
}
check "release16 layouts" layouts release16 "MLIR 22's inherent attributes (no properties before v5)"
check "release19 layouts" layouts release19 "MLIR 19's op properties"
check "release19_hlfir layouts" layouts release19_hlfir "MLIR 19's op properties"
check "release18 layouts" layouts release18 "MLIR 19's op properties; note: producer \"MLIR18.1.8\": bcx has no op layouts of MLIR 18, read with MLIR 19's, the nearest"
check "release18 dump note" eval '"$bcx" dump "$data/release18.mlirbc" | grep -q "^op property layouts of MLIR 19: producer"'
for n in release16 release19 release19_hlfir; do
	check "$n dis" same "$data/$n.mlirbc" "$data/$n.generic.mlir"
done
check "release18 dis" same "$data/release18.mlirbc" "$data/release19.generic.mlir"
for n in release16 release19 release18; do
	check "$n convert" eval '"$bcx" convert --bytecode-version 6 "$data/$n.mlirbc" -o "$tmp/up.mlirbc" &&
		"$bcx" info "$tmp/up.mlirbc" | grep -qx "producer:  MLIR22.1.8" &&
		same "$tmp/up.mlirbc" "$data/${n/18/19}.generic.mlir"'
done
check "release19_hlfir convert refused" eval '! "$bcx" convert --bytecode-version 6 "$data/release19_hlfir.mlirbc" -o "$tmp/x" 2> "$tmp/err" &&
	grep -q "(MLIR 19) is not an op of MLIR 22" "$tmp/err"'
# MLIR 16 wrote a scalable vector type as the number of its trailing scalable
# dimensions (vector<3x[2x2]xi64>); MLIR 17 on as a flag per dimension
upgraded release16_sve
# MLIR 16's affine.for held lower_bound and upper_bound and no segment sizes
# (their maps' dims and symbols count the operands: 2, 1 and 1 iter_arg here);
# gpu.launch and gpu.launch_func lacked the cluster sizes and async object
# groups; mlir-opt-22 refuses the file and reads bcx's upgrade of it
upgraded release16_affine_gpu
# the upgrades of src/mlirbc/upgrades.def: release19_upgrade (mlir-opt-19) has a
# gpu.module (its gpu.module_end left out), a vector.shuffle (its ArrayAttr mask
# becomes array<i64: ...>) and llvm.getelementptr with and without inbounds
# (noWrapFlags 3 and 0), llvm.call (no operand bundles: op_bundle_sizes and
# operandSegmentSizes added); its text is mlir-opt-22's print of the upgraded file
upgraded release19_upgrade
# written for MLIR 19 again, an MLIR 19 file keeps its form (the rows apply when
# writing for MLIR 22 only): release19_llvm has a getelementptr inbounds and a call
check "release19_llvm --mlir-release 19" eval '"$bcx" convert --bytecode-version 6 --mlir-release 19 \
	"$data/release19_llvm.mlirbc" -o "$tmp/back.mlirbc" && cmp -s "$tmp/back.mlirbc" "$data/release19_llvm.mlirbc"'
check "gpu.module_end with an attribute refused" eval '! "$bcx" convert --bytecode-version 6 \
	"$data/release19_module_end_attr.mlirbc" -o "$tmp/x" 2> "$tmp/err" &&
	grep -q "gpu.module_end (MLIR 19) is not an op of MLIR 22 and holds" "$tmp/err"'
# writing for MLIR 19: its own file comes back byte for byte; what it cannot
# express is refused naming the op and the field
check "release19 --mlir-release 19" eval '"$bcx" convert --bytecode-version 6 --mlir-release 19 \
	"$data/release19.mlirbc" -o "$tmp/back.mlirbc" && cmp -s "$tmp/back.mlirbc" "$data/release19.mlirbc"'
# MLIR 19 keeps the llvm dialect's debug info as text (corpus/llvm_attrs.mlir):
# printed with the aliases and distinct[N] ids of the attributes inside, as
# mlir-opt-19 prints it and mlir-opt-22 prints bcx's upgrade of it
upgraded release19_llvm_di
# acc.copyin (varPtr: memref<10xf32>) gains varType = f32, as MLIR 22's parser
# fills it; the text is mlir-opt-22's print of the upgraded file
upgraded release19_acc
# and back: MLIR 22's text written for MLIR 19 (upgrades.def read backwards;
# bcx dis would show the file upgraded again, so the dump is read)
check "release19_acc --mlir-release 19" eval '"$bcx" asm --format mlirbc --mlir-release 19 \
	"$data/release19_acc.generic.mlir" -o "$tmp/down.mlirbc" && "$bcx" dump "$tmp/down.mlirbc" -o "$tmp/down.txt" &&
	grep -q "data_clause acc_copyin" "$tmp/down.txt" && ! grep -q "varType\|data_clause_modifier" "$tmp/down.txt"'
sed 's/varType = f32/varType = f64/' "$data/release19_acc.generic.mlir" > "$tmp/acc64.mlir"
check "--mlir-release 19: another varType refused" eval '! "$bcx" asm --format mlirbc --mlir-release 19 \
	"$tmp/acc64.mlir" -o "$tmp/x" 2> "$tmp/err" &&
	grep -q "property .varType. of acc.copyin is not the element type of its variable" "$tmp/err"'
cat > "$tmp/shuffle.mlir" <<'TEXT'
"builtin.module"() ({
  %0 = "test.v"() : () -> vector<2xf32>
  %1 = "vector.shuffle"(%0, %0) <{mask = array<i64: 0, 3>}> : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  %2 = "test.p"() : () -> !llvm.ptr
  %3 = "llvm.getelementptr"(%2) <{elem_type = i8, noWrapFlags = 3 : i32, rawConstantIndices = array<i32: 1>}> : (!llvm.ptr) -> !llvm.ptr
}) : () -> ()
TEXT
check "--mlir-release 19 mask and inbounds" eval '"$bcx" asm --format mlirbc --mlir-release 19 "$tmp/shuffle.mlir" \
	-o "$tmp/x" && "$bcx" dump "$tmp/x" -o "$tmp/x.txt" && grep -q "ArrayAttr @[0-9+]*: \[0, 3\]" "$tmp/x.txt" &&
	grep -q "UnitAttr" "$tmp/x.txt"'
sed -i 's/noWrapFlags = 3/noWrapFlags = 4/' "$tmp/shuffle.mlir"
check "--mlir-release 19 refusal" eval '! "$bcx" asm --format mlirbc --mlir-release 19 "$tmp/shuffle.mlir" \
	-o "$tmp/x" 2> "$tmp/err" && grep -q "property .noWrapFlags. of llvm.getelementptr is 4" "$tmp/err"'
cat > "$tmp/addi.mlir" <<'TEXT'
"builtin.module"() ({
  %0 = "test.i"() : () -> i32
  %1 = "arith.addi"(%0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
}) : () -> ()
TEXT
check "--mlir-release 19 producer" eval '"$bcx" asm --format mlirbc --mlir-release 19 "$tmp/addi.mlir" \
	--bytecode-version 3 -o "$tmp/v3" && "$bcx" info "$tmp/v3" | grep -qx "producer:  MLIR19.1.7"'
exit $fail
