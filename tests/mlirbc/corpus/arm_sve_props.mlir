func.func @f(%a: vector<[4]xi32>, %m: vector<[4]xi1>, %b: vector<[16]xi8>) -> vector<[4]xi32> {
  %0 = arm_sve.masked.addi %m, %a, %a : vector<[4]xi1>, vector<[4]xi32>
  %1 = arm_sve.sdot %a, %b, %b : vector<[16]xi8> to vector<[4]xi32>
  return %0 : vector<[4]xi32>
}
