#!/usr/bin/env bash
# Build and run every test: a gcc build under AddressSanitizer and
# UndefinedBehaviorSanitizer (all ctest tests, fuzz corpora replayed), a gcc
# Release build at -O3 -D_FORTIFY_SOURCE=3 with the shared library and the
# portable file writing (its exported symbols, the installed package, bcx as
# a subproject and the output tests are checked, and the explorer page runs
# in headless chromium over its WebAssembly build), then a clang-22
# libFuzzer build whose targets also run a short fuzzing session. Every build
# here treats warnings as errors (BCX_WERROR); a user's default build does not.
#
# The Python package's pytest suite (python/tests) runs against the release
# build's shared library, and once more against a sanitizer build's, with the
# sanitizer runtimes preloaded into python3 (build/asan-py).
#
# scripts/test.sh --quick: the edit-compile-test loop. One plain Debug build
# (no sanitizer rebuild, no fuzz build or fuzzing run), then the unit, vector,
# CLI and Python tests without the long ones (bs_diff_random,
# test_tileir_robust, python_install), the subproject build and the browser
# test of the explorer (label browser: it builds the WebAssembly module; the
# release stage runs it). Both modes
# print build output only when a build fails. The Python tests are skipped,
# saying so, without python3-pytest.
#
# The conformance suites read the shared specs and vectors folder
# (BCX_SHARED_DIR, default ../shared); a clone without it runs every other
# suite, and after each ctest run a summary says how many suites were skipped
# and why (scripts/ctest_summary.sh). With CI=true a missing shared folder
# fails the run before anything is built.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
case ${1:-} in
--quick) quick=true ;;
"") ;;
*) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
shared=${BCX_SHARED_DIR:-$PWD/../shared}
if [ ! -d "$shared/vectors" ]; then
  if [ "${CI:-}" = true ]; then
    echo "FAILED: CI=true but the shared vectors folder is not there ($shared/vectors);" >&2
    echo "        the conformance suites would be skipped. Set BCX_SHARED_DIR." >&2
    exit 1
  fi
  echo "NOTE: no shared vectors folder ($shared/vectors): its conformance suites will be skipped"
fi

# tests DIR CTEST-ARGS...: ctest in DIR, then the summary of skipped suites.
tests() {
  local dir=$1 rc=0
  shift
  (cd "$dir" && ctest --output-on-failure -j "$jobs" "$@") 2>&1 | tee "$dir/ctest.out" || rc=$?
  scripts/ctest_summary.sh "$dir" "$dir/ctest.out"
  return $rc
}

# quiet LOG COMMAND...: run COMMAND with its output in LOG; show it on failure.
quiet() {
  local log=$1
  shift
  if ! "$@" > "$log" 2>&1; then
    cat "$log"
    echo "FAILED: $* (output above, also in $log)" >&2
    return 1
  fi
}

if $quick; then
  scripts/deps.sh build
  echo "== quick build (Debug, warnings are errors)"
  mkdir -p build/quick
  quiet build/quick.log cmake -S . -B build/quick -DCMAKE_BUILD_TYPE=Debug -DBCX_WERROR=ON \
    -DBCX_BUILD_SHARED=ON -DBCX_BUILD_BENCH=OFF "-DBCX_SHARED_DIR=$shared"
  quiet build/quick.log cmake --build build/quick -j "$jobs"
  tests build/quick -LE 'fuzz|browser' -E '^(bs_diff_random|test_tileir_robust|subproject_build|python_install)$'
  exit 0
fi

scripts/deps.sh test

echo "== sanitizer build (gcc, ASan+UBSan)"
mkdir -p build
quiet build/asan.log cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DBCX_SANITIZE=ON \
  -DBCX_BUILD_SHARED=OFF -DBCX_WERROR=ON "-DBCX_SHARED_DIR=$shared"
quiet build/asan.log cmake --build build/asan -j "$jobs"
tests build/asan -E '^(subproject_build|explorer_browser)$'

# The release build also takes the portable file writing (BCX_POSIX_FILES:
# named temporary files, no O_TMPFILE or /proc), tested by the output tests.
echo "== release build (gcc -O3 -D_FORTIFY_SOURCE=3, shared library, POSIX file writing)"
quiet build/release.log cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=ON \
  -DCMAKE_C_FLAGS="-O3 -D_FORTIFY_SOURCE=3" -DBCX_WERROR=ON -DBCX_BUILD_SHARED=ON \
  -DBCX_POSIX_FILES=ON "-DBCX_SHARED_DIR=$shared"
quiet build/release.log cmake --build build/release -j "$jobs"
tests build/release -R '^(abi_exports|install_consumer|subproject_build|cli_output|cli_errors|python_pytest|python_install|explorer_browser)$'

echo "== Python package under ASan+UBSan (gcc; the runtimes preloaded into python3)"
quiet build/asan-py.log cmake -S . -B build/asan-py -DCMAKE_BUILD_TYPE=Debug -DBCX_SANITIZE=ON \
  -DBCX_BUILD_SHARED=ON -DBCX_BUILD_BENCH=OFF -DBCX_WERROR=ON "-DBCX_SHARED_DIR=$shared"
quiet build/asan-py.log cmake --build build/asan-py -j "$jobs" --target bcx_shared bcx
tests build/asan-py -R '^python_pytest$'

echo "== fuzz build (clang-22, libFuzzer + ASan+UBSan)"
quiet build/fuzz.log cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang-22 -DCMAKE_BUILD_TYPE=Debug \
  -DBCX_SANITIZE=ON -DBCX_FUZZ=ON -DBCX_BUILD_SHARED=OFF -DBCX_BUILD_BENCH=OFF -DBCX_WERROR=ON "-DBCX_SHARED_DIR=$shared"
quiet build/fuzz.log cmake --build build/fuzz -j "$jobs"
tests build/fuzz -L fuzz
