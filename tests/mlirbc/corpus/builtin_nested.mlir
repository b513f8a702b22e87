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
