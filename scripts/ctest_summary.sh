#!/usr/bin/env bash
# Say loudly which test suites did not run and why, after a ctest run:
# ctest counts a skipped suite (exit status 77) as passed and keeps its
# reason only in the log.
# Usage: scripts/ctest_summary.sh BUILD_DIR CTEST_OUTPUT
#   BUILD_DIR:    the ctest build folder (its Testing/Temporary/LastTest.log
#                 holds each suite's output)
#   CTEST_OUTPUT: what ctest printed (the "did not run" list and the total)
# Prints nothing when every suite ran. The reason of a suite is the line of
# its output that says "skip" (else its last line); the suites that need the
# shared vectors folder (BCX_SHARED_DIR) form one group, the conformance
# extra that a clone without ../shared does not have.
set -euo pipefail
dir=$1
out=$2
log=$dir/Testing/Temporary/LastTest.log
skipped=$(sed -nE 's/^[[:space:]]*[0-9]+ - (.*) \(Skipped\)$/\1/p' "$out")
[ -n "$skipped" ] || exit 0
total=$(sed -nE 's/.*tests failed out of ([0-9]+).*/\1/p' "$out" | tail -1)
shared=$(sed -nE 's/^BCX_SHARED_DIR:PATH=(.*)$/\1/p' "$dir/CMakeCache.txt" 2>/dev/null || true)

have_shared=0
[ -d "$shared/vectors" ] && have_shared=1

# NAME<TAB>REASON for every suite in the log.
reasons=$(awk '
	/^[0-9]+\/[0-9]+ Test: / { name = $0; sub(/^[0-9]+\/[0-9]+ Test: /, "", name); next }
	/^Command: / { cmd = $0 }
	/^Output:$/ { getline; inout = 1; why = ""; last = ""; next }
	inout && /^<end of output>$/ {
		inout = 0
		# A suite that skips without a word but is given the missing
		# shared folder skipped for that.
		if (why == "" && shared != "" && !have_shared && index(cmd, shared)) why = "shared"
		print name "\t" (why != "" ? why : last); next
	}
	inout { if ($0 ~ /[^[:space:]]/) last = $0; if (tolower($0) ~ /skip/) why = $0 }
' shared="$shared" have_shared="$have_shared" "$log" 2>/dev/null || true)

declare -A group_names=()
declare -a order=()
n=0
while IFS= read -r name; do
	n=$((n + 1))
	why=$(printf '%s\n' "$reasons" | awk -F '\t' -v t="$name" '$1 == t { r = $2 } END { print r }')
	why=${why#skipped: }
	why=${why%: skipped}
	case $why in
	*shared* | *"${shared:-//}"*) why="shared vectors folder not found (${shared:-../shared}): the conformance extra" ;;
	"") why="no reason given (the suite printed nothing)" ;;
	esac
	[ -n "${group_names[$why]+x}" ] || order+=("$why")
	group_names[$why]+=" $name"
done <<< "$skipped"

rule="======================================================================"
echo "$rule"
echo "SKIPPED $n of ${total:-?} test suites (ctest counts them as passed):"
for why in "${order[@]}"; do
	set -- ${group_names[$why]}
	echo "  $# - $why:"
	printf '%s\n' "$*" | fold -s -w 66 | sed 's/ *$//; s/^/      /'
done
echo "$rule"
