// KernelServices for one run of a kernel on one TPC: the partition of the
// index space, the tensors of the launch and the TPC's local memories.
#pragma once

#include <functional>
#include <string>

#include "sw/habana/tpc/index_space.h"
#include "sw/habana/tpc/kernel_services.h"
#include "sw/habana/tpc/local_memory.h"
#include "sw/habana/tpc/tensor_access.h"

namespace acosim::habana {

class RunServices : public KernelServices {
 public:
  using PrintSink = std::function<void(const std::string&)>;

  RunServices(const IndexSpace& partition, TensorUnit& tensors, LocalMemory& local, PrintSink print)
      : m_partition(partition), m_tensors(tensors), m_local(local), m_print(std::move(print)) {}

  bool used_special_functions() const { return m_special_functions; }

  void index_space(int offset[kTensorDims], int size[kTensorDims]) override;
  int dim_size(int tensor, int dim) override;
  int dim_stride(int tensor, int dim) override;
  void set_dim_size(int tensor, int dim, int size) override;
  void set_dim_stride(int tensor, int dim, int stride) override;
  uint32_t pad_value(int tensor) override;
  void load_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes,
                   void* dst) override;
  void store_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes,
                    const void* src, const uint8_t* lane_enable, RmwOp rmw, RmwType rmw_type) override;
  uint64_t element_address(int tensor, const int coord[kTensorDims]) override;
  void load_global(uint64_t address, void* dst, unsigned bytes) override;
  void store_global(uint64_t address, const void* src, unsigned bytes) override;
  void load_slm(uint32_t address, void* dst, unsigned bytes) override;
  void store_slm(uint32_t address, const void* src, unsigned bytes) override;
  void load_vlm(uint32_t address, void* dst, unsigned bytes) override;
  void store_vlm(uint32_t address, const void* src, unsigned bytes) override;
  void fence() override;
  void special_functions_used() override;
  void print(const char* text) override;
  [[noreturn]] void fail(const char* message) override;

 private:
  static void check_dim(int dim);

  IndexSpace m_partition;
  TensorUnit& m_tensors;
  LocalMemory& m_local;
  PrintSink m_print;
  bool m_special_functions = false;
};

}  // namespace acosim::habana
