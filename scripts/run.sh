#!/usr/bin/env bash
# Sets up, builds and runs the default co-simulation: the XOR model (a
# two-layer MLP in Tensil's file formats) on the Verilated 8x8 systolic array
# inside the SystemC TCU, driven by the Tensil driver. Prints the result and
# the cycle count and writes waves/xor.vcd.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

# ACOSIM_BUILD_DIR and ACOSIM_WAVES_DIR move the build and the outputs (the
# test suite runs this script on its own build).
build_dir="${ACOSIM_BUILD_DIR:-build}"
waves="${ACOSIM_WAVES_DIR:-waves}"
model="$build_dir/examples/tensil/xor_pynqz1.tmodel"
arch=examples/tensil/arch/pynqz1.tarch
mkdir -p "$waves"
# Input x: the four XOR cases (0,0) (0,1) (1,0) (1,1), one per vector, each
# padded to the array's 8 lanes: 32 little-endian float32 values.
zero='\x00\x00\x00\x00'
one='\x00\x00\x80\x3f'
pad="$zero$zero$zero$zero$zero$zero"
printf "$zero$zero$pad$zero$one$pad$one$zero$pad$one$one$pad" > "$waves/xor_input.f32"

# Arguments given to run.sh override its defaults: a default option is
# passed only when the caller did not give it (e.g. --engine fast).
defaults=(--arch "$arch" --model "$model" --input "x=$waves/xor_input.f32"
  --output "y=$waves/xor_output.f32" --engine rtl --vcd "$waves/xor.vcd")
args=()
i=0
while [ "$i" -lt "${#defaults[@]}" ]; do
  option=${defaults[$i]}
  value=${defaults[$((i + 1))]}
  given=0
  for arg in "$@"; do
    case "$arg" in "$option" | "$option"=*) given=1 ;; esac
  done
  [ "$given" = 1 ] || args+=("$option" "$value")
  i=$((i + 2))
done

export SC_COPYRIGHT_MESSAGE=DISABLE
"$build_dir/acosim" tensil run "${args[@]}" "$@"
