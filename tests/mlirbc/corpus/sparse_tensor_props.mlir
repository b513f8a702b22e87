#sp = #sparse_tensor.encoding<{map = (d0) -> (d0 : compressed)}>
func.func @f(%t: tensor<8xf32, #sp>) -> index {
  %c0 = arith.constant 0 : index
  %p = sparse_tensor.positions %t {level = 0 : index} : tensor<8xf32, #sp> to memref<?xindex>
  %v = sparse_tensor.values %t : tensor<8xf32, #sp> to memref<?xf32>
  %n = sparse_tensor.number_of_entries %t : tensor<8xf32, #sp>
  %l = sparse_tensor.lvl %t, %c0 : tensor<8xf32, #sp>
  return %n : index
}
