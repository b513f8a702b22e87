ml_program.global private mutable @g(dense<1.0> : tensor<4xf32>) : tensor<4xf32>
ml_program.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %v = ml_program.global_load @g : tensor<4xf32>
  ml_program.global_store @g = %a : tensor<4xf32>
  ml_program.return %v : tensor<4xf32>
}
