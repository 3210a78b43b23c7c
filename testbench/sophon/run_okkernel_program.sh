#!/usr/bin/env bash
# Runs one of Sophgo's OKKernel host programs (built against acosim's
# libbmlib) and judges it by its own output, since upstream's programs print
# "... pass" / "... fail" per case (or "elapsed time" only for a passing
# case) and exit 0 either way.
# Usage: run_okkernel_program.sh [--fails "N ..."] [--error REGEX]
#                                PROGRAM WORKDIR PASS_REGEX EXPECTED [ARGS...]
#   PASS_REGEX  a line counted as one passed case (grep -E)
#   EXPECTED    how many such lines the run must print
#   --fails     contest cases known to fail ("case N fail"); each must
#               fail, every other case must pass
#   --error     the run must end with a bmlib error line matching REGEX
#               (the program's assert then aborts it)
#   --skip-on   REGEX of an upstream limitation the program may run into by
#               chance (a random shape its own kernel does not support): the
#               run then counts as skipped (exit 77), saying so
# Anything else is a failure: a non-zero exit, an unexpected "fail" line, a
# bmlib error, or a different number of passed cases.
set -uo pipefail
fails="" error="" skip_on=""
while [ $# -gt 0 ]; do
  case "$1" in
    --fails) fails=$2; shift 2 ;;
    --error) error=$2; shift 2 ;;
    --skip-on) skip_on=$2; shift 2 ;;
    *) break ;;
  esac
done
program=$1 workdir=$2 pass_regex=$3 expected=$4
shift 4
log=$(mktemp)
trap 'rm -f "$log"' EXIT
(cd "$workdir" && "$program" "$@") 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ -n "$skip_on" ] && grep -qE "$skip_on" "$log"; then
  echo "run_okkernel_program: skipped: the program drew a case its own kernel does not support (upstream's check above)"
  exit 77
fi
passed=$(grep -cE "$pass_regex" "$log")
ok=1
for n in $fails; do
  grep -qx "case $n fail" "$log" || { echo "run_okkernel_program: case $n was expected to fail"; ok=0; }
done
unexpected=$(grep -E "(^| )fail$" "$log" | grep -vxE "$(printf 'case %s fail|' $fails)x^" | wc -l)
bmlib_errors=$(grep -c "^bmlib: " "$log")
if [ -n "$error" ]; then
  grep -qE "$error" "$log" || { echo "run_okkernel_program: no bmlib error matching: $error"; ok=0; }
  [ "$bmlib_errors" -eq 1 ] || ok=0
else
  [ "$status" -eq 0 ] && [ "$bmlib_errors" -eq 0 ] || ok=0
fi
[ "$passed" -eq "$expected" ] && [ "$unexpected" -eq 0 ] || ok=0
echo "run_okkernel_program: exit $status, $passed of $expected expected cases passed," \
     "$unexpected unexpected failures, $bmlib_errors bmlib errors"
[ "$ok" -eq 1 ]
