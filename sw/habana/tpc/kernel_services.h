// What a TPC program sees of the machine around its core: the index-space
// partition it was started on, the tensors (descriptors in the TPC's
// configuration space, data in global memory), the two local memories, and
// the issue counters its cycle estimate comes from.
//
// TPC-C kernels compiled on the host by acosim's front end (sw/habana/tpc_c)
// call these through a pointer handed to their entry point, so a kernel
// library needs nothing of acosim but this header: the implementation is
// the TPC model's (systemc/habana). Plain C++, no SystemC.
#pragma once

#include <cstdint>

namespace acosim::habana {

/// A TPC instruction word has four slots, issued together each cycle
/// (Habana's TPC User Guide, "Processor Architectural Overview"; slot ids as
/// in tpc_llvm's latencies.h).
enum class Slot : unsigned { Load = 0, Spu = 1, Vpu = 2, Store = 3 };

constexpr unsigned kVectorBytes = 256;  // one VRF register: 2048 bits
constexpr int kTensorDims = 5;
constexpr int kMaxTensors = 16;  // MAX_TENSOR_NR of Gaudi's glue-code interface

/// The read-modify-write a tensor store can perform in the memory unit
/// (ST_TNSR with the RMW switch): memory = memory OP value.
enum class RmwOp : uint8_t { None, Add, Sub, Min, Max, Max0Add };
/// The element type the memory unit does that arithmetic in.
enum class RmwType : uint8_t { I8, I16, I32, U8, U16, U32, BF16, F32 };

/// Instructions issued per slot since the run started.
struct SlotCounters {
  uint64_t issued[4] = {0, 0, 0, 0};
  void count(Slot slot, uint64_t n = 1) { issued[static_cast<unsigned>(slot)] += n; }
};

class KernelServices {
 public:
  virtual ~KernelServices() = default;

  SlotCounters counters;

  /// The partition of the index space this run covers (get_index_space_offset
  /// / get_index_space_size), five dims, dim 0 first.
  virtual void index_space(int offset[kTensorDims], int size[kTensorDims]) = 0;

  /// Descriptor fields of tensor `tensor` (an index into the kernel's tensor
  /// list: inputs, outputs, then auxiliary tensors). Sizes and strides are in
  /// elements; the pad value is the descriptor's 32-bit word (8- and 16-bit
  /// pad values replicated across it).
  virtual int dim_size(int tensor, int dim) = 0;
  virtual int dim_stride(int tensor, int dim) = 0;
  virtual void set_dim_size(int tensor, int dim, int size) = 0;
  virtual void set_dim_stride(int tensor, int dim, int stride) = 0;
  virtual uint32_t pad_value(int tensor) = 0;

  /// LD_TNSR: `lanes` elements of `element_bytes` each, lane i at coordinate
  /// coord + i along dim 0, into dst[i]. Lanes outside the tensor (any
  /// coordinate outside [0, size)) read the pad value. Lanes of another
  /// width than the tensor's elements are laid out byte by byte from the
  /// element at coord (docs/habana.md, "Tensors").
  virtual void load_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes,
                           unsigned lanes, void* dst) = 0;
  /// ST_TNSR: lane i of src to coordinate coord + i along dim 0, for lanes
  /// with lane_enable[i] != 0 (all lanes when lane_enable is null). Lanes
  /// outside the tensor are culled. With an RMW op the memory unit combines
  /// the value with what memory holds.
  virtual void store_tensor(int tensor, const int coord[kTensorDims], unsigned element_bytes,
                            unsigned lanes, const void* src, const uint8_t* lane_enable,
                            RmwOp rmw = RmwOp::None, RmwType rmw_type = RmwType::F32) = 0;

  /// GEN_ADDR: the global address of the element at coord (no bounds check:
  /// the hardware computes it for any coordinate).
  virtual uint64_t element_address(int tensor, const int coord[kTensorDims]) = 0;
  /// LD_G / ST_G: plain global memory accesses; an address outside global
  /// memory is an error.
  virtual void load_global(uint64_t address, void* dst, unsigned bytes) = 0;
  virtual void store_global(uint64_t address, const void* src, unsigned bytes) = 0;

  /// LD_L / ST_L (scalar local memory, 4-byte aligned) and LD_L_V / ST_L_V
  /// (vector local memory, 256-byte aligned unless `bytes` is a half vector
  /// of a _LOW/_HIGH form). Misaligned or out-of-range accesses are errors.
  virtual void load_slm(uint32_t address, void* dst, unsigned bytes) = 0;
  virtual void store_slm(uint32_t address, const void* src, unsigned bytes) = 0;
  virtual void load_vlm(uint32_t address, void* dst, unsigned bytes) = 0;
  virtual void store_vlm(uint32_t address, const void* src, unsigned bytes) = 0;
  /// ASO: waits until every older store is committed.
  virtual void fence() = 0;
  /// A LOOKUP was issued: the program uses special functions, so vector
  /// local memory shrinks to 16 KiB.
  virtual void special_functions_used() = 0;

  /// Output of the kernel's printf, one call's formatted text.
  virtual void print(const char* text) = 0;
  /// Ends the run with an error naming the cause (throws; never returns).
  [[noreturn]] virtual void fail(const char* message) = 0;
};

}  // namespace acosim::habana
