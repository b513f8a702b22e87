#file = #llvm.di_file<"all.f90" in "/src">
#cu = #llvm.di_compile_unit<id = distinct[0]<>, sourceLanguage = DW_LANG_Fortran95, file = #file, producer = "flang", isOptimized = false, emissionKind = LineTablesOnly, nameTableKind = GNU>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#null = #llvm.di_null_type
#ptr = #llvm.di_derived_type<tag = DW_TAG_pointer_type, name = "p", baseType = #int, sizeInBits = 64, alignInBits = 32, offsetInBits = 8, dwarfAddressSpace = 1, extraData = #int>
#rec_self = #llvm.di_composite_type<recId = distinct[1]<>, isRecSelf = true>
#rec = #llvm.di_composite_type<recId = distinct[1]<>, tag = DW_TAG_array_type, name = "arr", file = #file, line = 4, scope = #file, baseType = #int, flags = "Public|Vector", sizeInBits = 128, alignInBits = 32, dataLocation = <[DW_OP_push_object_address, DW_OP_deref]>, rank = <[DW_OP_constu(1)]>, allocated = <>, associated = <[DW_OP_lit0]>, elements = #llvm.di_subrange<count = 4 : i64, lowerBound = 1 : i64, upperBound = 4 : i64, stride = 1 : i64>, #rec_self>
#gsr = #llvm.di_generic_subrange<count = 4 : i64, lowerBound = 1 : i64, stride = 1 : i64>
#str = #llvm.di_string_type<tag = DW_TAG_string_type, name = "c", sizeInBits = 64, alignInBits = 8, stringLengthExp = <[DW_OP_constu(8)]>, encoding = DW_ATE_ASCII>
#sr = #llvm.di_subroutine_type<callingConvention = DW_CC_normal, types = #null, #int, #ptr>
#ns = #llvm.di_namespace<name = "ns", scope = #file, exportSymbols = true>
#ann = #llvm.di_annotation<name = "key", value = "val">
#sp_decl = #llvm.di_subprogram<scope = #ns, name = "decl", file = #file, subprogramFlags = "LocalToUnit|Optimized", type = #sr, annotations = #ann>
#ie = #llvm.di_imported_entity<tag = DW_TAG_imported_module, scope = #file, entity = #sp_decl, file = #file, line = 3, name = "imp", elements = #ns>
#sp = #llvm.di_subprogram<recId = distinct[2]<>, id = distinct[3]<>, compileUnit = #cu, scope = #file, name = "f", linkageName = "f_", file = #file, line = 5, scopeLine = 6, subprogramFlags = "Definition|MainSubprogram", type = #sr, retainedNodes = #ie>
#sp_self = #llvm.di_subprogram<recId = distinct[2]<>, isRecSelf = true>
#gv = #llvm.di_global_variable<scope = #cu, name = "g", linkageName = "g_", file = #file, line = 1, type = #str, isLocalToUnit = true, isDefined = true, alignInBits = 8>
#gve = #llvm.di_global_variable_expression<var = #gv, expr = <>>
#lb = #llvm.di_lexical_block<scope = #sp, file = #file, line = 6, column = 3>
#lbf = #llvm.di_lexical_block_file<scope = #lb, discriminator = 0>
#var = #llvm.di_local_variable<scope = #lbf, name = "v", file = #file, line = 7, arg = 2, alignInBits = 32, type = #rec, flags = Artificial>
#lab = #llvm.di_label<scope = #sp_self, name = "L", file = #file, line = 9>
#loopvec = #llvm.loop_vectorize<disable = false, width = 4 : i32>
#la = #llvm.loop_annotation<disableNonforced = true, vectorize = #loopvec, mustProgress = true, isVectorized = false>
module attributes {t.a = #var, t.b = #gve, t.c = #lab, t.d = [#ann, #null], t.e = #gsr, t.f = #la, t.g = [#llvm.di_expression<[DW_OP_LLVM_convert(16, DW_ATE_unsigned), DW_OP_LLVM_fragment(0, 32), DW_OP_plus_uconst(3), DW_OP_LLVM_arg(0)]>, #llvm.di_expression<>], t.h = #sp_decl} {
  llvm.func @f(%arg0: i32) {
    llvm.return loc(fused<#lb>["all.f90":8:3])
  } loc(fused<#sp>["all.f90":5:1])
}
