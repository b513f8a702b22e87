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
