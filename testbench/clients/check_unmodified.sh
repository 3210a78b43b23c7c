#!/usr/bin/env bash
# Proves a client's sources are upstream's, byte for byte: recomputes the
# git blob SHA-1 of every file listed in MANIFEST (sha1("blob <size>\0" +
# content), what `git hash-object` prints) in DIR and compares.
# Usage: check_unmodified.sh MANIFEST DIR [FETCH_SCRIPT CMAKE_OPTION [GLOB...]]
# (the script and option named when DIR is missing; default
# scripts/fetch-clients.sh and ACOSIM_CLIENTS_DIR). Each GLOB (bash, with
# ** for any depth, relative to DIR) names files the build compiles or
# reads from DIR: every file it matches must be in MANIFEST, and it must
# match at least one, so that a file the build starts to use cannot escape
# the check by being left out of the manifest.
# Exit 0: all equal; 1: a file differs or is missing, MANIFEST lists no
# file, or a GLOB matches a file MANIFEST does not list (or none at all);
# 77 (skipped): DIR does not exist and CI is not set (under CI=true a
# missing DIR fails).
set -euo pipefail
manifest=$1
dir=$2
fetch_script=${3:-scripts/fetch-clients.sh}
cmake_option=${4:-ACOSIM_CLIENTS_DIR}
compiled_globs=("${@:5}")
upstream=$(sed -n 's/^# upstream: github //p' "$manifest")
commit=$(sed -n 's/^# commit: //p' "$manifest")
# The paths the manifest lists. A manifest without one would pass, checking
# nothing: an error whether or not DIR exists.
listed=$(sed -n 's/^[0-9a-f]\{40\} //p' "$manifest" | sort -u)
if [ -z "$listed" ]; then
  echo "$manifest lists no file (lines '<git blob SHA-1> <path>'): nothing of $dir would be checked"
  exit 1
fi
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
if [ "${#compiled_globs[@]}" -gt 0 ]; then
  shopt -s globstar nullglob
  cd "$dir"
  for pattern in "${compiled_globs[@]}"; do
    # shellcheck disable=SC2206 # the pattern is expanded on purpose
    matches=($pattern)
    if [ "${#matches[@]}" = 0 ]; then
      echo "no file of $dir matches $pattern, which the build compiles"
      failed=1
    fi
    for file in "${matches[@]}"; do
      [ -f "$file" ] || continue
      if ! grep -qxF -- "$file" <<< "$listed"; then
        echo "not in the manifest: $file (matches $pattern, which the build compiles); add its blob SHA-1 to $manifest"
        failed=1
      fi
    done
  done
fi
echo "$checked files of $upstream $commit checked in $dir"
exit "$failed"
