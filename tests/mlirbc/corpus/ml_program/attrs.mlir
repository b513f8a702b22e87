module attributes {t.a = #ml_program.extern : i32, t.b = #ml_program.extern : tensor<4xf32>} {
}
