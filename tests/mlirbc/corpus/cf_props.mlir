func.func @f(%c: i1, %a: i32, %s: i32) -> i32 {
  cf.assert %c, "must hold"
  cf.cond_br %c, ^bb1(%a : i32), ^bb2 {branch_weights = array<i32: 3, 5>}
^bb1(%x: i32):
  cf.switch %s : i32, [
    default: ^bb2,
    42: ^bb3(%x : i32),
    43: ^bb3(%a : i32)
  ]
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%y: i32):
  return %y : i32
}
