#include "sw/habana/tpc/kernel_library.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>

#include "sw/habana/tpc/error.h"

namespace acosim::habana {

namespace {

bool is_host_elf(const std::vector<uint8_t>& bytes) {
  // e_ident: 0x7F 'E' 'L' 'F', ELFCLASS64; e_machine at 18 (EM_X86_64 = 62,
  // EM_AARCH64 = 183: the machine the front end compiled for).
  if (bytes.size() < 20 || std::memcmp(bytes.data(), "\x7f" "ELF", 4) != 0 || bytes[4] != 2) return false;
  const unsigned machine = bytes[18] | (bytes[19] << 8);
#if defined(__x86_64__)
  return machine == 62;
#elif defined(__aarch64__)
  return machine == 183;
#else
  return machine != 0;
#endif
}

template <typename T>
T symbol(void* handle, const char* name) {
  void* address = dlsym(handle, name);
  if (address == nullptr) {
    throw TpcError(std::string("the kernel binary has no ") + name +
                   ": it was not built by acosim's tpc-clang (sw/habana/tpc_c)");
  }
  return reinterpret_cast<T>(address);
}

}  // namespace

KernelLibrary::KernelLibrary(const std::vector<uint8_t>& bytes) {
  if (!is_host_elf(bytes)) {
    throw TpcError("the kernel binary (" + std::to_string(bytes.size()) +
                   " bytes) is not a TPC-C kernel compiled by acosim's tpc-clang; acosim runs TPC-C kernels "
                   "compiled for the host and TPC assembly through `acosim tpc run`, not TPC ELF binaries");
  }
  // The loader needs a file: an anonymous in-memory one, named for errors.
  const int fd = memfd_create("acosim-tpc-kernel", MFD_CLOEXEC);
  if (fd < 0) throw TpcError(std::string("memfd_create: ") + std::strerror(errno));
  size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + written, bytes.size() - written);
    if (n <= 0) {
      close(fd);
      throw TpcError(std::string("writing the kernel binary: ") + std::strerror(errno));
    }
    written += static_cast<size_t>(n);
  }
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  // RTLD_LOCAL: each launch's kernel keeps its own globals, and two kernels
  // with the same symbol names never bind to each other.
  m_handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  close(fd);
  if (m_handle == nullptr) throw TpcError(std::string("loading the kernel binary: ") + dlerror());
  try {
    m_entry = symbol<Entry>(m_handle, "acosim_tpc_kernel_entry");
    m_tensor_count = *symbol<const unsigned*>(m_handle, "acosim_tpc_kernel_tensor_count");
    m_scalar_count = *symbol<const unsigned*>(m_handle, "acosim_tpc_kernel_scalar_count");
    m_march = symbol<const char*>(m_handle, "acosim_tpc_kernel_march");
  } catch (...) {
    dlclose(m_handle);
    throw;
  }
}

KernelLibrary::~KernelLibrary() {
  if (m_handle != nullptr) dlclose(m_handle);
}

void KernelLibrary::run(KernelServices& services, const uint32_t* scalars, unsigned scalar_count) const {
  m_entry(&services, scalars, scalar_count);
}

}  // namespace acosim::habana
