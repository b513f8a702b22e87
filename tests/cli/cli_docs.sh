#!/bin/bash
# Every option that a command's --help lists appears in the man page, and
# the bash completion offers the commands and each command's options.
# Usage: cli_docs.sh BCX MAN COMPLETION
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: tests change folders
man=$2
completion=$3
pass=0 fail=0
cmds=$("$bcx" --help | awk '/^Commands:/{on=1;next} on && NF==0{exit} on{print $1}')
[ -n "$cmds" ] || { echo "FAIL: no commands in bcx --help"; exit 1; }
for cmd in $cmds; do
	opts=$("$bcx" "$cmd" --help | grep -oE '^  (-[-a-z0-9]+)' | tr -d ' ')
	[ -n "$opts" ] || { echo "FAIL: bcx $cmd --help lists no options"; fail=$((fail + 1)); }
	for o in $opts; do
		# the man page writes '-' as '\-'; the option must end there
		# (--dump is not found inside --dump-blockinfo)
		re="$(printf '%s' "$o" | sed 's/-/\\\\-/g')([^a-z0-9\\]|\\f|$)"
		if grep -qE -- "$re" "$man"; then pass=$((pass + 1)); else
			echo "FAIL: bcx $cmd option $o is not in the man page"; fail=$((fail + 1)); fi
	done
done
# Completion: a PATH in which `bcx` is the binary under test.
bin=$(mktemp -d) || exit 1
trap 'rm -rf "$bin"' EXIT
ln -s "$bcx" "$bin/bcx"
PATH=$bin:$PATH
source "$completion"
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _bcx; echo "${COMPREPLY[*]}"; }
for cmd in $cmds; do
	case " $(complete_words bcx "${cmd:0:2}") " in
	*" $cmd "*) pass=$((pass + 1)) ;;
	*) echo "FAIL: completion of '${cmd:0:2}' lacks $cmd"; fail=$((fail + 1)) ;;
	esac
done
case " $(complete_words bcx dump --j) " in *" --json "*) pass=$((pass + 1)) ;;
*) echo "FAIL: completion of 'bcx dump --j' lacks --json"; fail=$((fail + 1)) ;; esac
case " $(complete_words bcx asm --ta) " in *" --target "*) pass=$((pass + 1)) ;;
*) echo "FAIL: completion of 'bcx asm --ta' lacks --target"; fail=$((fail + 1)) ;; esac
# The version: bcx --version's (made from core.h) is the man page's and the
# Python package's.
ver=$("$bcx" --version | awk 'NR==1{print $2}')
src=$(cd "$(dirname "$man")/.." && pwd)
for f in "$man:\"bcx $ver\"" "$src/python/pyproject.toml:version = \"$ver\"" \
	"$src/python/bcx/__init__.py:__version__ = \"$ver\""; do
	if grep -qF -- "${f#*:}" "${f%%:*}"; then pass=$((pass + 1)); else
		echo "FAIL: ${f%%:*} does not say ${f#*:}"; fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
