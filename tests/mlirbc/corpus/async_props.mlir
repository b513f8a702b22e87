func.func @f(%a: i32) -> i32 {
  %t, %r = async.execute -> !async.value<i32> {
    async.yield %a : i32
  }
  %v = async.await %r : !async.value<i32>
  %c = arith.constant 2 : index
  %g = async.create_group %c : !async.group
  return %v : i32
}
