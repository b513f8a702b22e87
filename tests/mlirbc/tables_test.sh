#!/usr/bin/env bash
# The committed op layout tables (src/mlirbc/gen/ops_N.def) against a fresh
# run of tools/mlirgen/mlirgen.py, for every release whose mlir-tblgen-N and
# .td files are on this machine: /usr/lib/llvm-N/include, or the folder
# named by MLIR_TD_N (libmlir-N-dev unpacked with dpkg-deb -x into DIR:
# MLIR_TD_19=DIR/usr/lib/llvm-19/include). A difference fails.
# Skipped (77) when no release can be regenerated here.
# Args: SOURCE_DIR
set -u
src=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ran=0 failed=0
for n in 16 19 22; do
	var=MLIR_TD_$n
	root=${!var:-}
	[ -n "$root" ] || root=/usr/lib/llvm-$n/include
	if ! command -v mlir-tblgen-$n > /dev/null || [ ! -d "$root/mlir/Dialect" ]; then
		echo "MLIR $n: not checked (mlir-tblgen-$n or its .td files missing; set $var)"
		continue
	fi
	# flang's dialects are in the table when its header says so
	flang=none
	if grep -q "libflang-$n-dev" "$src/src/mlirbc/gen/ops_$n.def"; then
		flang=/usr/lib/llvm-$n/include
		if [ ! -d "$flang/flang" ]; then
			echo "MLIR $n: not checked (the table has flang's dialects: libflang-$n-dev missing)"
			continue
		fi
	fi
	ran=$((ran + 1))
	if ! python3 "$src/tools/mlirgen/mlirgen.py" --release $n --td-root "$root" \
		--flang-root "$flang" -o "$tmp/ops_$n.def" 2> "$tmp/err"; then
		echo "FAILED: mlirgen for MLIR $n"; cat "$tmp/err"; failed=1; continue
	fi
	# the header names the tool version; the rows are what must agree
	if diff <(grep '^MBC_OP' "$src/src/mlirbc/gen/ops_$n.def") <(grep '^MBC_OP' "$tmp/ops_$n.def") > "$tmp/diff"; then
		echo "MLIR $n: $(grep -c '^MBC_OP' "$tmp/ops_$n.def") ops, the committed table is current"
	else
		echo "FAILED: src/mlirbc/gen/ops_$n.def differs from a fresh run:"; head -20 "$tmp/diff"; failed=1
	fi
done
[ $ran -gt 0 ] || { echo "skipped: no MLIR release's mlir-tblgen and .td files here"; exit 77; }
exit $failed
