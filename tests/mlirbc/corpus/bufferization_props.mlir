func.func @f(%t: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  %b = bufferization.to_buffer %t read_only : tensor<4xf32> to memref<4xf32>
  %c = bufferization.to_tensor %m restrict writable : memref<4xf32> to tensor<4xf32>
  %d = bufferization.clone %m : memref<4xf32> to memref<4xf32>
  bufferization.materialize_in_destination %c in writable %m : (tensor<4xf32>, memref<4xf32>) -> ()
  return %c : tensor<4xf32>
}
