spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {
  spirv.GlobalVariable @var bind(0, 1) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.func @f(%a: i32, %b: f32) -> i32 "None" {
    %0 = spirv.IAdd %a, %a : i32
    %1 = spirv.Constant 7 : i32
    %2 = spirv.SLessThan %0, %1 : i32
    %3 = spirv.Select %2, %0, %1 : i1, i32
    %v = spirv.Variable : !spirv.ptr<i32, Function>
    spirv.Store "Function" %v, %3 : i32
    %4 = spirv.Load "Function" %v ["Aligned", 4] : i32
    %5 = spirv.GL.FAbs %b : f32
    spirv.ReturnValue %4 : i32
  }
  spirv.EntryPoint "GLCompute" @f
}
