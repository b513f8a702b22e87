!tuple = tuple<i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1>
#loc = loc("f.mlir":1:1)
#loc1 = loc("g.mlir":2:2)
#loc2 = loc("h.mlir":3:3)
#map = affine_map<(d0) -> (d0 * 2)>
#map1 = affine_map<(d0) -> (d0 * 3)>
#map2 = affine_map<(d0) -> (d0 + 1)>
#loc3 = loc("n"(#loc))
#loc4 = loc(fused<"md">[#loc1, #loc2])
#distinct = distinct[0]<[#map1]>
#loc5 = loc(callsite(#loc3 at #loc4))
"builtin.module"() ({
^bb0:
}) {t.a = #loc5, t.arr = [!tuple, memref<4xf32, #map>], t.b = #loc, t.d = #distinct, t.m = #map2, t.t = !tuple} : () -> ()

