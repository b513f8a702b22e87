"builtin.module"() ({
  "func.func"() <{function_type = () -> f8E4M3FNUZ, sym_name = "f"}> ({
    %0 = "arith.constant"() <{value = 1.500000e+00 : f8E4M3FNUZ}> : () -> f8E4M3FNUZ
    %1 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00, -5.000000e-01, 2.500000e-01]> : tensor<4xf8E5M2FNUZ>}> : () -> tensor<4xf8E5M2FNUZ>
    %2 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : vector<2xf6E2M3FN>}> : () -> vector<2xf6E2M3FN>
    %3 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00, 0.000000e+00, 5.000000e-01]> : tensor<4xf4E2M1FN>}> : () -> tensor<4xf4E2M1FN>
    %4 = "arith.constant"() <{value = dense<2.000000e+00> : tensor<3xf8E8M0FNU>}> : () -> tensor<3xf8E8M0FNU>
    %5 = "arith.constant"() <{value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf8E3M4>}> : () -> tensor<2xf8E3M4>
    %6 = "arith.constant"() <{value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf8E4M3>}> : () -> tensor<2xf8E4M3>
    %7 = "arith.constant"() <{value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf8E4M3B11FNUZ>}> : () -> tensor<2xf8E4M3B11FNUZ>
    %8 = "arith.constant"() <{value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf6E3M2FN>}> : () -> tensor<2xf6E3M2FN>
    %9 = "arith.constant"() <{value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xtf32>}> : () -> tensor<2xtf32>
    "func.return"(%0) : (f8E4M3FNUZ) -> ()
  }) : () -> ()
}) {t.a = 1.000000e+00 : f8E4M3FNUZ, t.b = -2.500000e+00 : f8E5M2FNUZ, t.c = 5.000000e-01 : f8E4M3B11FNUZ, t.d = 1.000000e+00 : f8E3M4, t.e = 3.000000e+00 : f8E4M3, t.f = 1.500000e+00 : f6E2M3FN, t.g = 4.000000e+00 : f6E3M2FN, t.h = 1.000000e+00 : f4E2M1FN, t.i = 2.000000e+00 : f8E8M0FNU, t.j = 1.000000e+00 : f8E5M2, t.k = 1.000000e+00 : f8E4M3FN, t.l = 1.000000e+00 : tf32, t.m = 1.000000e+00 : bf16, t.n = 1.000000e+00 : f16, t.o = 1.000000e-01 : f32, t.p = 1.000000e-01 : f64, t.q = 1.000000e+00 : f80, t.r = 1.000000e+00 : f128, t.s = 0x80 : f8E4M3FNUZ, t.t = 2.400000e+02 : f8E4M3FNUZ, t.u = 0.000000e+00 : f8E5M2FNUZ, t.v = -3.000000e+01 : f8E4M3B11FNUZ} : () -> ()

