func.func @f(%m: memref<10xf32>, %t: i32, %r: i32) {
  %c = mpi.comm_world : !mpi.comm
  %rank = mpi.comm_rank(%c) : i32
  mpi.send(%m, %t, %r, %c) : memref<10xf32>, i32, i32
  mpi.recv(%m, %t, %r, %c) : memref<10xf32>, i32, i32
  return
}
