#strided = strided<[4, 1]>
func.func @buffers(%n: index, %t: tensor<?x4xf32>) -> (memref<?x4xf32>, tensor<4xf32>) {
  %a = memref.alloc(%n) {alignment = 32 : i64} : memref<?x4xf32>
  %b = memref.alloca() : memref<8xi16, 1>
  %c0 = arith.constant 0 : index
  %v = memref.load %b[%c0] : memref<8xi16, 1>
  memref.store %v, %b[%c0] : memref<8xi16, 1>
  %sv = memref.subview %a[0, 0] [2, 4] [1, 1] : memref<?x4xf32> to memref<2x4xf32, #strided>
  %cast = memref.cast %a : memref<?x4xf32> to memref<*xf32>
  memref.dealloc %b : memref<8xi16, 1>
  %cst = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %splat = arith.constant dense<7> : tensor<3xi16>
  %bools = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %x = tensor.extract %t[%c0, %c0] : tensor<?x4xf32>
  %fe = tensor.from_elements %x, %x, %x, %x : tensor<4xf32>
  %sl = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<1x4xf32>
  %col = tensor.collapse_shape %cst [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  return %a, %col : memref<?x4xf32>, tensor<4xf32>
}
