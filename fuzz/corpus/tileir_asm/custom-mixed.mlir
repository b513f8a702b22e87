"cuda_tile.module"() <{sym_name = "m"}> ({
  cuda_tile.entry @g(%a: tile<f32>) {
    %0 = "cuda_tile.absf"(%a) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
    %c-1 = exp %0 rounding<approx> : tile<f32>
    %r = reshape %c-1 : tile<f32> -> tile<1x1xf32>
    %p = permute %r [1, 0] : tile<1x1xf32> -> tile<1x1xf32>
    "cuda_tile.return"() : () -> ()
  }
}) : () -> ()
