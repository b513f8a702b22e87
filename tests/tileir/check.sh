# Helpers sourced by the Tile IR CLI tests: a scratch folder $tmp, and
# check CMD... (CMD must succeed) and status WANT CMD... (CMD must exit
# WANT), each failure printed and counted in $fail.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { if ! "$@"; then echo "FAILED: $*"; fail=1; fi; }
status() { local want=$1; shift; "$@"; local got=$?; [ "$got" -eq "$want" ] || { echo "FAILED (exit $got, want $want): $*"; fail=1; }; }
