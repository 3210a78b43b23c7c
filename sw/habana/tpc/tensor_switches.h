// Encodings of the tensor-store and tensor-load variants, shared by the
// TPC-C intrinsics (sw/habana/tpc_c/tensor_intrinsics.h) and the VLIW core
// (systemc/habana/vliw/load_unit.cpp, store_unit.cpp):
//  * PARTIAL: the S30 (load) / S31 (store) word tpc_llvm builds from the
//    intrinsic's size and offset (clang/lib/CodeGen/CGBuiltinTPC.cpp,
//    emit_LD_TNSR / ST_TNSR: (offset << 8) | size, both zero-extended
//    8-bit values; size is "elements minus 1", tpc-intrinsics.h);
//  * RMW: the S29 selector word (MkRMW on Gaudi, tpc-defs.h RMW_*);
//  * PACK: the element order the store pipe writes with ST_TNSR's PACK.
//
// Header-only; needs only kernel_services.h for the RMW enums.
#pragma once

#include <cstdint>
#include <cstring>

#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana::tensor_switches {

// ------------------------------------------------------------ PARTIAL ----

/// The PARTIAL offset/size register word of size (elements minus 1) and
/// offset (elements), as tpc_llvm composes it.
constexpr uint32_t partial_word(unsigned size, unsigned offset) {
  return ((offset & 0xffu) << 8) | (size & 0xffu);
}

/// Lanes a PARTIAL access covers: offset .. offset + size of `lanes`; each
/// covered lane i accesses coordinate coord + i along dim 0, the others are
/// untouched (a load keeps the income there, a store writes nothing).
inline void partial_lanes(uint32_t word, unsigned lanes, uint8_t* enable) {
  const unsigned size = word & 0xffu, offset = (word >> 8) & 0xffu;
  for (unsigned i = 0; i < lanes; ++i) enable[i] = i >= offset && i <= offset + size ? 1 : 0;
}

/// The same lanes as a range [first, first + count) clipped to `lanes`
/// (count 0 when the offset is past the vector).
inline void partial_range(uint32_t word, unsigned lanes, unsigned& first, unsigned& count) {
  const unsigned size = word & 0xffu, offset = (word >> 8) & 0xffu;
  first = offset < lanes ? offset : lanes;
  const unsigned end = offset + size + 1 < lanes ? offset + size + 1 : lanes;
  count = end > first ? end - first : 0;
}

// ---------------------------------------------------------------- RMW ----

/// RMW selector bits (Gaudi MkRMW): data type bits 0..2 in RMW_DT_* order
/// (RmwType's order), operation bits 4..5 add/sub/min/max, bit 6 enables the
/// read-modify-write (a plain store otherwise), bit 7 takes the data type
/// from the tensor descriptor.
constexpr uint32_t kRmwSet = 1u << 6, kRmwTensorType = 1u << 7;

/// Decodes an RMW selector. The descriptor's data type is not visible
/// through KernelServices, so RMW_TNSR_DT uses `own`, the type of the value
/// stored (the intrinsic's or instruction's element type).
inline void decode_rmw(uint32_t word, RmwType own, RmwOp& op, RmwType& type) {
  if (!(word & kRmwSet)) {
    op = RmwOp::None;
    type = own;
    return;
  }
  op = static_cast<RmwOp>(((word >> 4) & 3u) + 1);
  type = (word & kRmwTensorType) ? own : static_cast<RmwType>(word & 0x7u);
}

// --------------------------------------------------------------- PACK ----

/// ST_TNSR's PACK (Gaudi): the store pipe writes sub-lane 0 of every group
/// of `stride` elements, then sub-lane 1, ... — the layout CONVERT's
/// ALL_LANES produces (sw/habana/tpc/lane_layout.h), so converted data
/// lands in element order. PACK_DT (switch bits 4..5) 32->16 and 16->8 pair
/// elements (stride 2), 32->8 groups four. 32-bit elements are never
/// reordered. ASSUMED from the cast_f32_to_bf16 kernel, which stores a bf16
/// vector built by v_convert_f32_to_bf16_all_b with it.
inline unsigned pack_stride(unsigned pack_dt) { return pack_dt == 2 ? 4 : 2; }

/// Reorders the 256 bytes of `in` (elements of `element_bytes`) into `out`.
inline void pack_for_store(const uint8_t* in, uint8_t* out, unsigned element_bytes, unsigned stride) {
  if (element_bytes >= 4) {
    std::memcpy(out, in, kVectorBytes);
    return;
  }
  const unsigned n = kVectorBytes / element_bytes;
  for (unsigned k = 0; k < stride; ++k)
    for (unsigned j = 0; j < n / stride; ++j)
      std::memcpy(out + (k * (n / stride) + j) * element_bytes, in + (j * stride + k) * element_bytes,
                  element_bytes);
}

}  // namespace acosim::habana::tensor_switches
