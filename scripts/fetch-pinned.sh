#!/usr/bin/env bash
# Fetches the files every manifest of MANIFEST_DIR pins (git blob SHA-1 and
# path per line; "# upstream: github OWNER/NAME", "# commit: SHA" and, when
# the destination is not the manifest's name, "# folder: PATH") from their
# upstream repositories into DEST/<folder>/, then checks them against the
# manifest. Shared by fetch-clients.sh and fetch-tensil-rtl.sh.
# Usage: fetch-pinned.sh MANIFEST_DIR DEST FETCH_SCRIPT CMAKE_OPTION
# Needs git and network access to GitHub (or ACOSIM_CLIENTS_GIT_BASE: a base
# URL or folder holding mirrors as <owner>/<name>.git).
set -euo pipefail
manifest_dir=$1
dest=$2
fetch_script=$3
cmake_option=$4
git_base=${ACOSIM_CLIENTS_GIT_BASE:-https://github.com}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for manifest in "$manifest_dir"/*.sha1; do
  name=$(basename "$manifest" .sha1)
  folder=$(sed -n 's/^# folder: //p' "$manifest")
  folder=${folder:-$name}
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
  bash testbench/clients/check_unmodified.sh "$manifest" "$dest/$folder" "$fetch_script" "$cmake_option"
done
