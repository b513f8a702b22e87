# Sourced by the Tile IR benchmarks (run_tileir_verify.sh, run_explorer.sh,
# run_python.sh): the generated module they time.
#   tileir_module KERNELS [CMAKE-ARG...] -- TARGET...
# configures build/bench (Release, plus the CMake arguments given), builds
# bench_tileir_read and the targets, and writes $mod: KERNELS kernels copied
# from a reference vector ($VECTOR, default a shared coverage vector), in
# $tmp, which is removed at exit.
tileir_module() {
  KERNELS=$1
  shift
  local args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do
    args+=("$1")
    shift
  done
  [ $# -gt 0 ] && shift
  SHARED=${BCX_SHARED_DIR:-../shared}
  VECTOR=${VECTOR:-$SHARED/vectors/tileir/coverage/cov_011_views_partition.v13.3.tileirbc}
  cmake -S . -B build/bench -DCMAKE_BUILD_TYPE=Release "${args[@]}" >/dev/null
  cmake --build build/bench -j2 --target bench_tileir_read "$@" >/dev/null
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  mod=$tmp/bench.tileirbc
  build/bench/bench/bench_tileir_read "$VECTOR" "$KERNELS" "$mod" >/dev/null
}
