#!/bin/sh
# bcx dump / stat / copy on every .bc of the shared LLVM vectors, run inside
# the vector folder with relative names as the saved outputs were made:
# each saved llvm-bcanalyzer-22 output must come out byte for byte, and
# the copy must equal the input. Usage: cli_vectors.sh BCX SHARED_DIR
set -u
bcx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shared=$2
[ -d "$shared/vectors/llvm" ] || { echo "skipped: no shared vectors"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0
check() { # name command...
	name=$1
	shift
	if "$@" > "$tmp/out" 2> "$tmp/err" && cmp -s "$tmp/out" "$name"; then
		n=$((n + 1))
	else
		echo "FAIL: $* (in $(pwd)) differs from $name"
		head -5 "$tmp/err"
		fail=1
	fi
}
for dir in "$shared/vectors/llvm" "$shared/vectors/llvm/synthetic"; do
	cd "$dir" || exit 1
	for f in *.bc; do
		s=${f%.bc}
		check "$s.dump.txt" "$bcx" dump "$f"
		check "$s.stats.txt" "$bcx" stat "$f"
		[ -f "$s.dump-blockinfo.txt" ] && check "$s.dump-blockinfo.txt" "$bcx" dump --dump-blockinfo "$f"
		[ -f "$s.dump-non-symbolic.txt" ] && check "$s.dump-non-symbolic.txt" "$bcx" dump --non-symbolic "$f"
		[ -f "$s.dump-show-binary-blobs.txt" ] && check "$s.dump-show-binary-blobs.txt" "$bcx" dump --show-binary-blobs "$f"
		[ -f "$s.stats-disable-histogram.txt" ] && check "$s.stats-disable-histogram.txt" "$bcx" stat --disable-histogram "$f"
		if "$bcx" copy "$f" -o "$tmp/copy.bc" && cmp -s "$f" "$tmp/copy.bc"; then
			n=$((n + 1))
		else
			echo "FAIL: bcx copy $f is not byte-identical"
			fail=1
		fi
	done
done
# -o writes the same text to a file.
cd "$shared/vectors/llvm" || exit 1
"$bcx" dump hello.bc -o "$tmp/o.txt" && cmp -s "$tmp/o.txt" hello.dump.txt || { echo "FAIL: dump -o"; fail=1; }
# A cut file: exit status 1 and a message with a bit offset, no crash.
head -c 2000 hello.bc > "$tmp/cut.bc"
"$bcx" dump "$tmp/cut.bc" > /dev/null 2> "$tmp/err"
rc=$?
if [ $rc -ne 1 ] || ! grep -q ':bit [0-9]' "$tmp/err"; then
	echo "FAIL: truncated input: exit $rc, stderr: $(cat "$tmp/err")"
	fail=1
fi
# --json is one valid JSON document (checked where python3 is available).
if command -v python3 > /dev/null 2>&1; then
	for f in hello.bc hello.darwin.bc debuginfo.g.bc synthetic/abbrevs.bc synthetic/unknown.bc; do
		for cmd in "dump --json" "stat --json" "dump --json --dump-blockinfo"; do
			if "$bcx" $cmd "$f" | python3 -c 'import json, sys; json.load(sys.stdin)'; then
				n=$((n + 1))
			else
				echo "FAIL: bcx $cmd $f is not valid JSON"
				fail=1
			fi
		done
	done
fi
echo "$n comparisons passed"
exit $fail
