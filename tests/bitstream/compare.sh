# Sourced by the differential tests: `same WHAT FILE1 FILE2` counts a match
# in n or reports a difference and sets fail; `same_as_analyzer FILE` runs
# bcx dump and stat beside llvm-bcanalyzer-22 and checks that bcx copy gives
# the bytes back. Needs $bcx and the current directory as scratch.
fail=0 n=0
same() { # what file1 file2
	if cmp -s "$2" "$3"; then
		n=$((n + 1))
	else
		echo "FAIL: $1"
		diff "$2" "$3" | head -10
		fail=1
	fi
}
same_as_analyzer() { # file
	llvm-bcanalyzer-22 -dump "$1" > ref.dump 2>&1
	"$bcx" dump "$1" > our.dump 2>&1
	same "bcx dump $1" ref.dump our.dump
	llvm-bcanalyzer-22 "$1" > ref.stat 2>&1
	"$bcx" stat "$1" > our.stat 2>&1
	same "bcx stat $1" ref.stat our.stat
	"$bcx" copy "$1" -o copy.out
	same "bcx copy $1" "$1" copy.out
}
