#include "testbench/nvdla/trace/unit_names.h"

#include <cstring>
#include <stdexcept>
#include <utility>

#include "sw/nvdla/regs/register_map.h"
#include "testbench/nvdla/trace/trace_text.h"

namespace acosim::nvdla::trace {

namespace {

// Every unit window of the configuration's CSB map is 4 KiB; the map spans
// 0x00000..0x3FFFF (CSB byte addresses are 18 bits).
constexpr uint32_t kWindowBytes = 0x1000;
constexpr uint32_t kCsbBytes = 0x40000;

bool is_nvdla_unit_name(std::string_view name, const HardwareConfig& hw) {
  for (uint32_t base = 0; base < kCsbBytes; base += kWindowBytes) {
    const char* window = window_name(hw, base);
    if (window != nullptr && name == window) return true;
  }
  return false;
}

std::string not_modelled(std::string_view name) { return "unit " + std::string(name) + " is not modelled"; }

UnitLookup found(Unit unit) {
  UnitLookup lookup;
  lookup.unit = unit;
  return lookup;
}

UnitLookup missing(std::string why) {
  UnitLookup lookup;
  lookup.error = std::move(why);
  return lookup;
}

// GLB S_INTR_STATUS fields are named <SOURCE>_DONE_STATUS<group>
// (nvdla/hw spec/manual/NVDLA_GLB.rdl); the trace interrupt ids are
// <SOURCE>_<group> (verif/testbench/trace_player/nvdla_tb_intr_handler.sv
// derives one from the other the same way).
constexpr const char kDoneStatus[] = "_DONE_STATUS";

// The GLB layout is the same in every configuration (only its base moves).
const regs::RegisterInfo& intr_status_register() {
  const regs::RegisterInfo* info = regs::unit_info(Unit::Glb, Config::NvFull).find("S_INTR_STATUS");
  if (info == nullptr) throw std::logic_error("the GLB register map has no S_INTR_STATUS");
  return *info;
}

// "CDP" and group 1 for field "CDP_DONE_STATUS1"; nullopt for other fields.
std::optional<std::pair<std::string, unsigned>> split_status_field(const char* field) {
  const std::string_view name = field;
  const size_t at = name.rfind(kDoneStatus);
  // The suffix is followed by exactly one group digit.
  if (at == std::string_view::npos || at + std::strlen(kDoneStatus) + 1 != name.size()) return std::nullopt;
  const char group = name.back();
  if (group != '0' && group != '1') return std::nullopt;
  return std::make_pair(std::string(name.substr(0, at)), static_cast<unsigned>(group - '0'));
}

}  // namespace

UnitLookup lookup_unit(std::string_view name, Config config) {
  const HardwareConfig& hw = hardware_config(config);
  const auto unit = parse_unit(name);
  if (unit && hw.has_unit(*unit)) return found(*unit);
  if (unit) return missing(not_modelled(name) + ": " + hw.name + " has no " + std::string(name));
  if (is_nvdla_unit_name(name, hw)) return missing(not_modelled(name));
  return missing("unknown unit " + std::string(name));
}

UnitLookup unit_at(uint32_t csb_address, Config config) {
  const HardwareConfig& hw = hardware_config(config);
  const char* window = csb_address < kCsbBytes ? window_name(hw, csb_address) : nullptr;
  if (window == nullptr) return missing("no NVDLA unit at CSB address " + hex(csb_address));
  return lookup_unit(window, config);
}

UnitLookup lookup_interrupt_source(std::string_view name, Config config) {
  const regs::RegisterInfo& status = intr_status_register();
  for (size_t i = 0; i < status.field_count; ++i) {
    const auto split = split_status_field(status.fields[i].name);
    if (!split || split->first != name || split->second != 0) continue;
    // CDMA raises two sources: its data and its weight fetch.
    const std::string unit_text = name == "CDMA_DAT" || name == "CDMA_WT" ? "CDMA" : std::string(name);
    if (!parse_unit(unit_text)) return missing(not_modelled(name));
    UnitLookup found = lookup_unit(unit_text, config);
    if (!found.unit) return found;
    found.source = std::string(name);
    found.status_bit0 = status.fields[i].field.lsb;
    return found;
  }
  return missing("unknown interrupt source " + std::string(name));
}

std::string interrupt_name(unsigned status_bit) {
  const regs::RegisterInfo& status = intr_status_register();
  for (size_t i = 0; i < status.field_count; ++i) {
    const regs::Field field = status.fields[i].field;
    if (field.lsb != status_bit || field.width != 1) continue;
    if (const auto split = split_status_field(status.fields[i].name)) {
      return split->first + "_" + std::to_string(split->second);
    }
  }
  return "S_INTR_STATUS bit " + std::to_string(status_bit);
}

}  // namespace acosim::nvdla::trace
