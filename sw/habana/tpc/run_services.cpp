#include "sw/habana/tpc/run_services.h"

#include "sw/habana/tpc/error.h"

namespace acosim::habana {

void RunServices::check_dim(int dim) {
  if (dim < 0 || dim >= kTensorDims) {
    throw TpcError("tensor dim " + std::to_string(dim) + " does not exist (a TPC tensor has dims 0-4)");
  }
}

void RunServices::index_space(int offset[kTensorDims], int size[kTensorDims]) {
  for (int d = 0; d < kTensorDims; ++d) {
    offset[d] = m_partition.offset[d];
    size[d] = m_partition.size[d];
  }
}

int RunServices::dim_size(int tensor, int dim) {
  check_dim(dim);
  return m_tensors.tensor(tensor).bound(dim);
}

int RunServices::dim_stride(int tensor, int dim) {
  check_dim(dim);
  return m_tensors.tensor(tensor).stride[dim];
}

void RunServices::set_dim_size(int tensor, int dim, int size) {
  check_dim(dim);
  m_tensors.tensor(tensor).size[dim] = size;
}

void RunServices::set_dim_stride(int tensor, int dim, int stride) {
  check_dim(dim);
  m_tensors.tensor(tensor).stride[dim] = stride;
}

uint32_t RunServices::pad_value(int tensor) { return m_tensors.tensor(tensor).pad; }

void RunServices::load_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes,
                              unsigned lanes, void* dst) {
  m_tensors.load(tensor, coord, element_bytes, lanes, dst);
}

void RunServices::store_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes,
                               unsigned lanes, const void* src, const uint8_t* lane_enable, RmwOp rmw,
                               RmwType rmw_type) {
  m_tensors.store(tensor, coord, element_bytes, lanes, src, lane_enable, rmw, rmw_type);
}

uint64_t RunServices::element_address(int tensor, const int coord[kTensorDims]) {
  return m_tensors.element_address(tensor, coord);
}

void RunServices::load_global(uint64_t address, void* dst, unsigned bytes) {
  m_tensors.load_global(address, dst, bytes);
}

void RunServices::store_global(uint64_t address, const void* src, unsigned bytes) {
  m_tensors.store_global(address, src, bytes);
}

void RunServices::load_slm(uint32_t address, void* dst, unsigned bytes) { m_local.load_slm(address, dst, bytes); }
void RunServices::store_slm(uint32_t address, const void* src, unsigned bytes) {
  m_local.store_slm(address, src, bytes);
}
void RunServices::load_vlm(uint32_t address, void* dst, unsigned bytes) { m_local.load_vlm(address, dst, bytes); }
void RunServices::store_vlm(uint32_t address, const void* src, unsigned bytes) {
  m_local.store_vlm(address, src, bytes);
}
void RunServices::fence() { m_local.fence(); }

void RunServices::special_functions_used() {
  m_special_functions = true;
  m_local.use_special_functions();
}

void RunServices::print(const char* text) {
  if (m_print) m_print(text);
}

void RunServices::fail(const char* message) { throw TpcError(message); }

}  // namespace acosim::habana
