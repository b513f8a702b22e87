#!/bin/bash
# Honest writes: every write is checked (/dev/full exits 1 for every verb
# and format, MLIR bytecode too), -o replaces only regular files (keeping their mode), writes
# through symlinks and into devices and FIFOs, takes names up to NAME_MAX,
# leaves no temporary file when interrupted, refuses binary output to a
# terminal; inputs are mapped (a 2 GiB file of zeros is refused at once).
# Usage: cli_output.sh BCX SHARED_DIR
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") # absolute: tests change folders
shared=$2
T=$shared/vectors/tileir/operationsTest_000.v13.3
L=$shared/vectors/llvm
M=$shared/vectors/mlir/cfg.mlirbc
[ -f "$T.tileirbc" ] && [ -f "$L/hello.bc" ] || { echo "skipped: no shared vectors"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
shape() { # the one error shape, naming the output
	grep -qE "^bcx: $1: error: " "$tmp/err" && ok || { bad "error line for $1: $(cat "$tmp/err")"; }
}
no_temp() { # no temporary file in folder $1
	if ls -A "$1" | grep -q '^\.bcx-'; then bad "temporary file left in $1: $(ls -A "$1")"; else ok; fi
}

# Run as root, a broken -o would replace the machine's /dev/full and
# /dev/stdout; private nodes and links stand in for them then.
fullnode=/dev/full stdoutname=/dev/stdout
if [ "$(id -u)" -eq 0 ]; then
	mknod "$tmp/full" c 1 7 2> /dev/null && fullnode=$tmp/full
	ln -s /proc/self/fd/1 "$tmp/stdout" && stdoutname=$tmp/stdout
	[ "$fullnode" != /dev/full ] || { echo "skipped: root without mknod"; exit 77; }
fi

# 1. Output to /dev/full exits 1 with a message: stdout and -o, every verb.
full() { # full ARGS...: stdout to /dev/full, then -o /dev/full
	"$bcx" "$@" > /dev/full 2> "$tmp/err"; rc=$?
	[ $rc -eq 1 ] && ok || bad "bcx $* > /dev/full: status $rc"
	shape '<stdout>'
	"$bcx" "$@" -o "$fullnode" > /dev/null 2> "$tmp/err"; rc=$?
	[ $rc -eq 1 ] && ok || bad "bcx $* -o $fullnode: status $rc"
	shape "$fullnode"
}
full dump "$L/hello.bc"
full dump --json "$L/hello.bc"
full stat "$L/hello.bc"
full stat --json "$L/hello.bc"
full dump "$T.tileirbc"
full dump --json "$T.tileirbc"
full dis "$T.tileirbc"
full info "$T.tileirbc"
full info --json "$L/hello.bc"
full dis "$M"
full dis --debuginfo "$M"
full dump --json "$M"
"$bcx" copy "$L/hello.bc" -o "$fullnode" 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "copy -o $fullnode"
shape "$fullnode"
"$bcx" convert "$T.tileirbc" --target 13.1 -o "$fullnode" 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "convert -o $fullnode"
"$bcx" asm "$T.generic.mlir" -o "$fullnode" 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "asm -o $fullnode"
[ -c "$fullnode" ] && ok || bad "$fullnode is no longer a device"
# Tapioca: assemble an example, then every verb that writes.
tasm=$(cd "$(dirname "$0")/../../examples/tapioca" && pwd)/factorial.tasm
"$bcx" asm --format tapioca "$tasm" -o "$fullnode" 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "asm tapioca -o $fullnode"
if "$bcx" asm --format tapioca "$tasm" -o "$tmp/f.tbon"; then
	full dis "$tmp/f.tbon"
	full dump --json "$tmp/f.tbon"
	"$bcx" run "$tmp/f.tbon" > /dev/full 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "run > /dev/full"
	shape '<stdout>'
else
	bad "asm --format tapioca $tasm"
fi
"$bcx" varint encode --codec uleb 300 > /dev/full 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "varint > /dev/full"
shape '<stdout>'
"$bcx" --help > /dev/full 2> /dev/null; [ $? -eq 1 ] && ok || bad "--help > /dev/full"

# 2. -o into a device node, a FIFO and a symlink leaves each what it was.
if mknod "$tmp/null" c 1 3 2> /dev/null; then
	for args in "convert $T.tileirbc --target 13.1" "copy $L/hello.bc" "dis $T.tileirbc" "dump $L/hello.bc"; do
		"$bcx" $args -o "$tmp/null" 2> "$tmp/err" && [ -c "$tmp/null" ] && ok ||
			bad "bcx $args -o NODE: status or node replaced ($(stat -c %F "$tmp/null"))"
	done
	no_temp "$tmp"
else
	echo "note: mknod not permitted; device node case not run"
fi
mkfifo "$tmp/fifo"
timeout 20 cat "$tmp/fifo" > "$tmp/from-fifo" & # a replaced FIFO never opens
"$bcx" dis "$T.tileirbc" -o "$tmp/fifo" 2> "$tmp/err" && ok || bad "dis -o FIFO: $(cat "$tmp/err")"
wait
[ -p "$tmp/fifo" ] && ok || bad "FIFO replaced"
cmp -s "$tmp/from-fifo" "$T.mlir" && ok || bad "FIFO reader did not get the text"
echo old > "$tmp/target.mlir"
ln -s target.mlir "$tmp/link.mlir"
"$bcx" dis "$T.tileirbc" -o "$tmp/link.mlir" && ok || bad "dis -o SYMLINK"
[ -L "$tmp/link.mlir" ] && ok || bad "symlink replaced by a file"
cmp -s "$tmp/target.mlir" "$T.mlir" && ok || bad "symlink target not written"
mkdir "$tmp/sub"
ln -s sub/new.mlir "$tmp/dangling.mlir"
"$bcx" dis "$T.tileirbc" -o "$tmp/dangling.mlir" && [ -L "$tmp/dangling.mlir" ] &&
	cmp -s "$tmp/sub/new.mlir" "$T.mlir" && ok || bad "dangling symlink: target not created"
"$bcx" dis "$T.tileirbc" -o "$stdoutname" > "$tmp/via-stdout" && cmp -s "$tmp/via-stdout" "$T.mlir" &&
	ok || bad "-o $stdoutname"
[ -L "$stdoutname" ] && ok || bad "$stdoutname replaced"
echo first > "$tmp/append"
"$bcx" dis "$T.tileirbc" -o "$stdoutname" >> "$tmp/append" && [ "$(head -1 "$tmp/append")" = first ] &&
	ok || bad "-o $stdoutname with >> did not append"

# 2b. Every verb and format that writes: -o into a device node, a FIFO and a
# symlink gives the same bytes as -o into a regular file, and leaves each
# what it was.
"$bcx" asm --format tapioca "$tasm" -o "$tmp/t.tbon" 2> /dev/null || bad "asm tapioca for 2b"
every_writer() { # one line per command that writes to -o
	cat <<-EOT
	dis $T.tileirbc
	dump $T.tileirbc
	dump --json $T.tileirbc
	info $T.tileirbc
	info --json $L/hello.bc
	convert $T.tileirbc --target 13.1
	asm $T.generic.mlir
	dump $L/hello.bc
	dump --json $L/hello.bc
	stat $L/hello.bc
	stat --json $L/hello.bc
	copy $L/hello.bc
	asm --format tapioca $tasm
	dis $tmp/t.tbon
	dump $tmp/t.tbon
	dump --json $tmp/t.tbon
	dis $M
	dis --debuginfo $M
	dump $M
	dump --json $M
	EOT
}
while read -r line; do
	# shellcheck disable=SC2086 # the words of $line are the arguments
	set -- $line
	rm -f "$tmp/w.ref" "$tmp/w.target" "$tmp/w.link" "$tmp/w.fifo" "$tmp/w.got"
	"$bcx" "$@" -o "$tmp/w.ref" 2> "$tmp/err" || { bad "bcx $line -o FILE: $(cat "$tmp/err")"; continue; }
	ln -s w.target "$tmp/w.link"
	"$bcx" "$@" -o "$tmp/w.link" 2> "$tmp/err" && [ -L "$tmp/w.link" ] &&
		cmp -s "$tmp/w.target" "$tmp/w.ref" && ok || bad "bcx $line -o SYMLINK"
	mkfifo "$tmp/w.fifo"
	timeout 20 cat "$tmp/w.fifo" > "$tmp/w.got" &
	"$bcx" "$@" -o "$tmp/w.fifo" 2> "$tmp/err"; rc=$?
	wait
	[ $rc -eq 0 ] && [ -p "$tmp/w.fifo" ] && cmp -s "$tmp/w.got" "$tmp/w.ref" && ok ||
		bad "bcx $line -o FIFO (status $rc)"
	if [ -c "$tmp/null" ]; then
		"$bcx" "$@" -o "$tmp/null" 2> "$tmp/err" && [ -c "$tmp/null" ] && ok ||
			bad "bcx $line -o NODE"
	fi
done < <(every_writer)
no_temp "$tmp"

# 3. A regular file keeps its mode; long names work; a failure changes nothing.
echo old > "$tmp/mode.mlir"
chmod 600 "$tmp/mode.mlir"
"$bcx" dis "$T.tileirbc" -o "$tmp/mode.mlir" && [ "$(stat -c %a "$tmp/mode.mlir")" = 600 ] &&
	ok || bad "mode 600 not kept: $(stat -c %a "$tmp/mode.mlir")"
long=$(printf 'n%.0s' $(seq 1 250)).mlir
"$bcx" dis "$T.tileirbc" -o "$tmp/$long" && cmp -s "$tmp/$long" "$T.mlir" && ok ||
	bad "a 255-byte output name fails"
"$bcx" dis "$T.tileirbc" -o "$tmp/missing/x.mlir" 2> "$tmp/err"; [ $? -eq 1 ] && ok || bad "missing folder"
[ "$(grep -o "$tmp/missing/x.mlir" "$tmp/err" | wc -l)" -eq 1 ] && ok || bad "path not printed once: $(cat "$tmp/err")"
no_temp "$tmp"

# 4. An interrupted write leaves no temporary file: SIGTERM and SIGINT at
# spread-out moments while a 13 MB disassembly is made and written.
"$bcx" dis --generic "$(dirname "$0")/../../examples/vadd.tileirbc" > "$tmp/v.mlir"
n=$(wc -l < "$tmp/v.mlir")
awk -v K=5000 -v N="$n" 'NR==1{print; next} NR==N{last=$0; next} {body[NR]=$0}
	END{for(k=0;k<K;k++) for(i=2;i<N;i++){l=body[i]; sub(/sym_name = "vadd"/, "sym_name = \"vadd" k "\"", l); print l}; print last}' \
	"$tmp/v.mlir" > "$tmp/big.mlir"
"$bcx" asm "$tmp/big.mlir" -o "$tmp/big.tileirbc" || bad "asm of the big module"
mkdir "$tmp/kill"
"$bcx" dis "$tmp/big.tileirbc" -o "$tmp/kill/ref.mlir"
start=$(date +%s%N)
"$bcx" dis "$tmp/big.tileirbc" -o "$tmp/kill/out.mlir"
span=$((($(date +%s%N) - start) / 1000000)) # ms for one run
rm -f "$tmp/kill/out.mlir"
killed=0
set -m # background jobs of a script ignore SIGINT unless job control is on
for i in $(seq 0 19); do
	sig=TERM; [ $((i % 2)) -eq 1 ] && sig=INT
	"$bcx" dis "$tmp/big.tileirbc" -o "$tmp/kill/out.mlir" 2> /dev/null &
	pid=$!
	sleep "$(awk -v s="$span" -v i="$i" 'BEGIN{printf "%.3f", s * (i + 1) / 20 / 1000}')"
	kill -s $sig $pid 2> /dev/null
	wait $pid 2> /dev/null
	no_temp "$tmp/kill"
	# the output is either absent or complete, never partial
	if [ -e "$tmp/kill/out.mlir" ]; then cmp -s "$tmp/kill/out.mlir" "$tmp/kill/ref.mlir" && ok ||
		bad "partial output after SIG$sig"; rm -f "$tmp/kill/out.mlir"; else killed=$((killed + 1)); fi
done
set +m
[ "$killed" -gt 0 ] && ok || bad "no run was stopped by a signal"

# 5. Binary output to a terminal needs -o -.
if command -v script > /dev/null 2>&1; then
	script -qec "$bcx convert $T.tileirbc --target 13.1 -o -" /dev/null > /dev/null 2>&1; rc1=$?
	script -qec "$bcx asm $T.generic.mlir" /dev/null > "$tmp/tty" 2>&1; rc2=$?
	[ $rc2 -eq 2 ] && grep -q "not writing binary output to a terminal" "$tmp/tty" && ok ||
		bad "asm to a terminal: status $rc2"
	[ $rc1 -eq 0 ] && ok || bad "convert -o - to a terminal: status $rc1"
fi

# 6. A 2 GiB sparse file of zeros is refused at once, with little memory.
command -v /usr/bin/time > /dev/null || { echo "note: no /usr/bin/time; 2 GiB case not run"; echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit; }
truncate -s 2G "$tmp/zero2g"
for verb in dump dis stat; do
	/usr/bin/time -f '%e %M' -o "$tmp/time" "$bcx" $verb "$tmp/zero2g" 2> "$tmp/err" > /dev/null
	read -r secs kb < <(tail -1 "$tmp/time")
	grep -q "unknown format (first bytes 00 00 00 00" "$tmp/err" && ok || bad "$verb zero2g message"
	awk -v s="$secs" 'BEGIN{exit !(s < 0.1)}' && ok || bad "$verb zero2g took $secs s"
	[ "$kb" -lt 65536 ] && ok || bad "$verb zero2g used $kb KB"
done
rm -f "$tmp/zero2g"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
