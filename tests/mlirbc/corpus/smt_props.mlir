func.func @f() {
  smt.solver () : () -> () {
    %c = smt.bv.constant #smt.bv<5> : !smt.bv<32>
    %d = smt.declare_fun "x" : !smt.bv<32>
    %e = smt.eq %c, %d : !smt.bv<32>
    smt.assert %e
    %b = smt.constant true
    %i = smt.int.constant 42
    smt.yield
  }
  return
}
