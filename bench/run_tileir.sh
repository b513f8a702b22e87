#!/usr/bin/env bash
# Tile IR reader and printer benchmark: a release build, a generated module
# of KERNELS kernels (default 10000) made from a reference vector, the
# library timings, then `bcx dis` end to end in the custom form and the
# generic form: time (best of 5, each run writing a new file; then with
# the output replaced), MB/s of bytecode in and of text out, and peak
# memory next to the input size, also on a module of 10x the kernels.
# NVIDIA's cuda-tile-translate is timed on the same files, in the same run,
# when it is on PATH (it is not part of this repository).
set -euo pipefail
cd "$(dirname "$0")/.."
KERNELS=${1:-10000}
SHARED=${BCX_SHARED_DIR:-../shared}
VECTOR=${VECTOR:-$SHARED/vectors/tileir/coverage/cov_011_views_partition.v13.3.tileirbc}
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j2 --target bcx bench_tileir_read >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mod=$tmp/bench.tileirbc
big=$tmp/big.tileirbc
build/bench/bench/bench_tileir_read "$VECTOR" "$KERNELS" "$mod"
echo
# Lazy loading at scale: a module of 100x the kernels (about 110 MB).
build/bench/bench/bench_tileir_read "$VECTOR" "$((KERNELS * 100))" - lazy
build/bench/bench/bench_tileir_read "$VECTOR" "$((KERNELS * 10))" "$big" >/dev/null
ref=$(command -v cuda-tile-translate || true)

# best_us OUT CMD...: the best wall time of 5 runs, in microseconds (bash's
# clock: no process of its own inside the timed span). OUT is removed
# before each run, untimed, so that each run writes a new file: replacing an
# existing output makes the file system free the old file's blocks, the
# same work for either tool, timed apart with replace_us, which leaves OUT
# in place from a run before (the 18 to 36 MB text of the same command).
best_us() { time_runs fresh "$@"; }
replace_us() { time_runs replace "$@"; }

time_runs() {
  local mode=$1 out=$2 best= t0 t1 d
  shift 2
  [ "$mode" = replace ] && "$@" > /dev/null
  for _ in 1 2 3 4 5; do
    [ "$mode" = fresh ] && rm -f "$out"
    t0=${EPOCHREALTIME/./}
    "$@" > /dev/null
    t1=${EPOCHREALTIME/./}
    d=$(( t1 - t0 ))
    if [ -z "$best" ] || [ "$d" -lt "$best" ]; then best=$d; fi
  done
  echo "$best"
}

# peak_kb CMD...: the peak resident memory of one run, in KiB ("n/a"
# without GNU time).
peak_kb() {
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1
  else
    echo n/a
  fi
}

mb() { echo "scale=2; $1 / 1000000" | bc; }

echo
printf '%-36s %10s %12s %12s %12s\n' "text of $(basename "$mod") ($(mb "$(stat -c %s "$mod")") MB)" \
  "ms" "MB/s in" "MB/s out" "vs ref"
size=$(stat -c %s "$mod")
# times FORM TIMER: us (bcx), rus (the reference; empty without it) and
# their ratio for one form, timed with best_us or replace_us.
times() {
  local form=$1 timer=$2 flag= rflag=
  [ "$form" = generic ] && flag=--generic rflag=--mlir-print-op-generic
  us=$($timer "$tmp/$form.mlir" build/bench/bcx dis $flag "$mod" -o "$tmp/$form.mlir")
  rus= ratio=-
  if [ -n "$ref" ]; then
    rus=$($timer "$tmp/ref.mlir" "$ref" -cudatilebc-to-mlir $rflag "$mod" -o "$tmp/ref.mlir")
    ratio=$(echo "scale=3; $us / $rus" | bc)
  fi
}

for form in custom generic; do
  flag=; [ $form = generic ] && flag=--generic
  build/bench/bcx dis $flag "$mod" -o "$tmp/$form.mlir"
  out=$(stat -c %s "$tmp/$form.mlir")
  cp "$tmp/$form.mlir" "$tmp/$form.keep"
  times $form best_us
  if [ -n "$rus" ]; then
    printf '%-36s %10.1f %12.1f %12.1f %12s\n' "cuda-tile-translate ($form)" \
      "$(echo "$rus / 1000" | bc -l)" "$(echo "$size / $rus" | bc -l)" "$(echo "$out / $rus" | bc -l)" 1
    cmp -s "$tmp/$form.keep" "$tmp/ref.mlir" || echo "  ($form: outputs DIFFER)"
  fi
  printf '%-36s %10.1f %12.1f %12.1f %12s\n' "bcx dis $flag ($form)" "$(echo "$us / 1000" | bc -l)" \
    "$(echo "$size / $us" | bc -l)" "$(echo "$out / $us" | bc -l)" "$ratio"
done
[ -n "$ref" ] || echo "(cuda-tile-translate not on PATH: no reference in this run)"

# The same with -o naming the file the run before wrote: bcx renames its
# temporary file over it, the reference truncates it; either way the file
# system frees the old text's blocks within the timed run.
echo
printf '%-36s %10s %12s\n' "replacing an existing output" "ms" "vs ref"
for form in custom generic; do
  flag=; [ $form = generic ] && flag=--generic
  times $form replace_us
  if [ -n "$rus" ]; then
    printf '%-36s %10.1f %12s\n' "cuda-tile-translate ($form)" "$(echo "$rus / 1000" | bc -l)" 1
  fi
  printf '%-36s %10.1f %12s\n' "bcx dis $flag ($form)" "$(echo "$us / 1000" | bc -l)" "$ratio"
done

echo
printf '%-36s %12s %12s %12s\n' "peak memory" "input MB" "text MB" "peak MB"
for m in "$mod" "$big"; do
  for form in custom generic; do
    flag=; [ $form = generic ] && flag=--generic
    kb=$(peak_kb build/bench/bcx dis $flag "$m" -o "$tmp/peak.mlir")
    pk=n/a; [ "$kb" != n/a ] && pk=$(echo "scale=1; $kb / 1024" | bc)
    printf '%-36s %12s %12s %12s\n' "bcx dis $flag $(basename "$m")" "$(mb "$(stat -c %s "$m")")" \
      "$(mb "$(stat -c %s "$tmp/peak.mlir")")" "$pk"
  done
done
