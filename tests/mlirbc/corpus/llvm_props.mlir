llvm.mlir.global internal constant @g(42 : i32) {addr_space = 0 : i32} : i32
llvm.func @callee(i32) -> i32
llvm.func @f(%a: i32, %p: !llvm.ptr, %x: f32) -> i32 {
  %0 = llvm.add %a, %a overflow<nsw> : i32
  %1 = llvm.add %0, %a : i32
  %2 = llvm.getelementptr inbounds %p[1] : (!llvm.ptr) -> !llvm.ptr, i32
  %3 = llvm.load %p {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.store %3, %2 {alignment = 4 : i64, volatile_} : i32, !llvm.ptr
  %4 = llvm.fadd %x, %x {fastmathFlags = #llvm.fastmath<fast>} : f32
  %5 = llvm.icmp "slt" %0, %1 : i32
  %6 = llvm.call @callee(%1) : (i32) -> i32
  %7 = llvm.mlir.addressof @g : !llvm.ptr
  %8 = llvm.trunc %6 : i32 to i8
  %9 = llvm.select %5, %0, %6 : i1, i32
  llvm.return %9 : i32
}
