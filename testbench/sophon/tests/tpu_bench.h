// A TPU alone on a SystemC kernel for the model's tests: the test body runs
// on the device CPU (as firmware would) and talks to the engines through
// DevicePort; memories are read and written through the CPU's debug
// windows. One bench per process (SystemC cannot restart).
#pragma once

#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include <systemc>

#include "sw/sophon/tpu/ports.h"
#include "systemc/core/reports.h"
#include "systemc/sophon/tpu.h"

namespace acosim::sophon {

class TpuBench {
 public:
  explicit TpuBench(const Chip& chip) : m_tpu((core::configure_reports(), "tpu"), chip) {
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate: sockets bound before DMI
  }

  /// Runs `body` as one launch; returns the launch's error ("" if none).
  std::string run(const std::function<void(DevicePort&)>& body) {
    m_tpu.cpu().submit("test", [this, body] { body(m_tpu.cpu()); });
    sc_core::sc_start();
    std::string error;
    for (const auto& e : m_tpu.cpu().take_errors()) error += e;
    return error;
  }

  DevicePort& port() { return m_tpu.cpu(); }
  Tpu& tpu() { return m_tpu; }
  const Chip& chip() const { return m_tpu.chip(); }
  uint8_t* local(uint64_t address, uint64_t bytes = 1) { return port().local_memory(address, bytes); }
  uint8_t* global(uint64_t address, uint64_t bytes = 1) {
    return port().system_memory(address, bytes);
  }

  // The byte of element (n, c, h, w) of a local fp32 tensor, straight from
  // the layout rule (docs/sophon.md): NPU (Q + c) mod X, slot (Q + c) div X.
  uint64_t local_byte(uint64_t address, const Dim4& s, int n, int c, int h, int w) const {
    const uint64_t S = chip().local_mem_bytes, X = chip().npu_num;
    const uint64_t q = address / S, r = address % S;
    const uint64_t npu = (q + c) % X, slot = (q + c) / X;
    return npu * S + r + 4 * (uint64_t(n) * s.n + slot * s.c + uint64_t(h) * s.h + uint64_t(w) * s.w);
  }

 private:
  Tpu m_tpu;
};

inline float get_float(const uint8_t* p) {
  float f;
  std::memcpy(&f, p, 4);
  return f;
}
inline void put_float(uint8_t* p, float f) { std::memcpy(p, &f, 4); }

}  // namespace acosim::sophon
