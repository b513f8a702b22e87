// A small MLIR module for the demo: examples/hello.mlirbc is this file as
// `mlir-opt-22 --emit-bytecode examples/hello.mlir -o examples/hello.mlirbc`
// writes it.
func.func @axpy(%a: f32, %x: memref<16xf32>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %xi = memref.load %x[%i] : memref<16xf32>
    %yi = memref.load %y[%i] : memref<16xf32>
    %p = arith.mulf %a, %xi : f32
    %s = arith.addf %p, %yi : f32
    memref.store %s, %y[%i] : memref<16xf32>
  }
  return
}
