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
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; sed 's/^/  | /' "$tmp/err"; }
run() { # run WANT-STATUS ARGS...: stdout in $tmp/out, stderr in $tmp/err
	want=$1
	shift
	"$bcx" "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "bcx $*: status $got, expected $want"; fi
}
has() { # has FILE TEXT: FILE contains TEXT (fixed string)
	if grep -qF -- "$2" "$tmp/$1"; then ok; else bad "$1 lacks '$2'"; fi
}

"$bcx" asm --format tapioca "$ex/closure.tasm" -o "$tmp/c.tbon" || { echo "FAIL: asm"; exit 1; }
"$bcx" asm --format tapioca "$ex/err_heap.tasm" -o "$tmp/h.tbon" || { echo "FAIL: asm"; exit 1; }

for size in 64M 65536K 1G 1g 67108864; do
	run 0 run --max-heap "$size" "$tmp/c.tbon"; has out "r0 holds a closure"
done
# 8M of live string is past 4M (the frames take 2M of it), within 64M
run 1 run --max-heap 4M "$tmp/h.tbon"; has err "heap limit of 4194304 live bytes"
run 1 run --max-heap 64m "$tmp/h.tbon"; has err "heap limit of 67108864 live bytes"
for size in 1X 0 -1 1KB K 17179869184G; do
	run 2 run --max-heap "$size" "$tmp/c.tbon"; has err "--max-heap takes a number of bytes"
done

run 0 run --trace "$tmp/c.tbon"
has err "trace: main #0: load_imm_int r1, 10"
has err "trace: make_adder #0: load_global r1, @closure"
has err "invoke r1, r2, 2"
has err "; 3001000a"
has err "jmp_if ->"

run 0 run "$tmp/c.tbon"; cp "$tmp/out" "$tmp/plain"
run 0 run --gc-stress "$tmp/c.tbon"
if cmp -s "$tmp/out" "$tmp/plain"; then ok; else bad "--gc-stress changes the output"; fi

echo "cli_run: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
