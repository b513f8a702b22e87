wasmssa.func @f(%a: !wasmssa<local ref to i32>) -> i32 {
  %v = wasmssa.local_get %a : ref to i32
  %c = wasmssa.const 3 : i32
  %s = wasmssa.add %v %c : i32
  wasmssa.return %s : i32
}
