#!/bin/bash
# scripts/test.sh in a clone without the shared vectors folder: the run
# says how many suites were skipped and why (not only "100% tests
# passed"), and with CI=true a missing shared folder fails the run. The
# script runs on a small stand-in project (its own CMakeLists.txt and a
# no-op scripts/deps.sh), so that nothing of bcx is rebuilt here.
# Usage: cli_test_script.sh SOURCE_DIR
set -u
src=$1
command -v cmake > /dev/null && command -v ctest > /dev/null ||
	{ echo "skipped: cmake not installed"; exit 77; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; sed 's/^/  | /' "$tmp/log"; }
mkdir -p "$tmp/p/scripts" "$tmp/shared/vectors"
cp "$src"/scripts/*.sh "$tmp/p/scripts/"
printf '#!/bin/sh\nexit 0\n' > "$tmp/p/scripts/deps.sh"
cat > "$tmp/p/CMakeLists.txt" << 'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(standin NONE)
enable_testing()
set(BCX_SHARED_DIR "" CACHE PATH "")
add_test(NAME plain COMMAND sh -c "exit 0")
add_test(NAME needs_shared COMMAND sh -c
  "[ -d \"$0/vectors\" ] || { echo 'skipped: shared vectors folder not found'; exit 77; }"
  ${BCX_SHARED_DIR})
add_test(NAME needs_tool COMMAND sh -c "echo 'skipped: frob-22 not installed'; exit 77")
set_tests_properties(needs_shared needs_tool PROPERTIES SKIP_RETURN_CODE 77)
CMAKE
has() { grep -qF -- "$1" "$tmp/log" && ok || bad "$2: output lacks '$1'"; }

# No shared folder: the run passes and says what it skipped and why.
BCX_SHARED_DIR=$tmp/none CI= bash "$tmp/p/scripts/test.sh" --quick > "$tmp/log" 2>&1
[ $? -eq 0 ] && ok || bad "test.sh --quick without shared: status not 0"
has "SKIPPED 2 of 3 test suites" "no shared"
has "shared vectors folder not found ($tmp/none)" "no shared"
has "needs_shared" "no shared"
has "frob-22 not installed" "no shared"
# With the folder, only the missing tool is left.
BCX_SHARED_DIR=$tmp/shared CI=true bash "$tmp/p/scripts/test.sh" --quick > "$tmp/log" 2>&1
[ $? -eq 0 ] && ok || bad "test.sh --quick with shared under CI: status not 0"
has "SKIPPED 1 of 3 test suites" "shared"
grep -q "shared vectors folder not found" "$tmp/log" && bad "shared: still says not found" || ok
# CI=true without the folder fails, before building anything.
rm -rf "$tmp/p/build"
BCX_SHARED_DIR=$tmp/none CI=true bash "$tmp/p/scripts/test.sh" --quick > "$tmp/log" 2>&1
[ $? -ne 0 ] && ok || bad "CI=true without shared: status 0"
has "CI=true" "CI"
[ ! -d "$tmp/p/build" ] && ok || bad "CI=true without shared: it built anyway"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
