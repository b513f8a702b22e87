"builtin.module"() ({
  "func.func"() <{function_type = (i0, ui4096, si1) -> i0, sym_name = "f"}> ({
  ^bb0(%arg0: i0, %arg1: ui4096, %arg2: si1):
    %0 = "arith.constant"() <{value = 0 : i0}> : () -> i0
    %1 = "arith.constant"() <{value = dense<[1, -1]> : tensor<2xi128>}> : () -> tensor<2xi128>
    "func.return"(%0) : (i0) -> ()
  }) : () -> ()
}) {t.a = 0 : i0, t.aa = array<i64: -1, 9223372036854775807>, t.ab = array<f32: 1.500000e+00, -0.000000e+00>, t.ac = array<f64: 1.000000e+300>, t.ad = dense<[(1,2), (3,-4)]> : tensor<2xcomplex<i128>>, t.ae = dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf80>, t.af = dense<[1.000000e+00, -2.500000e+00]> : tensor<2xf128>, t.ag = dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f128>>, t.b = true, t.c = -1 : i2, t.d = 127 : si8, t.e = 255 : ui8, t.f = -9223372036854775808 : i64, t.g = 18446744073709551615 : ui64, t.h = -5 : i65, t.i = 12345 : i128, t.j = -1 : i4096, t.k = 42 : index, t.l = 7 : si33, t.m = 7 : i64, t.n = dense<[0, 0]> : tensor<2xi0>, t.o = dense<[1, -2, 3]> : tensor<3xi7>, t.p = dense<[-1, 2]> : tensor<2xi128>, t.q = dense<5> : tensor<4xi200>, t.r = dense<[1, 2]> : vector<2xui65>, t.s = dense<[true, false, true]> : tensor<3xi1>, t.u = dense<[[1, 2], [3, 4]]> : tensor<2x2xsi16>, t.v = dense<-3> : tensor<2x3xi4096>, t.w = array<i1: true, false>, t.x = array<i8: 1, -2>, t.y = array<i16: 300>, t.z = array<i32>} : () -> ()

