emitc.include <"stdio.h">
emitc.global @g : i32 = 0
emitc.func @f(%a: i32) -> i32 {
  %0 = emitc.add %a, %a : (i32, i32) -> i32
  %1 = "emitc.constant"() <{value = 7 : i32}> : () -> i32
  %2 = emitc.call_opaque "abs"(%0) : (i32) -> i32
  %3 = emitc.cast %2 : i32 to i64
  %v = "emitc.variable"() <{value = #emitc.opaque<"">}> : () -> !emitc.lvalue<i32>
  emitc.return %2 : i32
}
