module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<16xf32>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
      %t = gpu.thread_id x
      %b = gpu.block_dim y
      %v = memref.load %a[%t] : memref<16xf32>
      %r = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %c4 = arith.constant 4 : i32
      %s:2 = gpu.shuffle xor %v, %c4, %c4 : f32
      gpu.barrier
      gpu.return
    }
  }
  func.func @host(%a: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<16xf32>)
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
      gpu.terminator
    }
    return
  }
}
