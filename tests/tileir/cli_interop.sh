#!/usr/bin/env bash
# What NVIDIA's tools do with shapes the vectors lack, with files made here
# (no ../shared): a builtin module with attributes around the Tile IR module
# (as pass pipelines print it, custom and generic), constant names of
# negative zero, the first failing rule of an op that breaks several, one
# set of view-type rules for text and bytecode, i1 constant storage.
# Args: BCX
bcx=$1
. "$(dirname "$0")/check.sh"

kernel='  cuda_tile.module @m {
    entry @k(%a: tile<f32>) {
      %0 = addf %a, %a : tile<f32>
      return
    }
  }'
printf '%s\n' "$kernel" > "$tmp/plain.mlir"
printf 'module attributes {gpu.container_module, llvm.target = "nvptx", n = 3 : i64, l = [1, 2]} {\n%s\n}\n' \
	"$kernel" > "$tmp/wrapped.mlir"
printf 'builtin.module @outer attributes {gpu.container_module} {\n%s\n}\n' "$kernel" > "$tmp/named.mlir"
printf '"builtin.module"() <{sym_name = "o"}> ({\n%s\n}) {gpu.container_module} : () -> ()\n' \
	"$kernel" > "$tmp/generic.mlir"
status 0 "$bcx" asm "$tmp/plain.mlir" -o "$tmp/plain.bc"
for w in wrapped named generic; do
	# the outer module's attributes are not part of Tile IR bytecode
	status 0 "$bcx" asm "$tmp/$w.mlir" -o "$tmp/$w.bc"
	check cmp -s "$tmp/$w.bc" "$tmp/plain.bc"
	status 0 "$bcx" verify "$tmp/$w.mlir" > /dev/null
done
# a malformed dictionary is still refused, at its place
printf 'module attributes {gpu.container_module = } {\n%s\n}\n' "$kernel" > "$tmp/bad.mlir"
status 1 "$bcx" asm "$tmp/bad.mlir" -o "$tmp/bad.bc" 2> "$tmp/bad.err"
check grep -q "^bcx: $tmp/bad.mlir:1:" "$tmp/bad.err"
printf '"builtin.module"() ({\n%s\n}) : () ()\n' "$kernel" > "$tmp/bad.mlir"
status 1 "$bcx" asm "$tmp/bad.mlir" -o "$tmp/bad.bc" 2> "$tmp/bad.err"
check grep -q "^bcx: $tmp/bad.mlir:8:9: error: expected '->' but found '('$" "$tmp/bad.err"

# -0.0 is no integer for APFloat (inexact), so its constant has no number
# in its name; +0.0 has
cat > "$tmp/zero.mlir" <<'MLIR'
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: -0.0> : tile<f32>
    %b = constant <f32: 0.0> : tile<f32>
    %c = constant <f16: -0.0> : tile<4xf16>
    return
  }
}
MLIR
status 0 "$bcx" asm "$tmp/zero.mlir" -o "$tmp/zero.bc"
status 0 "$bcx" dis "$tmp/zero.bc" -o "$tmp/zero.txt"
check grep -q '^    %cst_f32 = constant <f32: -0.000000e+00> : tile<f32>$' "$tmp/zero.txt"
check grep -q '^    %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>$' "$tmp/zero.txt"
check grep -q '^    %cst_f16 = constant <f16: -0.000000e+00> : tile<4xf16>$' "$tmp/zero.txt"

# Several rules broken: the predicate traits (AllRanksMatch, AllTypesMatch),
# checked by the op's generated verifier, come before the native traits
# (SameOperandsAndResultElementType, SameOperandsAndResultShape).
cat > "$tmp/rules.mlir" <<'MLIR'
cuda_tile.module @m {
  testing$func @f(%a: tile<1xi32>, %p: tile<4xptr<f32>>, %o: tile<2xi32>) {
    %0 = broadcast %a : tile<1xi32> -> tile<4x4xf32>
    %1 = offset %p, %o : tile<4xptr<f32>>, tile<2xi32> -> tile<2xptr<f16>>
  }
}
MLIR
status 1 "$bcx" verify "$tmp/rules.mlir" 2> "$tmp/rules.err"
check grep -q "^bcx: $tmp/rules.mlir:3:10: error: 'cuda_tile.broadcast' op failed to verify that all of {source, result} have same rank \[function 'f', op broadcast#0\]$" "$tmp/rules.err"
check grep -q "^bcx: $tmp/rules.mlir:4:10: error: 'cuda_tile.offset' op failed to verify that all of {result, ptr} have same type \[function 'f', op offset#1\]$" "$tmp/rules.err"

# A strided view's traversal strides must be positive, in text and in
# bytecode alike: the bytecode is made valid, then its stride set to 0.
cat > "$tmp/sv.mlir" <<'MLIR'
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %sv = make_strided_view %tv : strided_view<tile=(8), traversal_strides=[5], tensor_view<64xf32, strides=[1]>>
    return
  }
}
MLIR
status 0 "$bcx" asm "$tmp/sv.mlir" -o "$tmp/sv.bc"
sed 's/traversal_strides=\[5\]/traversal_strides=[0]/' "$tmp/sv.mlir" > "$tmp/sv0.mlir"
status 1 "$bcx" asm "$tmp/sv0.mlir" -o "$tmp/sv0.bc" 2> "$tmp/sv.err"
check grep -q "error: custom op 'cuda_tile.make_strided_view' traversal strides must be strictly positive but got \[0\]$" "$tmp/sv.err"
# the record: tag, element, tile count, tile (i32), stride count, strides (i32)
at=$("$bcx" dump "$tmp/sv.bc" | sed -n 's/^ *\[5\] @0x\([0-9a-f]*\) tag 21 .*/\1/p')
check test -n "$at"
printf '\000' | dd of="$tmp/sv.bc" bs=1 seek=$((0x$at + 8)) conv=notrunc status=none
status 1 "$bcx" verify "$tmp/sv.bc" 2> "$tmp/sv.err"
check grep -q "type 5 (strided_view) fails verification: traversal strides must be strictly positive but got \[0\]$" "$tmp/sv.err"
# A tensor_view's strides likewise: text, builder and reader apply one rule
# (the reference's TensorViewType::verify, in its words).
sed 's/strides=\[1\]/strides=[0]/g; s/strides = \[1\]/strides = [0]/' "$tmp/sv.mlir" > "$tmp/tv0.mlir"
status 1 "$bcx" asm "$tmp/tv0.mlir" -o "$tmp/tv0.bc" 2> "$tmp/tv.err"
check grep -q "expected strictly positive integer, got 0$" "$tmp/tv.err"
status 0 "$bcx" asm "$tmp/sv.mlir" -o "$tmp/tv.bc"
# the record: tag, element, rank, shape (8 bytes each), rank, strides
at=$("$bcx" dump "$tmp/tv.bc" | sed -n 's/^ *\[[0-9]*\] @0x\([0-9a-f]*\) tag 14 .*/\1/p')
check test -n "$at"
printf '\000' | dd of="$tmp/tv.bc" bs=1 seek=$((0x$at + 12)) conv=notrunc status=none
status 1 "$bcx" verify "$tmp/tv.bc" 2> "$tmp/tv.err"
check grep -q "(tensor_view) fails verification: dimensions must have strictly positive constant strides but got \[0\]$" "$tmp/tv.err"

# i1 constants: bit-packed as the reference's MLIR stores them; one byte per
# element (NVIDIA's newest tools, --i1-bytes) is refused as the reference
# refuses it ("failed to validate buffer size and format"), unless the
# reader is told (--i1-bytes).
cat > "$tmp/i1.mlir" <<'MLIR'
cuda_tile.module @m {
  entry @k() {
    %c = constant <i1: [true, false, true, true, false, false, true, false, true, true, false, false, true, false, true, true]> : tile<16xi1>
    return
  }
}
MLIR
status 0 "$bcx" asm "$tmp/i1.mlir" -o "$tmp/packed.bc"
status 0 "$bcx" asm --i1-bytes "$tmp/i1.mlir" -o "$tmp/bytes.bc"
status 0 "$bcx" dis "$tmp/packed.bc" -o "$tmp/packed.txt"
status 1 "$bcx" dis "$tmp/bytes.bc" -o "$tmp/bytes.txt" 2> "$tmp/i1.err"
check grep -q "failed to validate buffer size and format (constant 0, 16 bytes for 16 elements)" "$tmp/i1.err"
status 0 "$bcx" dis --i1-bytes "$tmp/bytes.bc" -o "$tmp/bytes.txt"
check cmp -s "$tmp/packed.txt" "$tmp/bytes.txt"
status 1 "$bcx" verify "$tmp/bytes.bc" 2> /dev/null
status 0 "$bcx" verify --i1-bytes "$tmp/bytes.bc" > /dev/null
status 0 "$bcx" convert --i1-bytes --target 13.3 "$tmp/bytes.bc" -o "$tmp/again.bc"
check cmp -s "$tmp/bytes.bc" "$tmp/again.bc"
exit $fail
