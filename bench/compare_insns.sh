#!/usr/bin/env bash
# Regression check by instruction count: every workload of the other
# benchmarks, run under callgrind by two bcx binaries (a tree before a change
# and after), with the ratio of instructions. Counts do not depend on the
# machine's load, so a slower path shows even on a busy machine; time is
# what the run_*.sh benchmarks measure.
#   compare_insns.sh BASE_BCX NEW_BCX [KERNELS]
# The inputs are made once by NEW_BCX (a generated Tile IR module of
# KERNELS kernels, default 1000, its custom text; a generated MLIR module;
# the bitcode of examples/; the Tapioca benchmark programs at small sizes),
# then each workload runs once per binary. Needs valgrind and mlir-opt-22.
set -euo pipefail
cd "$(dirname "$0")/.."
base=$(realpath "$1") new=$(realpath "$2") KERNELS=${3:-1000}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
. bench/tileir_module.sh
tileir_module "$KERNELS" -- >/dev/null
"$new" dis "$mod" -o "$tmp/t.mlir"
bash bench/gen_mlirbc.sh 1000 > "$tmp/m0.mlir"
mlir-opt-22 --mlir-print-op-generic "$tmp/m0.mlir" -o "$tmp/m.mlir" # bcx asm reads the generic form
"$new" asm --format mlirbc "$tmp/m.mlir" -o "$tmp/m.mlirbc"
sed 's/load_const r1, 100000001/load_const r1, 300001/' bench/tapioca/sum_loop.tasm > "$tmp/sum.tasm"
"$new" asm --format tapioca "$tmp/sum.tasm" -o "$tmp/sum.tbon"
"$new" asm --format tapioca bench/tapioca/strings.tasm -o "$tmp/str.tbon"
bc=examples/hello.bc
for f in /usr/lib/clc/nvptx64--nvidiacl.bc; do [ -e "$f" ] && bc=$f; done

# insns BCX ARGS...: the instructions callgrind counts for one run.
insns() {
  local out="$tmp/cg.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>"$tmp/cg.err" ||
    { cat "$tmp/cg.err" >&2; return 1; }
  awk '/^summary:/{print $2}' "$out"
}

printf '%-44s %14s %14s %7s\n' workload base new new/base
row() {
  local name=$1
  shift
  local b n
  b=$(insns "$base" "$@")
  n=$(insns "$new" "$@")
  printf '%-44s %14s %14s %7.3f\n' "$name" "$b" "$n" "$(echo "$n $b" | awk '{print $1/$2}')"
}
row "tileir dis (custom)" dis "$mod" -o "$tmp/o1"
row "tileir dis --generic" dis --generic "$mod" -o "$tmp/o2"
row "tileir dump" dump "$mod" -o "$tmp/o3"
row "tileir verify" verify "$mod"
row "tileir convert --target 13.1" convert --target 13.1 "$mod" -o "$tmp/o4"
row "tileir asm (custom text)" asm "$tmp/t.mlir" -o "$tmp/o5"
row "tileir verify (custom text)" verify "$tmp/t.mlir"
row "mlirbc dis" dis "$tmp/m.mlirbc" -o "$tmp/o6"
row "mlirbc asm" asm --format mlirbc "$tmp/m.mlir" -o "$tmp/o7"
row "mlirbc convert --bytecode-version 1" convert --bytecode-version 1 "$tmp/m.mlirbc" -o "$tmp/o8"
row "bitstream dump $(basename "$bc")" dump "$bc" -o "$tmp/o9"
row "bitstream stat $(basename "$bc")" stat "$bc" -o "$tmp/o10"
row "tapioca run sum (3*10^4)" run "$tmp/sum.tbon"
row "tapioca run strings" run "$tmp/str.tbon"
