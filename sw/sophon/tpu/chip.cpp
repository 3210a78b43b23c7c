#include "sw/sophon/tpu/chip.h"

#include <stdexcept>

namespace acosim::sophon {

// Clock and GDMA width are acosim's cost model, not silicon measurements:
// 550 MHz with 64 lanes x 32 fp32 EUs gives BM1684's published 2.2 fp32
// TFLOPS; the GDMA moves 64 bytes a cycle (about 35 GB/s).
Chip bm1684() {
  return Chip{"bm1684", 64, 512 * 1024, 8, 128, true, 4095, 0,
              0x100000000ull, 12ull << 30, 0x10000000ull, 4ull << 20, 512 * 1024,
              550.0, 64};
}

Chip bm1684x() {
  return Chip{"bm1684x", 64, 256 * 1024, 16, 64, false, 65535, 128,
              0x100000000ull, 12ull << 30, 0x10000000ull, 0x1FB000, 512 * 1024,
              1000.0, 64};
}

Chip toy() {
  return Chip{"toy", 4, 1024, 8, 128, true, 4095, 0,
              0x100000000ull, 64ull << 20, 0x10000000ull, 64 * 1024, 64 * 1024,
              550.0, 64};
}

Chip chip_by_name(const std::string& name) {
  if (name == "bm1684") return bm1684();
  if (name == "bm1684x") return bm1684x();
  if (name == "toy") return toy();
  throw std::invalid_argument("unknown Sophon chip '" + name + "' (bm1684, bm1684x or toy)");
}

}  // namespace acosim::sophon
