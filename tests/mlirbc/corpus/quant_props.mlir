func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %q = quant.qcast %a : tensor<4xf32> to tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  %d = quant.dcast %q : tensor<4x!quant.uniform<i8:f32, 0.5:3>> to tensor<4xf32>
  return %d : tensor<4xf32>
}
