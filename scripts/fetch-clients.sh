#!/usr/bin/env bash
# Fetches the driver clients acosim runs unmodified (NVDLA's firmware,
# Tensil's embedded driver, Sophgo's OKKernel contest kits, Habana's custom
# kernels with gc_interface.h and tpc_llvm's assembler tests) from their
# public upstream repositories into
# DEST (default: ../shared/clients, where the build looks for them, see the
# CMake option ACOSIM_CLIENTS_DIR): for each manifest in testbench/clients,
# DEST/<client>/ gets the listed files at the manifest's commit, then the
# files are checked against the manifest's git blob SHA-1s.
# Needs git and network access to GitHub (or ACOSIM_CLIENTS_GIT_BASE: a base
# URL or folder holding mirrors as <owner>/<name>.git).
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-../shared/clients}
bash scripts/fetch-pinned.sh testbench/clients "$dest" scripts/fetch-clients.sh ACOSIM_CLIENTS_DIR
echo "driver clients in $dest"
