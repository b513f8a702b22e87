"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
  }) {a = dense<[1, 2, 3, 999]> : tensor<4xi8>} : () -> ()
}) : () -> ()
