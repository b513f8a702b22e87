# fish completion for bcx: commands with their summaries and each command's
# options, both read from bcx's own --help so that they never go stale;
# option values and file names.
function __bcx_commands
    bcx --help 2>/dev/null | awk '/^Commands:/{on=1;next} on&&NF==0{exit} on{n=$1; $1=""; sub(/^ +/,""); print n"\t"$0}'
end
function __bcx_options
    set -l words (commandline -opc)
    bcx $words[2] --help 2>/dev/null | grep -oE '^  (-[-a-z0-9]+)' | tr -d ' '
    echo --help
end
# True when the word before the cursor is $argv[1].
function __bcx_after
    set -l words (commandline -opc)
    test (count $words) -ge 2; and test "$words[-1]" = "$argv[1]"
end
function __bcx_option_word
    string match -q -- '-*' (commandline -ct)
end
complete -c bcx -f -n __fish_use_subcommand -a '(__bcx_commands)'
complete -c bcx -f -n __fish_use_subcommand -a '--help --version'
complete -c bcx -f -n 'not __fish_use_subcommand; and __bcx_option_word' -a '(__bcx_options)'
complete -c bcx -f -n '__bcx_after --codec' -a 'prefix zigzag uleb sleb zleb vbr6 svbr6 xip'
complete -c bcx -f -n '__bcx_after --target' -a '13.1 13.2 13.3'
complete -c bcx -f -n '__bcx_after --format' -a 'tileir mlirbc tapioca'
complete -c bcx -f -n '__bcx_after --bytecode-version' -a '0 1 2 3 4 5 6'
complete -c bcx -f -n '__fish_seen_subcommand_from varint; and test (count (commandline -opc)) -eq 2' -a 'encode decode'
