llvm.func @f(%p: !llvm.ptr<1>, %w: i32, %h: i32, %x: i32, %y: i32) {
  %0 = xevm.blockload2d %p, %w, %h, %w, %x, %y <{elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = false, pack_register = false}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>
  llvm.return
}
