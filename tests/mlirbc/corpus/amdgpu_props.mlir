func.func @f(%m: memref<64xf32>, %i: i32, %v: f32) -> f32 {
  %0 = amdgpu.raw_buffer_load {boundsCheck = true} %m[%i] : memref<64xf32>, i32 -> f32
  amdgpu.raw_buffer_store {boundsCheck = false} %v -> %m[%i] : f32 -> memref<64xf32>, i32
  amdgpu.lds_barrier
  return %0 : f32
}
