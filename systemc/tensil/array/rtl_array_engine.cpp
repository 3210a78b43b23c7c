#include "systemc/tensil/array/rtl_array_engine.h"

#include <verilated.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "systemc/tensil/array/rtl_array_model.h"
#include "systemc/tensil/waves.h"

namespace acosim::tensil {

namespace {

std::string not_built_message(DataType type, unsigned size) {
  const std::string name = data_type_info(type).name;
  const std::string n = std::to_string(size);
  return "the rtl engine has no " + name + " " + n + "x" + n + " array: add " + name + ":" + n +
         " to the CMake option ACOSIM_TENSIL_RTL_CONFIGS";
}

const RtlArrayConfig& config_of(const Architecture& arch) {
  if (arch.array_size == 0) throw std::invalid_argument("rtl array: array_size must be at least 1");
  const RtlArrayConfig* config = find_rtl_array(arch.data_type, arch.array_size);
  if (config == nullptr) throw std::runtime_error(not_built_message(arch.data_type, arch.array_size));
  return *config;
}

}  // namespace

bool rtl_array_available(DataType type, unsigned size) { return find_rtl_array(type, size) != nullptr; }

std::unique_ptr<ArrayEngine> make_rtl_array_engine(const Architecture& arch) {
  return std::make_unique<RtlArray>(arch);
}

RtlArray::RtlArray(const Architecture& arch)
    : m_n(arch.array_size),
      m_type(arch.data_type),
      m_width(data_type_info(arch.data_type).width),
      m_min(-(int64_t(1) << (m_width - 1))),
      m_max((int64_t(1) << (m_width - 1)) - 1),
      m_config(&config_of(arch)),
      m_context(std::make_shared<VerilatedContext>()) {
  // Verilator 5.006 draws a random seed unless one is set (anchors 2); the
  // models are Verilated with --x-initial 0, the seed makes sure.
  m_context->randReset(0);
  m_context->randSeed(1);
  m_model = m_config->make(*m_context);
  m_ports = &m_model->ports();
  reset();
}

RtlArray::~RtlArray() = default;

// One clock in reset: all weights, skew, de-skew and valid registers zero
// (Tensil's SystolicArray.scala: all rows reset to zero). The reset clock precedes the
// TCU's cycle 0 and is neither counted nor dumped.
void RtlArray::reset() {
  drive_idle();
  *m_ports->reset = 1;
  *m_ports->clock = 0;
  m_model->eval();
  *m_ports->clock = 1;
  m_model->eval();
  *m_ports->clock = 0;
  *m_ports->reset = 0;
  m_model->eval();
}

void RtlArray::attach_waves(TcuWaves& waves) {
  waves.use_context(m_context);
  m_model->trace(waves.writer(), 99);
  m_waves = &waves;
  m_period_ps = waves.clock_period_ps();
}

void RtlArray::check_lanes(const Vector& v, const char* what, size_t index) const {
  // The message is built only for a vector that fails: this check runs on
  // every vector the array takes.
  const auto label = [&] {
    return std::string("rtl array: ") + what + (index == kNoIndex ? std::string() : " " + std::to_string(index));
  };
  if (v.size() != m_n) {
    throw std::invalid_argument(label() + " has " + std::to_string(v.size()) + " lanes, the " +
                                std::to_string(m_n) + "x" + std::to_string(m_n) + " array takes " +
                                std::to_string(m_n));
  }
  for (size_t lane = 0; lane < m_n; ++lane) {
    if (v[lane] < m_min || v[lane] > m_max) {
      throw std::invalid_argument(label() + ", lane " + std::to_string(lane) + ": value " +
                                  std::to_string(v[lane]) + " is outside the " + data_type_info(m_type).name +
                                  " range [" + std::to_string(m_min) + ", " + std::to_string(m_max) + "]");
    }
  }
}

// Half cycles. Wave time stamps: after the rising edge at cycle*P + P/4,
// after the falling edge at cycle*P + 3P/4 (systemc/tensil/waves.h).
void RtlArray::posedge() {
  *m_ports->clock = 1;
  m_model->eval();
  if (m_waves != nullptr) m_waves->dump(m_cycle * m_period_ps + m_period_ps / 4);
}

void RtlArray::negedge() {
  *m_ports->clock = 0;
  m_model->eval();
  if (m_waves != nullptr) m_waves->dump(m_cycle * m_period_ps + 3 * m_period_ps / 4);
  ++m_cycle;
  ++m_simulated;
}

// Lanes are W-bit two's complement in the model's port storage; bits above
// W must stay zero (Verilator's convention for narrow values).
template <typename Lane>
void RtlArray::drive_lanes(const Vector* v) {
  Lane* lanes = static_cast<Lane*>(m_ports->input_lanes);
  const uint32_t mask = m_width == 32 ? ~uint32_t{0} : (uint32_t{1} << m_width) - 1;
  if (v == nullptr) {
    std::fill_n(lanes, m_n, Lane{0});
    return;
  }
  for (unsigned j = 0; j < m_n; ++j) lanes[j] = static_cast<Lane>(static_cast<uint32_t>((*v)[j]) & mask);
}

// Inputs between commands: nothing valid, lanes zero (clean waves).
void RtlArray::drive_idle() {
  *m_ports->control_valid = 0;
  *m_ports->control_load = 0;
  *m_ports->control_zeroes = 0;
  switch (m_ports->lane_bytes) {
    case 1:
      drive_lanes<uint8_t>(nullptr);
      break;
    case 2:
      drive_lanes<uint16_t>(nullptr);
      break;
    default:
      drive_lanes<uint32_t>(nullptr);
      break;
  }
}

// One cycle with a load command (Tensil's SystolicArray.scala); `row` nullptr is the
// zeroes flag. Loads follow a fully drained run, so the array's hold-off
// (control_ready low while inputs are in flight, SystolicArray.scala) never
// applies here; the engine checks it all the same.
void RtlArray::load(const Vector* row) {
  *m_ports->control_valid = 1;
  *m_ports->control_load = 1;
  *m_ports->control_zeroes = row == nullptr ? 1 : 0;
  switch (m_ports->lane_bytes) {
    case 1:
      drive_lanes<uint8_t>(row);
      break;
    case 2:
      drive_lanes<uint16_t>(row);
      break;
    default:
      drive_lanes<uint32_t>(row);
      break;
  }
  m_model->eval();  // settle control_ready for the new command (clock low)
  if (*m_ports->control_ready == 0) {
    throw std::logic_error("rtl array: load held off at cycle " + std::to_string(m_cycle) +
                           " although no run is in flight");
  }
  posedge();
  drive_idle();
  negedge();
}

void RtlArray::load_weights(const Vector& row) {
  check_lanes(row, "weight row", kNoIndex);
  load(&row);
}

void RtlArray::load_zero_weights() { load(nullptr); }

std::vector<Vector> RtlArray::run(const std::vector<Vector>& inputs) {
  for (size_t t = 0; t < inputs.size(); ++t) check_lanes(inputs[t], "input vector", t);
  return stream(&inputs, inputs.size());
}

std::vector<Vector> RtlArray::run_zeroes(size_t count) { return stream(nullptr, count); }

std::vector<Vector> RtlArray::stream(const std::vector<Vector>* inputs, size_t count) {
  switch (m_ports->lane_bytes) {
    case 1:
      return stream_lanes<uint8_t>(inputs, count);
    case 2:
      return stream_lanes<uint16_t>(inputs, count);
    default:
      return stream_lanes<uint32_t>(inputs, count);
  }
}

// Streams `count` vectors (inputs, or zero vectors when `inputs` is nullptr:
// the zeroes flag), one per cycle, then drains: the result of the vector
// accepted in cycle t is presented in cycle t + 2n - 1 (Tensil's
// SystolicArray.scala, InnerSystolicArray.scala), so
// count + 2n - 1 cycles in all. The model's output_valid must agree with
// that schedule; a disagreement is an RTL fault and throws std::logic_error.
// An empty stream takes no cycle.
template <typename Lane>
std::vector<Vector> RtlArray::stream_lanes(const std::vector<Vector>* inputs, size_t count) {
  std::vector<Vector> outputs(count, Vector(m_n));
  if (count == 0) return outputs;
  const size_t latency = 2 * size_t(m_n) - 1;
  const size_t total = count + latency;
  const Lane* output_lanes = static_cast<const Lane*>(m_ports->output_lanes);
  const unsigned shift = 32 - m_width;

  *m_ports->control_valid = 1;
  *m_ports->control_load = 0;
  *m_ports->control_zeroes = inputs == nullptr ? 1 : 0;
  drive_lanes<Lane>(inputs == nullptr ? nullptr : &(*inputs)[0]);
  for (size_t c = 0; c < total; ++c) {
    const bool expected = c >= latency;
    if ((*m_ports->output_valid != 0) != expected) {
      throw std::logic_error("rtl array: output_valid is " + std::to_string(*m_ports->output_valid) +
                             " in cycle " + std::to_string(c) + " of a " + std::to_string(count) +
                             "-vector run, expected " + std::to_string(expected ? 1 : 0));
    }
    if (expected) {
      // Sign-extend each W-bit lane to 32 bits.
      int32_t* y = outputs[c - latency].data();
      for (unsigned i = 0; i < m_n; ++i) {
        y[i] = static_cast<int32_t>(static_cast<uint32_t>(output_lanes[i]) << shift) >> shift;
      }
    }
    posedge();
    if (c + 1 < count) {
      if (inputs != nullptr) drive_lanes<Lane>(&(*inputs)[c + 1]);
    } else if (c + 1 == count) {
      drive_idle();
    }
    negedge();
  }
  return outputs;
}

void RtlArray::drive(const Vector* v) {
  switch (m_ports->lane_bytes) {
    case 1:
      drive_lanes<uint8_t>(v);
      break;
    case 2:
      drive_lanes<uint16_t>(v);
      break;
    default:
      drive_lanes<uint32_t>(v);
      break;
  }
}

template <typename Lane>
void RtlArray::read_output(Vector& output) const {
  const Lane* lanes = static_cast<const Lane*>(m_ports->output_lanes);
  const unsigned shift = 32 - m_width;
  output.resize(m_n);
  for (unsigned i = 0; i < m_n; ++i) {
    output[i] = static_cast<int32_t>(static_cast<uint32_t>(lanes[i]) << shift) >> shift;
  }
}

bool RtlArray::clock(uint64_t cycle, const ArrayCommand& command, Vector& output) {
  idle_until(cycle);
  if (command.kind == ArrayCommand::Kind::Idle) {
    drive_idle();
  } else {
    if (!command.zeroes) check_lanes(*command.lanes, command.kind == ArrayCommand::Kind::Load ? "weight row" : "input vector", kNoIndex);
    *m_ports->control_valid = 1;
    *m_ports->control_load = command.kind == ArrayCommand::Kind::Load ? 1 : 0;
    *m_ports->control_zeroes = command.zeroes ? 1 : 0;
    drive(command.zeroes ? nullptr : command.lanes);
    if (command.kind == ArrayCommand::Kind::Load) {
      // Settle control_ready for the load (a run is always taken, so only
      // a load costs this extra evaluation).
      m_model->eval();
      if (*m_ports->control_ready == 0) {
        throw std::logic_error("rtl array: load held off at cycle " + std::to_string(m_cycle) +
                               " while a run is still inside the array");
      }
    }
  }
  // The command stays on the ports for the whole cycle, as a Chisel
  // producer's valid does; the next call drives the next one.
  posedge();
  negedge();
  if (*m_ports->output_valid == 0) return false;
  switch (m_ports->lane_bytes) {
    case 1:
      read_output<uint8_t>(output);
      break;
    case 2:
      read_output<uint16_t>(output);
      break;
    default:
      read_output<uint32_t>(output);
      break;
  }
  return true;
}

void RtlArray::idle_until(uint64_t cycle) { m_cycle = std::max(m_cycle, cycle); }

}  // namespace acosim::tensil
