# bash completion for bcx: commands, each command's options (read from
# `bcx COMMAND --help`, so it never goes stale), codecs and file names.
_bcx()
{
	local cur prev cmd
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$(bcx --help 2>/dev/null | awk '/^Commands:/{on=1;next} on&&NF==0{exit} on{print $1}') --help --version" -- "$cur"))
		return
	fi
	cmd=${COMP_WORDS[1]}
	case $prev in
	-o) COMPREPLY=($(compgen -f -- "$cur")); return ;;
	--codec) COMPREPLY=($(compgen -W "prefix zigzag uleb sleb zleb vbr6 svbr6 xip" -- "$cur")); return ;;
	--target) COMPREPLY=($(compgen -W "13.1 13.2 13.3" -- "$cur")); return ;;
	--format) COMPREPLY=($(compgen -W "tileir mlirbc tapioca" -- "$cur")); return ;;
	--bytecode-version) COMPREPLY=($(compgen -W "0 1 2 3 4 5 6" -- "$cur")); return ;;
	--function|--entry|--max-steps|--max-heap|--max-depth) return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$(bcx "$cmd" --help 2>/dev/null | grep -oE '^  (-[-a-z0-9]+)' | tr -d ' ') --help" -- "$cur"))
	elif [ "$cmd" = varint ] && [ "$COMP_CWORD" -eq 2 ]; then
		COMPREPLY=($(compgen -W "encode decode" -- "$cur"))
	else
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}
complete -o filenames -F _bcx bcx
