func.func @loops(%n: index, %x: f32, %buf: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (f32) {
    %v = memref.load %buf[%i] : memref<?xf32>
    %p = arith.cmpf ogt, %v, %acc : f32
    %m = scf.if %p -> (f32) {
      scf.yield %v : f32
    } else {
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    scf.yield %m : f32
  }
  %w = scf.while (%a = %r) : (f32) -> f32 {
    %lim = arith.constant 1.0e+02 : f32
    %c = arith.cmpf olt, %a, %lim : f32
    scf.condition(%c) %a : f32
  } do {
  ^bb0(%b: f32):
    %d = arith.addf %b, %b : f32
    scf.yield %d : f32
  }
  return %w : f32
}
