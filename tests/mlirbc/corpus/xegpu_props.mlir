gpu.module @m {
  gpu.func @f(%a: memref<8x16xf16>) {
    %t = xegpu.create_nd_tdesc %a : memref<8x16xf16> -> !xegpu.tensor_desc<8x16xf16>
    %v = xegpu.load_nd %t[0, 0] <{l1_hint = #xegpu.cache_hint<cached>}> : !xegpu.tensor_desc<8x16xf16> -> vector<8x16xf16>
    xegpu.store_nd %v, %t[0, 0] : vector<8x16xf16>, !xegpu.tensor_desc<8x16xf16>
    gpu.return
  }
}
