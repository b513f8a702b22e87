module attributes {t.a = !quant.any<i8:f32>, t.b = !quant.any<i8<-8:7>:f32>, t.c = !quant.any<u8>, t.d = !quant.uniform<i8:f32, 2.0:10>, t.e = !quant.uniform<u8:f32, 0.5>, t.f = !quant.uniform<i8<-127:127>:f32, 0.1:-3>, t.g = !quant.uniform<i8:f32:1, {2.0:10, 3.0, 0.25:-1}>, t.h = !quant.calibrated<f32<-0.998:1.0>>, t.i = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.0:10, 3.0}, {4.0, 5.0:-1}}>, t.j = !quant.uniform<i16:f16, 1.0e-3>, t.k = !quant.uniform<i4:bf16, 3.0>, t.m = !quant.any<i32:f64>, t.n = !quant.uniform<u4<1:14>:f32, 1.5:7>} {
  func.func @f(%a: tensor<4x!quant.uniform<i8:f32, 2.0:10>>) -> tensor<4x!quant.uniform<i8:f32, 2.0:10>> {
    return %a : tensor<4x!quant.uniform<i8:f32, 2.0:10>>
  }
}
