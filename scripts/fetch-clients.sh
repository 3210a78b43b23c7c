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
git_base=${ACOSIM_CLIENTS_GIT_BASE:-https://github.com}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for manifest in testbench/clients/*.sha1; do
  client=$(basename "$manifest" .sha1)
  upstream=$(sed -n 's/^# upstream: github //p' "$manifest")
  commit=$(sed -n 's/^# commit: //p' "$manifest")
  mapfile -t paths < <(grep -v '^#' "$manifest" | awk 'NF == 2 { print $2 }')
  git clone --quiet --filter=blob:none --no-checkout "$git_base/$upstream.git" "$work/$client"
  git -C "$work/$client" sparse-checkout set --no-cone "${paths[@]}"
  git -C "$work/$client" checkout --quiet "$commit"
  for path in "${paths[@]}"; do
    mkdir -p "$dest/$client/$(dirname "$path")"
    cp "$work/$client/$path" "$dest/$client/$path"
  done
  bash testbench/clients/check_unmodified.sh "$manifest" "$dest/$client"
done
echo "driver clients in $dest"
