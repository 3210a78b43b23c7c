// The TPC's two private scratch memories (Habana TPC User Guide; sizes from
// tpc_llvm's TPCSubtarget.h and README_TPC.md for Gaudi):
//  - SLM, scalar local memory: 1 KiB of 32-bit words (LD_L / ST_L), 4-byte
//    aligned;
//  - VLM, vector local memory: 80 KiB of 256-byte vectors (LD_L_V / ST_L_V,
//    half vectors with _LOW/_HIGH), shrunk to 16 KiB when the program uses
//    special functions (LOOKUP), whose coefficient tables take the rest.
// A vector store is not visible to a vector load of the same address until
// a fence (ASO) commits it: until then the load returns the old contents,
// which makes the missing fence observable instead of timing-dependent.
#pragma once

#include <cstdint>
#include <vector>

namespace acosim::habana {

constexpr uint32_t kSlmBytes = 1024;
constexpr uint32_t kVlmBytes = 80 * 1024;
constexpr uint32_t kVlmBytesWithSpecialFunctions = 16 * 1024;

class LocalMemory {
 public:
  LocalMemory();

  void load_slm(uint32_t address, void* dst, unsigned bytes) const;
  void store_slm(uint32_t address, const void* src, unsigned bytes);
  void load_vlm(uint32_t address, void* dst, unsigned bytes) const;
  void store_vlm(uint32_t address, const void* src, unsigned bytes);
  /// ASO: every pending vector store is committed.
  void fence();
  /// LOOKUP in use: VLM is 16 KiB from now on; an access above it is an error.
  void use_special_functions();
  uint32_t vlm_size() const { return m_vlm_size; }

 private:
  struct PendingStore {
    uint32_t address;
    std::vector<uint8_t> data;
  };
  void check_vlm(uint32_t address, unsigned bytes, const char* what) const;

  std::vector<uint8_t> m_slm;
  std::vector<uint8_t> m_vlm;
  std::vector<PendingStore> m_pending;
  uint32_t m_vlm_size = kVlmBytes;
};

}  // namespace acosim::habana
