func.func @f(%m: memref<16x64xbf16>, %i: index) {
  %z = amx.tile_zero : !amx.tile<16x32xbf16>
  %t = amx.tile_load %m[%i, %i] : memref<16x64xbf16> into !amx.tile<16x32xbf16>
  amx.tile_store %m[%i, %i], %t : memref<16x64xbf16>, !amx.tile<16x32xbf16>
  return
}
