#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton), posWidth = 32, crdWidth = 16 }>
#BSR = #sparse_tensor.encoding<{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 2 : compressed, i mod 2 : dense, j mod 2 : dense) }>
module attributes {t.enc = #CSR} {
  func.func @f(%a: tensor<8x8xf32, #CSR>, %b: tensor<8x8xf64, #COO>, %c: tensor<4x4xi8, #BSR>) -> tensor<8x8xf32, #CSR> {
    return %a : tensor<8x8xf32, #CSR>
  }
}
