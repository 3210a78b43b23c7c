#include "testbench/habana/cli.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>

#include "sw/habana/asm/assembler.h"
#include "sw/habana/asm/printer.h"
#include "sw/habana/tpc/error.h"
#include "systemc/core/reports.h"
#include "systemc/core/vcd_tracer.h"
#include "systemc/habana/chip.h"

namespace acosim::habana::cli {

namespace {

const char* const kRunUsage =
    "usage: acosim tpc run PROGRAM.s [options]\n"
    "  runs an assembled TPC program on a Gaudi chip's TPCs, each TPC on its partitions\n"
    "  of the index space, one bundle per cycle\n"
    "options (tensors are numbered in the order given, inputs and outputs alike):\n"
    "  --tensor in:TYPE:SIZES:FILE | out:TYPE:SIZES:FILE   the same as --input / --output\n"
    "  --input TYPE:SIZES:FILE   a tensor read from FILE (raw little-endian elements);\n"
    "                            FILE 'ramp' fills element k with k - n/2\n"
    "  --output TYPE:SIZES:FILE  a tensor written to FILE after the run (zero before it)\n"
    "                            TYPE f32 bf16 i32 u32 i16 u16 i8 u8; SIZES like 128x4 (dim 0 first)\n"
    "  --scalar VALUE            the next scalar argument (SRF): 2.5 as fp32, 7 as int32\n"
    "  --index-space D0xD1...    index-space sizes (default: the last tensor's, dim 0 in vectors)\n"
    "  --tpcs N                  TPCs on the chip (default 8)\n"
    "  --gmem-latency N          extra cycles before LD_TNSR data arrive (default 0)\n"
    "  --max-cycles N            a partition running longer is stalled (default 10000000)\n"
    "  --vcd FILE                waves: per TPC busy, partition, pc, slots, gmem_stall\n";

const char* const kAsmUsage =
    "usage: acosim tpc asm PROGRAM.s\n"
    "  assembles PROGRAM.s and prints every bundle in the TPC compiler's canonical form\n";

struct TensorArg {
  bool output = false;
  std::string type;
  unsigned element_bytes = 0;
  std::array<int32_t, kTensorDims> sizes{1, 1, 1, 1, 1};
  std::string file;
  uint64_t bytes() const {
    uint64_t n = element_bytes;
    for (int32_t s : sizes) n *= static_cast<uint64_t>(s);
    return n;
  }
};

unsigned element_bytes_of(const std::string& type) {
  if (type == "f32" || type == "i32" || type == "u32") return 4;
  if (type == "bf16" || type == "i16" || type == "u16") return 2;
  if (type == "i8" || type == "u8") return 1;
  throw UsageError("unknown tensor type '" + type + "' (f32 bf16 i32 u32 i16 u16 i8 u8)");
}

long parse_number(const std::string& text, const std::string& what) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0') throw UsageError(what + ": '" + text + "' is not a number");
  return v;
}

std::array<int32_t, kTensorDims> parse_sizes(const std::string& text, const std::string& what) {
  std::array<int32_t, kTensorDims> sizes{1, 1, 1, 1, 1};
  std::istringstream in(text);
  std::string part;
  int d = 0;
  while (std::getline(in, part, 'x')) {
    if (d == kTensorDims) throw UsageError(what + ": at most 5 dims in '" + text + "'");
    const long v = parse_number(part, what);
    if (v < 1 || v > (1L << 30)) throw UsageError(what + ": size " + part + " out of range");
    sizes[d++] = static_cast<int32_t>(v);
  }
  if (d == 0) throw UsageError(what + ": no sizes");
  return sizes;
}

TensorArg parse_tensor(const std::string& text, bool output) {
  const std::string option = output ? "--output" : "--input";
  const size_t a = text.find(':'), b = a == std::string::npos ? a : text.find(':', a + 1);
  if (b == std::string::npos) throw UsageError(option + " wants TYPE:SIZES:FILE, not '" + text + "'");
  TensorArg t;
  t.output = output;
  t.type = text.substr(0, a);
  t.element_bytes = element_bytes_of(t.type);
  t.sizes = parse_sizes(text.substr(a + 1, b - a - 1), option);
  t.file = text.substr(b + 1);
  if (t.file.empty()) throw UsageError(option + " '" + text + "' names no file");
  return t;
}

uint32_t parse_scalar(const std::string& text) {
  uint32_t word;
  if (text.find_first_of(".eE") != std::string::npos) {
    char* end = nullptr;
    const float f = std::strtof(text.c_str(), &end);
    if (*end != '\0') throw UsageError("--scalar: '" + text + "' is not a number");
    std::memcpy(&word, &f, 4);
  } else {
    word = static_cast<uint32_t>(static_cast<int32_t>(parse_number(text, "--scalar")));
  }
  return word;
}

void fill_input(const TensorArg& t, uint8_t* data) {
  const uint64_t n = t.bytes() / t.element_bytes;
  if (t.file == "ramp") {
    for (uint64_t k = 0; k < n; ++k) {
      const double v = static_cast<double>(k) - static_cast<double>(n / 2);
      uint8_t* e = data + k * t.element_bytes;
      if (t.type == "f32") {
        const float f = static_cast<float>(v);
        std::memcpy(e, &f, 4);
      } else if (t.type == "bf16") {
        const float f = static_cast<float>(v);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        const uint16_t h = static_cast<uint16_t>(bits >> 16);  // ramp values are exact in bf16 up to 256
        std::memcpy(e, &h, 2);
      } else {
        const int64_t i = static_cast<int64_t>(v);
        std::memcpy(e, &i, t.element_bytes);  // little-endian: the low bytes
      }
    }
    return;
  }
  std::ifstream in(t.file, std::ios::binary);
  if (!in) throw TpcError("--input: cannot read " + t.file);
  const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (bytes.size() != t.bytes()) {
    throw TpcError("--input: " + t.file + " holds " + std::to_string(bytes.size()) + " bytes; a " + t.type +
                   " tensor of those sizes needs " + std::to_string(t.bytes()));
  }
  std::memcpy(data, bytes.data(), bytes.size());
}

int run(const std::vector<std::string>& args) {
  std::string program_path, vcd;
  std::vector<TensorArg> tensors;
  std::vector<uint32_t> scalars;
  std::array<int32_t, kTensorDims> index_space{0, 0, 0, 0, 0};
  bool index_space_given = false;
  unsigned tpcs = 8, latency = 0;
  uint64_t max_cycles = 10'000'000;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= args.size()) throw UsageError(a + " needs a value");
      return args[++i];
    };
    if (a == "--help" || a == "-h") {
      std::cout << kRunUsage;
      return 0;
    } else if (a == "--input" || a == "--output") {
      tensors.push_back(parse_tensor(value(), a == "--output"));
    } else if (a == "--tensor") {
      const std::string& spec = value();
      if (spec.rfind("in:", 0) != 0 && spec.rfind("out:", 0) != 0) {
        throw UsageError("--tensor wants in:TYPE:SIZES:FILE or out:TYPE:SIZES:FILE, not '" + spec + "'");
      }
      const bool output = spec[0] == 'o';
      tensors.push_back(parse_tensor(spec.substr(output ? 4 : 3), output));
    } else if (a == "--scalar") {
      scalars.push_back(parse_scalar(value()));
    } else if (a == "--index-space") {
      index_space = parse_sizes(value(), a);
      index_space_given = true;
    } else if (a == "--tpcs") {
      const long n = parse_number(value(), a);
      if (n < 1 || n > 64) throw UsageError("--tpcs: 1 to 64 TPCs");
      tpcs = static_cast<unsigned>(n);
    } else if (a == "--gmem-latency") {
      const long n = parse_number(value(), a);
      if (n < 0 || n > 1000) throw UsageError("--gmem-latency: 0 to 1000 cycles");
      latency = static_cast<unsigned>(n);
    } else if (a == "--max-cycles") {
      const long n = parse_number(value(), a);
      if (n < 1) throw UsageError("--max-cycles: at least 1");
      max_cycles = static_cast<uint64_t>(n);
    } else if (a == "--vcd") {
      vcd = value();
    } else if (!a.empty() && a[0] == '-') {
      throw UsageError("unknown option " + a + "\n" + kRunUsage);
    } else if (program_path.empty()) {
      program_path = a;
    } else {
      throw UsageError("one program at a time (have " + program_path + " and " + a + ")");
    }
  }
  if (program_path.empty()) throw UsageError(std::string("no program\n") + kRunUsage);
  if (tensors.empty()) throw UsageError("the program needs at least one --input or --output tensor");
  if (tensors.size() > static_cast<size_t>(kMaxTensors)) {
    throw UsageError("a Gaudi TPC has " + std::to_string(kMaxTensors) + " tensor slots, not " +
                     std::to_string(tensors.size()));
  }
  if (scalars.size() > 32) throw UsageError("a TPC takes at most 32 scalar arguments");

  const tpcasm::Program program = tpcasm::assembleFile(program_path);
  core::configure_reports();
  TpcChip chip("gaudi", tpcs);
  std::unique_ptr<core::VcdTracer> tracer;
  if (!vcd.empty()) {
    tracer = std::make_unique<core::VcdTracer>("waves", vcd);
    chip.trace(*tracer, "gaudi");
  }
  sc_core::sc_start(sc_core::SC_ZERO_TIME);

  Launch launch;
  launch.program = &program;
  launch.global_memory_latency = latency;
  launch.max_cycles = max_cycles;
  launch.scalars = scalars;
  uint64_t next = TpcChip::kGlobalBase;
  std::vector<uint64_t> addresses;
  for (const TensorArg& t : tensors) {
    TensorDescriptor d;
    d.base = next;
    d.config = tensor_config(t.element_bytes == 1 ? 0 : t.element_bytes == 2 ? 1 : 2, 0x1F, 4);
    d.size = t.sizes;
    int32_t stride = 1;
    for (int k = 0; k < kTensorDims; ++k) {
      d.stride[k] = stride;
      stride *= t.sizes[k];
    }
    uint8_t* data = chip.global(next, t.bytes());
    if (t.output) {
      std::memset(data, 0, t.bytes());
    } else {
      fill_input(t, data);
    }
    addresses.push_back(next);
    next += (t.bytes() + 255) / 256 * 256;
    launch.tensors.push_back(d);
  }
  if (!index_space_given) {
    const TensorArg& last = tensors.back();
    const int32_t lanes = static_cast<int32_t>(kVectorBytes / last.element_bytes);
    index_space = last.sizes;
    index_space[0] = (last.sizes[0] + lanes - 1) / lanes;
  }
  launch.partitions = partition_index_space(index_space, tpcs);
  const LaunchResult result = chip.run(launch);
  std::cout << result.printed;
  for (size_t k = 0; k < tensors.size(); ++k) {
    if (!tensors[k].output) continue;
    std::ofstream out(tensors[k].file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(chip.global(addresses[k], tensors[k].bytes())),
              static_cast<std::streamsize>(tensors[k].bytes()));
    if (!out) throw TpcError("--output: cannot write " + tensors[k].file);
    std::cout << "tensor " << k << ": " << tensors[k].bytes() << " bytes written to " << tensors[k].file << "\n";
  }
  uint64_t stalls = 0;
  for (const PartitionRun& r : result.runs) stalls += r.stall_cycles;
  std::cout << "acosim tpc: " << program_path << ": " << result.runs.size() << " partitions on " << result.active_tpcs
            << " of " << tpcs << " TPCs, " << result.cycles << " cycles (" << stalls
            << " global-memory stall cycles)";
  if (tracer) {
    tracer->close();
    std::cout << "; waves in " << vcd;
  }
  std::cout << "\n";
  return 0;
}

int assemble_only(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kAsmUsage;
    return 0;
  }
  if (args.size() != 1) throw UsageError(kAsmUsage);
  const tpcasm::Program program = tpcasm::assembleFile(args[0]);
  for (const tpcasm::ProgramItem& item : program.items) {
    if (item.kind == tpcasm::ProgramItem::kLabel) {
      std::cout << item.label << ":\n";
    } else {
      std::cout << "  " << tpcasm::printBundle(item.bundle) << "\n";
    }
  }
  return 0;
}

}  // namespace

int main(const std::vector<std::string>& args) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::cout << "usage: acosim tpc run|asm ...\n" << kRunUsage << kAsmUsage;
    return args.empty() ? 2 : 0;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (args[0] == "run") return run(rest);
  if (args[0] == "asm") return assemble_only(rest);
  throw UsageError("unknown tpc command '" + args[0] + "' (run, asm)");
}

}  // namespace acosim::habana::cli
