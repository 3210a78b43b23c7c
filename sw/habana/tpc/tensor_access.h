// The TPC's memory unit for tensors: LD_TNSR / ST_TNSR along dim 0 with the
// descriptors' bounds, GEN_ADDR and the plain global accesses (LD_G/ST_G),
// over one window of global memory the core reaches directly.
//
// Bounds (Habana TPC User Guide, "TPC Programming Model"): a lane whose
// coordinate lies outside the tensor in any dim reads the tensor's pad
// value and is never written; along dim 0 a vector is split exactly at the
// tensor's edge, at both ends (lanes below 0 as lanes at or past size 0).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sw/habana/tpc/kernel_services.h"
#include "sw/habana/tpc/tensor_descriptor.h"

namespace acosim::habana {

/// Global memory as a host pointer over [base, base + size).
struct GlobalWindow {
  uint64_t base = 0;
  uint8_t* data = nullptr;
  uint64_t size = 0;
};

/// The elements a run touched in one tensor: per dim the lowest and highest
/// coordinate inside the tensor that a lane read (or wrote).
struct AccessBox {
  bool any = false;
  std::array<int, kTensorDims> low{};
  std::array<int, kTensorDims> high{};
  void add(const int coord[kTensorDims], int first0, int last0);
};

class TensorUnit {
 public:
  TensorUnit(GlobalWindow window, std::vector<TensorDescriptor> tensors);

  unsigned tensor_count() const { return static_cast<unsigned>(m_tensors.size()); }
  TensorDescriptor& tensor(int id);

  void load(int id, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes, void* dst);
  void store(int id, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes,
             const void* src, const uint8_t* lane_enable, RmwOp rmw, RmwType rmw_type);
  uint64_t element_address(int id, const int coord[kTensorDims]);
  void load_global(uint64_t address, void* dst, unsigned bytes);
  void store_global(uint64_t address, const void* src, unsigned bytes);

  const AccessBox& reads(int id) const { return m_reads.at(static_cast<size_t>(id)); }
  const AccessBox& writes(int id) const { return m_writes.at(static_cast<size_t>(id)); }
  void clear_access_log();

 private:
  /// In-tensor lanes [first, last) of a vector at coord, or first == last
  /// when none is inside.
  void lanes_inside(const TensorDescriptor& t, const int coord[kTensorDims], unsigned lanes,
                    int& first, int& last) const;
  uint8_t* host(uint64_t address, uint64_t bytes, const char* what);
  /// A load (dst) or store (src) whose lanes differ in width from the
  /// tensor's elements.
  void mixed_width(int id, const int coord[kTensorDims], unsigned lane_bytes, unsigned lanes, uint8_t* dst,
                   const uint8_t* src, const uint8_t* lane_enable);
  /// Records a plain global access against the tensor whose elements it
  /// touches (found from the address, coordinates recovered through the
  /// strides), so kernels that reach tensors through GEN_ADDR and LD_G/ST_G
  /// are held to their access patterns too.
  void log_global(uint64_t address, unsigned bytes, std::vector<AccessBox>& log);

  GlobalWindow m_window;
  std::vector<TensorDescriptor> m_tensors;
  std::vector<AccessBox> m_reads;
  std::vector<AccessBox> m_writes;
};

/// memory OP value in the memory unit's RMW arithmetic (documented in the
/// implementation).
void rmw_element(uint8_t* memory, const uint8_t* value, RmwOp op, RmwType type);

}  // namespace acosim::habana
