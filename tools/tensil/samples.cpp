#include "tools/tensil/samples.h"

#include <cstdio>
#include <sstream>

#include "sw/tensil/model.h"

namespace acosim::tensil {
namespace {

const char* const kUnitNames[kSampleUnits] = {"Array", "Acc",      "Dataflow", "DRAM1",
                                              "DRAM0", "MemPortB", "MemPortA", "Instruction"};

// sample_buffer.c's section rule: 39 dashes after the title.
const std::string kRule(39, '-');

double fraction(uint64_t part, uint64_t total) {
  return total == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(total);
}

// sample_buffer.c's opcode names, which differ from the ISA's own
// (LoadWeight, SIMD, Config, ??? for undefined opcodes).
const char* driver_opcode_name(uint8_t opcode) {
  switch (static_cast<Opcode>(opcode)) {
    case Opcode::NoOp: return "NoOp";
    case Opcode::MatMul: return "MatMul";
    case Opcode::DataMove: return "DataMove";
    case Opcode::LoadWeights: return "LoadWeight";
    case Opcode::Simd: return "SIMD";
    case Opcode::Configure: return "Config";
  }
  return "???";
}

// "Array=VR, Acc=VR, ..., Instruction=VR" with each pair's valid then ready
// bit, lowest pair first, as sample_buffer.c's print_flags writes it.
std::string flags_text(uint16_t flags) {
  std::string out;
  for (unsigned u = 0; u < kSampleUnits; ++u) {
    if (u != 0) out += ", ";
    out += kUnitNames[u];
    out += '=';
    out += ((flags >> (2 * u)) & 1u) ? '1' : '0';
    out += ((flags >> (2 * u + 1)) & 1u) ? '1' : '0';
  }
  return out;
}

// The instruction a sample's PC points at, or nullptr outside the program.
const Instruction* instruction_at(const std::vector<Instruction>& program, uint32_t first_pc, uint32_t pc) {
  if (pc < first_pc) return nullptr;
  const uint64_t index = uint64_t{pc} - first_pc;
  return index < program.size() ? &program[index] : nullptr;
}

}  // namespace

const char* sample_unit_name(unsigned unit) { return unit < kSampleUnits ? kUnitNames[unit] : "invalid"; }

bool operator==(const Sample& a, const Sample& b) {
  return a.program_counter == b.program_counter && a.flags == b.flags;
}

Sample sample_from_word(uint64_t word) {
  Sample s;
  s.program_counter = static_cast<uint32_t>(word);
  s.flags = static_cast<uint16_t>(word >> 32);
  return s;
}

std::vector<uint8_t> encode_samples(const std::vector<Sample>& samples) {
  std::vector<uint8_t> bytes;
  bytes.reserve(samples.size() * kSampleBytes);
  for (const Sample& s : samples) {
    for (unsigned i = 0; i < 4; ++i) bytes.push_back(static_cast<uint8_t>(s.program_counter >> (8 * i)));
    bytes.push_back(static_cast<uint8_t>(s.flags));
    bytes.push_back(static_cast<uint8_t>(s.flags >> 8));
    bytes.push_back(0);
    bytes.push_back(0);
  }
  return bytes;
}

std::vector<Sample> decode_samples(const std::vector<uint8_t>& bytes, const std::string& what) {
  if (bytes.size() % kSampleBytes != 0) {
    throw FormatError(what + ": truncated sample file: " + std::to_string(bytes.size()) +
                      " bytes is not a whole number of " + std::to_string(kSampleBytes) +
                      "-byte samples (the last one has " + std::to_string(bytes.size() % kSampleBytes) +
                      " bytes)");
  }
  std::vector<Sample> samples(bytes.size() / kSampleBytes);
  for (size_t i = 0; i < samples.size(); ++i) {
    const uint8_t* p = bytes.data() + i * kSampleBytes;
    if (p[6] != 0 || p[7] != 0) {
      throw FormatError(what + ": sample " + std::to_string(i) + " (byte " + std::to_string(i * kSampleBytes + 6) +
                        ") has non-zero padding: not a Tensil sample file");
    }
    samples[i].program_counter = static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
                                 static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
    samples[i].flags = static_cast<uint16_t>(p[4] | p[5] << 8);
  }
  return samples;
}

std::vector<Sample> read_samples(const std::string& path) { return decode_samples(read_file(path), path); }

void write_samples(const std::string& path, const std::vector<Sample>& samples) {
  write_file_atomically(path, encode_samples(samples));
}

double UnitUtilisation::transfer_fraction() const { return fraction(transfer, total()); }
double UnitUtilisation::stalled_fraction() const { return fraction(stalled, total()); }
double UnitUtilisation::idle_fraction() const { return fraction(idle, total()); }

std::array<UnitUtilisation, kSampleUnits> unit_utilisation(const std::vector<Sample>& samples) {
  std::array<UnitUtilisation, kSampleUnits> out{};
  for (const Sample& s : samples) {
    for (unsigned u = 0; u < kSampleUnits; ++u) {
      if (!s.valid(u)) {
        ++out[u].idle;
      } else if (s.ready(u)) {
        ++out[u].transfer;
      } else {
        ++out[u].stalled;
      }
    }
  }
  return out;
}

SampleSummary summarize_samples(const std::vector<Sample>& samples, const std::vector<Instruction>& program,
                                uint32_t first_pc) {
  SampleSummary summary;
  for (const Sample& s : samples) {
    const Instruction* instruction = instruction_at(program, first_pc, s.program_counter);
    if (instruction == nullptr) {
      ++summary.outside_program;
      continue;
    }
    const unsigned opcode = instruction->opcode & 0xFu;
    ++summary.valid_samples;
    ++summary.per_opcode[opcode];
    if (opcode == static_cast<unsigned>(Opcode::DataMove)) ++summary.per_data_move_kind[instruction->flags & 0xFu];
    ++summary.flags_per_opcode[opcode][s.flags];
  }
  return summary;
}

std::string format_sample_summary(const SampleSummary& summary, bool print_summary, bool print_aggregates) {
  std::ostringstream out;
  out << "Found " << summary.valid_samples << " valid samples\n";
  if (print_summary) {
    const auto op = [&](Opcode o) { return summary.per_opcode[static_cast<unsigned>(o)]; };
    const auto kind = [&](DataMoveKind k) { return summary.per_data_move_kind[static_cast<unsigned>(k)]; };
    out << "Samples per opcode " << kRule << "\n";
    out << "NoOp:       " << op(Opcode::NoOp) << "\n";
    out << "MatMul:     " << op(Opcode::MatMul) << "\n";
    out << "DataMove:   " << op(Opcode::DataMove) << "\n";
    out << "LoadWeight: " << op(Opcode::LoadWeights) << "\n";
    out << "SIMD:       " << op(Opcode::Simd) << "\n";
    out << "Samples per DataMove flag " << kRule << "\n";
    out << "DRAM0->Local:            " << kind(DataMoveKind::Dram0ToLocal) << "\n";
    out << "Local->DRAM0:            " << kind(DataMoveKind::LocalToDram0) << "\n";
    out << "DRAM1->Local:            " << kind(DataMoveKind::Dram1ToLocal) << "\n";
    out << "Local->DRAM1:            " << kind(DataMoveKind::LocalToDram1) << "\n";
    out << "Accumulator->Local:      " << kind(DataMoveKind::AccumulatorToLocal) << "\n";
    out << "Local->Accumulator:      " << kind(DataMoveKind::LocalToAccumulator) << "\n";
    out << "Local->Accumulator(Acc): " << kind(DataMoveKind::LocalToAccumulatorAccumulate) << "\n";
  }
  if (print_aggregates) {
    // The driver's order; Configure and undefined opcodes are not shown.
    const std::pair<const char*, Opcode> sections[] = {{"MatMul", Opcode::MatMul},
                                                       {"DataMove", Opcode::DataMove},
                                                       {"LoadWeight", Opcode::LoadWeights},
                                                       {"SIMD", Opcode::Simd},
                                                       {"NoOp", Opcode::NoOp}};
    for (const auto& [title, opcode] : sections) {
      out << title << " flags " << kRule << "\n";
      out << "Array=VR, Acc=VR, Dataflow=VR, DRAM1=VR, DRAM0=VR, MemPortB=VR, MemPortA=VR, Instruction=VR\n";
      for (const auto& [flags, count] : summary.flags_per_opcode[static_cast<unsigned>(opcode)]) {
        out << flags_text(flags) << ": " << count << "\n";
      }
    }
  }
  return out.str();
}

std::string format_sample_listing(const std::vector<Sample>& samples, const std::vector<Instruction>& program,
                                  uint32_t first_pc) {
  std::ostringstream out;
  for (const Sample& s : samples) {
    const Instruction* instruction = instruction_at(program, first_pc, s.program_counter);
    if (instruction == nullptr) continue;
    char position[16];
    std::snprintf(position, sizeof position, "%08u", static_cast<unsigned>(s.program_counter - first_pc));
    out << "[" << position << "] " << driver_opcode_name(instruction->opcode & 0xF) << ": " << flags_text(s.flags)
        << "\n";
  }
  return out.str();
}

}  // namespace acosim::tensil
