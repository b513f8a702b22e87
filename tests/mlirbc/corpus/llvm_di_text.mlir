// The llvm debug-info kinds MLIR's bytecode keeps as text (no encoding in
// LLVMDialectBytecode.td) that hold other debug-info attributes: MLIR 22
// prints those with their aliases.
#file = #llvm.di_file<"m.f90" in "/src">
#ns = #llvm.di_namespace<name = "ns", exportSymbols = false>
#mod = #llvm.di_module<file = #file, scope = #ns, name = "m", configMacros = "-DX", includePath = "/inc", apinotes = "a.apinotes", line = 2, isDecl = true>
#int = #llvm.di_basic_type<tag = DW_TAG_base_type, name = "integer", sizeInBits = 32, encoding = DW_ATE_signed>
#gv = #llvm.di_global_variable<scope = #mod, name = "g", file = #file, line = 1, type = #int>
#cb = #llvm.di_common_block<scope = #mod, decl = #gv, name = "blk", file = #file, line = 7>
module attributes {t.a = #mod, t.b = #cb} {
}
