# Warning flags and sanitizers, applied per target so that third-party
# code (none today) would not inherit them.
# Each flag is checked against the compiler first, so a compiler that lacks
# one (an older gcc or clang, another C compiler) still builds.
include(CheckCCompilerFlag)
set(BCX_WARNING_FLAGS "")
foreach(flag -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Wstrict-prototypes
             -Wmissing-prototypes -Wvla -Wformat=2 -Wundef -Wcast-qual -Wnull-dereference)
  string(MAKE_C_IDENTIFIER "BCX_HAS${flag}" var)
  check_c_compiler_flag(${flag} ${var})
  if(${var})
    list(APPEND BCX_WARNING_FLAGS ${flag})
  endif()
endforeach()

function(bcx_apply_warnings target)
  target_compile_options(${target} PRIVATE ${BCX_WARNING_FLAGS})
  if(BCX_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Sanitizers (BCX_SANITIZE), per target as well: the library's objects
# (PRIVATE), and the libraries as a usage requirement (INTERFACE, PUBLIC)
# so that every program linking them (the tool, the tests, the fuzz
# targets, a parent project's) is compiled and linked with them too.
function(bcx_apply_sanitizers target scope)
  if(BCX_SANITIZE)
    target_compile_options(${target} ${scope} -fsanitize=address,undefined
                           -fno-sanitize-recover=all -fno-omit-frame-pointer)
    target_link_options(${target} ${scope} -fsanitize=address,undefined
                        -fno-sanitize-recover=all)
  endif()
endfunction()
