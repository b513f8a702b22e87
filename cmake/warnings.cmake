# Warning flags and sanitizers, applied per target so that third-party
# code (none today) would not inherit them.
function(bcx_apply_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wstrict-prototypes
    -Wmissing-prototypes -Wvla -Wformat=2 -Wundef -Wcast-qual -Wnull-dereference)
  if(BCX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

if(BCX_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined -fno-sanitize-recover=all)
endif()
