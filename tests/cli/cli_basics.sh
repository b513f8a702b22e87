#!/bin/sh
# The tool's contract: help and version on stdout with status 0, usage
# errors with status 2, invalid input with status 1 and a "bcx: " message.
bcx=$1
man=$2
pass=0 fail=0
check() { # check NAME EXPECTED-STATUS COMMAND...
	name=$1 want=$2
	shift 2
	"$@" >/tmp/bcx-cli-out.$$ 2>/tmp/bcx-cli-err.$$
	got=$?
	if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $name: status $got, expected $want"; cat /tmp/bcx-cli-err.$$
	fi
}
contains() { # contains NAME FILE TEXT
	if grep -q -- "$3" "$2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL: $1: '$3' not in output"; cat "$2"
	fi
}
check help 0 "$bcx" --help
contains help /tmp/bcx-cli-out.$$ "Usage: bcx"
check version 0 "$bcx" --version
contains version /tmp/bcx-cli-out.$$ "^bcx [0-9]"
check no-args 2 "$bcx"
check unknown-command 2 "$bcx" frobnicate
contains unknown-command /tmp/bcx-cli-err.$$ "^bcx: unknown command"
for cmd in $("$bcx" --help | awk '/^Commands:/{on=1;next} on && NF==0{exit} on{print $1}'); do
	check "help-$cmd" 0 "$bcx" "$cmd" --help
	contains "help-$cmd" /tmp/bcx-cli-out.$$ "Usage: bcx $cmd"
	check "help2-$cmd" 0 "$bcx" help "$cmd"
	# every command has its entry in the man page
	contains "man-$cmd" "$man" "^\.B $cmd[ \\]"
done
check missing-file 1 "$bcx" dump /nonexistent/file
contains missing-file /tmp/bcx-cli-err.$$ "^bcx: /nonexistent/file"
printf 'not a known format' >/tmp/bcx-cli-in.$$
check unknown-format 1 "$bcx" dump /tmp/bcx-cli-in.$$
contains unknown-format /tmp/bcx-cli-err.$$ "unknown format"
rm -f /tmp/bcx-cli-out.$$ /tmp/bcx-cli-err.$$ /tmp/bcx-cli-in.$$
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
