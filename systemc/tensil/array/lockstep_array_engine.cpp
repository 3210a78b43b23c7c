#include "systemc/tensil/array/lockstep_array_engine.h"

#include <stdexcept>
#include <string>

namespace acosim::tensil {

LockstepArray::LockstepArray(std::unique_ptr<ArrayEngine> rtl, std::unique_ptr<ArrayEngine> fast)
    : m_rtl(std::move(rtl)), m_fast(std::move(fast)) {
  if (!m_rtl || !m_fast) {
    throw std::invalid_argument(std::string("lockstep array: the ") + (m_rtl ? "fast" : "rtl") +
                                " engine is missing");
  }
}

void LockstepArray::load_weights(const Vector& row) {
  m_rtl->load_weights(row);
  m_fast->load_weights(row);
}

void LockstepArray::load_zero_weights() {
  m_rtl->load_zero_weights();
  m_fast->load_zero_weights();
}

const std::vector<Vector>& LockstepArray::compare(const std::vector<Vector>& rtl,
                                                  const std::vector<Vector>& fast) {
  if (rtl.size() != fast.size()) {
    throw std::runtime_error("lockstep array: rtl produced " + std::to_string(rtl.size()) +
                             " vectors, fast " + std::to_string(fast.size()));
  }
  for (size_t t = 0; t < rtl.size(); ++t) {
    if (rtl[t].size() != fast[t].size()) {
      throw std::runtime_error("lockstep array: vector " + std::to_string(t) + " has " +
                               std::to_string(rtl[t].size()) + " lanes from rtl, " +
                               std::to_string(fast[t].size()) + " from fast");
    }
    for (size_t lane = 0; lane < rtl[t].size(); ++lane) {
      if (rtl[t][lane] != fast[t][lane]) throw ArrayMismatch(t, lane, rtl[t][lane], fast[t][lane]);
    }
  }
  return rtl;
}

std::vector<Vector> LockstepArray::run(const std::vector<Vector>& inputs) {
  std::vector<Vector> rtl = m_rtl->run(inputs);
  compare(rtl, m_fast->run(inputs));
  return rtl;
}

std::vector<Vector> LockstepArray::run_zeroes(size_t count) {
  std::vector<Vector> rtl = m_rtl->run_zeroes(count);
  compare(rtl, m_fast->run_zeroes(count));
  return rtl;
}

bool LockstepArray::clock(uint64_t cycle, const ArrayCommand& command, Vector& output) {
  const bool rtl = m_rtl->clock(cycle, command, output);
  const bool fast = m_fast->clock(cycle, command, m_fast_output);
  if (rtl != fast) {
    throw std::runtime_error("lockstep array: in cycle " + std::to_string(cycle) + " only the " +
                             (rtl ? "rtl" : "fast") + " engine presents a result");
  }
  if (rtl) {
    for (size_t lane = 0; lane < output.size(); ++lane) {
      if (output[lane] != m_fast_output[lane]) {
        throw ArrayMismatch(m_clocked_results, lane, output[lane], m_fast_output[lane]);
      }
    }
    ++m_clocked_results;
  }
  return rtl;
}

void LockstepArray::idle_until(uint64_t cycle) {
  m_rtl->idle_until(cycle);
  m_fast->idle_until(cycle);
}

void LockstepArray::attach_waves(TcuWaves& waves) {
  m_rtl->attach_waves(waves);
  m_fast->attach_waves(waves);
}

}  // namespace acosim::tensil
