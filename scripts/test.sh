#!/usr/bin/env bash
# Sets up, builds and runs the test suite with ctest.
#   scripts/test.sh              every test except those labelled slow
#   scripts/test.sh --all        every test
#   scripts/test.sh --sanitize   the same default suite in a separate
#                                UBSan+ASan build (build-sanitize/)
# Ends with "N passed, N failed, N skipped" and fails when no test ran;
# JUnit XML goes to <build>/junit.xml.
set -euo pipefail
cd "$(dirname "$0")/.."

label_args=(-LE slow)
sanitize=0
build_dir=build
configure_args=()
for arg in "$@"; do
  case "$arg" in
    --all) label_args=() ;;
    --sanitize)
      build_dir=build-sanitize
      configure_args+=(-DACOSIM_SANITIZE=ON -DACOSIM_BENCHMARKS=OFF)
      export ACOSIM_BUILD_TYPE=RelWithDebInfo
      sanitize=1
      ;;
    *) echo "test.sh: unknown option $arg (use --all or --sanitize)" >&2; exit 2 ;;
  esac
done

ACOSIM_BUILD_DIR="$build_dir" bash scripts/build.sh "${configure_args[@]}"

export SC_COPYRIGHT_MESSAGE=DISABLE
if [ "$sanitize" = 1 ]; then
  # SystemC's coroutine stacks are not ASan's stacks: ASan warns about every
  # stack switch it cannot follow. Its reports go to files (so the programs'
  # own stderr stays what the tests expect) and are checked below; a real
  # report also ends the process with status 99.
  rm -f "$build_dir"/asan.*
  export ASAN_OPTIONS="detect_stack_use_after_return=0:detect_leaks=0:exitcode=99:log_path=$PWD/$build_dir/asan"
  export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
fi
log="$build_dir/ctest.log"
set +e
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "${label_args[@]}" \
  --output-junit junit.xml | tee "$log"
status=${PIPESTATUS[0]}
set -e

if [ "$sanitize" = 1 ] && grep -l "ERROR: AddressSanitizer" "$build_dir"/asan.* 2>/dev/null; then
  echo "test.sh: AddressSanitizer reported errors (files above)"
  [ "$status" -ne 0 ] || status=1
fi

# ctest counts a skipped test as passed; say how many were skipped, and
# fail a run in which no test ran at all (a filter or build that found none).
summary=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$log" | tail -1 || true)
skipped=$(grep -cE "^ *[0-9]+/[0-9]+ Test +#[0-9]+: .*\*\*\*Skipped" "$log" || true)
if [ -n "$summary" ]; then
  failed=$(echo "$summary" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/')
  total=$(echo "$summary" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/')
else
  failed=0
  total=0
fi
echo "$((total - failed - skipped)) passed, $failed failed, $skipped skipped"
if [ "$((total - skipped))" -le 0 ]; then
  echo "test.sh: no test ran" >&2
  [ "$status" -ne 0 ] || status=1
fi
exit "$status"
