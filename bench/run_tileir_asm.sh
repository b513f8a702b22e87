#!/usr/bin/env bash
# Tile IR text -> bytecode (`bcx asm`) and text verification (`bcx verify`)
# on a module of KERNELS kernels (default 10000), in both text styles:
#   custom  the custom form as `bcx dis` prints it (the module of
#           bench/run_tileir.sh: KERNELS kernels from a reference vector)
#   hand    the same vector's hand-written .src.mlir, its kernels repeated
#           (renamed) to KERNELS
# For each: CPU time (user + sys, the median of REPEATS runs, default 5:
# the machine may be shared), peak memory (/usr/bin/time %M, GNU time
# needed; the median) and its ratio to the text's size. NVIDIA's cuda-tile-translate
# (-mlir-to-cudatilebc) and cuda-tile-opt are timed on the same files, in
# the same run, when they are on PATH (they are not part of this
# repository); `ratio` is bcx's time over theirs. BASE_BCX (a bcx built
# from an earlier commit) adds its rows, marked "(base)", for a before and
# after in one run.
# Usage: bench/run_tileir_asm.sh [KERNELS] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
KERNELS=${1:-10000}
REPEATS=${2:-5}
SHARED=${BCX_SHARED_DIR:-../shared}
VEC=${VEC:-$SHARED/vectors/tileir/coverage/cov_011_views_partition}
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 77; }
cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release -DBCX_BUILD_TESTS=OFF >/dev/null
cmake --build build/bench -j2 --target bcx bench_tileir_read >/dev/null
bcx=build/bench/bcx
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

build/bench/bench/bench_tileir_read "$VEC.v13.3.tileirbc" "$KERNELS" "$tmp/m.tileirbc" >/dev/null
$bcx dis "$tmp/m.tileirbc" -o "$tmp/custom.mlir"
# The hand-written module's body (between its first line `cuda_tile.module`
# and its last `}`) repeated, every entry renamed with a copy number.
src=$VEC.src.mlir
per=$(grep -c '^ *entry @' "$src")
copies=$(( (KERNELS + per - 1) / per ))
awk -v copies="$copies" '
  /^cuda_tile.module/ && !start { start = NR; print; next }
  start { body[++n] = $0 }
  END {
    while (n > 0 && body[n] !~ /^}/) n--
    for (c = 1; c <= copies; c++)
      for (i = 1; i < n; i++) {
        line = body[i]
        if (line ~ /^ *entry @/) sub(/entry @[A-Za-z0-9_$.]+/, "&_" c, line)
        print line
      }
    print "}"
  }' "$src" > "$tmp/hand.mlir"

# cpu_peak CMD...: "ms peak_kb", the medians of REPEATS runs' CPU times
# and peak resident memories; "fail" when the command fails.
cpu_peak() {
  local times=() peaks=() t k
  for _ in $(seq "$REPEATS"); do
    if ! /usr/bin/time -o "$tmp/time" -f '%U %S %M' "$@" >/dev/null 2>"$tmp/err"; then
      echo fail; return
    fi
    read -r t k < <(awk '{printf "%d %d\n", ($1 + $2) * 1000, $3}' "$tmp/time")
    times+=("$t") peaks+=("$k")
  done
  local mid=$(( (REPEATS + 1) / 2 ))
  echo "$(printf '%s\n' "${times[@]}" | sort -n | sed -n "${mid}p")" \
    "$(printf '%s\n' "${peaks[@]}" | sort -n | sed -n "${mid}p")"
}

tr_ref=$(command -v cuda-tile-translate || true)
opt_ref=$(command -v cuda-tile-opt || true)
printf '%-8s %-9s %9s %9s %10s %8s %9s %10s %8s\n' text verb "input MB" "bcx ms" "ref ms" ratio \
  "bcx MB" "ref MB" "bcx/in"
row() { # STYLE VERB BCX_RESULT REF_RESULT
  local size ms kb rms= rkb= ratio=- rmb=-
  size=$(stat -c %s "$tmp/$1.mlir")
  read -r ms kb <<< "$3"
  if [ -n "$4" ] && [ "$4" != fail ]; then
    read -r rms rkb <<< "$4"
    ratio=$(echo "scale=3; $ms / $rms" | bc)
    rmb=$(echo "scale=1; $rkb / 1024" | bc)
  elif [ "$4" = fail ]; then
    rms=failed
  fi
  printf '%-8s %-9s %9.1f %9d %10s %8s %9.1f %10s %8.1f\n' "$1" "$2" "$(echo "$size / 1000000" | bc -l)" \
    "$ms" "${rms:--}" "$ratio" "$(echo "$kb / 1024" | bc -l)" "$rmb" \
    "$(echo "$kb * 1024 / $size" | bc -l)"
}
for style in custom hand; do
  f=$tmp/$style.mlir
  $bcx asm "$f" -o "$tmp/$style.bc" || { echo "bcx asm failed on the $style text" >&2; exit 1; }
  r=; [ -n "$tr_ref" ] && r=$(cpu_peak "$tr_ref" -mlir-to-cudatilebc -no-implicit-module "$f" -o "$tmp/ref.bc")
  row "$style" asm "$(cpu_peak $bcx asm "$f" -o "$tmp/out.bc")" "$r"
  r=; [ -n "$opt_ref" ] && r=$(cpu_peak "$opt_ref" "$f" -o /dev/null)
  row "$style" verify "$(cpu_peak $bcx verify "$f")" "$r"
  if [ -n "${BASE_BCX:-}" ]; then
    row "$style" "asm(base)" "$(cpu_peak "$BASE_BCX" asm "$f" -o "$tmp/base.bc")" ""
    cmp -s "$tmp/base.bc" "$tmp/$style.bc" || echo "  ($style: the base's bytes differ)"
    row "$style" "ver(base)" "$(cpu_peak "$BASE_BCX" verify "$f")" ""
  fi
done
[ -n "$tr_ref" ] || echo "(cuda-tile-translate not on PATH: no reference for asm in this run)"
[ -n "$opt_ref" ] || echo "(cuda-tile-opt not on PATH: no reference for verify in this run)"
