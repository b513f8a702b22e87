#di_basic_type = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#di_file = #llvm.di_file<"m.f90" in "/src">
#di_file1 = #llvm.di_file<"n.f90" in "/src">
#loop_annotation = #llvm.loop_annotation<disableNonforced = true>
#tbaa_root = #llvm.tbaa_root<id = "r">
#di_module = #llvm.di_module<file = #di_file, scope = #di_file1, name = "m", line = 2>
#loop_vectorize = #llvm.loop_vectorize<disable = false, followupAll = #loop_annotation>
#di_global_variable = #llvm.di_global_variable<scope = #di_module, name = "g", file = #di_file, line = 1, type = #di_basic_type>
#loop_annotation1 = #llvm.loop_annotation<vectorize = #loop_vectorize, mustProgress = true>
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "int", members = {<#tbaa_root, 0>}>
#di_common_block = #llvm.di_common_block<scope = #di_module, decl = #di_global_variable, name = "blk", file = #di_file1, line = 7>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc, access_type = #tbaa_type_desc, offset = 0>
"builtin.module"() ({
^bb0:
}) {t.a = #di_common_block, t.b = #di_basic_type, t.c = #di_file, t.d = #di_global_variable, t.e = #loop_annotation1, t.f = [#tbaa_tag, #tbaa_type_desc]} : () -> ()

