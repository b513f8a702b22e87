# Writes OUTPUT (a header defining BCX_GIT_COMMIT) from the git checkout at
# SOURCE_DIR, run at build time; the file is rewritten only when its
# content changes, so nothing rebuilds without a new commit.
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${SOURCE_DIR}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --short=12 HEAD
    WORKING_DIRECTORY "${SOURCE_DIR}" OUTPUT_VARIABLE out
    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(rc EQUAL 0 AND out)
    set(commit "${out}")
  endif()
endif()
set(text "/* Generated at build time by cmake/git_commit.cmake. */\n#define BCX_GIT_COMMIT \"${commit}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
