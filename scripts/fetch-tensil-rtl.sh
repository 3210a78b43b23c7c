#!/usr/bin/env bash
# Fetches Tensil's generated Verilog builds that acosim Verilates (Tensil's
# Verilog of a whole TCU with a network compiled for it) from their public
# upstream repositories into DEST (default: ../shared/rtl, where the build
# looks for them, see the CMake option ACOSIM_RTL_DIR): for each manifest in
# testbench/rtl, DEST/<its folder>/ gets the listed files at the manifest's
# commit, then the files are checked against the manifest's git blob SHA-1s.
# Needs git and network access to GitHub (or ACOSIM_CLIENTS_GIT_BASE: a base
# URL or folder holding mirrors as <owner>/<name>.git).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-../shared/rtl}
bash scripts/fetch-pinned.sh testbench/rtl "$dest" scripts/fetch-tensil-rtl.sh ACOSIM_RTL_DIR
echo "Tensil's generated RTL in $dest"
