#set = affine_set<(d0, d1)[s0] : (d0 - s0 >= 0, d1 == 0)>
#set1 = affine_set<() : (0 == 0)>
module attributes {t.a = [], t.b = [1, "s", unit, [2 : i8]], t.c = {}, t.d = {a = 1, "b c" = 2, z = {y = unit}}, t.e = "str\0A\22\\", t.f = "typed" : i32, t.g = @sym, t.h = @a::@b::@c, t.i = i32, t.j = unit, t.k = affine_map<(d0) -> (d0 floordiv 2, d0 mod 3, d0 ceildiv 4)>, t.l = #set, t.m = #set1, t.n = dense<["a", "b"]> : tensor<2x!t.str>, t.o = dense<"x"> : tensor<3x!t.str>, t.p = sparse<[[0, 1], [1, 2]], [1.0, 2.0]> : tensor<2x3xf32>, t.q = sparse<> : tensor<2x3xi32>, t.r = sparse<[[0]], [5]> : tensor<4xi64>, t.s = dense<> : tensor<0xi32>, t.t = dense_resource<blob1> : tensor<2xi32>, t.u = #t.attr<"x">, t.v = #t<"opaque">, t.w = distinct[0]<42 : i32>, t.x = distinct[1]<unit>, t.y = strided<[1, ?], offset: 4>, t.z = "\E2\82\AC", t.aa = dense<[1.0, 2.0]> : tensor<2xf32>, t.ab = dense<1.0> : tensor<100xf64>, t.ac = dense<[[1, 2]]> : tensor<1x2xi32>, t.ad = distinct[2]<[1, 2]>, t.ae = dense<"0x0102030405060708"> : tensor<2xi32>, t.af = 1.0e+10 : f32, t.ag = 0x7FC00000 : f32, t.ah = -0.0 : f64, t.ai = 1 : index, t.aj = loc("a.mlir":1:2), t.ak = loc(unknown), t.al = #t.typed<5> : i32, t.am = sparse<[[0, 0]], [(1.0, 2.0)]> : tensor<2x2xcomplex<f32>>} {
}

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x0400000001000000FFFFFFFF"
    }
  }
#-}
