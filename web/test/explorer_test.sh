#!/usr/bin/env bash
# The explorer in a real browser (ctest: explorer_browser, label browser):
# builds the WebAssembly module with emscripten into BUILD/explorer-wasm,
# checks its compressed size, installs the pinned puppeteer-core
# (package-lock.json) into BUILD/explorer-npm, makes the files of the formats
# examples/ lacks (TBON, a Tile IR module with verifier errors) with bcx,
# and runs explorer_test.js in headless chromium on the page from file://
# and from a local server (python3 -m http.server on a free port).
# Without chromium, node, npm or emscripten it says so and is skipped
# (status 77); scripts/deps.sh installs them.
# Usage: explorer_test.sh SOURCE_DIR BUILD_DIR BCX
set -euo pipefail
src=$1
build=$2
bcx=$3
skip() { echo "SKIP: explorer browser test: $*"; exit 77; }
for tool in chromium node npm emcmake; do
  command -v "$tool" >/dev/null 2>&1 || skip "$tool not found (scripts/deps.sh test installs it)"
done

wasm=$build/explorer-wasm
log=$build/explorer-wasm.log
# Warnings are errors here as in the other test builds: emscripten's size_t
# is 32 bits, so this build also catches a 64-bit value narrowed unchecked.
if ! { emcmake cmake -S "$src" -B "$wasm" -DCMAKE_BUILD_TYPE=MinSizeRel -DBCX_WASM=ON \
         -DBCX_WERROR=ON &&
       cmake --build "$wasm" -j 2; } > "$log" 2>&1; then
  cat "$log"
  echo "FAIL: the WebAssembly build failed (log above, also in $log)"
  exit 1
fi
page=$wasm/web
size=$(stat -c %s "$page/bcx_explore.wasm")
gz=$(gzip -9 -c "$page/bcx_explore.wasm" | wc -c)
echo "bcx_explore.wasm: $size bytes, $gz bytes with gzip -9 (limit 1572864)"
if [ "$gz" -gt 1572864 ]; then
  echo "FAIL: the compressed module is over 1.5 MB"
  exit 1
fi

# puppeteer-core at the version package-lock.json pins, installed once per
# build tree (again when the lock changes).
npmdir=$build/explorer-npm
if ! cmp -s "$src/web/test/package-lock.json" "$npmdir/package-lock.json" ||
   [ ! -d "$npmdir/node_modules/puppeteer-core" ]; then
  mkdir -p "$npmdir"
  cp "$src/web/test/package.json" "$src/web/test/package-lock.json" "$npmdir/"
  if ! (cd "$npmdir" && npm ci --no-audit --no-fund --loglevel=error) > "$npmdir.log" 2>&1; then
    cat "$npmdir.log"
    rm -f "$npmdir/package-lock.json"
    [ "${CI:-}" = true ] && { echo "FAIL: npm ci of puppeteer-core failed"; exit 1; }
    skip "npm ci of puppeteer-core failed (no registry?): log above"
  fi
fi

files=$(mktemp -d)
trap 'rm -rf "$files"' EXIT
cp "$src/examples/vadd.tileirbc" "$src/examples/hello.mlirbc" "$src/examples/hello.bc" "$files/"
"$bcx" asm --format tapioca "$src/examples/tapioca/factorial.tasm" -o "$files/factorial.tbon"
# addf of integer tiles: three errors of the verifier at the op's offset
cat > "$files/bad.mlir" <<'MLIR'
cuda_tile.module @m {
  entry @k(%a: tile<i32>, %b: tile<i32>) {
    %0 = addf %a, %b : tile<i32>
    return
  }
}
MLIR
"$bcx" asm --no-verify "$files/bad.mlir" -o "$files/bad.tileirbc"
# 100 functions: more than the page prints at once
{
  echo 'cuda_tile.module @many {'
  for i in $(seq 0 99); do
    printf '  entry @k%d(%%a: tile<f32>) {\n    %%0 = addf %%a, %%a : tile<f32>\n    return\n  }\n' "$i"
  done
  echo '}'
} > "$files/many.mlir"
"$bcx" asm "$files/many.mlir" -o "$files/many.tileirbc"
# cut short: inside a section's declared length; inside a block
head -c 30 "$src/examples/vadd.tileirbc" > "$files/cut.tileirbc"
head -c 2000 "$src/examples/hello.bc" > "$files/cut.bc"

# The page from a local server too, as scripts/explorer.sh serves it (a
# port the system picks; the server says which).
python3 -u -m http.server --bind 127.0.0.1 --directory "$page" 0 > "$files/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; rm -rf "$files"' EXIT
for _ in $(seq 50); do
  port=$(sed -nE 's/.* port ([0-9]+) .*/\1/p' "$files/server.log")
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$files/server.log"; echo "FAIL: the local server did not start"; exit 1; }

BCX_EXPLORER_URL=http://127.0.0.1:$port/ NODE_PATH=$npmdir/node_modules \
  node "$src/web/test/explorer_test.js" "$page" "$files" \
  "$(command -v chromium)" ${BCX_EXPLORER_SCREENSHOT:+"$BCX_EXPLORER_SCREENSHOT"}
