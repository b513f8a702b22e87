llvm.func @f(%a: i32, %p: !llvm.ptr<3>, %g: !llvm.ptr<1>) -> i32 {
  %0 = nvvm.read.ptx.sreg.tid.x : i32
  nvvm.barrier0
  %1 = nvvm.shfl.sync bfly %a, %0, %a, %a : i32 -> i32
  %t = llvm.mlir.constant(true) : i1
  %2 = nvvm.vote.sync ballot %a, %t -> i32
  nvvm.cp.async.shared.global %p, %g, 16, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
  llvm.return %2 : i32
}
