func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tosa.add %a, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = tosa.clamp %0 {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = tosa.reduce_sum %1 {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %3 = tosa.maximum %1, %b : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "tosa.const"() <{values = dense<1.0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %5 = tosa.transpose %4 {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %3 : tensor<2x3xf32>
}
