// Locations as --mlir-print-debuginfo writes them: aliases after the module.
cuda_tile.module @kernels {
  entry @f(%arg0: tile<i32> loc("a.py":1:1)) {
    %0 = addi %arg0, %arg0 : tile<i32> loc(#loc3)
    %1 = subi %0, %arg0 : tile<i32> loc(callsite("a.py":9:9 at #loc3))
    %2 = subi %1, %0 : tile<i32> loc(callsite(unknown at #loc3))
    %3 = xori %2, %2 : tile<i32> loc(#blk_loc)
    return loc(unknown)
  } loc(#loc2)
} loc(#loc)
#di_file = #cuda_tile.di_file<"a.py" in "/src">
#loc = loc(unknown)
#loc1 = loc("a.py":2:3)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 2, name = "f", linkageName = "f_", compileUnit = #di_compile_unit, scopeLine = 3>
#blk = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 4, column = 2>
#loc2 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc3 = #cuda_tile.di_loc<loc("a.py":3:7) in #di_subprogram>
#blk_loc = #cuda_tile.di_loc<loc("a.py":5:1) in #blk>
