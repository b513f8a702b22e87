"cuda_tile.module"() <{sym_name = "k"}> ({
  "cuda_tile.entry"() <{function_type = () -> (), sym_name = "e"}> ({
    %0 = "cuda_tile.constant"() <{value = dense<[true, false]> : !cuda_tile.tile<2xi1>}> : () -> !cuda_tile.tile<2xi1>
    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
