#!/bin/sh
# Lints the Tensil RTL with every warning on: the TCU observer, and the
# array at each given size for each fixed-point data type of Tensil's RTL (FP8BP4,
# FP16BP8, FP18BP10, FP32BP16).
# Usage: lint.sh VERILATOR RTL_DIR SIZE...
set -eu
verilator=$1
rtl=$2
shift 2
failed=0
"$verilator" --lint-only -Wall "$rtl/tcu_observer.sv" || failed=1
for type in 8:4 16:8 18:10 32:16; do
  width=${type%%:*}
  binary_point=${type##*:}
  for size in "$@"; do
    if ! "$verilator" --lint-only -Wall --top-module tensil_array \
        -GSIZE="$size" -GWIDTH="$width" -GBINARY_POINT="$binary_point" \
        "$rtl/tensil_array.sv" "$rtl/tensil_mac.sv"; then
      echo "lint failed: tensil_array SIZE=$size WIDTH=$width BINARY_POINT=$binary_point" >&2
      failed=1
    fi
  done
done
exit $failed
