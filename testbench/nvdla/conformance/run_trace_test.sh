#!/usr/bin/env bash
# Runs one of NVDLA's trace tests as a ctest case:
#   run_trace_test.sh ACOSIM TEST_DIR CONFIG OUT_DIR
# Where the conformance data is missing the case is skipped (exit 77) with a
# message saying how to get it; under CI (CI=true) a missing folder fails.
set -uo pipefail
acosim=$1 test_dir=$2 config=$3 out_dir=$4
if [ ! -d "$test_dir" ]; then
  message="NVDLA conformance data not found at $test_dir; fetch it with scripts/fetch-nvdla-conformance.sh (or point -DACOSIM_CONFORMANCE_DIR at your copy)"
  if [ "${CI:-}" = "true" ]; then
    echo "FAILED: $message" >&2
    exit 1
  fi
  echo "SKIPPED: $message"
  exit 77
fi
rm -rf "$out_dir" && mkdir -p "$out_dir"
exec "$acosim" nvdla trace "$test_dir" --config "$config" --out "$out_dir"
