"foo.top"() ({
  %0 = "foo.const"() {value = 42 : i32, tag = #foo.tag<"x">} : () -> !foo.int<32>
  %1:2 = "foo.pair"(%0, %0) <{count = 2 : i64, prop = "inherent"}> : (!foo.int<32>, !foo.int<32>) -> (i32, !bar.thing)
  "foo.graph"() ({
    "foo.use"(%late) : (i32) -> ()
    %late = "foo.def"() : () -> i32
  }) : () -> ()
  "foo.region"(%1#0) ({
  ^bb0(%a: i32):
    "foo.br"(%a)[^bb1] : (i32) -> ()
  ^bb1:
    "foo.yield"(%1#1) : (!bar.thing) -> ()
  }, {}) {unit_attr} : (i32) -> ()
}) {sym_name = "top"} : () -> ()
