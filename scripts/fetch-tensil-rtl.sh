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
git_base=${ACOSIM_CLIENTS_GIT_BASE:-https://github.com}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for manifest in testbench/rtl/*.sha1; do
  name=$(basename "$manifest" .sha1)
  folder=$(sed -n 's/^# folder: //p' "$manifest")
  upstream=$(sed -n 's/^# upstream: github //p' "$manifest")
  commit=$(sed -n 's/^# commit: //p' "$manifest")
  mapfile -t paths < <(grep -v '^#' "$manifest" | awk 'NF == 2 { print $2 }')
  git clone --quiet --filter=blob:none --no-checkout "$git_base/$upstream.git" "$work/$name"
  git -C "$work/$name" sparse-checkout set --no-cone "${paths[@]}"
  git -C "$work/$name" checkout --quiet "$commit"
  for path in "${paths[@]}"; do
    mkdir -p "$dest/$folder/$(dirname "$path")"
    cp "$work/$name/$path" "$dest/$folder/$path"
  done
  bash testbench/clients/check_unmodified.sh "$manifest" "$dest/$folder" scripts/fetch-tensil-rtl.sh ACOSIM_RTL_DIR
done
echo "Tensil's generated RTL in $dest"
