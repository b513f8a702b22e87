#file = #llvm.di_file<"test.c" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #file, producer = "clang", isOptimized = true, emissionKind = Full>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #int, sizeInBits = 64>
#st = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "S", file = #file, line = 3, sizeInBits = 64, elements = #llvm.di_derived_type<tag = DW_TAG_member, name = "x", baseType = #int, sizeInBits = 32>>
#sr = #llvm.di_subroutine_type<types = #int, #ptr>
#sp = #llvm.di_subprogram<id = distinct[1]<>, compileUnit = #cu, scope = #file, name = "main", linkageName = "main", file = #file, line = 5, scopeLine = 5, subprogramFlags = Definition, type = #sr>
#lb = #llvm.di_lexical_block<scope = #sp, file = #file, line = 6, column = 3>
#lbf = #llvm.di_lexical_block_file<scope = #lb, file = #file, discriminator = 1>
#var = #llvm.di_local_variable<scope = #lb, name = "v", file = #file, line = 7, arg = 1, type = #int>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", linkageName = "g", file = #file, line = 1, type = #int, isDefined = true>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <[DW_OP_constu(5), DW_OP_stack_value]>>
#lab = #llvm.di_label<scope = #sp, name = "L", file = #file, line = 9>
#ns = #llvm.di_namespace<name = "ns", exportSymbols = false>
#sub = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>
module attributes {t.a = #var, t.b = #gve, t.c = #lab, t.d = #ns, t.e = #sub, t.f = #lbf, t.g = #st, t.h = #llvm.di_expression<[DW_OP_deref]>, t.i = #llvm.di_null_type, t.j = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8, encoding = DW_ATE_signed_char>} {
  func.func @f(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32 loc(fused<#sp>["test.c":7:3])
    return %0 : i32 loc(fused<#lb>["test.c":8:3])
  } loc(fused<#sp>["test.c":5:1])
}
