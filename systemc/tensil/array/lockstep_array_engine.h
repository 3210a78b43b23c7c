// LockstepArray: runs the RTL array and the functional array side by side on
// every weight load and input vector, and stops at the first output lane on
// which they disagree (ArrayMismatch). This is how the fast engine is proven
// equal to the RTL on a whole program.
#pragma once

#include <memory>
#include <vector>

#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

class LockstepArray : public ArrayEngine {
 public:
  // `rtl` is the reference (its cycles and waves are the engine's); `fast`
  // is checked against it. Throws std::invalid_argument when either is null.
  LockstepArray(std::unique_ptr<ArrayEngine> rtl, std::unique_ptr<ArrayEngine> fast);

  void load_weights(const Vector& row) override;
  void load_zero_weights() override;
  // Throws ArrayMismatch naming the vector (index within this run), the lane
  // and both values at the first difference, or std::runtime_error when the
  // two engines return different numbers of vectors or lanes.
  std::vector<Vector> run(const std::vector<Vector>& inputs) override;
  std::vector<Vector> run_zeroes(size_t count) override;
  // Clocks both; a result on one side only, or a lane that differs, throws
  // ArrayMismatch (the vector index counts results since construction).
  bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) override;
  void idle_until(uint64_t cycle) override;
  uint64_t cycles() const override { return m_rtl->cycles(); }
  const char* name() const override { return "lockstep"; }
  void attach_waves(TcuWaves& waves) override;

 private:
  static const std::vector<Vector>& compare(const std::vector<Vector>& rtl,
                                            const std::vector<Vector>& fast);

  std::unique_ptr<ArrayEngine> m_rtl;
  std::unique_ptr<ArrayEngine> m_fast;
  Vector m_fast_output;
  size_t m_clocked_results = 0;
};

}  // namespace acosim::tensil
