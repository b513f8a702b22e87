#!/usr/bin/env bash
# The Python package against the C library on the same task, in the same
# run: a release build with the shared library, a module of KERNELS kernels
# (default 10000) made from a reference vector (as bench/run_tileir.sh makes
# it), then opening it and reading one function's text from C
# (bench_tileir_one) and from Python (bcx.open(...).functions[NAME].text()),
# taking turns. Set PYTHON to choose the interpreter (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/tileir_module.sh
tileir_module "${1:-10000}" -DBCX_BUILD_SHARED=ON -DBCX_BUILD_BENCH=ON -- bcx_shared bench_tileir_one
lib=$(realpath --relative-to=. build/bench/libbcx.so) # the version just built
BCX_LIBRARY=$PWD/$lib "${PYTHON:-python3}" bench/bench_python.py "$mod" \
  "kernel_$((KERNELS / 2))" build/bench/bench/bench_tileir_one "${ROUNDS:-9}" "${RUNS:-200}"
