"cuda_tile.module"() <{sy}> ({
  "cuda_tile.global"() <{an95, constant, sym_name = "c5",value = dense<"1"> : tile<1xf32>}> ({ }) : () -> ()
}): ()-> ()
