// The parameters that make one Sophon TPU different from another, and the
// three machines acosim instantiates: BM1684 (the OKKernel chip), BM1684X
// (the TPU-Kernel chip) and the four-lane toy machine of Sophgo's OKKernel
// layout guide, whose worked examples are small enough to check by hand.
// Plain C++: the SystemC model and the device runtime both include it.
#pragma once

#include <cstdint>
#include <string>

namespace acosim::sophon {

struct Chip {
  std::string name;
  uint32_t npu_num;          ///< lanes; each has its own local memory and EUs
  uint32_t local_mem_bytes;  ///< local memory per NPU (a power of two)
  uint32_t banks;            ///< banks per NPU's local memory
  uint32_t eu_bytes;         ///< bytes one lane's EUs take per step; the "aligned" layout unit
  bool packed_4n;            ///< int8/int16 tensors are stored 4N/2N packed (BM1684)
  uint32_t max_bdc_c;        ///< largest C a BDC command takes (BM1684: 4095)
  /// Largest GDMA W stride in bytes: BM1684 takes only a W stride of one
  /// element (0 here), BM1684X up to 128 bytes (128 / sizeof(dtype) elements).
  uint32_t max_gdma_w_stride_bytes;
  uint64_t global_mem_start;   ///< first DDR address as the TPU sees it
  uint64_t global_mem_bytes;
  uint64_t l2_sram_start;
  uint64_t l2_sram_bytes;
  uint32_t dtcm_bytes;        ///< the device CPU's data scratchpad
  double clock_mhz;           ///< clock of the cost model (see docs/sophon.md)
  uint32_t gdma_bytes_per_cycle;

  uint64_t local_mem_total() const { return uint64_t{npu_num} * local_mem_bytes; }
  uint32_t bank_bytes() const { return local_mem_bytes / banks; }
  /// Elements of `bytes` each that fill one EU step (the aligned layout's unit).
  uint32_t eu_num(uint32_t element_bytes) const { return eu_bytes / element_bytes; }
};

/// BM1684: 64 NPUs of 512 KiB in 8 banks, 128-byte EU step, 4N/2N packing.
/// Figures: Sophgo's OKKernel architecture page and tpu-mlir's BM1684.h.
Chip bm1684();
/// BM1684X: 64 NPUs of 256 KiB in 16 banks, 64-byte EU step (tpu-mlir BM1684X.h).
Chip bm1684x();
/// The OKKernel layout guide's machine: 4 NPUs of 1 KiB, BM1684's rules.
Chip toy();

/// One of the three by name ("bm1684", "bm1684x", "toy"); throws otherwise.
Chip chip_by_name(const std::string& name);

}  // namespace acosim::sophon
