// Memory intrinsics: tensor loads/stores (LD_TNSR, ST_TNSR and their
// _LOW/_HIGH/PARTIAL/RMW forms), global memory (GEN_ADDR, LD_G, ST_G),
// local memories (LD_L, ST_L, LD_L_V, ST_L_V), ASO, descriptor and index
// space queries. All reach the machine through KernelServices.
//
// Slots: loads, GEN_ADDR and descriptor reads issue in the load slot,
// stores and ASO in the store slot.
#pragma once

#include <cstdint>

#include "sw/habana/tpc/tensor_switches.h"
#include "sw/habana/tpc_c/constants.h"
#include "sw/habana/tpc_c/vector_ops.h"

namespace acosim::habana::tpc_c {

/// A `__global__` pointer's value: the simulated global address, carried
/// in a host pointer of any type that is never dereferenced on the host.
struct GlobalAddress {
  uint64_t address = 0;
  template <class T>
  operator T*() const {
    return reinterpret_cast<T*>(static_cast<uintptr_t>(address));
  }
};
inline uint64_t global_address(const volatile void* p) {
  return static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
}

/// LD_TNSR of `count` lanes starting at lane `first` (0 / half for
/// _LOW / _HIGH; the half-vector forms read the elements at coord onwards
/// into their half, ASSUMED from the 128-byte access of the half forms);
/// other lanes keep income.
template <class V>
inline V load_tensor(const Int5& coord, int tensor_id, unsigned first, unsigned count_lanes, const V& income,
                     bool predicate, bool polarity) {
  count(Slot::Load);
  if (predicate == polarity) return income;
  // A whole-vector load overwrites every lane: no need to start from income.
  V r = count_lanes == V::lanes ? V{NoInit{}} : income;
  services().load_tensor(tensor_id, coord.v, sizeof(typename V::element_type), count_lanes, &r.v[first]);
  return r;
}

/// The common unpredicated LD_TNSR, without building an income vector.
template <class V>
inline V load_whole_tensor(const Int5& coord, int tensor_id) {
  count(Slot::Load);
  V r{NoInit{}};
  services().load_tensor(tensor_id, coord.v, sizeof(typename V::element_type), V::lanes, r.v);
  return r;
}

/// ST_TNSR's PACK switch: tensor_switches::pack_for_store with the stride
/// of PACK_DT (bits 4..5).
template <class V>
inline V pack_for_store(const V& value, int switches) {
  if (!(switches & SW_PACK) || sizeof(typename V::element_type) == 4) return value;
  V r{NoInit{}};
  tensor_switches::pack_for_store(bytes(value), bytes(r), sizeof(typename V::element_type),
                                  tensor_switches::pack_stride((static_cast<unsigned>(switches) >> 4) & 3u));
  return r;
}

template <class V>
inline void store_tensor(const Int5& coord, int tensor_id, const V& value, unsigned first, unsigned count_lanes,
                         int switches, bool predicate, bool polarity, const uint8_t* lane_enable = nullptr,
                         RmwOp rmw = RmwOp::None, RmwType rmw_type = RmwType::F32) {
  count(Slot::Store);
  if (predicate == polarity) return;
  constexpr unsigned element = sizeof(typename V::element_type);
  if (!(switches & SW_PACK) || element == 4) {
    services().store_tensor(tensor_id, coord.v, element, count_lanes, &value.v[first], lane_enable, rmw, rmw_type);
    return;
  }
  const V packed = pack_for_store(value, switches);
  services().store_tensor(tensor_id, coord.v, element, count_lanes, &packed.v[first], lane_enable, rmw, rmw_type);
}

template <class E>
constexpr RmwType rmw_type_of() {
  if constexpr (std::is_same_v<E, float>) return RmwType::F32;
  else if constexpr (std::is_same_v<E, Bf16>) return RmwType::BF16;
  else if constexpr (std::is_same_v<E, int32_t>) return RmwType::I32;
  else if constexpr (std::is_same_v<E, uint32_t>) return RmwType::U32;
  else if constexpr (std::is_same_v<E, int16_t>) return RmwType::I16;
  else if constexpr (std::is_same_v<E, uint16_t>) return RmwType::U16;
  else if constexpr (std::is_same_v<E, int8_t>) return RmwType::I8;
  else return RmwType::U8;
}

/// ST_TNSR RMW selector: tensor_switches::decode_rmw, the descriptor's
/// data type (RMW_TNSR_DT) standing for the value's own.
template <class E>
inline void decode_rmw(int rmw, RmwOp& op, RmwType& type) {
  tensor_switches::decode_rmw(static_cast<uint32_t>(rmw), rmw_type_of<E>(), op, type);
}

/// PARTIAL lanes of `size` (elements minus 1) from `offset`.
template <unsigned N>
inline void partial_enable(int size, int offset, uint8_t (&enable)[N]) {
  tensor_switches::partial_lanes(
      tensor_switches::partial_word(static_cast<unsigned>(size), static_cast<unsigned>(offset)), N, enable);
}

}  // namespace acosim::habana::tpc_c

#define ACOSIM_TPC_TENSOR(T, V)                                                                         \
  inline V v_##T##_ld_tnsr_b(const int5& ndx, int tensor_id) {                                          \
    return acosim_tpcc::load_whole_tensor<V>(ndx, tensor_id);                                           \
  }                                                                                                     \
  inline V v_##T##_ld_tnsr_b(const int5& ndx, int tensor_id, int switches, const V& income = V(),        \
                             bool predicate = true, bool polarity = false) {                            \
    (void)switches;                                                                                     \
    return acosim_tpcc::load_tensor(ndx, tensor_id, 0, V::lanes, income, predicate, polarity);             \
  }                                                                                                     \
  inline V v_##T##_ld_tnsr_vb(const int5& ndx, int tensor_id, int switches, const V& income,               \
                              const acosim_tpcc::Pred<V::lanes>& predicate, bool polarity = false) {    \
    (void)switches;                                                                                     \
    const V loaded = acosim_tpcc::load_tensor(ndx, tensor_id, 0, V::lanes, income, true, false);           \
    V r{acosim_tpcc::NoInit{}};                                                                         \
    for (unsigned i = 0; i < V::lanes; ++i)                                                             \
      r.v[i] = (predicate.v[i] != (polarity ? 1 : 0)) ? loaded.v[i] : income.v[i];                      \
    return r;                                                                                           \
  }                                                                                                     \
  inline V v_##T##_ld_tnsr_low_b(const int5& ndx, int tensor_id, int switches = 0, const V& income = V(),  \
                                 bool predicate = true, bool polarity = false) {                        \
    (void)switches;                                                                                     \
    return acosim_tpcc::load_tensor(ndx, tensor_id, 0, V::lanes / 2, income, predicate, polarity);         \
  }                                                                                                     \
  inline V v_##T##_ld_tnsr_high_b(const int5& ndx, int tensor_id, int switches = 0, const V& income = V(), \
                                  bool predicate = true, bool polarity = false) {                       \
    (void)switches;                                                                                     \
    return acosim_tpcc::load_tensor(ndx, tensor_id, V::lanes / 2, V::lanes / 2, income, predicate,         \
                                    polarity);                                                          \
  }                                                                                                     \
  inline void v_##T##_st_tnsr(const int5& ndx, int tensor_id, const V& value, int switches = 0,            \
                              bool predicate = true, bool polarity = false) {                           \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, 0, V::lanes, switches, predicate, polarity);          \
  }                                                                                                     \
  inline void v_##T##_st_tnsr_low(const int5& ndx, int tensor_id, const V& value, int switches = 0,        \
                                  bool predicate = true, bool polarity = false) {                       \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, 0, V::lanes / 2, switches, predicate, polarity);      \
  }                                                                                                     \
  inline void v_##T##_st_tnsr_high(const int5& ndx, int tensor_id, const V& value, int switches = 0,       \
                                   bool predicate = true, bool polarity = false) {                      \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, V::lanes / 2, V::lanes / 2, switches, predicate,      \
                              polarity);                                                                \
  }                                                                                                     \
  /* PARTIAL: lanes offset .. offset+size (size is "elements minus 1"), each to its own coordinate. */ \
  inline void v_##T##_st_tnsr_partial(const int5& ndx, int tensor_id, const V& value, int size,            \
                                      int offset, int switches = 0, bool predicate = true,              \
                                      bool polarity = false) {                                          \
    uint8_t enable[V::lanes];                                                                           \
    acosim_tpcc::partial_enable(size, offset, enable);                                                  \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, 0, V::lanes, switches, predicate, polarity, enable);  \
  }                                                                                                     \
  inline void v_##T##_st_tnsr_rmw(const int5& ndx, int tensor_id, const V& value, int rmw,                 \
                                  int switches = 0, bool predicate = true, bool polarity = false) {     \
    acosim::habana::RmwOp op;                                                                           \
    acosim::habana::RmwType type;                                                                       \
    acosim_tpcc::decode_rmw<V::element_type>(rmw, op, type);                                            \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, 0, V::lanes, switches, predicate, polarity, nullptr,  \
                              op, type);                                                                \
  }                                                                                                     \
  inline void v_##T##_st_tnsr_partial_rmw(const int5& ndx, int tensor_id, const V& value, int rmw,         \
                                          int size, int offset, int switches = 0,                       \
                                          bool predicate = true, bool polarity = false) {               \
    uint8_t enable[V::lanes];                                                                           \
    acosim_tpcc::partial_enable(size, offset, enable);                                                  \
    acosim::habana::RmwOp op;                                                                           \
    acosim::habana::RmwType type;                                                                       \
    acosim_tpcc::decode_rmw<V::element_type>(rmw, op, type);                                            \
    acosim_tpcc::store_tensor(ndx, tensor_id, value, 0, V::lanes, switches, predicate, polarity, enable,   \
                              op, type);                                                                \
  }                                                                                                     \
  /* LD_G into a vector: one element read and broadcast to every lane (the */                          \
  /* Gaudi form; avg_pool and matrix_mul rely on it). */                                               \
  inline V v_##T##_ld_g(const volatile void* addr, int switches = 0, const V& income = V(),            \
                        bool predicate = true, bool polarity = false) {                                 \
    (void)switches;                                                                                     \
    acosim_tpcc::count(acosim::habana::Slot::Load);                                                     \
    if (predicate == polarity) return income;                                                           \
    V::element_type e;                                                                                  \
    acosim_tpcc::services().load_global(acosim_tpcc::global_address(addr), &e, sizeof e);              \
    return V(e);                                                                                        \
  }                                                                                                     \
  inline V v_##T##_ld_l_v_b(uint32_t addr, int switches = 0, const V& income = V(),                    \
                            bool predicate = true, bool polarity = false) {                             \
    (void)switches;                                                                                     \
    acosim_tpcc::count(acosim::habana::Slot::Load);                                                     \
    if (predicate == polarity) return income;                                                           \
    V r{acosim_tpcc::NoInit{}};                                                                         \
    acosim_tpcc::services().load_vlm(addr, r.v, sizeof r.v);                                           \
    return r;                                                                                           \
  }                                                                                                     \
  inline void v_##T##_st_l_v(uint32_t addr, const V& value, int switches = 0, bool predicate = true,   \
                             bool polarity = false) {                                                   \
    (void)switches;                                                                                     \
    acosim_tpcc::count(acosim::habana::Slot::Store);                                                    \
    if (predicate == polarity) return;                                                                  \
    acosim_tpcc::services().store_vlm(addr, value.v, sizeof value.v);                                  \
  }
ACOSIM_TPC_ALL_TYPES(ACOSIM_TPC_TENSOR)
#undef ACOSIM_TPC_TENSOR

// Scalar LD_G / ST_G and SLM LD_L / ST_L.
#define ACOSIM_TPC_SCALAR_MEM(T, S)                                                                 \
  inline S s_##T##_ld_g(const volatile void* addr, int switches = 0, S income = S(),               \
                        bool predicate = true, bool polarity = false) {                             \
    (void)switches;                                                                                 \
    acosim_tpcc::count(acosim::habana::Slot::Load);                                                 \
    if (predicate == polarity) return income;                                                       \
    S r;                                                                                            \
    acosim_tpcc::services().load_global(acosim_tpcc::global_address(addr), &r, sizeof r);          \
    return r;                                                                                       \
  }                                                                                                 \
  inline void s_##T##_st_g(const volatile void* addr, S value, int switches = 0,                   \
                           bool predicate = true, bool polarity = false) {                          \
    (void)switches;                                                                                 \
    acosim_tpcc::count(acosim::habana::Slot::Store);                                                \
    if (predicate == polarity) return;                                                              \
    acosim_tpcc::services().store_global(acosim_tpcc::global_address(addr), &value, sizeof value); \
  }                                                                                                 \
  inline S s_##T##_ld_l(uint32_t addr, int switches = 0, S income = S(), bool predicate = true,    \
                        bool polarity = false) {                                                    \
    (void)switches;                                                                                 \
    acosim_tpcc::count(acosim::habana::Slot::Load);                                                 \
    if (predicate == polarity) return income;                                                       \
    uint32_t word;                                                                                  \
    acosim_tpcc::services().load_slm(addr, &word, 4);                                               \
    S r;                                                                                            \
    std::memcpy(static_cast<void*>(&r), &word, sizeof r);                                                               \
    return r;                                                                                       \
  }                                                                                                 \
  inline void s_##T##_st_l(uint32_t addr, S value, int switches = 0, bool predicate = true,        \
                           bool polarity = false) {                                                 \
    (void)switches;                                                                                 \
    acosim_tpcc::count(acosim::habana::Slot::Store);                                                \
    if (predicate == polarity) return;                                                              \
    uint32_t word = 0;                                                                              \
    std::memcpy(&word, static_cast<const void*>(&value), sizeof value);                                                       \
    acosim_tpcc::services().store_slm(addr, &word, 4);                                              \
  }
ACOSIM_TPC_SCALAR_TYPES(ACOSIM_TPC_SCALAR_MEM)
#undef ACOSIM_TPC_SCALAR_MEM

/// GEN_ADDR: the global address of the element at inx.
inline acosim_tpcc::GlobalAddress gen_addr(const int5& inx, int tensor_id, int switches = 0,
                                           acosim_tpcc::GlobalAddress income = {}, bool predicate = true,
                                           bool polarity = false) {
  (void)switches;
  acosim_tpcc::count(acosim::habana::Slot::Load);
  if (predicate == polarity) return income;
  return acosim_tpcc::GlobalAddress{acosim_tpcc::services().element_address(tensor_id, inx.v)};
}

/// ASO: waits for every older store to commit.
inline void aso(int switches = 0, bool predicate = true, bool polarity = false) {
  (void)switches;
  acosim_tpcc::count(acosim::habana::Slot::Store);
  if (predicate == polarity) return;
  acosim_tpcc::services().fence();
}

// Descriptor fields (read/written through the configuration space: one
// load-slot access each).
inline uint32_t get_dim_size(int tensor_id, uint32_t dim) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  return static_cast<uint32_t>(acosim_tpcc::services().dim_size(tensor_id, static_cast<int>(dim)));
}
inline uint32_t get_dim_stride(int tensor_id, uint32_t dim) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  return static_cast<uint32_t>(acosim_tpcc::services().dim_stride(tensor_id, static_cast<int>(dim)));
}
inline void set_dim_size(int tensor_id, uint32_t dim, uint32_t value) {
  acosim_tpcc::count(acosim::habana::Slot::Store);
  acosim_tpcc::services().set_dim_size(tensor_id, static_cast<int>(dim), static_cast<int>(value));
}
inline void set_dim_stride(int tensor_id, uint32_t dim, uint32_t value) {
  acosim_tpcc::count(acosim::habana::Slot::Store);
  acosim_tpcc::services().set_dim_stride(tensor_id, static_cast<int>(dim), static_cast<int>(value));
}
inline float get_pad_value_float(int tensor_id) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  const uint32_t w = acosim_tpcc::services().pad_value(tensor_id);
  return acosim::habana::lane::bits_f32(w);
}
inline int get_pad_value_int(int tensor_id) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  return static_cast<int>(acosim_tpcc::services().pad_value(tensor_id));
}
inline unsigned get_pad_value_uint(int tensor_id) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  return acosim_tpcc::services().pad_value(tensor_id);
}
inline bf16 get_pad_value_bf16(int tensor_id) {
  acosim_tpcc::count(acosim::habana::Slot::Load);
  return bf16::from_bits(static_cast<uint16_t>(acosim_tpcc::services().pad_value(tensor_id)));
}

/// The index-space partition of this run (preloaded into IRF; no
/// instruction is counted).
inline int5 get_index_space_offset() {
  int5 offset, size;
  acosim_tpcc::services().index_space(offset.v, size.v);
  return offset;
}
inline int5 get_index_space_size() {
  int5 offset, size;
  acosim_tpcc::services().index_space(offset.v, size.v);
  return size;
}

/// Lane ids (V_LANE_ID_32/16/8 of tpc-defs.h), a MOV from a preloaded
/// register: one VPU instruction.
inline uint64 read_lane_id_4b_b(const uint64& income = uint64(), bool predicate = true, bool polarity = false) {
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,
                           [](unsigned i) { return static_cast<uint32_t>(i); });
}
inline ushort128 read_lane_id_2b_b(const ushort128& income = ushort128(), bool predicate = true,
                                   bool polarity = false) {
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,
                           [](unsigned i) { return static_cast<uint16_t>(i); });
}
inline uchar256 read_lane_id_1b_b(const uchar256& income = uchar256(), bool predicate = true,
                                  bool polarity = false) {
  return acosim_tpcc::op_b(acosim::habana::Slot::Vpu, income, predicate, polarity,
                           [](unsigned i) { return static_cast<uint8_t>(i); });
}
#define V_LANE_ID_32 read_lane_id_4b_b()
#define V_LANE_ID_16 read_lane_id_2b_b()
#define V_LANE_ID_8 read_lane_id_1b_b()
