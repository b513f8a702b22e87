memref.global "private" constant @c : memref<2xf32> = dense<[1.0, 2.0]>
func.func @f(%m: memref<10xf32>, %i: index, %n: index) -> f32 {
  %g = memref.get_global @c : memref<2xf32>
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?xf32>
  %b = memref.alloca() : memref<4xf32>
  %v = memref.load %m[%i] {nontemporal = true} : memref<10xf32>
  memref.store %v, %b[%i] : memref<4xf32>
  %s = memref.subview %m[1][4][1] : memref<10xf32> to memref<4xf32, strided<[1], offset: 1>>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [5], strides: [2] : memref<10xf32> to memref<5xf32, strided<[2]>>
  %c = memref.cast %a : memref<?xf32> to memref<*xf32>
  memref.dealloc %a : memref<?xf32>
  memref.copy %b, %b : memref<4xf32> to memref<4xf32>
  %d = memref.dim %m, %i : memref<10xf32>
  return %v : f32
}
