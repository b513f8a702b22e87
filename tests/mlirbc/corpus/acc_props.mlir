func.func @f(%a: memref<10xf32>) {
  %c = acc.copyin varPtr(%a : memref<10xf32>) -> memref<10xf32>
  acc.parallel dataOperands(%c : memref<10xf32>) {
    acc.yield
  }
  acc.copyout accPtr(%c : memref<10xf32>) to varPtr(%a : memref<10xf32>)
  acc.wait
  return
}
