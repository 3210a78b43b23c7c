// FastArray: a functional model of the systolic array (Tensil
// rtl/src/main/scala/tensil/tcu/{InnerSystolicArray,SystolicArray}.scala)
// with no clock. Every output lane is the same sequential chain of
// rounding, saturating MACs (Tensil's macFixedPoint) the RTL's processing elements
// compute, so its results are bit-exact with the RTL array.
#pragma once

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/fixed_point.h"

namespace acosim::tensil {

class FastArray : public ArrayEngine {
 public:
  // Throws std::invalid_argument when the architecture's array size is 0.
  explicit FastArray(const Architecture& arch);

  // Rows and input vectors must hold exactly array_size lanes, each within
  // the data type's raw range; otherwise std::invalid_argument names the
  // vector (its index within run()), the lane and what was wrong.
  void load_weights(const Vector& row) override;
  void load_zero_weights() override;
  std::vector<Vector> run(const std::vector<Vector>& inputs) override;
  void run_into(const std::vector<Vector>& inputs, std::vector<Vector>& outputs) override;
  std::vector<Vector> run_zeroes(size_t count) override;
  // run_into() on rows in place, for the functional decoder: input t is
  // `inputs[t]`, its result goes to `outputs[t]` (array_size lanes each;
  // the caller guarantees the lanes are in range, as memories of the TCU
  // only hold such values).
  void run_rows(const int32_t* const* inputs, int32_t* const* outputs, size_t count);
  // Computes a run's result when it is taken and hands it out D cycles
  // later, as the RTL's pipeline does.
  bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) override;
  void idle_until(uint64_t cycle) override { (void)cycle; }
  uint64_t cycles() const override { return 0; }
  const char* name() const override { return "fast"; }

 private:
  // Row k of the weight store W[0..n] (as in the RTL: W[0] is the bias row,
  // W[1+j] multiplies input lane j), as a slice of the ring m_rows.
  const int32_t* row(size_t k) const { return &m_rows[((m_newest + k) % (m_n + 1)) * m_n]; }
  void refresh_store();
  static constexpr size_t kNoIndex = ~size_t{0};
  void check_lanes(const Vector& v, const char* what, size_t index) const;

  const size_t m_n;
  const DataType m_type;
  const FixedFormat m_format;
  // The RTL's weight shift register as a ring of n+1 rows: a load
  // overwrites the oldest row and makes it the newest (the bias row)
  // instead of moving n rows.
  std::vector<int32_t> m_rows;
  size_t m_newest = 0;
  // row(k) for k = 0..n, refreshed at every load.
  std::vector<const int32_t*> m_store;
  // clock(): results in flight, with the cycle before the one they are
  // presented in.
  std::deque<std::pair<uint64_t, Vector>> m_in_flight;
  std::vector<Vector> m_clock_input{1};
  std::vector<Vector> m_clock_result;
  std::vector<const int32_t*> m_input_rows;
  std::vector<int32_t*> m_output_rows;
};

}  // namespace acosim::tensil
