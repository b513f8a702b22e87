#!/usr/bin/env bash
# Generator for bench/run_mlirbc.sh --blocks: one function whose body is a
# chain of N blocks (default 200000), each passing a value on to the next
# with cf.br and some taking a cf.cond_br back to the entry's successor, so
# every block has a predecessor comment to print. MLIR text on stdout.
set -euo pipefail
N=${1:-200000}
awk -v n="$N" 'BEGIN {
  print "func.func @chain(%a: i32, %p: i1) -> i32 {"
  print "  cf.br ^bb1(%a : i32)"
  for (i = 1; i < n; i++) {
    printf "^bb%d(%%v%d: i32):\n", i, i
    printf "  %%w%d = arith.addi %%v%d, %%a : i32\n", i, i
    if (i % 3 == 0)
      printf "  cf.cond_br %%p, ^bb1(%%w%d : i32), ^bb%d(%%w%d : i32)\n", i, i + 1, i
    else
      printf "  cf.br ^bb%d(%%w%d : i32)\n", i + 1, i
  }
  printf "^bb%d(%%v%d: i32):\n", n, n
  printf "  return %%v%d : i32\n", n
  print "}"
}'
