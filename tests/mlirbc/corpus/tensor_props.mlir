func.func @f(%t: tensor<8x8xf32>, %i: index, %p: f32) -> tensor<64xf32> {
  %s = tensor.extract_slice %t[0, %i] [4, 4] [1, 1] : tensor<8x8xf32> to tensor<4x4xf32>
  %u = tensor.insert_slice %s into %t[2, 2] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x8xf32>
  %c = tensor.collapse_shape %u [[0, 1]] : tensor<8x8xf32> into tensor<64xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
  %pad = tensor.pad %s low[1, 1] high[1, 1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x4xf32> to tensor<6x6xf32>
  %x = tensor.extract %e[%i, %i] : tensor<8x8xf32>
  %d = tensor.dim %t, %i : tensor<8x8xf32>
  return %c : tensor<64xf32>
}
