// llvm attributes the bytecode keeps as text (di_module, di_common_block,
// loop_vectorize, tbaa_*), holding encoded ones that the file also holds on
// their own (#file): MLIR parses the text and aliases what is inside.
#file = #llvm.di_file<"m.f90" in "/src">
#file2 = #llvm.di_file<"n.f90" in "/src">
#mod = #llvm.di_module<file = #file, scope = #file2, name = "m", line = 2>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#gv = #llvm.di_global_variable<scope = #mod, name = "g", file = #file, line = 1, type = #int>
#cb = #llvm.di_common_block<scope = #mod, decl = #gv, name = "blk", file = #file2, line = 7>
#inner = #llvm.loop_annotation<disableNonforced = true>
#vec = #llvm.loop_vectorize<disable = false, followupAll = #inner>
#la = #llvm.loop_annotation<vectorize = #vec, mustProgress = true>
#root = #llvm.tbaa_root<id = "r">
#td = #llvm.tbaa_type_desc<id = "int", members = {<#root, 0>}>
#tag = #llvm.tbaa_tag<base_type = #td, access_type = #td, offset = 0>
module attributes {t.a = #cb, t.b = #int, t.c = #file, t.d = #gv, t.e = #la, t.f = [#tag, #td]} {
}
