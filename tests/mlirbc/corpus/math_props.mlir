func.func @f(%x: f32, %i: i32) -> f32 {
  %0 = math.sqrt %x fastmath<fast> : f32
  %1 = math.exp %0 : f32
  %2 = math.powf %1, %x fastmath<nnan> : f32
  %3 = math.fma %2, %x, %1 : f32
  %4 = math.absi %i : i32
  %5 = math.ctlz %4 : i32
  %6 = math.fpowi %3, %5 : f32, i32
  return %6 : f32
}
