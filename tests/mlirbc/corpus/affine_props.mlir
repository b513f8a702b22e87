func.func @f(%m: memref<16xf32>, %n: index) {
  affine.for %i = 0 to 16 step 2 {
    %v = affine.load %m[%i] : memref<16xf32>
    affine.store %v, %m[%i + 1] : memref<16xf32>
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) {
      affine.yield
    }
  }
  affine.parallel (%i) = (0) to (%n) {
    %x = affine.min affine_map<(d0) -> (d0, 8)>(%i)
  }
  return
}
