!tt = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
module attributes {t.m = affine_map<(d0) -> (d0 + 1)>, t.a = loc(callsite("n"("f.mlir":1:1) at fused<"md">["g.mlir":2:2, "h.mlir":3:3])), t.b = loc("f.mlir":1:1), t.t = !tt, t.arr = [!tt, memref<4xf32, affine_map<(d0) -> (d0 * 2)>>], t.d = distinct[0]<[affine_map<(d0) -> (d0 * 3)>]>} {
}
