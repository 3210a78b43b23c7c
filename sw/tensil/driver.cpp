#include "sw/tensil/driver.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>

#include "sw/common/hex.h"
#include "sw/tensil/fixed.h"

namespace acosim::tensil {

namespace {

constexpr uint64_t kBlockBytes = uint64_t(1) << kDramOffsetShift;
// The offset registers are 32 bits wide (Tensil's tcu/Decoder.scala): no bank can reach
// beyond this address.
constexpr uint64_t kOffsetRegisterReach = uint64_t(1) << 32;

uint64_t round_up_to_block(uint64_t bytes) { return (bytes + kBlockBytes - 1) / kBlockBytes * kBlockBytes; }

// True when [base, base + size) lies within [0, limit), without overflow.
bool fits(uint64_t base, uint64_t size, uint64_t limit) { return size <= limit && base <= limit - size; }

const Architecture& validated(const Architecture& arch) {
  const std::string problem = arch.validate();
  if (!problem.empty()) throw DriverError("device architecture: " + problem);
  // The flush probe needs two DRAM0 vectors and one local vector of its own.
  if (arch.dram0_depth < 2) {
    throw DriverError("device architecture: dram0_depth " + std::to_string(arch.dram0_depth) +
                      " leaves no room for the flush probe, which needs DRAM0 vectors depth-1 and depth-2");
  }
  return arch;
}

const DriverConfig& validated(const DriverConfig& config) {
  if (config.poll_interval_ns == 0) throw DriverError("driver configuration: poll_interval_ns must be above 0");
  if (config.timeout_ns == 0) throw DriverError("driver configuration: timeout_ns must be above 0");
  if (config.stream_width_bytes == 0) throw DriverError("driver configuration: stream_width_bytes must be above 0");
  if (config.max_transfer_bytes < config.stream_width_bytes) {
    throw DriverError("driver configuration: max_transfer_bytes (" + std::to_string(config.max_transfer_bytes) +
                      ") is smaller than one beat of the instruction stream (stream_width_bytes " +
                      std::to_string(config.stream_width_bytes) + ")");
  }
  const ConfigRegisterInfo* timeout = config_register_info(uint32_t(ConfigRegister::Timeout));
  if (timeout != nullptr && (config.decoder_timeout & ~timeout->value_mask) != 0) {
    throw DriverError("driver configuration: decoder_timeout " + std::to_string(config.decoder_timeout) +
                      " does not fit the timeout register (mask " + hex(timeout->value_mask) + ")");
  }
  return config;
}

// The nine keys the embedded driver compares (Tensil's
// drivers/embedded/tensil/architecture.c), for naming the
// first one that differs.
struct ArchKey {
  const char* name;
  std::string (*value)(const Architecture&);
};

const ArchKey kCompatibilityKeys[] = {
    {"data_type", [](const Architecture& a) { return std::string(a.type().name); }},
    {"array_size", [](const Architecture& a) { return std::to_string(a.array_size); }},
    {"dram0_depth", [](const Architecture& a) { return std::to_string(a.dram0_depth); }},
    {"dram1_depth", [](const Architecture& a) { return std::to_string(a.dram1_depth); }},
    {"local_depth", [](const Architecture& a) { return std::to_string(a.local_depth); }},
    {"accumulator_depth", [](const Architecture& a) { return std::to_string(a.accumulator_depth); }},
    {"simd_registers_depth", [](const Architecture& a) { return std::to_string(a.simd_registers_depth); }},
    {"stride0_depth", [](const Architecture& a) { return std::to_string(a.stride0_depth); }},
    {"stride1_depth", [](const Architecture& a) { return std::to_string(a.stride1_depth); }},
};

std::string names_of(const std::vector<TensorEntry>& entries) {
  std::vector<std::string> names;
  for (const auto& entry : entries) {
    if (std::find(names.begin(), names.end(), entry.name) == names.end()) names.push_back(entry.name);
  }
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "'" : ", '") + name + "'";
  return list.empty() ? "none" : list;
}

uint64_t total_vectors(const std::vector<TensorEntry>& entries) {
  uint64_t vectors = 0;
  for (const auto& entry : entries) vectors += entry.size;
  return vectors;
}

}  // namespace

// ---------------------------------------------------------------- DramPlacement

DramPlacement::DramPlacement(const Architecture& arch, uint64_t dram0_base)
    : vector_bytes_(arch.vector_bytes()),
      dram0_depth_(arch.dram0_depth),
      dram1_depth_(arch.dram1_depth),
      dram0_base_(dram0_base),
      dram1_base_(0) {
  // The offset registers hold address >> 16 (Tensil's Decoder.scala): a bank
  // that does not start on a 64 KiB boundary cannot be reached (Tensil's
  // embedded driver.c truncates the address instead).
  if (dram0_base % kBlockBytes != 0) {
    throw DriverError("DRAM base " + hex(dram0_base) +
                      " is not 64 KiB aligned; the DRAM0 offset register counts 64 KiB blocks");
  }
  const uint64_t dram0_bytes = dram0_depth_ * vector_bytes_;
  const uint64_t dram1_bytes = dram1_depth_ * vector_bytes_;
  if (!fits(dram0_base, dram0_bytes, kOffsetRegisterReach)) {
    throw DriverError("DRAM0 (" + hex(dram0_bytes) + " bytes at " + hex(dram0_base) +
                      ") does not fit below 4 GiB, the reach of the 32-bit DRAM offset registers");
  }
  // DRAM1 follows DRAM0 at the next 64 KiB boundary, so that its offset
  // register value is exact instead of truncated into DRAM0 (as Tensil's
  // embedded driver.c would do for cmoda7).
  dram1_base_ = round_up_to_block(dram0_base + dram0_bytes);
  if (!fits(dram1_base_, dram1_bytes, kOffsetRegisterReach)) {
    throw DriverError("DRAM1 (" + hex(dram1_bytes) + " bytes at " + hex(dram1_base_) +
                      ") does not fit below 4 GiB, the reach of the 32-bit DRAM offset registers");
  }
}

uint64_t DramPlacement::dram0_address(uint64_t vector) const {
  if (vector >= dram0_depth_) {
    throw DriverError("DRAM0 vector " + std::to_string(vector) + " is outside dram0_depth " +
                      std::to_string(dram0_depth_));
  }
  return dram0_base_ + vector * vector_bytes_;
}

uint64_t DramPlacement::dram1_address(uint64_t vector) const {
  if (vector >= dram1_depth_) {
    throw DriverError("DRAM1 vector " + std::to_string(vector) + " is outside dram1_depth " +
                      std::to_string(dram1_depth_));
  }
  return dram1_base_ + vector * vector_bytes_;
}

// ---------------------------------------------------------------- ProgramBuffer

ProgramBuffer::ProgramBuffer(const InstructionLayout& layout) : layout_(layout) {}

void ProgramBuffer::append(const std::vector<uint8_t>& word) { bytes_.insert(bytes_.end(), word.begin(), word.end()); }

void ProgramBuffer::configure(ConfigRegister reg, uint32_t value) {
  // The register keeps only value_mask of the 28-bit value field (Tensil's
  // Decoder.scala); a value outside it would be silently cut by the hardware.
  const ConfigRegisterInfo* info = config_register_info(uint32_t(reg));
  if (info == nullptr || (value & ~info->value_mask) != 0) {
    throw DriverError("Configure of register " + hex(uint32_t(reg)) + " with value " + hex(value) +
                      " exceeds the bits the register keeps");
  }
  append(encode_configure(layout_, uint32_t(reg), value));
}

void ProgramBuffer::data_move(DataMoveKind kind, uint64_t local_vector, uint64_t other_vector, uint64_t vectors) {
  // Size fields carry "count - 1" (Tensil's mem/SizeHandler.scala); a move of nothing cannot
  // be expressed.
  if (vectors == 0) throw DriverError("DataMove of zero vectors cannot be encoded (size field = count - 1)");
  const uint64_t size_field = vectors - 1;
  if (layout_.operand2_bits < 64 && (size_field >> layout_.operand2_bits) != 0) {
    throw DriverError("DataMove of " + std::to_string(vectors) + " vectors exceeds the " +
                      std::to_string(layout_.operand2_bits) + "-bit size field");
  }
  Instruction instruction;
  instruction.opcode = uint8_t(Opcode::DataMove);
  instruction.flags = uint8_t(kind);
  instruction.operand0_address = local_vector;
  instruction.operand1_address = other_vector;
  instruction.operand1_whole = other_vector;  // stride 0, no padding
  instruction.operand2 = size_field;
  append(encode_instruction(layout_, instruction));
}

void ProgramBuffer::append_program(const std::vector<uint8_t>& program) {
  if (program.size() % layout_.instruction_bytes != 0) {
    throw DriverError("program of " + std::to_string(program.size()) + " bytes is not a whole number of " +
                      std::to_string(layout_.instruction_bytes) + "-byte instructions");
  }
  append(program);
}

void ProgramBuffer::pad_with_noops(size_t stream_width_bytes) {
  // Whole NoOps until the length is a multiple of the DMA data width
  // (as Tensil's embedded driver.c pads); this ends within stream_width_bytes NoOps.
  const std::vector<uint8_t> noop = encode_instruction(layout_, Instruction{});
  while (bytes_.size() % stream_width_bytes != 0) append(noop);
}

// ---------------------------------------------------------------- Driver

Driver::Driver(hal::Hal& hal, const Architecture& device_arch, DriverConfig config)
    : hal_(hal),
      arch_(validated(device_arch)),
      config_(validated(config)),
      layout_(InstructionLayout::derive(arch_)),
      placement_(arch_, config_.dram_base) {}

void Driver::append_flush_probe(ProgramBuffer& buffer) const {
  // Tensil's driver.c flush probe: DRAM0[depth-1] -> local[local_depth-1] ->
  // DRAM0[depth-2]. The second move is issued after every earlier
  // instruction, so its write reaching DRAM means the program is done.
  const uint64_t local = arch_.local_depth - 1;
  buffer.data_move(DataMoveKind::Dram0ToLocal, local, arch_.dram0_depth - 1, 1);
  buffer.data_move(DataMoveKind::LocalToDram0, local, arch_.dram0_depth - 2, 1);
}

void Driver::init() {
  // The configuration program of Tensil's driver.c (tensil_driver_init).
  // The cache-behaviour registers keep their reset
  // value 0, as in the embedded driver.
  ProgramBuffer buffer(layout_);
  buffer.configure(ConfigRegister::Dram0AddressOffset, placement_.dram0_offset_blocks());
  buffer.configure(ConfigRegister::Dram1AddressOffset, placement_.dram1_offset_blocks());
  buffer.configure(ConfigRegister::Timeout, config_.decoder_timeout);
  append_flush_probe(buffer);
  buffer.pad_with_noops(config_.stream_width_bytes);
  execute(buffer, "configuration program");
  initialized_ = true;
}

void Driver::check_compatible(const Model& model) const {
  if (model.arch.compatible_with(arch_)) return;
  std::string difference = "the architectures differ";
  for (const ArchKey& key : kCompatibilityKeys) {
    const std::string in_model = key.value(model.arch);
    const std::string in_device = key.value(arch_);
    if (in_model != in_device) {
      difference = std::string(key.name) + " is " + in_model + " in the model and " + in_device + " in the device";
      break;
    }
  }
  throw DriverError("model '" + model.name + "' is not compatible with the device: " + difference);
}

void Driver::check_placement(const Model& model) const {
  for (size_t i = 0; i < model.consts.size(); ++i) {
    const TensorEntry& entry = model.consts[i];
    const std::string which = "consts entry " + std::to_string(i) + " ('" + entry.file_name + "', base " +
                              std::to_string(entry.base) + ", size " + std::to_string(entry.size) + ")";
    if (!fits(entry.base, entry.size, arch_.dram1_depth)) {
      throw DriverError(which + " does not fit in DRAM1 of " + std::to_string(arch_.dram1_depth) + " vectors");
    }
    // Consts copied to local memory keep their vector offsets (Tensil's
    // driver.c, load_consts_to_local); local_depth-1 belongs to the flush probe, which would overwrite it.
    if (model.load_consts_to_local && !fits(entry.base, entry.size, arch_.local_depth - 1)) {
      throw DriverError(which + " does not fit in local memory below vector " +
                        std::to_string(arch_.local_depth - 1) + ", which the flush probe uses");
    }
  }
  // DRAM0 vectors depth-2 and depth-1 belong to the flush probe.
  const uint64_t usable = arch_.dram0_depth - 2;
  const auto check_dram0 = [&](const std::vector<TensorEntry>& entries, const char* kind) {
    for (const TensorEntry& entry : entries) {
      if (!fits(entry.base, entry.size, usable)) {
        throw DriverError(std::string(kind) + " '" + entry.name + "' (base " + std::to_string(entry.base) +
                          ", size " + std::to_string(entry.size) + ") does not fit in DRAM0 below vector " +
                          std::to_string(usable) + ", where the flush probe lives");
      }
    }
  };
  check_dram0(model.inputs, "input");
  check_dram0(model.outputs, "output");
}

void Driver::load_consts(const Model& model) {
  for (const TensorEntry& entry : model.consts) {
    if (entry.size == 0) continue;
    // A .tdata is loaded verbatim at its base (as Tensil's driver.c does).
    const std::vector<uint8_t> bytes = read_consts(model, entry);
    hal_.write_memory(placement_.dram1_address(entry.base), bytes.data(), bytes.size());
  }
  if (!model.load_consts_to_local) return;
  ProgramBuffer buffer(layout_);
  for (const TensorEntry& entry : model.consts) {
    if (entry.size > 0) buffer.data_move(DataMoveKind::Dram1ToLocal, entry.base, entry.base, entry.size);
  }
  append_flush_probe(buffer);
  buffer.pad_with_noops(config_.stream_width_bytes);
  execute(buffer, "consts load program");
}

void Driver::load_model(const Model& model) {
  if (!initialized_) {
    throw DriverError("load_model() called before init(): the TCU's DRAM offsets are not configured");
  }
  check_compatible(model);
  check_placement(model);
  const std::vector<uint8_t> program = read_program(model, layout_);

  // The model's program buffer (as in Tensil's driver.c). It starts with
  // Configure ProgramCounter := 0 so that the program counter the TCU reports
  // for each instruction equals its index in the .tprog (the Configure sets
  // the next instruction's PC, Tensil's Decoder.scala); errors the TCU reports then
  // name .tprog indices directly.
  // A tracepoint is armed here, not in the configuration program, so that
  // it fires on the model's own instruction. With sampling, the interval is
  // set just before and cleared just after
  // the model's instructions, so every sample's PC is a .tprog index (or the
  // PC := 0 Configure's).
  auto buffer = std::make_unique<ProgramBuffer>(layout_);
  if (config_.tracepoint != 0xFFFFFFFF) buffer->configure(ConfigRegister::Tracepoint, config_.tracepoint);
  if (config_.sample_interval != 0) buffer->configure(ConfigRegister::SampleInterval, config_.sample_interval);
  buffer->configure(ConfigRegister::ProgramCounter, 0);
  buffer->append_program(program);
  if (config_.sample_interval != 0) buffer->configure(ConfigRegister::SampleInterval, 0);
  append_flush_probe(*buffer);
  buffer->pad_with_noops(config_.stream_width_bytes);

  model_.reset();
  program_.reset();
  load_consts(model);
  model_ = std::make_unique<Model>(model);
  program_ = std::move(buffer);
}

std::vector<TensorEntry> Driver::entries_named(const char* kind, const std::vector<TensorEntry>& all,
                                               const std::string& name) const {
  std::vector<TensorEntry> entries;
  for (const TensorEntry& entry : all) {
    if (entry.name == name) entries.push_back(entry);
  }
  if (entries.empty()) {
    throw DriverError("model '" + model_->name + "' has no " + kind + " named '" + name + "' (its " + kind +
                      "s: " + names_of(all) + ")");
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const TensorEntry& a, const TensorEntry& b) { return a.base < b.base; });
  return entries;
}

void Driver::set_input(const std::string& name, const std::vector<float>& values) {
  if (!model_) throw DriverError("set_input('" + name + "') called before load_model()");
  const std::vector<TensorEntry> entries = entries_named("input", model_->inputs, name);
  const uint64_t expected = total_vectors(entries) * arch_.array_size;
  if (values.size() != expected) {
    throw DriverError("input '" + name + "' takes " + std::to_string(expected) + " values (" +
                      std::to_string(total_vectors(entries)) + " vectors of " + std::to_string(arch_.array_size) +
                      " lanes in " + std::to_string(entries.size()) + " entries), " + std::to_string(values.size()) +
                      " given");
  }
  // Tensil's compiler rule (common/src/tensil/FixedBase.scala, Math.round):
  // raw = floor(f * 2^bp + 0.5),
  // saturated to the type's range (the embedded driver's roundf breaks ties
  // away from zero and does not saturate; this driver matches the compiler).
  const DataTypeInfo& type = arch_.type();
  std::vector<uint8_t> bytes(values.size() * type.bytes);
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::isnan(values[i])) {
      throw DriverError("input '" + name + "' value " + std::to_string(i) + " is NaN, which has no fixed-point value");
    }
    store_raw(float_to_raw(double(values[i]), type), type, &bytes[i * type.bytes]);
  }
  // Every entry of the name, in order of base (the embedded driver writes
  // only the first, drivers/embedded/tensil/driver.c).
  uint64_t offset = 0;
  for (const TensorEntry& entry : entries) {
    const uint64_t entry_bytes = entry.size * arch_.vector_bytes();
    if (entry_bytes > 0) hal_.write_memory(placement_.dram0_address(entry.base), &bytes[offset], entry_bytes);
    offset += entry_bytes;
  }
}

std::vector<float> Driver::get_output(const std::string& name) {
  if (!model_) throw DriverError("get_output('" + name + "') called before load_model()");
  const std::vector<TensorEntry> entries = entries_named("output", model_->outputs, name);
  std::vector<uint8_t> bytes(total_vectors(entries) * arch_.vector_bytes());
  uint64_t offset = 0;
  for (const TensorEntry& entry : entries) {
    const uint64_t entry_bytes = entry.size * arch_.vector_bytes();
    if (entry_bytes > 0) hal_.read_memory(placement_.dram0_address(entry.base), &bytes[offset], entry_bytes);
    offset += entry_bytes;
  }
  // raw / 2^bp, as Tensil's FixedBase.scala reads it.
  return bytes_to_floats(bytes.data(), bytes.size() / arch_.type().bytes, arch_.type());
}

void Driver::run() {
  if (!program_) throw DriverError("run() called before load_model()");
  last_run_ns_ = execute(*program_, "model program");
}

uint64_t Driver::execute(const ProgramBuffer& buffer, const char* what) {
  // Tensil's driver.c run: probe source = 0x00 bytes, probe target = 0xFF
  // bytes; completion when the target equals the source byte for byte.
  const size_t vector_bytes = arch_.vector_bytes();
  const uint64_t source = placement_.dram0_address(arch_.dram0_depth - 1);
  const uint64_t target = placement_.dram0_address(arch_.dram0_depth - 2);
  std::vector<uint8_t> source_bytes(vector_bytes, 0x00);
  std::vector<uint8_t> target_bytes(vector_bytes, 0xFF);
  hal_.write_memory(source, source_bytes.data(), vector_bytes);
  hal_.write_memory(target, target_bytes.data(), vector_bytes);

  // Chunks no longer than the DMA's maximum transfer, each a whole number of
  // stream beats (as Tensil's embedded tcu.c sends them).
  const uint64_t start = hal_.now_ns();
  const size_t chunk = config_.max_transfer_bytes / config_.stream_width_bytes * config_.stream_width_bytes;
  const std::vector<uint8_t>& bytes = buffer.bytes();
  for (size_t sent = 0; sent < bytes.size(); sent += chunk) {
    hal_.write_stream(hal::StreamId::Instructions, &bytes[sent], std::min(chunk, bytes.size() - sent));
  }

  // Unlike the embedded driver, give up after timeout_ns. The poll count is
  // bounded too, so a HAL whose clock stood still could not hang the driver.
  const uint64_t max_polls = config_.timeout_ns / config_.poll_interval_ns + 2;
  for (uint64_t polls = 0;; ++polls) {
    hal_.read_memory(target, target_bytes.data(), vector_bytes);
    hal_.read_memory(source, source_bytes.data(), vector_bytes);
    const uint64_t elapsed = hal_.now_ns() - start;
    if (target_bytes == source_bytes) return elapsed;
    if (elapsed >= config_.timeout_ns || polls >= max_polls) {
      throw DriverTimeout(std::string("flush probe of the ") + what + " (DRAM0 vector " +
                        std::to_string(arch_.dram0_depth - 2) + ") did not arrive within " +
                        std::to_string(config_.timeout_ns) + " ns after streaming " +
                        std::to_string(buffer.instruction_count()) + " instructions; the TCU did not finish");
    }
    hal_.sleep_ns(std::min(config_.poll_interval_ns, config_.timeout_ns - elapsed));
  }
}

}  // namespace acosim::tensil
