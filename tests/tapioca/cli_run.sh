#!/bin/sh
# bcx run's options: --max-heap with K/M/G suffixes (and refusals), --trace
# with decoded operands, --gc-stress giving the same output.
# Usage: cli_run.sh BCX EXAMPLES_DIR
set -u
bcx=$1
ex=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
# expect STATUS STREAM TEXT ARGS...: `bcx ARGS` exits with STATUS and its
# STREAM (out or err) contains TEXT (a fixed string; "" for any).
expect() {
	want=$1 stream=$2 text=$3
	shift 3
	"$bcx" "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ] && grep -qF -- "$text" "$tmp/$stream"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: bcx $*: status $got (expected $want), $stream should hold '$text'"
		sed 's/^/  | /' "$tmp/err"
	fi
}

"$bcx" asm --format tapioca "$ex/closure.tasm" -o "$tmp/c.tbon" || { echo "FAIL: asm"; exit 1; }
"$bcx" asm --format tapioca "$ex/err_heap.tasm" -o "$tmp/h.tbon" || { echo "FAIL: asm"; exit 1; }

for size in 64M 65536K 1G 1g 67108864; do
	expect 0 out "r0 holds a closure" run --max-heap "$size" "$tmp/c.tbon"
done
# 8M of live string is past 4M (the frames take 2M of it), within 64M
expect 1 err "heap limit of 4194304 live bytes" run --max-heap 4M "$tmp/h.tbon"
expect 1 err "heap limit of 67108864 live bytes" run --max-heap 64m "$tmp/h.tbon"
for size in 1X 0 -1 1KB K 17179869184G; do
	expect 2 err "--max-heap takes a number of bytes" run --max-heap "$size" "$tmp/c.tbon"
done

for line in "trace: main #0: load_imm_int r1, 10" "trace: make_adder #0: load_global r1, @closure" \
	"invoke r1, r2, 2" "; 3001000a" "jmp_if ->"; do
	expect 0 err "$line" run --trace "$tmp/c.tbon"
done

expect 0 out "" run "$tmp/c.tbon"
cp "$tmp/out" "$tmp/plain"
expect 0 out "" run --gc-stress "$tmp/c.tbon"
if cmp -s "$tmp/out" "$tmp/plain"; then pass=$((pass + 1)); else
	fail=$((fail + 1)); echo "FAIL: --gc-stress changes the output"; fi

echo "cli_run: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
