#!/usr/bin/env bash
# Files written by older MLIR releases, read and upgraded by bcx.
# For MLIR 16 and 19 (mlir-opt-16, mlir-opt-19) each corpus file
# (tests/mlirbc/corpus/*.mlir) that the release can parse is written as
# bytecode by that release and checked:
#   release  bcx info names the release whose op layouts it reads with
#   dis      bcx dis = mlir-opt-22 --mlir-print-op-generic of the file when
#            MLIR 22 reads it, else of bcx's upgrade of it (below) when that
#            converts, else = the release's own generic print
#   convert  bcx convert --bytecode-version 6 (MLIR 22's layouts) gives a
#            file mlir-opt-22 reads and prints as bcx dis printed the old
#            one (the same ops); a refusal counts as a failure here
#   write19  (MLIR 19) bcx convert --mlir-release 19 of mlir-opt-22's file
#            of the source is read by mlir-opt-19 and printed as its own
# For flang-19 (bbc, fir-opt in /usr/lib/llvm-19/bin) each Fortran source of
# tests/mlirbc/fortran/ is lowered to HLFIR and to FIR, written as bytecode by
# fir-opt and checked "dis" against fir-opt's generic print (MLIR 22 has no
# flang dialects, so there is no upgrade to check).
# Each failure is a line "RELEASE FILE CHECK"; releases_known_failures lists
# the ones not fixed yet (the test fails on a listed one that passes).
# A missing tool skips its part and says so; with none of them, or without
# mlir-opt-22, the test is skipped (77). scripts/deps.sh test installs them.
# Args: BCX
set -u
bcx=$1
here=$(dirname "$0")
. "$here/known_failures.sh"
command -v mlir-opt-22 > /dev/null || { echo "skipped: mlir-opt-22 not installed"; exit 77; }
flang=/usr/lib/llvm-19/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
res() { if "${@:4}"; then echo "OK $1 $2 $3"; else echo "FAIL $1 $2 $3"; fi; } >> "$tmp/results"
ran=0

# check_release N: the corpus through mlir-opt-N.
check_release() {
	local n=$1 src name bc w
	for src in "$here"/corpus/*.mlir; do
		name=$(basename "$src" .mlir)
		w=$tmp/$n-$name
		bc=$w.mlirbc
		mlir-opt-$n --allow-unregistered-dialect --emit-bytecode "$src" -o "$bc" 2> /dev/null || continue
		mlir-opt-$n --allow-unregistered-dialect --mlir-print-op-generic "$bc" -o "$w.ref" 2> /dev/null || continue
		[ "$n" = 19 ] && res "$n" "$name" write19 eval 'cp "$w.ref" "$w.ref19" &&
			mlir-opt-22 --allow-unregistered-dialect --emit-bytecode "$src" -o "$w.22.mlirbc" 2> /dev/null &&
			"$bcx" convert --bytecode-version 6 --mlir-release 19 "$w.22.mlirbc" -o "$w.down.mlirbc" 2> /dev/null &&
			mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic "$w.down.mlirbc" -o "$w.down" 2> /dev/null &&
			cmp -s "$w.down" "$w.ref19"'
		res "$n" "$name" release eval '"$bcx" info "$bc" 2> /dev/null | grep -q "^layouts:   MLIR \(22.s inherent\|$n.s op\)"'
		if mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic "$bc" -o "$w.ref22" 2> /dev/null; then
			cp "$w.ref22" "$w.ref"
		elif "$bcx" convert --bytecode-version 6 "$bc" -o "$w.up.mlirbc" 2> /dev/null &&
			mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic "$w.up.mlirbc" -o "$w.ref22" 2> /dev/null; then
			# what MLIR 22 shows of the upgraded file (inherent attributes
			# it moves out of the dictionary, its defaults)
			cp "$w.ref22" "$w.ref"
		fi
		res "$n" "$name" dis eval '"$bcx" dis "$bc" -o "$w.our" 2> /dev/null && cmp -s "$w.our" "$w.ref"'
		res "$n" "$name" convert eval '"$bcx" dis "$bc" -o "$w.our" 2> /dev/null &&
			"$bcx" convert --bytecode-version 6 "$bc" -o "$w.up.mlirbc" 2> /dev/null &&
			mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic "$w.up.mlirbc" -o "$w.up" 2> /dev/null &&
			cmp -s "$w.up" "$w.our"'
	done
}

for n in 16 19; do
	if command -v mlir-opt-$n > /dev/null; then
		check_release $n
		ran=1
	else
		echo "MLIR $n: not checked (mlir-opt-$n missing: package mlir-$n-tools)"
	fi
done

if [ -x "$flang/bbc" ] && [ -x "$flang/fir-opt" ]; then
	ran=1
	for f in "$here"/fortran/*.f90; do
		for k in hlfir fir; do
			name=$(basename "$f" .f90).$k
			w=$tmp/flang-$name
			"$flang/bbc" --emit-$k --module="$tmp" "$f" -o "$w.mlir" 2> /dev/null &&
				"$flang/fir-opt" --emit-bytecode "$w.mlir" -o "$w.mlirbc" &&
				"$flang/fir-opt" --mlir-print-op-generic "$w.mlirbc" -o "$w.ref" ||
				{ echo "FAIL flang19 $name lower" >> "$tmp/results"; continue; }
			res flang19 "$name" release eval '"$bcx" info "$w.mlirbc" | grep -q "^layouts:   MLIR 19.s op"'
			res flang19 "$name" dis eval '"$bcx" dis "$w.mlirbc" -o "$w.our" 2> /dev/null && cmp -s "$w.our" "$w.ref"'
		done
	done
else
	echo "flang-19: not checked (bbc, fir-opt missing in $flang: package flang-19)"
fi
[ $ran = 1 ] || { echo "skipped: no mlir-opt-16, mlir-opt-19 or flang-19"; exit 77; }

LC_ALL=C sort -o "$tmp/results" "$tmp/results"
fail=0
check_known "$tmp/results" "$here/releases_known_failures" || fail=1
awk '{ k = $2 " " $4; all[k]++; if ($1 == "OK") ok[k]++ }
	END { printf "%-10s %-8s %8s %8s\n", "release", "check", "passed", "checks";
	      for (k in all) { split(k, p, " "); printf "%-10s %-8s %8d %8d\n", p[1], p[2], ok[k], all[k] } }' \
	"$tmp/results" | { read -r head; echo "$head"; LC_ALL=C sort; }
echo "$(grep -c '^OK' "$tmp/results") passed, $(grep -c '^FAIL' "$tmp/results") failed" \
	"($known_count known failures listed)"
exit $fail
