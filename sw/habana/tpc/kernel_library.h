// A TPC-C kernel compiled for the host by acosim's front end (tpc-clang of
// sw/habana/tpc_c): a shared object exporting acosim_tpc_kernel_entry and the
// kernel's signature. The glue code embeds it as it would embed a TPC ELF;
// a launch hands the bytes back, and this loads them into the process.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/habana/tpc/kernel_services.h"

namespace acosim::habana {

class KernelLibrary {
 public:
  /// Loads `bytes` (the binary the glue code returned). Throws TpcError when
  /// they are not a kernel built by acosim's tpc-clang (e.g. a TPC ELF from
  /// Habana's compiler) or the loader refuses them.
  explicit KernelLibrary(const std::vector<uint8_t>& bytes);
  ~KernelLibrary();
  KernelLibrary(const KernelLibrary&) = delete;
  KernelLibrary& operator=(const KernelLibrary&) = delete;

  unsigned tensor_count() const { return m_tensor_count; }
  unsigned scalar_count() const { return m_scalar_count; }
  const std::string& march() const { return m_march; }

  /// Runs the kernel's main once with the given services and scalar
  /// parameters (SRF words).
  void run(KernelServices& services, const uint32_t* scalars, unsigned scalar_count) const;

 private:
  using Entry = void (*)(KernelServices*, const uint32_t*, unsigned);
  void* m_handle = nullptr;
  Entry m_entry = nullptr;
  unsigned m_tensor_count = 0;
  unsigned m_scalar_count = 0;
  std::string m_march;
};

}  // namespace acosim::habana
