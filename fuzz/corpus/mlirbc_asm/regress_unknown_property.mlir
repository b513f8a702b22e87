"builtin.module"() ({
  "func.func"() <{function_type = (index, index) -> memref<?x?xf32>, sym_name = "buffers"}> ({
  ^bb0(%arg2: index loc("memref_tensor.mlir":4:22), %arg3: index loc("memref_tensor.mlir":4:33)):
    %8 = "memref.alloc"(%arg2, %arg3) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 2, 0>}> : (index, index) -> memref<?x?xf32> loc("memref_tensor.mlir":5:10)
    %9 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4x8xi32, 1> loc("memref_tensor.mlir":6:10)
    %10 = "arith.constant"() <{value = 0 : index}> : () -> index loc("memref_tensor.mlir":7:11)
    %11 = "memref.load"(%9, %10, %10) : (memref<4x8xi32, 1>, index, index) -> i32 loc("memref_tensor.mlir":8:10)
    "memref.store"(%11, %9, %10, %10) : (i32, memref<4x8xi32, 1>, index, index) -> () loc("memref_tensor.mlir":9:5)
    %12 = "memref.subview"(%8) <{opadnreSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 1, 1>}> : (memref<?x?xf32>) -> memref<2x2xf32, strided<[?, 1]>> loc("memref_tensor.mlir":10:11)
    %13 = "memref.cast"(%8) : (memref<?x?xf32>) -> memref<*xf32> loc("memref_tensor.mlir":11:13)
    "memref.dealloc"(%9) : (memref<4x8xi32, 1>) -> () loc("memref_tensor.mlir":12:5)
    "func.return"(%8) : (memref<?x?xf32>) -> () loc("memref_tensor.mlir":13:5)
  }) : () -> () loc("memref_tensor.mlir":4:3)
  "func.func"() <{function_type = (tensor<?x4xf32>, index) -> tensor<2x2xf32>, sym_name = "tensors"}> ({
  ^bb0(%arg0: tensor<?x4xf32> loc("memref_tensor.mlir":16:22), %arg1: index loc("memref_tensor.mlir":16:43)):
    %0 = "arith.constant"() <{value = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32> loc("memref_tensor.mlir":17:12)
    %1 = "arith.constant"() <{value = dense<7> : tensor<3xi16>}> : () -> tensor<3xi16> loc("memref_tensor.mlir":18:14)
    %2 = "tensor.empty"(%arg1) : (index) -> tensor<?x4xf32> loc("memref_tensor.mlir":19:10)
    %3 = "tensor.extract"(%arg0, %arg1, %arg1) : (tensor<?x4xf32>, index, index) -> f32 loc("memref_tensor.mlir":20:10)
    %4 = "tensor.insert"(%3, %0, %arg1, %arg1) : (f32, tensor<2x2xf32>, index, index) -> tensor<2x2xf32> loc("memref_tensor.mlir":21:12)
    %5 = "tensor.from_elements"(%3, %3) : (f32, f32) -> tensor<2xf32> loc("memref_tensor.mlir":22:11)
    %6 = "tensor.collapse_shape"(%4) <{reassociation = [[0, 1]]}> : (tensor<2x2xf32>) -> tensor<4xf32> loc("memref_tensor.mlir":23:12)
    %7 = "tensor.cast"(%arg0) : (tensor<?x4xf32>) -> tensor<*xf32> loc("memref_tensor.mlir":24:10)
    "func.return"(%4) : (tensor<2x2xf32>) -> () loc("memref_tensor.mlir":25:5)
  }) : () -> () loc("memref_tensor.mlir":16:3)
}) : () -> () loc("memref_tensor.mlir":3:1)
