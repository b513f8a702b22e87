"cuda_tile.module"() ({
  "cuda_tile.entry"() <{function_type = (