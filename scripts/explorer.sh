#!/usr/bin/env bash
# Build the browser explorer (web/: the page and libbcx as WebAssembly, with
# Debian's emscripten) into build/explorer/web and serve that folder on
# localhost with Python's http.server, printing the address. The same folder
# also works opened from disk (file://.../index.html). Ctrl-C stops it.
# Usage: bash scripts/explorer.sh [PORT]     (default 8031)
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-8031}
if ! command -v emcmake >/dev/null 2>&1; then
  echo "explorer: emscripten not found (apt-get install emscripten; scripts/deps.sh test installs it)" >&2
  exit 1
fi
build=build/explorer
mkdir -p build
echo "== building the explorer (emscripten; the first build also builds its C library, a few minutes)"
if ! { emcmake cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=MinSizeRel -DBCX_WASM=ON &&
       cmake --build "$build" -j 2; } > "$build.log" 2>&1; then
  cat "$build.log"
  echo "explorer: the build failed (log above, also in $build.log)" >&2
  exit 1
fi
wasm=$build/web/bcx_explore.wasm
echo "bcx_explore.wasm: $(stat -c %s "$wasm") bytes, $(gzip -9 -c "$wasm" | wc -c) with gzip -9"
echo "bcx explorer: http://127.0.0.1:$port/  (or open $PWD/$build/web/index.html)"
exec python3 -m http.server --bind 127.0.0.1 --directory "$build/web" "$port"
