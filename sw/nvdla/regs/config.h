// NVDLA hardware configurations: one parameter set selects the register map
// (unit bases, address field widths, reset values), the memory atom, the
// data types and which units and memories exist. nv_full is the nvdlav1
// design; nv_small and nv_large are configurations of the scalable master
// design (nvdla/hw spec/defs/*.spec). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace acosim::nvdla {

// NvSmall256Full is nv_small's 8-byte atom with the SDP EW stage and LUT and
// a secondary memory interface (spec/defs/nv_small_256_full.spec); NVDLA
// runs its SDP EW trace tests there, not on nv_small.
enum class Config : uint8_t { NvSmall, NvLarge, NvFull, NvSmall256Full };

// The units with a register map in this project, in CSB order.
enum class Unit : uint8_t { Glb, Bdma, PdpRdma, Pdp, SdpRdma, Sdp, CdpRdma, Cdp, Cdma, Csc, CmacA, CmacB, Cacc, Rubik };
inline constexpr Unit kAllUnits[] = {Unit::Glb,   Unit::Bdma, Unit::PdpRdma, Unit::Pdp,   Unit::SdpRdma,
                                     Unit::Sdp,   Unit::CdpRdma, Unit::Cdp,  Unit::Cdma,  Unit::Csc,
                                     Unit::CmacA, Unit::CmacB, Unit::Cacc, Unit::Rubik};

enum class Precision : uint8_t { Int8 = 0, Int16 = 1, Fp16 = 2 };

struct HardwareConfig {
  Config config;
  const char* name;            // "nv_small", "nv_large", "nv_full", "nv_small_256_full"
  bool master_map;             // register map of the master branch (GLB at 0x1000)
  uint32_t atom_bytes;         // NVDLA_MEMORY_ATOMIC_SIZE: bytes of one feature atom
  bool has_bdma;               // BDMA present (nv_full only)
  bool has_cvif;               // secondary memory interface (CVSRAM) present
  bool int16, fp16;            // feature data types beyond int8
  bool sdp_has_ew;             // SDP Y (EW) stage and LUT present
  uint32_t sdp_throughput;     // SDP_MAX_THROUGHPUT: elements per SDP->PDP transfer
  uint32_t atomic_k;           // convolution atomic-K (PDP flying-width formula)
  uint32_t cdp_throughput;     // CDP_THROUGHPUT: elements CDP processes per cycle
  // NVDLA_WINOGRAD_ENABLE: only nv_full (nvdlav1 spec/defs/nv_full.spec);
  // every master spec (nv_small, nv_large, nv_small_256_full ...) defines
  // WINOGRAD_DISABLE.
  bool winograd = false;

  // Byte offset of a unit's 4 KiB register window from the NVDLA register base.
  uint32_t unit_base(Unit unit) const;
  bool has_unit(Unit unit) const;
  // Rubik exists in nv_full only: every master configuration defines
  // RUBIK_DISABLE (nvdla/hw spec/defs/*.spec).
  bool has_rubik() const { return !master_map; }
  bool supports(Precision precision) const;
  // The widest output line PDP's 7 KiB line buffer holds, in atoms, for a
  // kernel of this height and stride (NVDLA's compiler, PDPNode.cpp
  // calculateMaxWidth). Wider outputs need split-width stripes.
  uint32_t pdp_line_buffer_width(Precision precision, uint32_t kernel_height, uint32_t stride_height) const;
  // Register address/stride fields keep only bits [31:5] in nv_full.
  uint32_t address_field_mask() const { return master_map ? 0xFFFFFFFFu : 0xFFFFFFE0u; }
};

const HardwareConfig& hardware_config(Config config);
// "nv_small" -> NvSmall ...; nullopt for an unknown name.
inline constexpr const char* kConfigNames = "nv_small, nv_large, nv_full or nv_small_256_full";
std::optional<Config> parse_config(std::string_view name);
const char* unit_name(Unit unit);  // "GLB", "BDMA", "PDP_RDMA", ..., "CMAC_A", "CACC", "RUBIK"
std::optional<Unit> parse_unit(std::string_view name);
const char* precision_name(Precision precision);  // "int8", "int16", "fp16"

// Name of the NVDLA unit whose 4 KiB CSB window holds `csb_address` in this
// configuration's map, whether or not this project models it ("CDMA",
// "CACC", ...; "BDMA" also where the configuration compiles it out), or
// nullptr where no unit is mapped.
const char* window_name(const HardwareConfig& config, uint32_t csb_address);

// GLB interrupt status bit of a unit's done event for register group 0/1
// (S_INTR_STATUS: SDP 0/1, CDP 2/3, PDP 4/5, BDMA 6/7, RUBIK 8/9).
unsigned done_status_bit(Unit unit, unsigned group);

}  // namespace acosim::nvdla
