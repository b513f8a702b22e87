# Helpers sourced by the CLI tests: counters, running bcx with its output
# kept, and checks on that output. The caller sets $bcx.
# run WANT ARGS...: bcx ARGS with stdout in $tmp/out and stderr in $tmp/err;
# its exit status must be WANT. has/hasout TEXT: stderr/stdout holds TEXT.
set -u
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; [ -s "$tmp/err" ] && sed 's/^/  | /' "$tmp/err" | head -20; }
run() {
	local want=$1 got
	shift
	"$bcx" "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then ok; else bad "bcx $*: status $got, expected $want"; fi
}
has() { grep -qF -- "$1" "$tmp/err" && ok || bad "stderr lacks '$1'"; }
hasout() { grep -qF -- "$1" "$tmp/out" && ok || bad "stdout lacks '$1'"; }
lacks() { grep -qF -- "$1" "$tmp/err" "$tmp/out" && bad "output has '$1'" || ok; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
