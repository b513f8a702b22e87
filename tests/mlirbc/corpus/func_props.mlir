func.func private @decl(i32) -> i32 attributes {no_inline}
func.func nested @vis(%a: i32 {llvm.noundef}) -> (i32 {llvm.zeroext}) {
  %0 = func.call @decl(%a) {no_inline} : (i32) -> i32
  %f = func.constant @decl : (i32) -> i32
  %1 = func.call_indirect %f(%0) : (i32) -> i32
  return %1 : i32
}
