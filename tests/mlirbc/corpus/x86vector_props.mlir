func.func @f(%a: vector<16xf32>, %k: i16, %j: i32) -> vector<16xf32> {
  %0 = x86vector.avx512.mask.rndscale %a, %j, %a, %k, %j : vector<16xf32>
  return %0 : vector<16xf32>
}
