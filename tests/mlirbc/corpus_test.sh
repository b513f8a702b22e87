#!/usr/bin/env bash
# The MLIR corpus against mlir-opt-22, in the same run. Every FILE.mlir under
# the corpus folder (tests/mlirbc/corpus/, one or more files per dialect,
# named DIALECT.mlir, DIALECT_TOPIC.mlir or DIALECT/TOPIC.mlir) is written
# by mlir-opt-22 as bytecode of every version 0-6 and checked four ways:
#   dis      bcx dis = mlir-opt-22 --mlir-print-op-generic
#   debug    bcx dis --debuginfo = --mlir-print-debuginfo --mlir-print-local-scope
#   convert  bcx convert --bytecode-version V of the file = mlir-opt-22's bytes
#   asm      bcx asm --format mlirbc --bytecode-version V of the generic text is
#            read back by mlir-opt-22 and printed as mlir-opt-22 prints its own
#            version V file (a version before 5 has no properties for an
#            unregistered op: MLIR drops them, and so does bcx)
# Each failure is a line "FILE vV CHECK". The corpus folder's known_failures
# lists the ones not fixed yet, by name: the test fails on a failure that is
# not listed and on a listed one that now passes, so the list stays true.
# It ends with a table of checks passed per dialect.
# Skipped (77) without mlir-opt-22; scripts/deps.sh test installs it.
# Args: BCX [CORPUS_DIR]
set -u
bcx=$1
dir=${2:-$(dirname "$0")/corpus}
command -v mlir-opt-22 > /dev/null || { echo "skipped: mlir-opt-22 not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# check_file SRC: prints "OK|FAIL NAME vV CHECK" lines for one corpus file.
check_file() {
	local src=$1 name work v bc
	name=${src#"$dir"/}
	name=${name%.mlir}
	work=$tmp/${name//\//_}
	mkdir -p "$work"
	opt() { mlir-opt-22 --allow-unregistered-dialect "$@" 2> /dev/null; }
	res() { if "${@:3}"; then echo "OK $name v$1 $2"; else echo "FAIL $name v$1 $2"; fi; }
	if ! opt --mlir-print-op-generic "$src" -o "$work/generic"; then
		echo "FAIL $name v- mlir-opt-22-reads-source"
		return
	fi
	for v in 0 1 2 3 4 5 6; do
		bc=$work/v$v.mlirbc
		opt --emit-bytecode --emit-bytecode-version=$v "$src" -o "$bc" || {
			echo "FAIL $name v$v mlir-opt-22-writes"; continue; }
		opt --mlir-print-op-generic "$bc" -o "$work/refgen.txt"
		res $v dis eval '"$bcx" dis "$bc" -o "$work/our.txt" 2>/dev/null && cmp -s "$work/our.txt" "$work/refgen.txt"'
		opt --mlir-print-op-generic --mlir-print-debuginfo --mlir-print-local-scope "$bc" -o "$work/ref.txt"
		res $v debug eval '"$bcx" dis --debuginfo "$bc" -o "$work/our.txt" 2>/dev/null && cmp -s "$work/our.txt" "$work/ref.txt"'
		res $v convert eval '"$bcx" convert --bytecode-version $v "$bc" -o "$work/conv.mlirbc" 2>/dev/null && cmp -s "$work/conv.mlirbc" "$bc"'
		res $v asm eval '"$bcx" asm --format mlirbc --bytecode-version $v "$work/generic" -o "$work/asm.mlirbc" 2>/dev/null &&
			opt --mlir-print-op-generic "$work/asm.mlirbc" -o "$work/back.txt" && cmp -s "$work/back.txt" "$work/refgen.txt"'
	done
}
export -f check_file
export bcx dir tmp

find "$dir" -name '*.mlir' | LC_ALL=C sort > "$tmp/files"
[ -s "$tmp/files" ] || { echo "FAILED: no .mlir files in $dir"; exit 1; }
xargs -a "$tmp/files" -P "$(nproc 2> /dev/null || echo 2)" -I{} bash -c 'check_file "$1"' _ {} \
	| LC_ALL=C sort > "$tmp/results"

. "$(dirname "$0")/known_failures.sh"
fail=0
check_known "$tmp/results" "$dir/known_failures" || fail=1

# Per dialect: the folder of the file (DIALECT/TOPIC.mlir), else the longest
# '_'-separated prefix of its name that names a dialect mlir-opt-22 registers
# (arm_sme_props: arm_sme), else the part before the first '_' (unregistered).
dialects=$(mlir-opt-22 --show-dialects | sed -n 's/^Available Dialects: //p')
awk -v dl="$dialects" 'BEGIN { n = split(dl, a, ","); for (i = 1; i <= n; i++) known[a[i]] = 1 }
	{ name = $2; sub(/\/.*/, "", name); d = name
	  while (!(d in known) && d ~ /_/) sub(/_[^_]*$/, "", d)
	  all[d]++; if ($1 == "OK") ok[d]++ }
	END { printf "%-16s %8s %8s\n", "dialect", "passed", "checks";
	      for (d in all) printf "%-16s %8d %8d\n", d, ok[d], all[d] }' "$tmp/results" \
	| { read -r head; echo "$head"; LC_ALL=C sort; }
echo "$(grep -c '^OK' "$tmp/results") passed, $(grep -c '^FAIL' "$tmp/results") failed" \
	"($known_count known failures listed)"
exit $fail
