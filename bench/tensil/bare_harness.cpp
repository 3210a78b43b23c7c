#include "bench/tensil/bare_harness.h"

#include <tensil_array_models.h>
#include <verilated.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace acosim::tensil {

namespace {

void check_vectors(const std::vector<Vector>& vectors, const char* what, const DataTypeInfo& info, unsigned size) {
  const int64_t max = (int64_t(1) << (info.width - 1)) - 1;
  const int64_t min = -(int64_t(1) << (info.width - 1));
  for (size_t t = 0; t < vectors.size(); ++t) {
    const std::string label = std::string("bare harness: ") + what + " " + std::to_string(t);
    if (vectors[t].size() != size) {
      throw std::invalid_argument(label + " has " + std::to_string(vectors[t].size()) + " lanes, the array takes " +
                                  std::to_string(size));
    }
    for (size_t lane = 0; lane < size; ++lane) {
      if (vectors[t][lane] < min || vectors[t][lane] > max) {
        throw std::invalid_argument(label + ", lane " + std::to_string(lane) + ": value " +
                                    std::to_string(vectors[t][lane]) + " is outside the " + info.name + " range");
      }
    }
  }
}

// The same cycle sequence as RtlArray (systemc/tensil/array/rtl_array_engine.cpp):
// inputs for the next cycle are driven between the rising and the falling
// edge, outputs read before the rising edge.
template <class Model>
BareRun run_model(const DataTypeInfo& info, unsigned n, const std::vector<Vector>& rows,
                  const std::vector<Vector>& inputs, unsigned repeat) {
  using Lane = std::remove_reference_t<decltype(std::declval<Model&>().input_lanes[0])>;
  VerilatedContext context;
  context.randReset(0);
  context.randSeed(1);
  Model m(&context, "tcu");
  const uint32_t mask = info.width == 32 ? ~uint32_t{0} : (uint32_t{1} << info.width) - 1;
  const unsigned shift = 32 - info.width;
  const auto drive = [&](const Vector& v) {
    for (unsigned j = 0; j < n; ++j) m.input_lanes[j] = static_cast<Lane>(static_cast<uint32_t>(v[j]) & mask);
  };
  const auto idle = [&] {
    m.control_valid = 0;
    m.control_load = 0;
    m.control_zeroes = 0;
    for (unsigned j = 0; j < n; ++j) m.input_lanes[j] = 0;
  };

  idle();
  m.reset = 1;
  m.clock = 0;
  m.eval();
  m.clock = 1;
  m.eval();
  m.clock = 0;
  m.reset = 0;
  m.eval();

  BareRun run;
  run.outputs.assign(inputs.size(), Vector(n));
  const size_t latency = 2 * size_t(n) - 1;
  const size_t total = inputs.size() + latency;
  const auto start = std::chrono::steady_clock::now();
  for (const Vector& row : rows) {
    m.control_valid = 1;
    m.control_load = 1;
    drive(row);
    m.clock = 1;
    m.eval();
    idle();
    m.clock = 0;
    m.eval();
    ++run.cycles;
  }
  for (unsigned r = 0; r < repeat && !inputs.empty(); ++r) {
    m.control_valid = 1;
    drive(inputs[0]);
    for (size_t c = 0; c < total; ++c) {
      if (m.output_valid) {
        int32_t* y = run.outputs[c - latency].data();
        for (unsigned i = 0; i < n; ++i) {
          y[i] = static_cast<int32_t>(static_cast<uint32_t>(m.output_lanes[i]) << shift) >> shift;
        }
      }
      m.clock = 1;
      m.eval();
      if (c + 1 < inputs.size()) {
        drive(inputs[c + 1]);
      } else if (c + 1 == inputs.size()) {
        idle();
      }
      m.clock = 0;
      m.eval();
    }
    run.cycles += total;
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

}  // namespace

BareRun run_bare_array(DataType type, unsigned size, const std::vector<Vector>& weight_rows_in_load_order,
                       const std::vector<Vector>& inputs, unsigned repeat) {
  const DataTypeInfo& info = data_type_info(type);
  check_vectors(weight_rows_in_load_order, "weight row", info, size);
  check_vectors(inputs, "input vector", info, size);
#define ACOSIM_BARE_RUN(TYPE, SIZE, MODEL)                                                        \
  if (type == DataType::TYPE && size == SIZE) {                                                   \
    return run_model<MODEL>(info, size, weight_rows_in_load_order, inputs, repeat);               \
  }
  ACOSIM_TENSIL_RTL_ARRAYS(ACOSIM_BARE_RUN)
#undef ACOSIM_BARE_RUN
  const std::string n = std::to_string(size);
  throw std::runtime_error(std::string("the bare harness has no ") + info.name + " " + n + "x" + n +
                           " array: add " + info.name + ":" + n + " to the CMake option ACOSIM_TENSIL_RTL_CONFIGS");
}

}  // namespace acosim::tensil
