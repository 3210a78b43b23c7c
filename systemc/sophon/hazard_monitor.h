// Watches the GDMA and the BDC for commands that run at the same time and
// touch the same memory: inside a parallel region the engines overlap, and
// a kernel that reads what the other engine is writing (or writes what it
// is reading) depends on timing the chip does not promise. acosim computes
// every command in program order, as Sophgo's C model does, and reports
// each such pair as a warning naming both calls, the memory and the time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

/// Bytes a command touches: in local memory the same offsets [begin, end)
/// on each NPU of `npus` (bit i = NPU i); in system memory [begin, end).
struct Region {
  Space space;
  uint64_t npus;
  uint64_t begin, end;
};

struct Footprint {
  std::vector<Region> reads, writes;
};

/// The region a tensor of `shape` covers.
Region region_of(const Chip& chip, const Tensor& t, const Dim4& shape);
Region pair_weight_region(const Chip& chip, const BdcCommand& c);
Footprint footprint_of(const Chip& chip, const GdmaCommand& c);
Footprint footprint_of(const Chip& chip, const BdcCommand& c);

enum class EngineId : uint8_t { Gdma = 0, Bdc = 1 };

class HazardMonitor {
 public:
  explicit HazardMonitor(const Chip& chip) : m_chip(chip) {}

  /// A command starts on `engine`; returns the hazard's text ("" if none)
  /// against the command running on the other engine.
  std::string start(EngineId engine, uint32_t id, const char* api, const Footprint& footprint);
  void finish(EngineId engine);
  uint64_t hazards() const { return m_hazards; }

 private:
  struct Running {
    bool busy = false;
    uint32_t id = 0;
    const char* api = "";
    Footprint footprint;
  };
  std::string describe(const Region& r) const;

  const Chip m_chip;
  Running m_running[2];
  uint64_t m_hazards = 0;
};

}  // namespace acosim::sophon
