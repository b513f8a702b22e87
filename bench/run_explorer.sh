#!/usr/bin/env bash
# Explorer benchmark: the generated module of bench/run_tileir.sh (KERNELS
# kernels, default 10000, from a reference vector) through bcx/explore.h in
# a release build (CPU time, medians: bench_explore), then in the browser
# page (headless chromium over the WebAssembly build of scripts/explorer.sh)
# when chromium, node, npm and emscripten are there.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/tileir_module.sh
tileir_module "${1:-10000}" -DBCX_BUILD_TESTS=OFF -- bench_explore
echo "module: $KERNELS kernels from $(basename "$VECTOR"), $(stat -c %s "$mod") bytes"
build/bench/bench/bench_explore "$mod" 7
for tool in chromium node npm emcmake; do
  command -v "$tool" >/dev/null 2>&1 || { echo "no $tool: the page is not timed"; exit 0; }
done
emcmake cmake -S . -B build/explorer -DCMAKE_BUILD_TYPE=MinSizeRel -DBCX_WASM=ON >/dev/null 2>&1
cmake --build build/explorer -j2 >/dev/null 2>&1
npmdir=build/explorer-npm
if [ ! -d "$npmdir/node_modules/puppeteer-core" ]; then
  mkdir -p "$npmdir"
  cp web/test/package.json web/test/package-lock.json "$npmdir/"
  (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
fi
NODE_PATH=$npmdir/node_modules node bench/explorer_open.js build/explorer/web "$mod" "$(command -v chromium)"
