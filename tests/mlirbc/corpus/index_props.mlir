func.func @f(%a: index, %b: index) -> i1 {
  %0 = index.add %a, %b
  %1 = index.constant 42
  %2 = index.cmp slt(%0, %1)
  %3 = index.castu %a : index to i64
  %4 = index.bool.constant true
  return %2 : i1
}
