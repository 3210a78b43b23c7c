#!/usr/bin/env bash
# Installs acosim from BUILD_DIR into a temporary prefix, then configures,
# builds and runs the out-of-tree user project examples/own_driver against
# it, as a user would. Fails if any step fails or a user driver reports FAIL.
# Usage: test_installed_package.sh BUILD_DIR SOURCE_DIR [EXTRA_CXX_FLAGS]
set -euo pipefail
build_dir=$1
source_dir=$2
extra_flags=${3:-}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake --install "$build_dir" --prefix "$work/prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
echo "installed $(find "$work/prefix" -type f | wc -l) files into a temporary prefix"

launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
cmake -S "$source_dir/examples/own_driver" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_FLAGS="$extra_flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$extra_flags" "${launcher[@]}" >"$work/configure.log" ||
  { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" -j2 >"$work/build.log" || { cat "$work/build.log"; exit 1; }
ctest --test-dir "$work/build" --output-on-failure
