#!/usr/bin/env bash
# Run the Python package's pytest suite against one build of libbcx.
# Usage: python/tests/run.sh LIBBCX.so BCX_PROGRAM [PYTEST-ARGS...]
# With BCX_ASAN_PRELOAD set (the sanitizer runtimes, from the build), the
# interpreter runs with them preloaded: a library built with
# -fsanitize=address must have its runtime loaded first, and CPython itself
# is not instrumented. Exits 77 (skipped) when Debian's python3-pytest is
# missing, saying so.
set -u
lib=$1 cli=$2
shift 2
py=${BCX_PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=$(command -v python3 || true)
if [ -z "$py" ] || ! "$py" -c 'import pytest' 2>/dev/null; then
  echo "SKIPPED: the Python package's tests need pytest for ${py:-python3}"
  echo "         (Debian: apt-get install python3-pytest, or scripts/deps.sh test)"
  exit 77
fi
cd "$(dirname "$0")/.."
export BCX_LIBRARY=$lib BCX_CLI=$cli PYTHONDONTWRITEBYTECODE=1
if [ -n "${BCX_ASAN_PRELOAD:-}" ]; then
  # CPython keeps memory until exit on purpose: leak checks would only
  # report the interpreter. The CLI the tests compare with is an ordinary
  # sanitizer-built program and needs no preload.
  exec env LD_PRELOAD="$BCX_ASAN_PRELOAD" ASAN_OPTIONS=detect_leaks=0:abort_on_error=0 \
    "$py" -m pytest -q -p no:cacheprovider tests "$@"
fi
exec "$py" -m pytest -q -p no:cacheprovider tests "$@"
