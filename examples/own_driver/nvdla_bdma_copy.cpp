// A user's NVDLA driver, written against acosim's HAL and the NVDLA
// register contract only, validated on the installed nv_full models.
//
// It copies a block of 4 lines of 64 bytes, read with a 128-byte line
// stride, to a packed destination with NVDLA's BDMA (one slot, group 0),
// waits for the interrupt, checks and clears the GLB's BDMA done status.
// Expected: destination line l holds source line l.
#include <cstdio>
#include <exception>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/glb.h"
#include "testbench/nvdla/system.h"

namespace nvdla = acosim::nvdla;
namespace bdma = acosim::nvdla::regs::bdma;
namespace glb = acosim::nvdla::regs::glb;

namespace {

constexpr uint64_t kSource = 0x80000000;
constexpr uint64_t kDestination = 0x80010000;
constexpr uint32_t kLineBytes = 64, kLines = 4, kSourceStride = 128;

bool run_driver(acosim::hal::Hal& hal, const nvdla::HardwareConfig& config) {
  std::vector<uint8_t> source(kLines * kSourceStride);
  for (size_t i = 0; i < source.size(); ++i) source[i] = uint8_t(i ^ 0x5A);
  hal.write_memory(kSource, source.data(), source.size());

  const uint32_t base = config.unit_base(nvdla::Unit::Bdma);
  auto write = [&](uint32_t offset, uint32_t value) { hal.write_register(base + offset, value); };
  write(bdma::CFG_SRC_ADDR_LOW, uint32_t(kSource));
  write(bdma::CFG_SRC_ADDR_HIGH, uint32_t(kSource >> 32));
  write(bdma::CFG_DST_ADDR_LOW, uint32_t(kDestination));
  write(bdma::CFG_DST_ADDR_HIGH, uint32_t(kDestination >> 32));
  write(bdma::CFG_LINE, bdma::CFG_LINE_SIZE.put(kLineBytes / 32 - 1));  // 32-byte units, minus one
  write(bdma::CFG_CMD, bdma::CFG_CMD_SRC_RAM_TYPE.put(bdma::CFG_CMD_SRC_RAM_TYPE_MC) |
                           bdma::CFG_CMD_DST_RAM_TYPE.put(bdma::CFG_CMD_DST_RAM_TYPE_MC));
  write(bdma::CFG_LINE_REPEAT, kLines - 1);
  write(bdma::CFG_SRC_LINE, kSourceStride);
  write(bdma::CFG_DST_LINE, kLineBytes);
  write(bdma::CFG_SURF_REPEAT, 0);
  write(bdma::CFG_SRC_SURF, kLines * kSourceStride);
  write(bdma::CFG_DST_SURF, kLines * kLineBytes);
  write(bdma::CFG_OP, bdma::CFG_OP_EN.put(bdma::CFG_OP_EN_ENABLE));  // queues the slot
  write(bdma::CFG_LAUNCH0, bdma::CFG_LAUNCH0_GRP0_LAUNCH.put(bdma::CFG_LAUNCH0_GRP0_LAUNCH_YES));

  if (!hal.wait_for_interrupt(1000000)) {
    std::printf("nvdla_bdma_copy: FAIL, no interrupt within 1 ms\n");
    return false;
  }
  const uint32_t glb_base = config.unit_base(nvdla::Unit::Glb);
  const uint32_t status = hal.read_register(glb_base + glb::S_INTR_STATUS);
  hal.write_register(glb_base + glb::S_INTR_STATUS, status);  // write-1-to-clear
  if (!glb::S_INTR_STATUS_BDMA_DONE_STATUS0.get(status)) {
    std::printf("nvdla_bdma_copy: FAIL, interrupt without BDMA group 0 done (status 0x%x)\n", status);
    return false;
  }

  std::vector<uint8_t> destination(kLines * kLineBytes);
  hal.read_memory(kDestination, destination.data(), destination.size());
  for (uint32_t line = 0; line < kLines; ++line) {
    for (uint32_t b = 0; b < kLineBytes; ++b) {
      if (destination[line * kLineBytes + b] != source[line * kSourceStride + b]) {
        std::printf("nvdla_bdma_copy: FAIL, line %u byte %u differs\n", line, b);
        return false;
      }
    }
  }
  std::printf("nvdla_bdma_copy: %u lines copied, done at %llu ns\n", kLines,
              static_cast<unsigned long long>(hal.now_ns()));
  return true;
}

}  // namespace

int sc_main(int, char*[]) {
  nvdla::SystemOptions options;
  options.config = nvdla::Config::NvFull;
  bool passed = false;
  try {
    nvdla::run_firmware(options, [&](nvdla::NvdlaSystem& system) { passed = run_driver(system.hal(), system.config()); });
  } catch (const std::exception& e) {
    std::printf("nvdla_bdma_copy: simulation error: %s\n", e.what());
    return 1;
  }
  std::printf("nvdla_bdma_copy: %s\n", passed ? "PASS" : "FAIL");
  return passed ? 0 : 1;
}
