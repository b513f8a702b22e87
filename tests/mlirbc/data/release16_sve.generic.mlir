"builtin.module"() ({
  "func.func"() <{function_type = (vector<[4]xi32>, vector<[4]xi1>, vector<[16]xi8>, vector<2x[4]xf32>, vector<3x[2]x[2]xi64>) -> vector<[4]xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: vector<[4]xi32>, %arg1: vector<[4]xi1>, %arg2: vector<[16]xi8>, %arg3: vector<2x[4]xf32>, %arg4: vector<3x[2]x[2]xi64>):
    %0 = "arm_sve.masked.addi"(%arg1, %arg0, %arg0) : (vector<[4]xi1>, vector<[4]xi32>, vector<[4]xi32>) -> vector<[4]xi32>
    %1 = "arm_sve.sdot"(%arg0, %arg2, %arg2) : (vector<[4]xi32>, vector<[16]xi8>, vector<[16]xi8>) -> vector<[4]xi32>
    "func.return"(%0) : (vector<[4]xi32>) -> ()
  }) : () -> ()
}) : () -> ()

