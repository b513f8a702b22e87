llvm.func @f(%a: i32) -> i32 {
  %0 = rocdl.workitem.id.x : i32
  rocdl.barrier
  %1 = rocdl.mbcnt.lo %a, %0 : (i32, i32) -> i32
  %2 = rocdl.readlane %1, %0 : (i32, i32) -> i32
  llvm.return %2 : i32
}
