#include "sw/tensil/client_platform/host_window.h"

#include <sys/mman.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace acosim::tensil::client {

namespace {

std::string range_text(uint64_t base, uint64_t bytes) {
  std::ostringstream text;
  text << std::hex << "0x" << base << "-0x" << base + bytes;
  return text.str();
}

}  // namespace

HostWindow::HostWindow(uint64_t base, uint64_t bytes) : m_base(base), m_bytes(bytes) {
  void* wanted = reinterpret_cast<void*>(base);
  void* got = mmap(wanted, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
  if (got == MAP_FAILED) {
    const int error = errno;
    throw std::runtime_error("cannot map the driver's physical address range " + range_text(base, bytes) +
                             " into the host process: " +
                             (error == EEXIST ? std::string("something else is mapped there already")
                                              : std::string(std::strerror(error))));
  }
  if (got != wanted) {
    // Kernels before 4.17 ignore MAP_FIXED_NOREPLACE and treat the address
    // as a hint.
    munmap(got, bytes);
    throw std::runtime_error("cannot map the driver's physical address range " + range_text(base, bytes) +
                             " into the host process: something else is mapped there already");
  }
}

HostWindow::~HostWindow() { munmap(reinterpret_cast<void*>(m_base), m_bytes); }

bool HostWindow::contains(uint64_t address, uint64_t bytes) const {
  return address >= m_base && bytes <= m_bytes && address - m_base <= m_bytes - bytes;
}

}  // namespace acosim::tensil::client
