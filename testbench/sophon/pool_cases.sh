#!/usr/bin/env bash
# Counts the cases upstream's avg_pool / max_pool programs run: the records
# of param/pool.dat (16 int32 fields of okk_param.h's pool_t) that are not
# global pooling and are (avg) or are not (max) average pooling.
# Usage: pool_cases.sh POOL_DAT avg|max
set -euo pipefail
od -An -v -t d4 -w64 "$1" | awk -v kind="$2" '
  { is_avg = ($13 != 0); is_global = ($15 != 0)
    if (!is_global && ((kind == "avg") == is_avg)) n++ }
  END { print n + 0 }'
