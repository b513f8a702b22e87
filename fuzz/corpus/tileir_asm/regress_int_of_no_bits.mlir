"cuda_tile.module"() <{sstrides = [-1 : tile<f32> -> tile<1x1xf32>
    %p = permute %r [1, 0]1x)#cãùa_tile.di_fi≈≈≈≈≈≈le<-> ()
