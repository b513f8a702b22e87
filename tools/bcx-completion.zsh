#compdef bcx
# zsh completion for bcx (installed as _bcx): commands with their summaries
# and each command's options, both read from bcx's own --help so that they
# never go stale; option values and file names.
_bcx() {
	local -a cmds opts
	if (( CURRENT == 2 )); then
		cmds=(${(f)"$(bcx --help 2>/dev/null | awk '/^Commands:/{on=1;next} on&&NF==0{exit} on{n=$1; $1=""; sub(/^ +/,""); print n":"$0}')"})
		_describe 'command' cmds
		compadd -- --help --version
		return
	fi
	local cmd=${words[2]}
	case ${words[CURRENT-1]} in
	-o) _files; return ;;
	--codec) compadd -- prefix zigzag uleb sleb zleb vbr6 svbr6 xip; return ;;
	--target) compadd -- 13.1 13.2 13.3; return ;;
	--format) compadd -- tileir mlirbc tapioca; return ;;
	--bytecode-version) compadd -- 0 1 2 3 4 5 6; return ;;
	--function|--entry|--max-steps|--max-heap|--max-depth) return ;;
	esac
	if [[ $PREFIX == -* ]]; then
		opts=(${(f)"$(bcx $cmd --help 2>/dev/null | grep -oE '^  (-[-a-z0-9]+)' | tr -d ' ')"})
		compadd -- $opts --help
	elif [[ $cmd == varint ]] && (( CURRENT == 3 )); then
		compadd -- encode decode
	else
		_files
	fi
}
_bcx "$@"
