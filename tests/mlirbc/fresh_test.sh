#!/usr/bin/env bash
# Fresh files against mlir-opt-22, in the same run: this script writes .mlir
# files of its own (builtin, func, arith, scf, cf, memref, tensor, vector,
# linalg and unregistered ops), has mlir-opt-22 write each as bytecode of
# every version 0-6, and checks
#   - bcx dis equals mlir-opt-22 --mlir-print-op-generic (and --debuginfo
#     equals --mlir-print-debuginfo --mlir-print-local-scope) of that file;
#   - bcx convert at the file's version gives the same bytes;
#   - bcx asm of the generic text writes a file that mlir-opt-22 loads and
#     prints as that text (versions 5 and 6: also unregistered properties).
# Skipped (77) without mlir-opt-22; scripts/deps.sh test installs it.
# Args: BCX
set -u
bcx=$1
command -v mlir-opt-22 > /dev/null || exit 77
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
same() { # same OURS REF WHAT
	if ! cmp -s "$1" "$2"; then
		echo "FAILED: $3"; diff "$1" "$2" | head -6; fail=1
	fi
}
opt() { mlir-opt-22 --allow-unregistered-dialect "$@"; }

cat > "$tmp/core.mlir" <<'M'
module attributes {test.flag, test.name = "fresh"} {
  func.func private @decl(i32, f64) -> i1
  func.func @arith(%a: i32, %b: i64, %x: f32, %y: f64, %i: index) -> (i32, f64) {
    %c = arith.constant -7 : i32
    %t = arith.constant true
    %h = arith.constant 2.5 : f16
    %bf = arith.constant -0.75 : bf16
    %s = arith.addi %a, %c overflow<nsw> : i32
    %m = arith.muli %s, %a : i32
    %d = arith.subi %m, %c : i32
    %cmp = arith.cmpi slt, %d, %a : i32
    %sel = arith.select %cmp, %d, %a : i32
    %e = arith.extsi %sel : i32 to i64
    %f = arith.sitofp %e : i64 to f64
    %g = arith.addf %f, %y fastmath<fast> : f64
    %n = arith.negf %g : f64
    %cf = arith.cmpf olt, %n, %y : f64
    %ix = arith.index_cast %a : i32 to index
    %r = call @decl(%sel, %n) : (i32, f64) -> i1
    return %sel, %n : i32, f64
  }
  func.func @branches(%p: i1, %a: i32, %b: i32) -> i32 {
    cf.cond_br %p, ^bb1(%a : i32), ^bb2
  ^bb1(%v: i32):
    cf.br ^bb3(%v : i32)
  ^bb2:
    cf.switch %b : i32, [default: ^bb3(%b : i32), 0: ^bb1(%a : i32), 3: ^bb3(%a : i32)]
  ^bb3(%w: i32):
    cf.assert %p, "must hold"
    return %w : i32
  }
}
M

cat > "$tmp/loops.mlir" <<'M'
func.func @loops(%n: index, %x: f32, %buf: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %v = memref.load %buf[%i] : memref<?xf32>
    %p = arith.cmpf ogt, %v, %acc : f32
    %m = scf.if %p -> (f32) {
      scf.yield %v : f32
    } else {
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    scf.yield %m : f32
  }
  %w = scf.while (%a = %r) : (f32) -> f32 {
    %lim = arith.constant 1.0e+02 : f32
    %c = arith.cmpf olt, %a, %lim : f32
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    %d = arith.addf %b, %b : f32
    scf.yield %d : f32
  }
  return %w : f32
}
M

cat > "$tmp/buffers.mlir" <<'M'
#strided = strided<[4, 1]>
func.func @buffers(%n: index, %t: tensor<?x4xf32>) -> (memref<?x4xf32>, tensor<4xf32>) {
  %a = memref.alloc(%n) {alignment = 32 : i64} : memref<?x4xf32>
  %b = memref.alloca() : memref<8xi16, 1>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<8xi16, 1>
  memref.store %v, %b[%c0] : memref<8xi16, 1>
  %sv = memref.subview %a[0, 0] [2, 4] [1, 1] : memref<?x4xf32> to memref<2x4xf32, #strided>
  %cast = memref.cast %a : memref<?x4xf32> to memref<*xf32>
  memref.dealloc %b : memref<8xi16, 1>
  %cst = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %splat = arith.constant dense<7> : tensor<3xi16>
  %bools = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %x = tensor.extract %t[%c0, %c0] : tensor<?x4xf32>
  %fe = tensor.from_elements %x, %x, %x, %x : tensor<4xf32>
  %sl = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<1x4xf32>
  %col = tensor.collapse_shape %cst [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %a, %col : memref<?x4xf32>, tensor<4xf32>
}
M

cat > "$tmp/vectors.mlir" <<'M'
#id = affine_map<(d0) -> (d0)>
func.func @vec(%v: vector<4xf32>, %m: memref<4xf32>, %s: vector<[4]xi8>) -> (f32, vector<4xf32>) {
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  %mx = vector.reduction <maximumf>, %v fastmath<nnan> : vector<4xf32> into f32
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%c0], %f {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  vector.transfer_write %t, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %e = vector.extract %t[1] : f32 from vector<4xf32>
  %i = vector.insert %e, %t [2] : f32 into vector<4xf32>
  %bc = vector.broadcast %e : f32 to vector<4xf32>
  %sum = arith.addf %i, %bc : vector<4xf32>
  return %r, %sum : f32, vector<4xf32>
}
func.func @lin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
M

cat > "$tmp/unreg.mlir" <<'M'
"foo.top"() ({
  %0 = "foo.const"() {value = 42 : i32, tag = #foo.tag<"x">} : () -> !foo.int<32>
  %1:2 = "foo.pair"(%0, %0) <{count = 2 : i64, prop = "inherent"}> : (!foo.int<32>, !foo.int<32>) -> (i32, !bar.thing)
  "foo.graph"() ({
    "foo.use"(%late) : (i32) -> ()
    %late = "foo.def"() : () -> i32
  }) : () -> ()
  "foo.region"(%1#0) ({
  ^bb0(%a: i32):
    "foo.br"(%a)[^bb1] : (i32) -> ()
  ^bb1:
    "foo.yield"(%1#1) : (!bar.thing) -> ()
  }, {}) {unit_attr} : (i32) -> ()
}) {sym_name = "top"} : () -> ()
M

# isolated regions inside isolated regions (bcx dis loads each while its
# parent is loaded), with aliases (the alias walk decodes every body first)
# and without (numbering counts the bodies from their bytes)
cat > "$tmp/nested.mlir" <<'M'
#perm = affine_map<(d0, d1) -> (d1, d0)>
module {
  func.func @first(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32
    return %0 : i32
  }
  module @inner {
    func.func @mid(%m: memref<4x4xf32, #perm>, %n: index) -> i32 {
      %c = arith.constant 3 : i32
      %1 = "test.op"() ({
      ^bb0(%q: i32):
        "test.yield"(%q) : (i32) -> ()
      }) {d = distinct[0]<42 : i32>} : () -> i32
      cf.br ^bb1(%c : i32)
    ^bb1(%z: i32):
      return %z : i32
    }
    func.func @tagged() attributes {map = #perm} {
      return
    }
  }
  func.func @last(%u: index) -> index {
    %r = scf.for %i = %u to %u step %u iter_args(%a = %u) -> (index) {
      %s = arith.addi %a, %i : index
      scf.yield %s : index
    }
    return %r : index
  }
}
M
sed -e '/^#perm/d' -e 's/, #perm>/>/' -e 's/ attributes {map = #perm}//' \
	-e 's/distinct\[0\]<42 : i32>/42 : i32/' "$tmp/nested.mlir" > "$tmp/nested_plain.mlir"

for src in "$tmp"/*.mlir; do
	n=${src%.mlir}
	opt --mlir-print-op-generic "$src" -o "$n.generic" || { echo "FAILED: mlir-opt-22 reads $src"; fail=1; continue; }
	for v in 0 1 2 3 4 5 6; do
		bc=$n.v$v.mlirbc
		opt --emit-bytecode --emit-bytecode-version=$v "$src" -o "$bc" || { fail=1; continue; }
		opt --mlir-print-op-generic "$bc" -o "$tmp/ref.txt"
		"$bcx" dis "$bc" -o "$tmp/our.txt"
		same "$tmp/our.txt" "$tmp/ref.txt" "bcx dis $bc"
		opt --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope "$bc" -o "$tmp/ref.txt"
		"$bcx" dis --debuginfo "$bc" -o "$tmp/our.txt"
		same "$tmp/our.txt" "$tmp/ref.txt" "bcx dis --debuginfo $bc"
		"$bcx" convert --bytecode-version $v "$bc" -o "$tmp/conv.mlirbc"
		same "$tmp/conv.mlirbc" "$bc" "bcx convert --bytecode-version $v $bc"
		# the writer: generic text -> bytecode -> mlir-opt prints the same text
		[ $v -ge 5 ] || [[ $n != *unreg ]] || continue
		"$bcx" asm --format mlirbc --bytecode-version $v "$n.generic" -o "$tmp/asm.mlirbc"
		check test $? -eq 0
		opt --mlir-print-op-generic "$tmp/asm.mlirbc" -o "$tmp/back.txt"
		same "$tmp/back.txt" "$n.generic" "bcx asm --bytecode-version $v $n.generic"
	done
done
exit $fail
