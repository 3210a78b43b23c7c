// Host-side reading and summarising of the TCU's performance samples.
//
// A sample file is what Tensil's embedded driver stores
// (drivers/embedded/tensil/sample_buffer.{c,h}, tensil_sample_buffer_to_file):
// the sampler's AXI-Stream words as the DMA wrote them to memory, 8 bytes
// each (TENSIL_SAMPLE_SIZE_BYTES): the program counter as a little-endian
// u32, the flags as a little-endian u16, then 2 bytes that are always zero
// (the 48-bit sample is zero-extended into 64-bit TDATA, Tensil's
// rtl/src/main/scala/tensil/axi/package.scala).
//
// Flag bit 2u is unit u's valid, bit 2u+1 its ready, the units in the order
// of SampleUnit (Tensil's rtl/src/main/scala/tensil/tcu/Sampler.scala packs
// SampleFlags with instruction in the most significant pair).
//
// Plain C++17, no SystemC.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sw/tensil/regs/isa.h"

namespace acosim::tensil {

constexpr unsigned kSampleBytes = 8;
constexpr unsigned kSampleUnits = 8;

// The eight sampled handshakes, numbered by their pair in the flag field.
enum class SampleUnit : unsigned {
  Array = 0,
  Acc = 1,
  Dataflow = 2,
  Dram1 = 3,
  Dram0 = 4,
  MemPortB = 5,
  MemPortA = 6,
  Instruction = 7,
};
// "Array", "Acc", "Dataflow", "DRAM1", "DRAM0", "MemPortB", "MemPortA",
// "Instruction": the names sample_buffer.c prints.
const char* sample_unit_name(unsigned unit);

struct Sample {
  uint32_t program_counter = 0;
  uint16_t flags = 0;

  bool valid(unsigned unit) const { return ((flags >> (2 * unit)) & 1u) != 0; }
  bool ready(unsigned unit) const { return ((flags >> (2 * unit + 1)) & 1u) != 0; }
};

bool operator==(const Sample& a, const Sample& b);

// The 64-bit word of the sampler's stream (PC in bits 0-31, flags in 32-47).
Sample sample_from_word(uint64_t word);

// Bytes <-> samples in the file format. decode_samples throws FormatError
// (sw/tensil/model.h) when the byte count is not a whole number of samples
// or a sample's padding bytes are not zero; `what` names the source in the
// message.
std::vector<uint8_t> encode_samples(const std::vector<Sample>& samples);
std::vector<Sample> decode_samples(const std::vector<uint8_t>& bytes, const std::string& what);

// Reads/writes a sample file; FormatError names the path. Writing goes
// through a temporary file, so a failed write leaves no partial file.
std::vector<Sample> read_samples(const std::string& path);
void write_samples(const std::string& path, const std::vector<Sample>& samples);

// How often each unit's handshake was seen in each state.
struct UnitUtilisation {
  uint64_t transfer = 0;  // valid && ready: the handshake fires
  uint64_t stalled = 0;   // valid && !ready: the producer waits
  uint64_t idle = 0;      // !valid: nothing offered (ready or not)

  uint64_t total() const { return transfer + stalled + idle; }
  // Fractions of total(); 0 when there are no samples.
  double transfer_fraction() const;
  double stalled_fraction() const;
  double idle_fraction() const;
};
std::array<UnitUtilisation, kSampleUnits> unit_utilisation(const std::vector<Sample>& samples);

// Tensil's driver analysis (sample_buffer.c,
// tensil_sample_buffer_print_analysis): each sample is attributed to the
// instruction at its program counter, which is the instruction at the head
// of the decoder when the sample was taken. `program[i]` runs with program
// counter first_pc + i (Tensil's embedded driver sets the program counter
// with a leading Configure so that it equals the position in its
// instruction buffer). Samples whose PC is outside the program (before it
// starts or after its last instruction) are not attributed.
struct SampleSummary {
  uint64_t valid_samples = 0;    // attributed to an instruction
  uint64_t outside_program = 0;  // not attributed
  std::array<uint64_t, 16> per_opcode{};
  std::array<uint64_t, 16> per_data_move_kind{};  // DataMove samples by flags nibble
  // Attributed samples per opcode and flag-field value (the driver's
  // "aggregates").
  std::array<std::map<uint16_t, uint64_t>, 16> flags_per_opcode;
};
SampleSummary summarize_samples(const std::vector<Sample>& samples, const std::vector<Instruction>& program,
                                uint32_t first_pc);

// The text the driver prints, restated: "Found N valid samples", then with
// `summary` the samples per opcode and per DataMove kind, with `aggregates`
// the flag-value histogram of each opcode.
std::string format_sample_summary(const SampleSummary& summary, bool print_summary, bool print_aggregates);

// The driver's per-sample listing: "[PPPPPPPP] Opcode: Array=VR, ...", PPPPPPPP
// being the position in `program` (the driver prints the PC less its
// program-counter shift, which is the same thing).
std::string format_sample_listing(const std::vector<Sample>& samples, const std::vector<Instruction>& program,
                                  uint32_t first_pc);

}  // namespace acosim::tensil
