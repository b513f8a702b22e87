#!/bin/bash
# The bash, zsh and fish completions: commands and options from bcx's own
# --help, and --format offering every format bcx asm writes (the list
# bcx asm gives for an unknown --format). zsh and fish, when installed, also
# check their file (fish runs it: complete -C).
# Usage: cli_completion.sh BCX SOURCE_DIR
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: PATH below
src=$2
. "$(dirname "$0")/lib.sh"
mkdir "$tmp/bin" && ln -s "$bcx" "$tmp/bin/bcx"
PATH=$tmp/bin:$PATH
printf 'x' > "$tmp/t.txt"
run 2 asm --format nosuch "$tmp/t.txt"
known=$(sed -nE "s/.*\(known: (.*)\).*/\1/p" "$tmp/err" | tr -d ',' | tr ' ' '\n' | sort | tr '\n' ' ')
[ -n "$known" ] && ok || bad "bcx asm --format nosuch lists no formats"
words() { printf '%s\n' "$@" | sort | tr '\n' ' '; }

# bash
source "$src/tools/bcx-completion.bash"
complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _bcx; echo "${COMPREPLY[*]}"; }
got=$(words $(complete_words bcx asm --format ""))
[ "$got" = "$known" ] && ok || bad "bash: --format offers '$got', bcx asm knows '$known'"
got=$(complete_words bcx convert --bytecode-version "")
[ "$got" = "0 1 2 3 4 5 6" ] && ok || bad "bash: --bytecode-version offers '$got'"

# zsh: the same words in its --format line; the file parses.
got=$(words $(sed -nE 's/^\s*--format\) compadd -- ([^;]*);.*/\1/p' "$src/tools/bcx-completion.zsh"))
[ "$got" = "$known" ] && ok || bad "zsh: --format offers '$got', bcx asm knows '$known'"
if command -v zsh > /dev/null; then
	zsh -n "$src/tools/bcx-completion.zsh" 2> "$tmp/err" && ok || bad "zsh -n"
else
	echo "note: zsh not installed, its file is not parsed"
fi

# fish: the completions it computes.
if command -v fish > /dev/null; then
	fishc() { fish --no-config -c "source $src/tools/bcx-completion.fish; complete -C '$1'" 2> "$tmp/err" | cut -f1; }
	got=$(words $(fishc 'bcx asm --format '))
	[ "$got" = "$known" ] && ok || bad "fish: --format offers '$got', bcx asm knows '$known'"
	case " $(fishc 'bcx d' | tr '\n' ' ') " in *" dis dump "*) ok ;; *) bad "fish: 'bcx d' lacks dis, dump" ;; esac
	case " $(fishc 'bcx dump --j' | tr '\n' ' ') " in *" --json "*) ok ;; *) bad "fish: 'bcx dump --j' lacks --json" ;; esac
	case " $(fishc 'bcx varint ' | tr '\n' ' ') " in *" encode "*) ok ;; *) bad "fish: 'bcx varint ' lacks encode" ;; esac
else
	got=$(words $(sed -nE "s/.*__bcx_after --format' -a '([^']*)'.*/\1/p" "$src/tools/bcx-completion.fish"))
	[ "$got" = "$known" ] && ok || bad "fish: --format offers '$got', bcx asm knows '$known'"
	echo "note: fish not installed, its file is not run"
fi
finish
