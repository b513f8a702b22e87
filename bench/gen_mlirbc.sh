#!/usr/bin/env bash
# Generator for bench/run_mlirbc.sh: a module of N functions (default 5000)
# in MLIR text, each with arith, scf and memref ops, written to stdout.
set -euo pipefail
N=${1:-5000}
awk -v n="$N" 'BEGIN {
  print "module {"
  for (i = 0; i < n; i++) {
    printf "  func.func @f%d(%%a: i32, %%b: f32, %%m: memref<?xf32>, %%n: index) -> (i32, f32) {\n", i
    printf "    %%c = arith.constant %d : i32\n", i
    print  "    %x = arith.addi %a, %c : i32"
    print  "    %y = arith.muli %x, %a overflow<nsw> : i32"
    print  "    %p = arith.cmpi slt, %y, %c : i32"
    print  "    %s = arith.select %p, %x, %y : i32"
    print  "    %c0 = arith.constant 0 : index"
    print  "    %c1 = arith.constant 1 : index"
    print  "    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> (f32) {"
    print  "      %v = memref.load %m[%i] : memref<?xf32>"
    print  "      %t = arith.addf %acc, %v fastmath<fast> : f32"
    print  "      scf.yield %t : f32"
    print  "    }"
    print  "    return %s, %r : i32, f32"
    print  "  }"
  }
  print "}"
}'
