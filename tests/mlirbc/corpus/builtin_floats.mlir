module attributes {t.a = 1.0 : f8E4M3FNUZ, t.b = -2.5 : f8E5M2FNUZ, t.c = 0.5 : f8E4M3B11FNUZ, t.d = 1.0 : f8E3M4, t.e = 3.0 : f8E4M3, t.f = 1.5 : f6E2M3FN, t.g = 4.0 : f6E3M2FN, t.h = 1.0 : f4E2M1FN, t.i = 2.0 : f8E8M0FNU, t.j = 1.0 : f8E5M2, t.k = 1.0 : f8E4M3FN, t.l = 1.0 : tf32, t.m = 1.0 : bf16, t.n = 1.0 : f16, t.o = 0.1 : f32, t.p = 0.1 : f64, t.q = 1.0 : f80, t.r = 1.0 : f128, t.s = 0x80 : f8E4M3FNUZ, t.t = 0x7F : f8E4M3FNUZ, t.u = -0.0 : f8E5M2FNUZ, t.v = 0xFF : f8E4M3B11FNUZ} {
  func.func @f() -> f8E4M3FNUZ {
    %0 = arith.constant 1.5 : f8E4M3FNUZ
    %1 = arith.constant dense<[1.0, 2.0, -0.5, 0.25]> : tensor<4xf8E5M2FNUZ>
    %2 = arith.constant dense<[1.0, 2.0]> : vector<2xf6E2M3FN>
    %3 = arith.constant dense<[1.0, 2.0, 0.0, 0.5]> : tensor<4xf4E2M1FN>
    %4 = arith.constant dense<2.0> : tensor<3xf8E8M0FNU>
    %5 = arith.constant dense<[1.0, 3.0]> : tensor<2xf8E3M4>
    %6 = arith.constant dense<[1.0, 3.0]> : tensor<2xf8E4M3>
    %7 = arith.constant dense<[1.0, 3.0]> : tensor<2xf8E4M3B11FNUZ>
    %8 = arith.constant dense<[1.0, 3.0]> : tensor<2xf6E3M2FN>
    %9 = arith.constant dense<[1.0, 3.0]> : tensor<2xtf32>
    return %0 : f8E4M3FNUZ
  }
}
