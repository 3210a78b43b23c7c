#!/usr/bin/env bash
# Stands in for a test that needs a client's sources when the folder is
# missing: skipped (77), or failed under CI=true.
# Usage: missing_client.sh DIR
echo "no client sources at $1: run scripts/fetch-clients.sh, or point the CMake option ACOSIM_CLIENTS_DIR at a" \
     "folder whose tensil/ is a checkout of Tensil (see testbench/clients/tensil.sha1 for the commit)"
if [ "${CI:-}" = "true" ]; then exit 1; fi
exit 77
