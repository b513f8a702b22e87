#di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#di_composite_type = #llvm.di_composite_type<recId = distinct[0]<>, isRecSelf = true>
#di_file = #llvm.di_file<"all.f90" in "/src">
#di_null_type = #llvm.di_null_type
#di_string_type = #llvm.di_string_type<tag = DW_TAG_string_type, name = "c", sizeInBits = 64, alignInBits = 8, stringLengthExp = <[DW_OP_constu(8)]>, encoding = DW_ATE_ASCII>
#di_subprogram = #llvm.di_subprogram<recId = distinct[1]<>, isRecSelf = true>
#loop_vectorize = #llvm.loop_vectorize<disable = false, width = 4 : i32>
#di_compile_unit = #llvm.di_compile_unit<id = distinct[2]<>, sourceLanguage = DW_LANG_Fortran95, file = #di_file, producer = "flang", isOptimized = false, emissionKind = LineTablesOnly, nameTableKind = GNU>
#di_composite_type1 = #llvm.di_composite_type<recId = distinct[0]<>, tag = DW_TAG_array_type, name = "arr", file = #di_file, line = 4, scope = #di_file, baseType = #di_basic_type, flags = "Public|Vector", sizeInBits = 128, alignInBits = 32, dataLocation = <[DW_OP_push_object_address, DW_OP_deref]>, rank = <[DW_OP_constu(1)]>, allocated = <>, associated = <[DW_OP_lit0]>, elements = #llvm.di_subrange<count = 4 : i64, lowerBound = 1 : i64, upperBound = 4 : i64, stride = 1 : i64>, #di_composite_type>
#di_derived_type = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "p", baseType = #di_basic_type, sizeInBits = 64, alignInBits = 32, offsetInBits = 8, dwarfAddressSpace = 1, extraData = #di_basic_type>
#di_label = #llvm.di_label<scope = #di_subprogram, name = "L", file = #di_file, line = 9>
#di_namespace = #llvm.di_namespace<name = "ns", scope = #di_file, exportSymbols = true>
#loop_annotation = #llvm.loop_annotation<disableNonforced = true, vectorize = #loop_vectorize, mustProgress = true, isVectorized = false>
#di_global_variable = #llvm.di_global_variable<scope = #di_compile_unit, name = "g", linkageName = "g_", file = #di_file, line = 1, type = #di_string_type, isLocalToUnit = true, isDefined = true, alignInBits = 8>
#di_subroutine_type = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #di_null_type, #di_basic_type, #di_derived_type>
#di_global_variable_expression = #llvm.di_global_variable_expression<var = #di_global_variable, expr = <>>
#di_subprogram1 = #llvm.di_subprogram<scope = #di_namespace, name = "decl", file = #di_file, subprogramFlags = "LocalToUnit|Optimized", type = #di_subroutine_type, annotations = #llvm.di_annotation<name = "key", value = "val">>
#di_imported_entity = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #di_file, entity = #di_subprogram1, file = #di_file, line = 3, name = "imp", elements = #di_namespace>
#di_subprogram2 = #llvm.di_subprogram<recId = distinct[1]<>, id = distinct[3]<>, compileUnit = #di_compile_unit, scope = #di_file, name = "f", linkageName = "f_", file = #di_file, line = 5, scopeLine = 6, subprogramFlags = "Definition|MainSubprogram", type = #di_subroutine_type, retainedNodes = #di_imported_entity>
#di_lexical_block = #llvm.di_lexical_block<scope = #di_subprogram2, file = #di_file, line = 6, column = 3>
#di_lexical_block_file = #llvm.di_lexical_block_file<scope = #di_lexical_block, discriminator = 0>
#di_local_variable = #llvm.di_local_variable<scope = #di_lexical_block_file, name = "v", file = #di_file, line = 7, arg = 2, alignInBits = 32, type = #di_composite_type1, flags = Artificial>
"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (i32)>, linkage = #llvm.linkage<external>, sym_name = "f", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: i32):
    "llvm.return"() : () -> ()
  }) : () -> ()
}) {t.a = #di_local_variable, t.b = #di_global_variable_expression, t.c = #di_label, t.d = [#llvm.di_annotation<name = "key", value = "val">, #di_null_type], t.e = #llvm.di_generic_subrange<count = 4 : i64, lowerBound = 1 : i64, stride = 1 : i64>, t.f = #loop_annotation, t.g = [#llvm.di_expression<[DW_OP_LLVM_convert(16, DW_ATE_unsigned), DW_OP_LLVM_fragment(0, 32), DW_OP_plus_uconst(3), DW_OP_LLVM_arg(0)]>, #llvm.di_expression<>], t.h = #di_subprogram1} : () -> ()

