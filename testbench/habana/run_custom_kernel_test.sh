#!/usr/bin/env bash
# Runs one of Habana's custom-kernel tests as upstream's program runs it
# (tpc_kernel_tests -t NAME) and passes only when the program exits 0
# after its own comparison with the CPU reference and reported simulated
# cycles for each launch (so a test that never ran cannot pass).
# Usage: run_custom_kernel_test.sh TPC_KERNEL_TESTS NAME
set -uo pipefail
program=$1
name=$2
output=$("$program" -t "$name" 2>&1)
status=$?
echo "$output"
if [ "$status" -ne 0 ]; then
  echo "FAIL: $name exited with status $status"
  exit 1
fi
launches=$(grep -c '^Program executed in [0-9]* cycles using simulation$' <<<"$output")
if [ "$launches" -eq 0 ]; then
  echo "FAIL: $name ran no kernel on the simulator"
  exit 1
fi
echo "PASS: $name ($launches launches, cycles: $(grep -o 'executed in [0-9]* cycles' <<<"$output" | awk '{print $3}' | paste -sd' '))"
