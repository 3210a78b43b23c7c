#!/usr/bin/env bash
# Runs the XOR example model through Tensil's driver with the example
# program: the four cases of the truth table, one per input vector (lanes
# beyond the two inputs zero). The test matches the printed outputs. With
# ACOSIM and TARCH, the same model also runs through acosim's own driver
# (`acosim tensil run`) and the two output files must be equal byte for byte.
# Usage: run_xor_example.sh PROGRAM MODEL.tmodel ARRAY_SIZE SCRATCH_DIR [ACOSIM TARCH]
set -euo pipefail
program=$1
model=$2
n=$3
dir=$4
acosim=${5:-}
tarch=${6:-}
mkdir -p "$dir"
zero='\x00\x00\x00\x00'
one='\x00\x00\x80\x3f'
: > "$dir/x.bin"
for case in "$zero$zero" "$zero$one" "$one$zero" "$one$one"; do
  printf "$case" >> "$dir/x.bin"
  for ((lane = 2; lane < n; lane++)); do printf "$zero" >> "$dir/x.bin"; done
done
"$program" --model "$model" --input x="$dir/x.bin" --output y="$dir/y.bin"
if [ -n "$acosim" ]; then
  "$acosim" tensil run --arch "$tarch" --model "$model" --input x="$dir/x.bin" --output y="$dir/y_acosim.bin" > /dev/null
  cmp "$dir/y.bin" "$dir/y_acosim.bin"
  echo "outputs equal to acosim's own driver's"
fi
