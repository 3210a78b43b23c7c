#include "testbench/tensil/client/tensil_driver.h"

#include <cstring>

#include "sw/tensil/client_platform/file_system.h"

extern "C" {
#include "driver.h"
#include "instruction_buffer.h"
#include "model.h"
#include "sample_buffer.h"
}

namespace acosim::tensil::client {

namespace {

// The driver's error with its message; a file system error also names the
// FatFs result (the driver's message gives only its number).
void check(tensil_error_t error, const std::string& context) {
  if (error == TENSIL_ERROR_NONE) return;
  std::string message = context + ": " + error->message;
  if (error->type == TENSIL_ERROR_FS) message += std::string(" (") + fresult_name(error->code.fresult) + ")";
  if (error->type == TENSIL_ERROR_XILINX) message += " (Xilinx BSP status)";
  throw ClientError(message);
}

}  // namespace

struct TensilDriver::State {
  tensil_driver driver{};
  tensil_model model{};
  bool model_loaded = false;
};

TensilDriver::TensilDriver() : m_state(std::make_unique<State>()) {
  check(tensil_driver_init(&m_state->driver), "tensil_driver_init");
}

TensilDriver::~TensilDriver() = default;

void TensilDriver::load_model(const std::string& path) {
  m_state->model_loaded = false;
  check(tensil_model_from_file(&m_state->model, path.c_str()), "tensil_model_from_file(" + path + ")");
  check(tensil_driver_load_model(&m_state->driver, &m_state->model), "tensil_driver_load_model(" + path + ")");
  m_state->model_loaded = true;
}

void TensilDriver::set_input(const std::string& name, const std::vector<float>& values) {
  if (!m_state->model_loaded) throw ClientError("set_input(" + name + "): no model loaded");
  check(tensil_driver_load_model_input_scalars(&m_state->driver, &m_state->model, name.c_str(), values.size(),
                                               values.data()),
        "tensil_driver_load_model_input_scalars(" + name + ")");
}

void TensilDriver::run(bool print_sampling_summary, const std::string& sample_file) {
  tensil_run_opts options{};
  options.print_sampling_summary = print_sampling_summary;
  options.sample_file_name = sample_file.empty() ? nullptr : sample_file.c_str();
  check(tensil_driver_run(&m_state->driver, &options), "tensil_driver_run");
}

std::vector<float> TensilDriver::output(const std::string& name) const {
  if (!m_state->model_loaded) throw ClientError("output(" + name + "): no model loaded");
  std::vector<float> values(vectors_of(name) * array_size());
  check(tensil_driver_get_model_output_scalars(&m_state->driver, &m_state->model, name.c_str(), values.size(),
                                               values.data()),
        "tensil_driver_get_model_output_scalars(" + name + ")");
  return values;
}

void TensilDriver::print_output(const std::string& name) const {
  check(tensil_driver_print_model_output_vectors(&m_state->driver, &m_state->model, name.c_str()),
        "tensil_driver_print_model_output_vectors(" + name + ")");
}

std::vector<std::string> TensilDriver::input_names() const {
  std::vector<std::string> names;
  for (size_t i = 0; i < m_state->model.inputs_size; ++i) names.emplace_back(m_state->model.inputs[i].name);
  return names;
}

std::vector<std::string> TensilDriver::output_names() const {
  std::vector<std::string> names;
  for (size_t i = 0; i < m_state->model.outputs_size; ++i) names.emplace_back(m_state->model.outputs[i].name);
  return names;
}

size_t TensilDriver::vectors_of(const std::string& name) const {
  const tensil_model& model = m_state->model;
  for (size_t i = 0; i < model.inputs_size; ++i) {
    if (name == model.inputs[i].name) return model.inputs[i].size;
  }
  for (size_t i = 0; i < model.outputs_size; ++i) {
    if (name == model.outputs[i].name) return model.outputs[i].size;
  }
  throw ClientError("the model has no input or output named " + name);
}

size_t TensilDriver::array_size() const { return m_state->driver.arch.array_size; }

void TensilDriver::run_memory_test(int from_bank, int to_bank, bool verbose) {
  check(tensil_driver_run_memory_test(&m_state->driver, tensil_dram_bank(from_bank), tensil_dram_bank(to_bank),
                                      verbose),
        "tensil_driver_run_memory_test");
}

void TensilDriver::run_array_test(bool verbose) {
  check(tensil_driver_run_array_test(&m_state->driver, verbose), "tensil_driver_run_array_test");
}

void TensilDriver::run_simd_test(bool verbose) {
  check(tensil_driver_run_simd_test(&m_state->driver, verbose), "tensil_driver_run_simd_test");
}

size_t TensilDriver::program_buffer_bytes() const { return m_state->driver.buffer.size; }
size_t TensilDriver::instruction_bytes() const { return m_state->driver.layout.instruction_size_bytes; }

#ifdef TENSIL_PLATFORM_SAMPLE_AXI_DMA_DEVICE_ID
void TensilDriver::run_sampling_test(bool verbose) {
  check(tensil_driver_run_sampling_test(&m_state->driver, verbose), "tensil_driver_run_sampling_test");
}

size_t TensilDriver::sample_bytes() const { return m_state->driver.sample_buffer.offset; }

TensilDriver::SamplingCounts TensilDriver::run_noop_sampling(size_t noops) {
  // As tensil_driver_run_sampling_test (Tensil's
  // drivers/embedded/tensil/driver_tests.c) does, with `noops` for its
  // SAMPLING_TEST_SIZE.
  tensil_driver& d = m_state->driver;
  check(tensil_driver_setup_buffer_preamble(&d), "tensil_driver_setup_buffer_preamble");
  check(tensil_buffer_append_noop_instructions(&d.buffer, &d.layout, noops), "tensil_buffer_append_noop_instructions");
  check(tensil_driver_setup_buffer_postamble(&d), "tensil_driver_setup_buffer_postamble");
  check(tensil_driver_run(&d, nullptr), "tensil_driver_run");

  SamplingCounts counts;
  counts.collected = d.sample_buffer.offset / TENSIL_SAMPLE_SIZE_BYTES;
  const uint8_t* sample = tensil_sample_buffer_find_valid_samples_ptr(&d.sample_buffer);
  uint32_t previous = 0;
  uint32_t next = 0;
  uint32_t instruction_offset = 0;
  while (tensil_sample_buffer_get_next_samples_ptr(&d.sample_buffer, &d.buffer, &d.layout, &sample, &next,
                                                   &instruction_offset)) {
    ++counts.valid;
    if (previous == 0) {
      previous = next;
    } else if (previous == next) {
      ++counts.stalling;
    } else {
      if (next > previous + TENSIL_SAMPLE_INTERVAL_CYCLES) ++counts.missing;
      previous = next;
    }
  }
  return counts;
}
#else
void TensilDriver::run_sampling_test(bool) {
  throw ClientError("tensil_driver_run_sampling_test: this platform has no sample DMA");
}

size_t TensilDriver::sample_bytes() const { return 0; }

TensilDriver::SamplingCounts TensilDriver::run_noop_sampling(size_t) {
  throw ClientError("sampling: this platform has no sample DMA");
}
#endif

}  // namespace acosim::tensil::client
