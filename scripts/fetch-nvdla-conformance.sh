#!/usr/bin/env bash
# Fetches NVDLA's trace tests that the conformance suite plays, unmodified,
# from their public upstream repository (nvdla/hw) into DEST/nvdla
# (default: ../shared/conformance, where the build looks for them):
#   nv_small/, nv_large/  master @ 1a65f1f5b482, verif/tests/trace_tests/<config>/
#   nv_full_traceplayer/  nvdlav1 @ 8e06b1b9d85a, verif/traces/traceplayer/
# Needs git and network access to GitHub.
set -euo pipefail
cd "$(dirname "$0")/.."
dest=${1:-../shared/conformance}
upstream=https://github.com/nvdla/hw.git
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

nv_small_tests=(pdp_12x9x19_8x3_ave_int8_0 pdp_16x6x16_4x2_split_max_int8_0 pdp_1x1x1_3x3_ave_int8_0
  pdp_1x3x8_8x8_ave_int8_0 pdp_24x16x1_8x8_ave_int8_0 pdp_28x28x8_2x2_max_int8_0
  pdp_5x7x8_4x1_split_max_int8_0 pdp_7x9x10_3x3_int8 pdp_8x8x32_1x1_int8_0 pdp_8x8x32_1x1_int8_1
  pdp_8x8x64_2x2_ave_int8_0 pdp_8x8x64_2x2_int8 pdp_8x8x64_2x2_min_int8_0 pdp_8x9x19_3x3_ave_int8_0
  pdp_8x9x19_3x3_ave_int8_1 sdp_pdp_32x16x32_pass_through_int8_0)
nv_large_tests=(pdp_3x3x33_2x2_ave_int8_0 pdp_8x8x32_1x1_max_int8_0
  pdp_passthrough_8x8x32_pack_all_zero_int8 pdp_passthrough_8x8x32_pack_inc_int8)
nv_full_tests=(pdp_max_pooling_int16 sanity0 sanity1 sanity1_cvsram sanity2 sanity2_cvsram)

git clone --quiet --filter=blob:none --no-checkout "$upstream" "$work/hw"
git -C "$work/hw" sparse-checkout set verif/tests/trace_tests/nv_small verif/tests/trace_tests/nv_large
git -C "$work/hw" checkout --quiet 1a65f1f5b482
for t in "${nv_small_tests[@]}"; do
  mkdir -p "$dest/nvdla/nv_small" && cp -r "$work/hw/verif/tests/trace_tests/nv_small/$t" "$dest/nvdla/nv_small/"
done
for t in "${nv_large_tests[@]}"; do
  mkdir -p "$dest/nvdla/nv_large" && cp -r "$work/hw/verif/tests/trace_tests/nv_large/$t" "$dest/nvdla/nv_large/"
done

git -C "$work/hw" fetch --quiet --filter=blob:none origin nvdlav1
git -C "$work/hw" sparse-checkout set verif/traces/traceplayer
git -C "$work/hw" checkout --quiet 8e06b1b9d85a
for t in "${nv_full_tests[@]}"; do
  mkdir -p "$dest/nvdla/nv_full_traceplayer" && cp -r "$work/hw/verif/traces/traceplayer/$t" "$dest/nvdla/nv_full_traceplayer/"
done
echo "NVDLA conformance traces in $dest/nvdla"
