#!/usr/bin/env bash
# Install what the build and the tests need, only when it is missing.
# Usage: scripts/deps.sh [build|test]
#   build: a C compiler, make, cmake
#   test:  also clang-22 + libFuzzer (fuzz targets) and llvm-22 tools
#          (llvm-bcanalyzer-22, llvm-link-22), libclc-22 (bitcode modules) and mlir-22-tools (mlir-opt-22)
#          for the differential tests, mlir-19-tools, mlir-16-tools and
#          flang-19 for the files of older releases,
#          python3-jsonschema for the JSON Schema test, python3-pytest,
#          python3-venv and python3-wheel-whl for the Python package's tests,
#          emscripten, chromium, nodejs and npm for the browser explorer's test
set -euo pipefail
mode=${1:-build}
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have cc || need+=(gcc)
have make || need+=(make)
have cmake || need+=(cmake)
if [ "$mode" = test ]; then
  have pkg-config || need+=(pkg-config)
  have clang-22 || need+=(clang-22)
  have llvm-bcanalyzer-22 || need+=(llvm-22)
  have llvm-link-22 || need+=(llvm-22)
  # libclc-22: LLVM 22's bitcode modules (/usr/lib/clc) for the bitstream
  # differential test (tests/bitstream/diff_libclc.sh) and its benchmark
  [ -d /usr/lib/clc ] || need+=(libclc-22)
  # mlir-opt-22: the oracle of the MLIR bytecode tests (tests/mlirbc)
  have mlir-opt-22 || need+=(mlir-22-tools)
  # MLIR 22's op definitions (.td), from which the property layout tables are
  # regenerated and compared (tests/mlirbc/tables_test.sh, gen_dialect_enc_test.sh)
  [ -d /usr/lib/llvm-22/include/mlir/Dialect ] || need+=(libmlir-22-dev)
  # mlir-opt-19 / mlir-tblgen-19: MLIR 19 files and tables (tests/mlirbc/releases_test.sh)
  have mlir-opt-19 || need+=(mlir-19-tools)
  # mlir-opt-16 / mlir-tblgen-16: MLIR 16 files and tables (tests/mlirbc/releases_test.sh)
  have mlir-opt-16 || need+=(mlir-16-tools)
  # bbc and fir-opt: FIR/HLFIR files of flang-19 (tests/mlirbc/releases_test.sh)
  [ -x /usr/lib/llvm-19/bin/bbc ] || need+=(flang-19)
  # JSON Schema validation of every --json output (tests/schema)
  /usr/bin/python3 -c 'import jsonschema' >/dev/null 2>&1 || need+=(python3-jsonschema)
  # the Python package's tests (python/tests) and its offline pip install
  /usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
  /usr/bin/python3 -c 'import ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
  ls /usr/share/python-wheels/wheel-*.whl >/dev/null 2>&1 || need+=(python3-wheel-whl)
  # the browser explorer's test (web/test/explorer_test.sh): emscripten builds
  # the page's WebAssembly module, chromium runs the page, node and npm (for
  # puppeteer-core) drive it
  have emcc || need+=(emscripten)
  have chromium || need+=(chromium)
  have node || need+=(nodejs)
  have npm || need+=(npm)
  # libFuzzer's runtime for clang-22
  ls /usr/lib/llvm-22/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 \
    || ls /usr/lib/llvm-22/lib/clang/*/lib/*/libclang_rt.fuzzer*.a >/dev/null 2>&1 \
    || need+=(libclang-rt-22-dev)
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "deps: missing packages: ${need[*]} (run as root to install them)" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
