#!/usr/bin/env bash
# Fuzzes the Tensil front end: configures build-fuzz/ with clang and
# ACOSIM_FUZZ=ON, builds the libFuzzer targets of fuzz/ (ASan + UBSan) and
# runs each for SECONDS (default 60) on its seed corpus, through ctest's
# `fuzz` label. Usage: scripts/fuzz.sh [SECONDS]
# Crashes are written to build-fuzz/fuzz/artifacts/; rerun one with
#   build-fuzz/fuzz/fuzz_<target> build-fuzz/fuzz/artifacts/<file>
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: scripts/fuzz.sh [SECONDS per target]" >&2
  exit 2
fi
bash scripts/setup.sh
build_dir="${ACOSIM_FUZZ_BUILD_DIR:-build-fuzz}"
# The fuzz build only needs acosim to compile the example models (the seeds),
# so it Verilates the smallest array and no benchmarks.
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DACOSIM_FUZZ=ON -DACOSIM_FUZZ_SECONDS="$seconds" -DACOSIM_BENCHMARKS=OFF \
  -DACOSIM_TENSIL_RTL_CONFIGS="FP16BP8:2" >/dev/null
cmake --build "$build_dir" --target fuzz -j"${ACOSIM_JOBS:-$(nproc)}"
ctest --test-dir "$build_dir" -L fuzz --output-on-failure --verbose
