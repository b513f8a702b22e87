#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %m: memref<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %c = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %f = arith.constant 0.0 : f32
  %z = linalg.fill ins(%f : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%c : tensor<4x4xf32>) outs(%z : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  %t = linalg.transpose ins(%g : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) permutation = [1, 0]
  linalg.copy ins(%m : memref<4x4xf32>) outs(%m : memref<4x4xf32>)
  return %t : tensor<4x4xf32>
}
