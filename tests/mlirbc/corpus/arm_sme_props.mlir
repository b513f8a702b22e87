func.func @f(%m: memref<?x?xi32>, %i: index) {
  %t = arm_sme.get_tile : vector<[4]x[4]xi32>
  %l = arm_sme.tile_load %m[%i, %i] layout<vertical> : memref<?x?xi32>, vector<[4]x[4]xi32>
  arm_sme.tile_store %l, %m[%i, %i] : memref<?x?xi32>, vector<[4]x[4]xi32>
  return
}
