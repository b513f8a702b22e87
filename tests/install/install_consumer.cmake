# Runs at test time: install, then build and run two consumers.
set(prefix ${BUILD_DIR}/install-test/prefix)
file(REMOVE_RECURSE ${BUILD_DIR}/install-test)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(rc)
  message(FATAL_ERROR "install failed")
endif()
foreach(f include/bcx/core.h include/bcx/varint.h bin/bcx share/man/man1/bcx.1)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
file(GLOB pcfile ${prefix}/lib*/pkgconfig/bcx.pc)
if(NOT pcfile)
  message(FATAL_ERROR "bcx.pc not installed")
endif()
# 1. With the flags pkg-config reads from the installed bcx.pc.
get_filename_component(pcdir ${pcfile} DIRECTORY)
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} ${pcdir})
execute_process(COMMAND ${PKG_CONFIG} --cflags --libs --static bcx
                OUTPUT_VARIABLE pcflags OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "pkg-config does not know bcx")
endif()
separate_arguments(pcflags UNIX_COMMAND "${pcflags}")
separate_arguments(extra UNIX_COMMAND "${EXTRA_FLAGS}")
# -static-libbcx: link the archive, not the shared library, so no rpath is needed.
list(TRANSFORM pcflags REPLACE "^-lbcx$" "-l:libbcx.a")
execute_process(COMMAND ${C_COMPILER} -std=c11 ${extra} ${SRC_DIR}/consumer.c ${pcflags}
                        -o ${BUILD_DIR}/install-test/consumer_pc
                RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "compiling with the pkg-config flags failed")
endif()
execute_process(COMMAND ${BUILD_DIR}/install-test/consumer_pc RESULT_VARIABLE rc)
if(rc)
  message(FATAL_ERROR "consumer (pkg-config flags) failed")
endif()
# 2. The shared library through pkg-config, run with no LD_LIBRARY_PATH: the
# .pc's run path finds it in the scratch prefix.
file(GLOB shared_lib ${prefix}/lib*/libbcx.so)
if(shared_lib)
  execute_process(COMMAND ${PKG_CONFIG} --cflags --libs bcx
                  OUTPUT_VARIABLE pcflags OUTPUT_STRIP_TRAILING_WHITESPACE)
  separate_arguments(pcflags UNIX_COMMAND "${pcflags}")
  execute_process(COMMAND ${C_COMPILER} -std=c11 ${extra} ${SRC_DIR}/consumer.c ${pcflags}
                          -o ${BUILD_DIR}/install-test/consumer_shared
                  RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "compiling with the pkg-config flags (shared) failed")
  endif()
  unset(ENV{LD_LIBRARY_PATH})
  execute_process(COMMAND ${BUILD_DIR}/install-test/consumer_shared RESULT_VARIABLE rc
                  ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "consumer linked with the shared library does not start: ${err}")
  endif()
endif()
# 3. find_package(bcx), through each installed library target.
foreach(target bcx::bcx bcx::bcx_static)
  string(REPLACE "::" "_" tag ${target})
  set(dir ${BUILD_DIR}/install-test/${tag})
  file(COPY ${SRC_DIR}/consumer.c DESTINATION ${dir})
  configure_file(${SRC_DIR}/CMakeLists.consumer.txt ${dir}/CMakeLists.txt COPYONLY)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${dir} -B ${dir}/build -DCMAKE_PREFIX_PATH=${prefix}
                          -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${EXTRA_FLAGS}"
                          -DBCX_TARGET=${target}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc)
    execute_process(COMMAND ${CMAKE_COMMAND} --build ${dir}/build RESULT_VARIABLE rc OUTPUT_QUIET)
  endif()
  if(rc)
    message(FATAL_ERROR "find_package(bcx) consumer through ${target} failed to build")
  endif()
  execute_process(COMMAND ${dir}/build/consumer RESULT_VARIABLE rc)
  if(rc)
    message(FATAL_ERROR "find_package(bcx) consumer through ${target} failed")
  endif()
endforeach()
message(STATUS "passed")
