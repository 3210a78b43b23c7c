#!/usr/bin/env bash
# Runs one of Sophgo's OKKernel host programs (built against acosim's
# libbmlib) and judges it by its own output, since upstream's programs print
# "... pass" / "... fail" per case (or "elapsed time" only for a passing
# case) and exit 0 either way.
# Usage: run_okkernel_program.sh PROGRAM WORKDIR PASS_REGEX EXPECTED [ARGS...]
#   PASS_REGEX  a line counted as one passed case (grep -E)
#   EXPECTED    how many such lines a full pass prints
# Fails when the program exits non-zero, prints a line ending in "fail",
# bmlib reports an error, or fewer/more cases passed than EXPECTED.
set -uo pipefail
program=$1 workdir=$2 pass_regex=$3 expected=$4
shift 4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$workdir" && "$program" "$@") 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(grep -cE "$pass_regex" "$log")
failed=$(grep -cE "(^| )fail$" "$log")
bmlib_errors=$(grep -c "^bmlib: " "$log")
echo "run_okkernel_program: exit $status, $passed of $expected cases passed, $failed failed, $bmlib_errors bmlib errors"
[ "$status" -eq 0 ] && [ "$passed" -eq "$expected" ] && [ "$failed" -eq 0 ] && [ "$bmlib_errors" -eq 0 ]
