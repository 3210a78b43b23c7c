#include "sw/nvdla/regs/config.h"

#include <stdexcept>

namespace acosim::nvdla {

namespace {

// Atom, atomic-K, SDP throughput and present units per configuration:
// nvdla/hw spec/defs/{nv_small,nv_large}.spec (master) and nv_full.spec
// (nvdlav1). Only nv_full has BDMA, int16 and fp16; nv_small has neither a
// secondary memory interface nor the SDP EW stage; nv_small_256_full is
// nv_small with both (and an SDP twice as wide). Winograd: nv_full only.
constexpr HardwareConfig kConfigs[] = {
    {Config::NvSmall, "nv_small", true, 8, false, false, false, false, false, 1, 8, 1, false},
    {Config::NvLarge, "nv_large", true, 32, false, true, false, false, true, 16, 32, 8, false},
    {Config::NvFull, "nv_full", false, 32, true, true, true, true, true, 16, 32, 8, true},
    {Config::NvSmall256Full, "nv_small_256_full", true, 8, false, true, false, false, true, 2, 8, 1, false},
};

}  // namespace

const HardwareConfig& hardware_config(Config config) {
  for (const auto& c : kConfigs) {
    if (c.config == config) return c;
  }
  throw std::logic_error("unknown NVDLA configuration");
}

std::optional<Config> parse_config(std::string_view name) {
  for (const auto& c : kConfigs) {
    if (name == c.name) return c.config;
  }
  return std::nullopt;
}

uint32_t HardwareConfig::unit_base(Unit unit) const {
  // Unit windows: nvdlav1 cmod/include/arnvdla.h for nv_full, the master
  // branch's spec/manual/*.rdl address map for nv_small and nv_large.
  switch (unit) {
    case Unit::Glb: return master_map ? 0x1000 : 0x0000;
    case Unit::Bdma: return master_map ? 0x10000 : 0x4000;
    case Unit::SdpRdma: return master_map ? 0x8000 : 0xA000;
    case Unit::Sdp: return master_map ? 0x9000 : 0xB000;
    case Unit::PdpRdma: return master_map ? 0xA000 : 0xC000;
    case Unit::Pdp: return master_map ? 0xB000 : 0xD000;
    case Unit::CdpRdma: return master_map ? 0xC000 : 0xE000;
    case Unit::Cdp: return master_map ? 0xD000 : 0xF000;
    case Unit::Cdma: return master_map ? 0x3000 : 0x5000;
    case Unit::Csc: return master_map ? 0x4000 : 0x6000;
    case Unit::CmacA: return master_map ? 0x5000 : 0x7000;
    case Unit::CmacB: return master_map ? 0x6000 : 0x8000;
    case Unit::Cacc: return master_map ? 0x7000 : 0x9000;
    case Unit::Rubik: return master_map ? 0x11000 : 0x10000;
  }
  throw std::logic_error("unknown NVDLA unit");
}

bool HardwareConfig::has_unit(Unit unit) const {
  if (unit == Unit::Bdma) return has_bdma;
  if (unit == Unit::Rubik) return has_rubik();
  return true;
}

bool HardwareConfig::supports(Precision precision) const {
  switch (precision) {
    case Precision::Int8: return true;
    case Precision::Int16: return int16;
    case Precision::Fp16: return fp16;
  }
  return false;
}

uint32_t HardwareConfig::pdp_line_buffer_width(Precision precision, uint32_t kernel_height,
                                              uint32_t stride_height) const {
  // ov = ceil(Kh / Sh) overlapping lines keep f = 1, 1, 2, 4, 4, 8, 8, 8, 8
  // lines in the buffer (index 0 unused); an atomic-K group (int8) or half
  // of one (int16, fp16) of 14-bit (int8) or 28-bit elements per column:
  //   width = floor(7 * 1024 * 8 / (f * group * bits)).
  static constexpr uint32_t kLines[9] = {1, 1, 2, 4, 4, 8, 8, 8, 8};
  const uint32_t overlap = stride_height == 0 ? 8 : (kernel_height + stride_height - 1) / stride_height;
  const bool int8 = precision == Precision::Int8;
  const uint32_t group = int8 ? atomic_k : atomic_k / 2;
  const uint32_t bits = int8 ? 14 : 28;
  return 7u * 1024u * 8u / (kLines[overlap > 8 ? 8 : overlap] * group * bits);
}

const char* window_name(const HardwareConfig& config, uint32_t csb_address) {
  struct Window {
    const char* name;
    uint32_t full_base, master_base;  // kNone where the map has no such window
  };
  constexpr uint32_t kNone = 0xFFFFFFFFu;
  // Unit windows of both maps: nvdla/hw nvdlav1 cmod/include/arnvdla.h and
  // master spec/manual/*.rdl (the address map of doc/hw/v1/hwarch.rst).
  static constexpr Window kWindows[] = {
      {"CFGROM", kNone, 0x00000}, {"GLB", 0x00000, 0x01000},   {"GEC", 0x01000, 0x0E000},
      {"MCIF", 0x02000, 0x02000}, {"CVIF", 0x03000, 0x0F000},  {"BDMA", 0x04000, 0x10000},
      {"CDMA", 0x05000, 0x03000}, {"CSC", 0x06000, 0x04000},   {"CMAC_A", 0x07000, 0x05000},
      {"CMAC_B", 0x08000, 0x06000}, {"CACC", 0x09000, 0x07000}, {"SDP_RDMA", 0x0A000, 0x08000},
      {"SDP", 0x0B000, 0x09000},  {"PDP_RDMA", 0x0C000, 0x0A000}, {"PDP", 0x0D000, 0x0B000},
      {"CDP_RDMA", 0x0E000, 0x0C000}, {"CDP", 0x0F000, 0x0D000}, {"RUBIK", 0x10000, 0x11000},
  };
  const uint32_t window = csb_address & ~0xFFFu;
  for (const auto& w : kWindows) {
    if ((config.master_map ? w.master_base : w.full_base) == window) return w.name;
  }
  return nullptr;
}

const char* unit_name(Unit unit) {
  switch (unit) {
    case Unit::Glb: return "GLB";
    case Unit::Bdma: return "BDMA";
    case Unit::PdpRdma: return "PDP_RDMA";
    case Unit::Pdp: return "PDP";
    case Unit::SdpRdma: return "SDP_RDMA";
    case Unit::Sdp: return "SDP";
    case Unit::CdpRdma: return "CDP_RDMA";
    case Unit::Cdp: return "CDP";
    case Unit::Cdma: return "CDMA";
    case Unit::Csc: return "CSC";
    case Unit::CmacA: return "CMAC_A";
    case Unit::CmacB: return "CMAC_B";
    case Unit::Cacc: return "CACC";
    case Unit::Rubik: return "RUBIK";
  }
  return "?";
}

std::optional<Unit> parse_unit(std::string_view name) {
  for (Unit u : kAllUnits) {
    if (name == unit_name(u)) return u;
  }
  return std::nullopt;
}

const char* precision_name(Precision precision) {
  switch (precision) {
    case Precision::Int8: return "int8";
    case Precision::Int16: return "int16";
    case Precision::Fp16: return "fp16";
  }
  return "?";
}

unsigned done_status_bit(Unit unit, unsigned group) {
  switch (unit) {
    case Unit::Sdp: return 0 + group;
    case Unit::Cdp: return 2 + group;
    case Unit::Pdp: return 4 + group;
    case Unit::Bdma: return 6 + group;
    case Unit::Rubik: return 8 + group;
    default: throw std::logic_error(std::string(unit_name(unit)) + " raises no done interrupt");
  }
}

}  // namespace acosim::nvdla
