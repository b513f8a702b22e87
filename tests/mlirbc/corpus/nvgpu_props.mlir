func.func @f(%a: memref<16xf16, 3>, %g: memref<16xf16>, %i: index) {
  %t = nvgpu.device_async_copy %g[%i], %a[%i], 8 : memref<16xf16> to memref<16xf16, 3>
  %c = nvgpu.device_async_create_group %t
  nvgpu.device_async_wait %c {numGroups = 1 : i32}
  return
}
