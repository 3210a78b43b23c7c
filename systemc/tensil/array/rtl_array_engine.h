// RtlArray: the Verilated rtl/tensil/tensil_array.sv behind the ArrayEngine
// contract, clocked cycle by cycle. It is the reference compute path of the
// TCU (DESIGN.md "RTL-faithful"); its speed is measured against the bare
// Verilator harness (bench/tensil/bare_harness.h).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"

class VerilatedContext;

namespace acosim::tensil {

class RtlArrayModel;
struct RtlArrayConfig;
struct RtlArrayPorts;

// True when ACOSIM_TENSIL_RTL_CONFIGS Verilated the (type, size) array.
bool rtl_array_available(DataType type, unsigned size);

// The RTL engine of the architecture's (data type, array size). Throws
// std::runtime_error "the rtl engine has no FP16BP8 12x12 array: add
// FP16BP8:12 to the CMake option ACOSIM_TENSIL_RTL_CONFIGS" when that
// configuration was not Verilated.
std::unique_ptr<ArrayEngine> make_rtl_array_engine(const Architecture& arch);

class RtlArray : public ArrayEngine {
 public:
  // Same error as make_rtl_array_engine when the configuration is missing.
  explicit RtlArray(const Architecture& arch);
  ~RtlArray() override;
  RtlArray(const RtlArray&) = delete;
  RtlArray& operator=(const RtlArray&) = delete;

  // Rows and input vectors must hold exactly array_size lanes, each within
  // the data type's raw range (Tensil common/src/tensil/Fixed*.scala); otherwise
  // std::invalid_argument names the vector, the lane and the value.
  void load_weights(const Vector& row) override;
  void load_zero_weights() override;
  std::vector<Vector> run(const std::vector<Vector>& inputs) override;
  std::vector<Vector> run_zeroes(size_t count) override;
  // One real clock of the Verilated array; output_valid and output_lanes
  // are read after the edge, as they stand in the next cycle.
  bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) override;
  // Never moves time backwards: a cycle before the engine's own is ignored.
  void idle_until(uint64_t cycle) override;
  uint64_t cycles() const override { return m_simulated; }
  const char* name() const override { return "rtl"; }

  // Hands the model's context to the wave file (Verilator's writer takes
  // models of one context only) and registers the array's signals. From
  // then on every clock edge is dumped, so the waves must stay alive while
  // the engine is clocked, and the engine until the waves are closed.
  void attach_waves(TcuWaves& waves) override;

  // The engine's clock: cycle of the next operation on the TCU's time line
  // (simulated cycles plus idle_until's jumps).
  uint64_t cycle() const { return m_cycle; }

 private:
  void reset();
  static constexpr size_t kNoIndex = ~size_t{0};
  void check_lanes(const Vector& v, const char* what, size_t index) const;
  void load(const Vector* row);
  std::vector<Vector> stream(const std::vector<Vector>* inputs, size_t count);
  template <typename Lane>
  std::vector<Vector> stream_lanes(const std::vector<Vector>* inputs, size_t count);
  template <typename Lane>
  void drive_lanes(const Vector* v);
  void drive(const Vector* v);
  template <typename Lane>
  void read_output(Vector& output) const;
  void drive_idle();
  void posedge();
  void negedge();

  const unsigned m_n;
  const DataType m_type;
  const unsigned m_width;
  const int64_t m_min;
  const int64_t m_max;
  const RtlArrayConfig* m_config;
  std::shared_ptr<VerilatedContext> m_context;  // shared with the waves
  std::unique_ptr<RtlArrayModel> m_model;
  const RtlArrayPorts* m_ports = nullptr;
  TcuWaves* m_waves = nullptr;
  uint64_t m_period_ps = 0;
  uint64_t m_cycle = 0;
  uint64_t m_simulated = 0;
};

}  // namespace acosim::tensil
