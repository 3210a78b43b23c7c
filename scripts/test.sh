#!/usr/bin/env bash
# Sets up, builds and runs the test suite with ctest.
#   scripts/test.sh              every test except those labelled slow
#   scripts/test.sh --all        every test
#   scripts/test.sh --sanitize   the same default suite in a separate
#                                UBSan+ASan build (build-sanitize/)
# Ends with "N passed, N failed"; JUnit XML goes to <build>/junit.xml.
set -euo pipefail
cd "$(dirname "$0")/.."

label_args=(-LE slow)
build_dir=build
configure_args=()
for arg in "$@"; do
  case "$arg" in
    --all) label_args=() ;;
    --sanitize)
      build_dir=build-sanitize
      configure_args+=(-DACOSIM_SANITIZE=ON -DACOSIM_BENCHMARKS=OFF)
      export ACOSIM_BUILD_TYPE=RelWithDebInfo
      # SystemC's coroutine stacks are not ASan's stacks: tolerate the
      # stack switches and keep leak checking to the end of each process.
      export ASAN_OPTIONS="detect_stack_use_after_return=0:detect_leaks=0"
      export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
      ;;
    *) echo "test.sh: unknown option $arg (use --all or --sanitize)" >&2; exit 2 ;;
  esac
done

ACOSIM_BUILD_DIR="$build_dir" bash scripts/build.sh "${configure_args[@]}"

export SC_COPYRIGHT_MESSAGE=DISABLE
log="$build_dir/ctest.log"
set +e
ctest --test-dir "$build_dir" --output-on-failure -j"$(nproc)" "${label_args[@]}" \
  --output-junit junit.xml | tee "$log"
status=${PIPESTATUS[0]}
set -e

summary=$(grep -E "tests passed, [0-9]+ tests failed out of [0-9]+" "$log" | tail -1 || true)
if [ -n "$summary" ]; then
  failed=$(echo "$summary" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\1/')
  total=$(echo "$summary" | sed -E 's/.* ([0-9]+) tests failed out of ([0-9]+).*/\2/')
  echo "$((total - failed)) passed, $failed failed"
else
  echo "0 passed, 0 failed"
fi
exit "$status"
