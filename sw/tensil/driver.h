// The Tensil TCU driver: the run flow of Tensil's embedded firmware
// (Tensil drivers/embedded/tensil/driver.c) on the hardware abstraction layer. It configures the DRAM
// offsets, places constants in DRAM1 and inputs in DRAM0, streams programs
// followed by the flush probe and detects completion by polling that probe.
// Unlike the embedded driver it never waits forever, converts inputs with the
// compiler's rounding (Tensil's FixedBase.scala) and writes every entry of an input.
// Plain C++: it sees the device only through sw/hal/hal.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/tensil/model.h"
#include "sw/tensil/regs/architecture.h"
#include "sw/tensil/regs/config_registers.h"
#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

struct DriverError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The TCU did not finish a program in time (its flush probe never arrived).
// A simulation top that can see the TCU adds where it stopped.
struct DriverTimeout : DriverError {
  using DriverError::DriverError;
};

struct DriverConfig {
  // Physical base of DRAM0 (the PYNQ-Z1 DRAM buffer of Tensil's
  // drivers/embedded/tensil/platform.h). DRAM1
  // follows at the first 64 KiB boundary after dram0_depth vectors.
  uint64_t dram_base = 0x08000000;
  uint64_t poll_interval_ns = 1000;   // period of the flush-probe poll
  uint64_t timeout_ns = 100000000;    // give up when the probe has not arrived within this time
  uint32_t decoder_timeout = kDefaultDecoderTimeout;  // value for Configure register 0x8
  size_t stream_width_bytes = 8;      // instruction DMA data width: buffers padded with NoOps to it
  size_t max_transfer_bytes = 1 << 20;  // DMA maximum transfer length: buffers sent in chunks
  // Cycles between performance samples while a model's program runs (the
  // sample interval register 0xB, Tensil's tcu/Sampler.scala); 0: no samples.
  uint32_t sample_interval = 0;
  // Tracepoint register 0x9, set at the start of a model's program when not
  // its reset value (all ones): the TCU's tracepoint flag is high while the
  // PC, a .tprog index during the model's run, equals it.
  uint32_t tracepoint = 0xFFFFFFFF;
};

// Where DRAM0 and DRAM1 sit in the physical address space. The TCU reaches a
// bank through its offset register, which holds address >> 16 (Tensil's
// Decoder.scala), so both banks start on a 64 KiB boundary and end within 32 bits.
class DramPlacement {
 public:
  DramPlacement(const Architecture& arch, uint64_t dram0_base);

  uint64_t dram0_base() const { return dram0_base_; }
  uint64_t dram1_base() const { return dram1_base_; }
  // Values for the offset registers (64 KiB blocks).
  uint32_t dram0_offset_blocks() const { return uint32_t(dram0_base_ >> kDramOffsetShift); }
  uint32_t dram1_offset_blocks() const { return uint32_t(dram1_base_ >> kDramOffsetShift); }
  // Physical byte address of a vector; DriverError outside the bank.
  uint64_t dram0_address(uint64_t vector) const;
  uint64_t dram1_address(uint64_t vector) const;

 private:
  uint64_t vector_bytes_;
  uint64_t dram0_depth_;
  uint64_t dram1_depth_;
  uint64_t dram0_base_;
  uint64_t dram1_base_;
};

// An instruction buffer as the driver sends it to the TCU: instructions
// encoded through the ISA contract (sw/tensil/regs/isa.h), then NoOps up to
// a multiple of the instruction DMA's data width.
class ProgramBuffer {
 public:
  explicit ProgramBuffer(const InstructionLayout& layout);

  void configure(ConfigRegister reg, uint32_t value);
  // One DataMove of `vectors` vectors (size field = vectors - 1), stride 0.
  void data_move(DataMoveKind kind, uint64_t local_vector, uint64_t other_vector, uint64_t vectors);
  // Appends whole instructions taken verbatim from a .tprog.
  void append_program(const std::vector<uint8_t>& program);
  void pad_with_noops(size_t stream_width_bytes);

  const std::vector<uint8_t>& bytes() const { return bytes_; }
  size_t instruction_count() const { return bytes_.size() / layout_.instruction_bytes; }

 private:
  void append(const std::vector<uint8_t>& word);

  InstructionLayout layout_;
  std::vector<uint8_t> bytes_;
};

class Driver {
 public:
  // Validates the configuration and the DRAM placement (DriverError).
  Driver(hal::Hal& hal, const Architecture& device_arch, DriverConfig config = {});

  // Runs the configuration program: DRAM0 offset, DRAM1 offset, decoder
  // timeout, then the flush probe (Tensil's tensil_driver_init).
  void init();
  // Checks the model against the device, copies its constants into DRAM1
  // (and into local memory when the model asks), and builds the program
  // buffer; does not run it (Tensil's tensil_driver_load_model).
  void load_model(const Model& model);
  // Converts `values` (size x array_size floats per entry of `name`, in
  // order of base) to the data type and writes every entry into DRAM0.
  void set_input(const std::string& name, const std::vector<float>& values);
  // Streams the program buffer and waits for the flush probe, at most
  // config.timeout_ns of HAL time (Tensil's tensil_driver_run waits forever).
  void run();
  // All entries of output `name`, in order of base, padding lanes included.
  std::vector<float> get_output(const std::string& name);

  uint64_t dram0_address(uint64_t vector) const { return placement_.dram0_address(vector); }
  uint64_t dram1_address(uint64_t vector) const { return placement_.dram1_address(vector); }
  const InstructionLayout& layout() const { return layout_; }
  const DriverConfig& config() const { return config_; }
  // HAL time of the last run(): from the first streamed byte to the probe seen.
  uint64_t last_run_ns() const { return last_run_ns_; }
  // The loaded model, or nullptr before load_model().
  const Model* model() const { return model_.get(); }

 private:
  void check_compatible(const Model& model) const;
  void check_placement(const Model& model) const;
  void load_consts(const Model& model);
  void append_flush_probe(ProgramBuffer& buffer) const;
  // The run procedure of Tensil's driver.c on one buffer; returns its HAL time.
  uint64_t execute(const ProgramBuffer& buffer, const char* what);
  // The entries of one input/output name in order of base; DriverError
  // listing the model's names when there is none.
  std::vector<TensorEntry> entries_named(const char* kind, const std::vector<TensorEntry>& all,
                                         const std::string& name) const;

  hal::Hal& hal_;
  Architecture arch_;
  DriverConfig config_;
  InstructionLayout layout_;
  DramPlacement placement_;
  bool initialized_ = false;
  std::unique_ptr<Model> model_;
  std::unique_ptr<ProgramBuffer> program_;
  uint64_t last_run_ns_ = 0;
};

}  // namespace acosim::tensil
