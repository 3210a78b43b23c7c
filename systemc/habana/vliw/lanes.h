// Element types of TPC lanes and typed access to vector bytes. A vector is
// 256 bytes: 64 lanes of 32-bit types, 128 of 16-bit, 256 of 8-bit
// (Habana_Custom_Kernel README; tpc_llvm's tpc-defs.h). Scalars of 8/16-bit types
// occupy the low bits of a 32-bit SRF register.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "sw/habana/asm/bundle.h"
#include "sw/habana/tpc/lane_layout.h"
#include "sw/habana/tpc/lane_ops.h"

namespace acosim::habana::vliw {

/// bf16 lane: arithmetic is done in fp32 and rounded back to nearest even
/// (lane::f32_to_bf16), the rule TPC-C kernels follow in sw/habana/tpc_c.
struct Bf16 {
  uint16_t bits;
};

template <class T>
constexpr bool kIsFloat = std::is_same_v<T, float> || std::is_same_v<T, Bf16>;

inline float toF(float x) { return x; }
inline float toF(Bf16 x) { return lane::bf16_to_f32(x.bits); }
template <class T>
inline T fromF(float f, lane::Round mode = lane::Round::HalfEven) {
  if constexpr (std::is_same_v<T, Bf16>)
    return Bf16{lane::f32_to_bf16(f, mode)};
  else
    return f;
}

/// Element bytes of a data type; 0 for types the core has no lanes for.
inline unsigned elementBytes(tpcasm::DataType dt) {
  using tpcasm::DataType;
  switch (dt) {
    case DataType::F32: case DataType::I32: case DataType::U32: return 4;
    case DataType::BF16: case DataType::I16: case DataType::U16: return 2;
    case DataType::I8: case DataType::U8: return 1;
    default: return 0;
  }
}

/// A 32-bit scalar pattern viewed as T (low bits for narrow types).
template <class T>
inline T fromBits(uint32_t u) {
  if constexpr (std::is_same_v<T, float>)
    return lane::bits_f32(u);
  else if constexpr (std::is_same_v<T, Bf16>)
    return Bf16{static_cast<uint16_t>(u)};
  else
    return static_cast<T>(u);
}

/// T as the 32-bit scalar it is stored as: signed integers sign-extended,
/// unsigned zero-extended, bf16 in the low half with zero upper bits
/// (acosim's choice: tpc_llvm keeps narrow scalars in full SRF registers).
template <class T>
inline uint32_t toBits(T v) {
  if constexpr (std::is_same_v<T, float>)
    return lane::f32_bits(v);
  else if constexpr (std::is_same_v<T, Bf16>)
    return v.bits;
  else if constexpr (std::is_signed_v<T>)
    return static_cast<uint32_t>(static_cast<int32_t>(v));
  else
    return static_cast<uint32_t>(v);
}

// Lane i of a vector's bytes, as the TPC-C front end reads it.
template <class T>
inline T getLane(const uint8_t* bytes, unsigned i) {
  return layout::get<T>(bytes, i);
}
template <class T>
inline void setLane(uint8_t* bytes, unsigned i, T v) {
  layout::put<T>(bytes, i, v);
}

/// Calls f(T{}) with the lane type of dt; returns false for other types.
template <class F>
inline bool withType(tpcasm::DataType dt, F&& f) {
  using tpcasm::DataType;
  switch (dt) {
    case DataType::F32: f(float{}); return true;
    case DataType::BF16: f(Bf16{}); return true;
    case DataType::I32: f(int32_t{}); return true;
    case DataType::U32: f(uint32_t{}); return true;
    case DataType::I16: f(int16_t{}); return true;
    case DataType::U16: f(uint16_t{}); return true;
    case DataType::I8: f(int8_t{}); return true;
    case DataType::U8: f(uint8_t{}); return true;
    default: return false;
  }
}

}  // namespace acosim::habana::vliw
