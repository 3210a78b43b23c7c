#!/usr/bin/env bash
# Proves a client's sources are upstream's, byte for byte: recomputes the
# git blob SHA-1 of every file listed in MANIFEST (sha1("blob <size>\0" +
# content), what `git hash-object` prints) in DIR and compares.
# Usage: check_unmodified.sh MANIFEST DIR [FETCH_SCRIPT CMAKE_OPTION]
# (the script and option named when DIR is missing; default
# scripts/fetch-clients.sh and ACOSIM_CLIENTS_DIR)
# Exit 0: all equal; 1: a file differs or is missing; 77 (skipped): DIR does
# not exist and CI is not set (under CI=true a missing DIR fails).
set -euo pipefail
manifest=$1
dir=$2
fetch_script=${3:-scripts/fetch-clients.sh}
cmake_option=${4:-ACOSIM_CLIENTS_DIR}
upstream=$(sed -n 's/^# upstream: github //p' "$manifest")
commit=$(sed -n 's/^# commit: //p' "$manifest")
if [ ! -d "$dir" ]; then
  echo "no sources at $dir: run $fetch_script, or point the CMake option $cmake_option at a folder whose" \
       "$(basename "$dir")/ is a checkout of https://github.com/$upstream at commit $commit"
  if [ "${CI:-}" = "true" ]; then exit 1; fi
  exit 77
fi
failed=0
checked=0
while read -r sha path; do
  case "$sha" in '#'* | '') continue ;; esac
  file="$dir/$path"
  if [ ! -f "$file" ]; then
    echo "missing: $path (expected blob $sha of $upstream $commit)"
    failed=1
    continue
  fi
  actual=$({ printf 'blob %d\0' "$(stat -c %s "$file")"; cat "$file"; } | sha1sum | cut -d' ' -f1)
  if [ "$actual" != "$sha" ]; then
    echo "modified: $path (blob $actual, upstream $upstream $commit has $sha)"
    failed=1
  fi
  checked=$((checked + 1))
done < "$manifest"
echo "$checked files of $upstream $commit checked in $dir"
exit "$failed"
