// Tensil's embedded driver (drivers/embedded/tensil/driver.h) seen from
// C++: the calls an application on the board makes, each turning the
// driver's tensil_error_t into a ClientError carrying the driver's message.
// Call from the CPU program of run_on_board().
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace acosim::tensil::client {

class ClientError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class TensilDriver {
 public:
  // tensil_driver_init: sets up the DMA engines and runs the configuration
  // program (DRAM offsets, decoder timeout, sample interval).
  TensilDriver();
  ~TensilDriver();
  TensilDriver(const TensilDriver&) = delete;
  TensilDriver& operator=(const TensilDriver&) = delete;

  // tensil_model_from_file + tensil_driver_load_model. `path` is a FatFs
  // path (below the platform's file root).
  void load_model(const std::string& path);
  // tensil_driver_load_model_input_scalars: size x array_size values of the
  // input's vectors (padding lanes included).
  void set_input(const std::string& name, const std::vector<float>& values);
  // tensil_driver_run; `print_sampling_summary` prints Tensil's sampling
  // summary, `sample_file` writes the samples through FatFs.
  void run(bool print_sampling_summary = false, const std::string& sample_file = "");
  // tensil_driver_get_model_output_scalars: every lane of the output's
  // vectors.
  std::vector<float> output(const std::string& name) const;
  // tensil_driver_print_model_output_vectors.
  void print_output(const std::string& name) const;

  // Names of the loaded model's inputs and outputs, in .tmodel order.
  std::vector<std::string> input_names() const;
  std::vector<std::string> output_names() const;
  // Vectors of an input or output of the loaded model.
  size_t vectors_of(const std::string& name) const;
  size_t array_size() const;

  // driver_tests.c; they print their verdicts (OK / FAILED) on stdout.
  void run_memory_test(int from_bank, int to_bank, bool verbose);
  void run_array_test(bool verbose);
  void run_simd_test(bool verbose);
  void run_sampling_test(bool verbose);
  // Bytes of samples the last run collected.
  size_t sample_bytes() const;

  // driver_tests.c's sampling test with `noops` NoOps instead of its fixed
  // 64 Mi (tensil_driver_run_sampling_test), for a board whose program
  // buffer cannot hold those: the same program (preamble, NoOps, postamble)
  // run with tensil_driver_run, and the same count of the samples it
  // collected. Prints nothing.
  struct SamplingCounts {
    size_t collected = 0;  // samples in the sample buffer
    size_t valid = 0;      // samples whose program counter is in the program
    size_t stalling = 0;   // valid samples repeating the previous one's PC
    size_t missing = 0;    // PC steps of more than one sample interval
  };
  SamplingCounts run_noop_sampling(size_t noops);
  // Bytes of the program buffer (TENSIL_PLATFORM_PROG_BUFFER_HIGH - _BASE)
  // and of one instruction.
  size_t program_buffer_bytes() const;
  size_t instruction_bytes() const;

 private:
  struct State;
  std::unique_ptr<State> m_state;
};

}  // namespace acosim::tensil::client
