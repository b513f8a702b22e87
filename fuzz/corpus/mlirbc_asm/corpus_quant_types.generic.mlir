"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x!quant.uniform<i8:f32, 2.000000e+00:10>>) -> tensor<4x!quant.uniform<i8:f32, 2.000000e+00:10>>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4x!quant.uniform<i8:f32, 2.000000e+00:10>>):
    "func.return"(%arg0) : (tensor<4x!quant.uniform<i8:f32, 2.000000e+00:10>>) -> ()
  }) : () -> ()
}) {t.a = !quant.any<i8:f32>, t.b = !quant.any<i8<-8:7>:f32>, t.c = !quant.any<u8>, t.d = !quant.uniform<i8:f32, 2.000000e+00:10>, t.e = !quant.uniform<u8:f32, 5.000000e-01>, t.f = !quant.uniform<i8<-127:127>:f32, 1.000000e-01:-3>, t.g = !quant.uniform<i8:f32:1, {2.000000e+00:10,3.000000e+00,2.500000e-01:-1}>, t.h = !quant.calibrated<f32<-0.998:1.000000e+00>>, t.i = !quant.uniform<i8:f32:{0:1, 1:2}, {{2.000000e+00:10, 3.000000e+00}, {4.000000e+00, 5.000000e+00:-1}}>, t.j = !quant.uniform<i16:f16, 1.000000e-03>, t.k = !quant.uniform<i4:bf16, 3.000000e+00>, t.m = !quant.any<i32:f64>, t.n = !quant.uniform<u4<1:14>:f32, 1.500000e+00:7>} : () -> ()

