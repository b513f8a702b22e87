#id = affine_map<(d0) -> (d0)>
func.func @vec(%v: vector<4xf32>, %m: memref<4xf32>, %s: vector<[4]xi8>) -> (f32, vector<4xf32>) {
  %r = vector.reduction <add>, %v : vector<4xf32> into f32
  %mx = vector.reduction <maximumf>, %v fastmath<nnan> : vector<4xf32> into f32
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%c0], %f {in_bounds = [true]} : memref<4xf32>, vector<4xf32>
  vector.transfer_write %t, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  %e = vector.extract %t[1] : f32 from vector<4xf32>
  %i = vector.insert %e, %t [2] : f32 into vector<4xf32>
  %bc = vector.broadcast %e : f32 to vector<4xf32>
  %sum = arith.addf %i, %bc : vector<4xf32>
  return %r, %sum : f32, vector<4xf32>
}
func.func @lin(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.mulf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
