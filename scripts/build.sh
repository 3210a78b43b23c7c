#!/usr/bin/env bash
# Configures and builds acosim into build/ (Release). Extra arguments go to
# the CMake configure step, e.g. -DACOSIM_TENSIL_RTL_CONFIGS="FP16BP8:8".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
build_dir="${ACOSIM_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${ACOSIM_BUILD_TYPE:-Release}" "$@" >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
