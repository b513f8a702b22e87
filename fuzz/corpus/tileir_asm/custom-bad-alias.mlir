#a = #b
#b = #a
cuda_tile.module @m {
  entry @e() {
    %x = constant <i8: -1> : tile<i8> loc(#a)
  }
}
