shard.grid @grid(shape = 2x2)
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = shard.all_reduce %a on @grid grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  %i:2 = shard.process_multi_index on @grid : index, index
  return %0 : tensor<4xf32>
}
