"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, no_inline, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i1, i32, memref<10xf32>, index) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i1, %arg1: i32, %arg2: memref<10xf32>, %arg3: index):
    %0 = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (memref<10xf32>) -> memref<4xf32, strided<[1], offset: 1>>
    %1 = "memref.load"(%arg2, %arg3) <{nontemporal = true}> : (memref<10xf32>, index) -> f32
    %2 = "func.call"(%arg1) <{callee = @decl, no_inline}> : (i32) -> i32
    "cf.cond_br"(%arg0, %2)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i32) -> ()
  ^bb1(%3: i32):  // pred: ^bb0
    "func.return"(%3) : (i32) -> ()
  ^bb2:  // pred: ^bb0
    %4 = "arith.addi"(%arg1, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %5 = "arith.divsi"(%4, %arg1) : (i32, i32) -> i32
    "func.return"(%5) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

