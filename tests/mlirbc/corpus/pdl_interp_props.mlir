module {
  pdl_interp.func @matcher(%root: !pdl.operation) {
    pdl_interp.check_operation_name of %root is "arith.addi" -> ^bb1, ^bb2
  ^bb1:
    pdl_interp.record_match @rewriters::@r(%root : !pdl.operation) : benefit(1), loc([%root]), root("arith.addi") -> ^bb2
  ^bb2:
    pdl_interp.finalize
  }
  module @rewriters {
    pdl_interp.func @r(%op: !pdl.operation) {
      pdl_interp.erase %op
      pdl_interp.finalize
    }
  }
}
