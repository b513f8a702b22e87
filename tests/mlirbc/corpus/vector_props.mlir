func.func @f(%v: vector<4xf32>, %m: memref<8xf32>, %i: index, %mask: vector<4xi1>) -> f32 {
  %r = vector.reduction <add>, %v fastmath<fast> : vector<4xf32> into f32
  %c = arith.constant 0.0 : f32
  %t = vector.transfer_read %m[%i], %c {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  vector.transfer_write %t, %m[%i] : vector<4xf32>, memref<8xf32>
  %e = vector.extract %v[1] : f32 from vector<4xf32>
  %b = vector.broadcast %e : f32 to vector<4xf32>
  %s = vector.shuffle %v, %b [0, 5, 2, 7] : vector<4xf32>, vector<4xf32>
  %f = vector.fma %v, %v, %s : vector<4xf32>
  %l = vector.load %m[%i] : memref<8xf32>, vector<4xf32>
  %ml = vector.maskedload %m[%i], %mask, %v : memref<8xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %ct = vector.contract {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"], kind = #vector.kind<add>} %v, %f, %c : vector<4xf32>, vector<4xf32> into f32
  return %r : f32
}
