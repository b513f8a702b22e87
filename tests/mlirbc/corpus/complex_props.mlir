func.func @f(%a: complex<f32>, %x: f32) -> complex<f32> {
  %0 = complex.add %a, %a fastmath<fast> : complex<f32>
  %1 = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %2 = complex.mul %0, %1 : complex<f32>
  %3 = complex.abs %2 : complex<f32>
  %4 = complex.create %3, %x : complex<f32>
  return %4 : complex<f32>
}
