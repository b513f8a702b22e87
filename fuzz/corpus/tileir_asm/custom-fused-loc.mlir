cuda_tile.module @m {
  entry @e() {
    %x = constant <i16: 7> : tile<i16> loc(fused["a":1:1, "b":2:2])
    return
  }
}
