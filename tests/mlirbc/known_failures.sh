# Sourced by corpus_test.sh and releases_test.sh: the failures of a run
# against the list of those not fixed yet.
# check_known RESULTS KNOWN: RESULTS holds "OK|FAIL ..." lines, KNOWN the
# listed failures ("..." as in RESULTS; '#' comments). Prints a failure not
# listed and a listed one that passes (so the list stays true); returns 1
# on either. Leaves the listed count in $known_count.
check_known() {
	local results=$1 list=$2 name rc=0 line
	name=$(basename "$list")
	grep -v '^#' "$list" 2> /dev/null | sed '/^[[:space:]]*$/d' | LC_ALL=C sort -u > "$results.known"
	sed -n 's/^FAIL //p' "$results" | LC_ALL=C sort -u > "$results.failed"
	while read -r line; do
		echo "FAILED (not in $name): $line"
		rc=1
	done < <(LC_ALL=C comm -23 "$results.failed" "$results.known")
	while read -r line; do
		echo "FAILED (listed in $name, now passes: remove it): $line"
		rc=1
	done < <(LC_ALL=C comm -13 "$results.failed" "$results.known")
	known_count=$(wc -l < "$results.known")
	return $rc
}
