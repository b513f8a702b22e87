func.func @f(%a: i32, %b: i32, %x: f32, %y: f32) -> i32 {
  %0 = arith.addi %a, %b overflow<nsw> : i32
  %1 = arith.divsi %0, %a : i32
  %2 = arith.divui %1, %b exact : i32
  %3 = arith.cmpi slt, %2, %a : i32
  %4 = arith.select %3, %0, %1 : i32
  %5 = arith.addf %x, %y fastmath<fast> : f32
  %6 = arith.cmpf oeq, %5, %y : f32
  %7 = arith.truncf %5 : f32 to f16
  %8 = arith.constant 42 : i32
  %9 = arith.muli %4, %8 overflow<nsw, nuw> : i32
  %10 = arith.extf %7 : f16 to f32
  %11 = arith.fptosi %10 : f32 to i32
  return %9 : i32
}
