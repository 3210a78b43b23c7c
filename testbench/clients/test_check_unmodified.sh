#!/usr/bin/env bash
# check_unmodified.sh on a client of one file whose git blob SHA-1 is known
# independently: "hello\n" is git's blob ce013625030ba8dba906f756967f9e9ca394464a.
set -u
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/client/src"
printf 'hello\n' > "$work/client/src/a.txt"
printf '# upstream: github example/client\n# commit: 0123\nce013625030ba8dba906f756967f9e9ca394464a src/a.txt\n' \
  > "$work/manifest"
status=0
expect() {
  local want=$1
  shift
  "$@" > "$work/out" 2>&1
  local got=$?
  if [ "$got" != "$want" ]; then
    echo "FAIL: $* exited $got, expected $want:"
    cat "$work/out"
    status=1
  fi
}
expect 0 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client"
printf 'hello!\n' > "$work/client/src/a.txt"
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client"
grep -q "modified: src/a.txt" "$work/out" || { echo "FAIL: the change is not named"; status=1; }
rm "$work/client/src/a.txt"
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client"
expect 77 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/absent"
expect 1 env CI=true bash "$here/check_unmodified.sh" "$work/manifest" "$work/absent"
# A manifest without a file line checks nothing: an error, also when the
# client folder is missing.
printf 'hello\n' > "$work/client/src/a.txt"
printf '# upstream: github example/client\n# commit: 0123\n' > "$work/empty"
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/empty" "$work/client"
grep -q "lists no file" "$work/out" || { echo "FAIL: the empty manifest is not named"; status=1; }
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/empty" "$work/absent"
# Files the build compiles (the globs after the fetch script and option)
# must all be in the manifest, and each glob must match something.
fetch=(scripts/fetch-clients.sh ACOSIM_CLIENTS_DIR)
expect 0 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client" "${fetch[@]}" 'src/*.txt'
printf 'new\n' > "$work/client/src/b.txt"
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client" "${fetch[@]}" 'src/*.txt'
grep -q "not in the manifest: src/b.txt" "$work/out" || { echo "FAIL: the unlisted file is not named"; status=1; }
expect 1 env -u CI bash "$here/check_unmodified.sh" "$work/manifest" "$work/client" "${fetch[@]}" '**/*.c'
grep -q "no file of .* matches \*\*/\*.c" "$work/out" || { echo "FAIL: the glob matching nothing is not named"; status=1; }
[ "$status" = 0 ] && echo "check_unmodified.sh: all cases as expected"
exit "$status"
