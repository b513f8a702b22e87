func.func @f(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<4xi32>, %d: vector<16xi8>) -> vector<8xi16> {
  %0 = arm_neon.intr.smull %a, %b : vector<8xi8> to vector<8xi16>
  %1 = arm_neon.intr.sdot %c, %d, %d : vector<16xi8>, vector<16xi8> to vector<4xi32>
  return %0 : vector<8xi16>
}
