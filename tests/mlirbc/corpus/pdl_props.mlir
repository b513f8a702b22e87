pdl.pattern @p : benefit(2) {
  %t = pdl.type : i32
  %a = pdl.attribute = 5 : i32
  %o = pdl.operand
  %op = pdl.operation "arith.addi"(%o, %o : !pdl.value, !pdl.value) {"overflowFlags" = %a} -> (%t : !pdl.type)
  pdl.rewrite %op {
    pdl.erase %op
  }
}
