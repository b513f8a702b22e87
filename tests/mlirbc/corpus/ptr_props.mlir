func.func @f(%p: !ptr.ptr<#ptr.generic_space>, %o: index) -> i32 {
  %0 = ptr.load volatile %p : !ptr.ptr<#ptr.generic_space> -> i32
  %1 = ptr.load %p alignment = 8 : !ptr.ptr<#ptr.generic_space> -> i32
  ptr.store %1, %p : i32, !ptr.ptr<#ptr.generic_space>
  %q = ptr.ptr_add inbounds %p, %o : !ptr.ptr<#ptr.generic_space>, index
  return %0 : i32
}
