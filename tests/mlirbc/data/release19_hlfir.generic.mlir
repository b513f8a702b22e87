"builtin.module"() ({
  "func.func"() <{arg_attrs = [{fir.bindc_name = "n"}, {fir.bindc_name = "a"}, {fir.bindc_name = "x"}, {fir.bindc_name = "y"}], function_type = (!fir.ref<i32>, !fir.ref<f32>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>) -> (), sym_name = "_QPsaxpy"}> ({
  ^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<f32>, %arg2: !fir.ref<!fir.array<?xf32>>, %arg3: !fir.ref<!fir.array<?xf32>>):
    %0 = "fir.dummy_scope"() : () -> !fir.dscope
    %1:2 = "hlfir.declare"(%arg1, %0) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, uniq_name = "_QFsaxpyEa"}> : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %2 = "fir.alloca"() <{bindc_name = "i", in_type = i32, operandSegmentSizes = array<i32: 0, 0>, uniq_name = "_QFsaxpyEi"}> : () -> !fir.ref<i32>
    %3:2 = "hlfir.declare"(%2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, uniq_name = "_QFsaxpyEi"}> : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = "hlfir.declare"(%arg0, %0) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, uniq_name = "_QFsaxpyEn"}> : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = "fir.load"(%4#0) : (!fir.ref<i32>) -> i32
    %6 = "fir.convert"(%5) : (i32) -> i64
    %7 = "fir.convert"(%6) : (i64) -> index
    %8 = "arith.constant"() <{value = 0 : index}> : () -> index
    %9 = "arith.cmpi"(%7, %8) <{predicate = 4 : i64}> : (index, index) -> i1
    %10 = "arith.select"(%9, %7, %8) : (i1, index, index) -> index
    %11 = "fir.shape"(%10) : (index) -> !fir.shape<1>
    %12:2 = "hlfir.declare"(%arg2, %11, %0) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, uniq_name = "_QFsaxpyEx"}> : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %13 = "fir.load"(%4#0) : (!fir.ref<i32>) -> i32
    %14 = "fir.convert"(%13) : (i32) -> i64
    %15 = "fir.convert"(%14) : (i64) -> index
    %16 = "arith.constant"() <{value = 0 : index}> : () -> index
    %17 = "arith.cmpi"(%15, %16) <{predicate = 4 : i64}> : (index, index) -> i1
    %18 = "arith.select"(%17, %15, %16) : (i1, index, index) -> index
    %19 = "fir.shape"(%18) : (index) -> !fir.shape<1>
    %20:2 = "hlfir.declare"(%arg3, %19, %0) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>, uniq_name = "_QFsaxpyEy"}> : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %21 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    %22 = "fir.convert"(%21) : (i32) -> index
    %23 = "fir.load"(%4#0) : (!fir.ref<i32>) -> i32
    %24 = "fir.convert"(%23) : (i32) -> index
    %25 = "arith.constant"() <{value = 1 : index}> : () -> index
    %26 = "fir.convert"(%22) : (index) -> i32
    %27:2 = "fir.do_loop"(%22, %24, %25, %26) <{finalValue, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>}> ({
    ^bb0(%arg4: index, %arg5: i32):
      "fir.store"(%arg5, %3#1) : (i32, !fir.ref<i32>) -> ()
      %28 = "fir.load"(%1#0) : (!fir.ref<f32>) -> f32
      %29 = "fir.load"(%3#0) : (!fir.ref<i32>) -> i32
      %30 = "fir.convert"(%29) : (i32) -> i64
      %31 = "hlfir.designate"(%12#0, %30) <{is_triplet = array<i1: false>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0>}> : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
      %32 = "fir.load"(%31) : (!fir.ref<f32>) -> f32
      %33 = "arith.mulf"(%28, %32) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
      %34 = "fir.load"(%3#0) : (!fir.ref<i32>) -> i32
      %35 = "fir.convert"(%34) : (i32) -> i64
      %36 = "hlfir.designate"(%20#0, %35) <{is_triplet = array<i1: false>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0>}> : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
      %37 = "fir.load"(%36) : (!fir.ref<f32>) -> f32
      %38 = "arith.addf"(%33, %37) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
      %39 = "fir.load"(%3#0) : (!fir.ref<i32>) -> i32
      %40 = "fir.convert"(%39) : (i32) -> i64
      %41 = "hlfir.designate"(%20#0, %40) <{is_triplet = array<i1: false>, operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 0>}> : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
      "hlfir.assign"(%38, %41) : (f32, !fir.ref<f32>) -> ()
      %42 = "arith.addi"(%arg4, %25) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      %43 = "fir.convert"(%25) : (index) -> i32
      %44 = "fir.load"(%3#1) : (!fir.ref<i32>) -> i32
      %45 = "arith.addi"(%44, %43) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "fir.result"(%42, %45) : (index, i32) -> ()
    }) : (index, index, index, i32) -> (index, i32)
    "fir.store"(%27#1, %3#1) : (i32, !fir.ref<i32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<f128, dense<128> : vector<2xi64>>, #dlti.dl_entry<!llvm.ptr<270>, dense<32> : vector<4xi64>>, #dlti.dl_entry<f64, dense<64> : vector<2xi64>>, #dlti.dl_entry<f16, dense<16> : vector<2xi64>>, #dlti.dl_entry<!llvm.ptr<271>, dense<32> : vector<4xi64>>, #dlti.dl_entry<!llvm.ptr<272>, dense<64> : vector<4xi64>>, #dlti.dl_entry<i16, dense<16> : vector<2xi64>>, #dlti.dl_entry<i8, dense<8> : vector<2xi64>>, #dlti.dl_entry<i32, dense<32> : vector<2xi64>>, #dlti.dl_entry<f80, dense<128> : vector<2xi64>>, #dlti.dl_entry<i1, dense<8> : vector<2xi64>>, #dlti.dl_entry<!llvm.ptr, dense<64> : vector<4xi64>>, #dlti.dl_entry<i64, dense<64> : vector<2xi64>>, #dlti.dl_entry<i128, dense<128> : vector<2xi64>>, #dlti.dl_entry<"dlti.endianness", "little">, #dlti.dl_entry<"dlti.stack_alignment", 128 : i64>>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.target_triple = "x86_64-pc-linux-gnu"} : () -> ()

