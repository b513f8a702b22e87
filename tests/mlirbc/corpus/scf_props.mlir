func.func @f(%lb: index, %ub: index, %st: index, %c: i1, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %st iter_args(%a = %x) -> (i32) {
    %b = arith.addi %a, %a : i32
    scf.yield %b : i32
  }
  %s = scf.for unsigned %i = %lb to %ub step %st iter_args(%a = %r) -> (i32) {
    scf.yield %a : i32
  }
  %t = scf.if %c -> i32 {
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    scf.reduce
  }
  %w = scf.while (%a = %t) : (i32) -> i32 {
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }
  scf.forall (%i) in (%ub) {
  }
  %idx = scf.index_switch %lb -> i32
  case 2 {
    scf.yield %x : i32
  }
  default {
    scf.yield %w : i32
  }
  return %idx : i32
}
