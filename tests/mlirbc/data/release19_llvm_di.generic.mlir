#di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "int", sizeInBits = 32, encoding = DW_ATE_signed>
#di_basic_type1 = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "char", sizeInBits = 8, encoding = DW_ATE_signed_char>
#di_file = #llvm.di_file<"test.c" in "/src">
#di_namespace = #llvm.di_namespace<name = "ns", exportSymbols = false>
#di_null_type = #llvm.di_null_type
#di_compile_unit = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_C99, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>
#di_compile_unit1 = #llvm.di_compile_unit<id = distinct[1]<>, sourceLanguage = DW_LANG_C99, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>
#di_compile_unit2 = #llvm.di_compile_unit<id = distinct[2]<>, sourceLanguage = DW_LANG_C99, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>
#di_compile_unit3 = #llvm.di_compile_unit<id = distinct[3]<>, sourceLanguage = DW_LANG_C99, file = #di_file, producer = "clang", isOptimized = true, emissionKind = Full>
#di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, baseType = #di_basic_type, sizeInBits = 64>
#di_derived_type1 = #llvm.di_derived_type<tag = DW_TAG_member, name = "x", baseType = #di_basic_type, sizeInBits = 32>
#di_composite_type = #llvm.di_composite_type<tag = DW_TAG_structure_type, name = "S", file = #di_file, line = 3, sizeInBits = 64, elements = #di_derived_type1>
#di_global_variable = #llvm.di_global_variable<scope = #di_compile_unit1, name = "g", linkageName = "g", file = #di_file, line = 1, type = #di_basic_type, isDefined = true>
#di_subroutine_type = #llvm.di_subroutine_type<types = #di_basic_type, #di_derived_type>
#di_global_variable_expression = #llvm.di_global_variable_expression<var = #di_global_variable, expr = <[DW_OP_constu(5), DW_OP_stack_value]>>
#di_subprogram = #llvm.di_subprogram<id = distinct[4]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "main", linkageName = "main", file = #di_file, line = 5, scopeLine = 5, subprogramFlags = Definition, type = #di_subroutine_type>
#di_subprogram1 = #llvm.di_subprogram<id = distinct[5]<>, compileUnit = #di_compile_unit2, scope = #di_file, name = "main", linkageName = "main", file = #di_file, line = 5, scopeLine = 5, subprogramFlags = Definition, type = #di_subroutine_type>
#di_subprogram2 = #llvm.di_subprogram<id = distinct[6]<>, compileUnit = #di_compile_unit3, scope = #di_file, name = "main", linkageName = "main", file = #di_file, line = 5, scopeLine = 5, subprogramFlags = Definition, type = #di_subroutine_type>
#di_label = #llvm.di_label<scope = #di_subprogram1, name = "L", file = #di_file, line = 9>
#di_lexical_block = #llvm.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 6, column = 3>
#di_lexical_block1 = #llvm.di_lexical_block<scope = #di_subprogram2, file = #di_file, line = 6, column = 3>
#di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_lexical_block1, file = #di_file, discriminator = 1>
#di_local_variable = #llvm.di_local_variable<scope = #di_lexical_block, name = "v", file = #di_file, line = 7, arg = 1, type = #di_basic_type>
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) {t.a = #di_local_variable, t.b = #di_global_variable_expression, t.c = #di_label, t.d = #di_namespace, t.e = #llvm.di_subrange<count = 4 : i64, lowerBound = 0 : i64>, t.f = #di_lexical_block_file, t.g = #di_composite_type, t.h = #llvm.di_expression<[DW_OP_deref]>, t.i = #di_null_type, t.j = #di_basic_type1} : () -> ()

