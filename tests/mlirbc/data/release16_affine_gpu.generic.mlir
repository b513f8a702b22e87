#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0)[s0] -> (d0, s0)>
#map2 = affine_map<()[s0] -> (s0, 16)>
#map3 = affine_map<() -> (0)>
#map4 = affine_map<() -> (4)>
"builtin.module"() ({
  "func.func"() <{function_type = (memref<16xf32>, index, index) -> f32, sym_name = "f"}> ({
  ^bb0(%arg15: memref<16xf32>, %arg16: index, %arg17: index):
    %0 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %1 = "affine.for"(%arg16, %arg17, %arg17, %0) <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 2, 1, 1>, step = 2 : index, upperBoundMap = #map2}> ({
    ^bb0(%arg19: index, %arg20: f32):
      %2 = "affine.load"(%arg15, %arg19) <{map = #map}> : (memref<16xf32>, index) -> f32
      %3 = "arith.addf"(%arg20, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "affine.yield"(%3) : (f32) -> ()
    }) : (index, index, index, f32) -> f32
    "affine.for"() <{lowerBoundMap = #map3, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map4}> ({
    ^bb0(%arg18: index):
      "affine.store"(%0, %arg15, %arg18) <{map = #map}> : (f32, memref<16xf32>, index) -> ()
      "affine.yield"() : () -> ()
    }) : () -> ()
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  "builtin.module"() ({
    "gpu.module"() <{sym_name = "kernels"}> ({
      "gpu.func"() <{function_type = (memref<16xf32>) -> ()}> ({
      ^bb0(%arg14: memref<16xf32>):
        "gpu.return"() : () -> ()
      }) {gpu.kernel, sym_name = "k", workgroup_attributions = 0 : i64} : () -> ()
    }) : () -> ()
    "func.func"() <{function_type = (memref<16xf32>, index) -> (), sym_name = "g"}> ({
    ^bb0(%arg0: memref<16xf32>, %arg1: index):
      "gpu.launch_func"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1, %arg0) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0>}> : (index, index, index, index, index, index, memref<16xf32>) -> ()
      "gpu.launch"(%arg1, %arg1, %arg1, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0>}> ({
      ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index):
        "gpu.terminator"() : () -> ()
      }) : (index, index, index, index, index, index) -> ()
      "func.return"() : () -> ()
    }) : () -> ()
  }) {gpu.container_module} : () -> ()
}) : () -> ()

