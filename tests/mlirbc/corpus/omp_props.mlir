llvm.func @f(%lb: i32, %ub: i32, %st: i32, %p: !llvm.ptr) {
  omp.parallel num_threads(%lb : i32) {
    omp.wsloop schedule(static) {
      omp.loop_nest (%i) : i32 = (%lb) to (%ub) step (%st) {
        omp.yield
      }
    }
    omp.barrier
    omp.terminator
  }
  omp.critical {
    omp.terminator
  }
  llvm.return
}
