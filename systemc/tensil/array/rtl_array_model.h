// One Verilated configuration of rtl/tensil/tensil_array.sv behind a common
// face: its ports as pointers into the model, its eval and its trace hook.
// The RTL engine (rtl_array_engine.cpp) drives every configuration through
// this one code path; systemc/tensil/array/arrays.cmake generates the registry of
// the configurations built (ACOSIM_TENSIL_RTL_CONFIGS).
#pragma once

#include <cstdint>
#include <memory>

#include "sw/tensil/regs/architecture.h"

class VerilatedContext;
class VerilatedVcdC;

namespace acosim::tensil {

// Top-level ports of tensil_array. Single-bit ports are Verilator CData
// (uint8_t); each lane is the smallest of CData, SData, IData holding WIDTH
// bits (lane_bytes 1, 2 or 4), stored contiguously.
struct RtlArrayPorts {
  uint8_t* clock = nullptr;
  uint8_t* reset = nullptr;
  uint8_t* control_valid = nullptr;
  uint8_t* control_load = nullptr;
  uint8_t* control_zeroes = nullptr;
  const uint8_t* control_ready = nullptr;
  void* input_lanes = nullptr;
  const uint8_t* output_valid = nullptr;
  const void* output_lanes = nullptr;
  unsigned lane_bytes = 0;
};

class RtlArrayModel {
 public:
  virtual ~RtlArrayModel() = default;
  virtual void eval() = 0;
  // Registers the model's signals with `writer` (before it is opened).
  virtual void trace(VerilatedVcdC& writer, int levels) = 0;
  const RtlArrayPorts& ports() const { return m_ports; }

 protected:
  RtlArrayPorts m_ports;
};

// Creates the model in `context`; the context must outlive the model.
using RtlArrayModelFactory = std::unique_ptr<RtlArrayModel> (*)(VerilatedContext& context);

struct RtlArrayConfig {
  DataType type;
  unsigned size;
  RtlArrayModelFactory make;
};

// The configuration built for (type, size), or nullptr.
const RtlArrayConfig* find_rtl_array(DataType type, unsigned size);

// Binds the Verilated class `Model` (one PREFIX of arrays.cmake). Only the
// generated registry instantiates it, with the model headers in scope.
template <class Model>
class VerilatedRtlArray final : public RtlArrayModel {
 public:
  // The scope name "tcu" puts the array under tcu.tensil_array in the VCD,
  // next to tcu.tcu_observer (systemc/tensil/waves.cpp).
  explicit VerilatedRtlArray(VerilatedContext& context) : m_model(&context, "tcu") {
    m_ports.clock = &m_model.clock;
    m_ports.reset = &m_model.reset;
    m_ports.control_valid = &m_model.control_valid;
    m_ports.control_load = &m_model.control_load;
    m_ports.control_zeroes = &m_model.control_zeroes;
    m_ports.control_ready = &m_model.control_ready;
    m_ports.input_lanes = &m_model.input_lanes[0];
    m_ports.output_valid = &m_model.output_valid;
    m_ports.output_lanes = &m_model.output_lanes[0];
    m_ports.lane_bytes = sizeof(m_model.input_lanes[0]);
  }
  void eval() override { m_model.eval(); }
  void trace(VerilatedVcdC& writer, int levels) override { m_model.trace(&writer, levels); }

  static std::unique_ptr<RtlArrayModel> make(VerilatedContext& context) {
    return std::make_unique<VerilatedRtlArray>(context);
  }

 private:
  Model m_model;
};

}  // namespace acosim::tensil
