#!/usr/bin/env bash
# Sets up, builds and runs the default co-simulation: the XOR model (a
# two-layer MLP in Tensil's file formats) on the Verilated 8x8 systolic array
# inside the SystemC TCU, driven by the Tensil driver. Prints the result and
# the cycle count and writes waves/xor.vcd.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh

model=build/examples/tensil/xor_pynqz1.tmodel
arch=examples/tensil/arch/pynqz1.tarch
mkdir -p waves
# Input x: the four XOR cases (0,0) (0,1) (1,0) (1,1), one per vector, each
# padded to the array's 8 lanes: 32 little-endian float32 values.
zero='\x00\x00\x00\x00'
one='\x00\x00\x80\x3f'
pad="$zero$zero$zero$zero$zero$zero"
printf "$zero$zero$pad$zero$one$pad$one$zero$pad$one$one$pad" > waves/xor_input.f32

export SC_COPYRIGHT_MESSAGE=DISABLE
build/acosim tensil run --arch "$arch" --model "$model" \
  --input x=waves/xor_input.f32 --output y=waves/xor_output.f32 \
  --engine rtl --vcd waves/xor.vcd "$@"
