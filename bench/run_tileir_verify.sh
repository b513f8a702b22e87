#!/usr/bin/env bash
# Tile IR verifier benchmark: a release build, the generated module of
# bench/run_tileir.sh (KERNELS kernels, default 10000, from a reference
# vector), verification beside decoding in the library, and `bcx verify`
# beside `bcx dis` end to end (the target: verification adds under 20%).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/tileir_module.sh
tileir_module "${1:-10000}" -DBCX_BUILD_TESTS=OFF -- bcx bench_tileir_verify
echo "module: $KERNELS kernels from $(basename "$VECTOR"), $(stat -c %s "$mod") bytes"
build/bench/bench/bench_tileir_verify "$mod" 5
# CPU time (user + sys, from /usr/bin/time) rather than wall time: the
# figures stay comparable on a loaded machine. Best of 5, in milliseconds.
cpu() {
  local b= t
  for _ in 1 2 3 4 5; do
    /usr/bin/time -o "$tmp/time" -f '%U %S' "$@" >/dev/null 2>&1
    t=$(awk '{printf "%d", ($1 + $2) * 1000}' "$tmp/time")
    if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
  done
  echo "$b"
}
# bcx dis verifies before it prints; BASE_BCX (a bcx that does not, e.g. one
# built from the commit before verification by default) gives the baseline.
dis=$(cpu build/bench/bcx dis "$mod" -o "$tmp/out.mlir")
ver=$(cpu build/bench/bcx verify "$mod")
printf '%-40s %7d ms CPU (best of 5)\n' "bcx dis (reads, verifies, prints)" "$dis"
printf '%-40s %7d ms CPU (%.1f%% of bcx dis)\n' "bcx verify (reads, verifies)" "$ver" \
  "$(echo "100 * $ver / $dis" | bc -l)"
if [ -n "${BASE_BCX:-}" ]; then
  base=$(cpu "$BASE_BCX" dis "$mod" -o "$tmp/base.mlir")
  cmp -s "$tmp/out.mlir" "$tmp/base.mlir" || echo "note: the two texts differ"
  printf '%-40s %7d ms CPU (verifying adds %.1f%%)\n' "$(basename "$BASE_BCX") dis, no verification" \
    "$base" "$(echo "100 * ($dis - $base) / $base" | bc -l)"
fi
