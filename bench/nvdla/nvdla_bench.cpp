// acosim-nvdla-bench: how fast the NVDLA co-simulation moves data.
//
// Figures, all untraced:
//   - BDMA copies on nv_full: groups of slots of large packed lines (into
//     memory the setup wrote, and into never-written memory, whose pages the
//     sparse memory model allocates during the copy), and of small lines
//     with gaps (every line is a request of its own), in bytes per wall
//     second from the first slot's programming to the last group's done
//     interrupt;
//   - offline PDP pooling layers (PDP_RDMA -> PDP -> memory): int8 average
//     3x3 stride 1 with padding in split-width mode and int8 max 2x2
//     stride 2 on nv_large, int16 max 2x2 stride 2 on nv_full, in input
//     bytes per wall second from the first register write to the done
//     interrupt;
//   - SDP layers on their own (SDP_RDMA -> SDP -> memory) on nv_large: a
//     per-channel bias from memory (BRDMA), a register multiplier with its
//     rounding shift and ReLU, in output bytes per wall second;
//   - CDP layers (CDP_RDMA -> CDP -> memory) on nv_large: int8 local
//     response normalisation over 5 channels, the square sums, both LUTs
//     and the multiplier, in output bytes per wall second;
//   - each against a plain memcpy of the same bytes in the same process;
//   - the convolution datapath (CDMA -> CSC -> CMAC -> CACC as
//     conv_process computes it) on an nv_small int8 3x3 layer, in MACs per
//     wall second, against a plain C++ loop of the same convolution (whose
//     results it must equal);
//   - the wall time of NVDLA's conformance traces played one after the
//     other by `acosim nvdla trace`.
// The firmware of each case programs the units through the HAL with the
// generated register headers only, and checks the result against an
// independent computation afterwards (outside the timed part), so a fast
// wrong answer cannot pass for a figure.
// SystemC elaborates once per process, so every SystemC case runs in a child
// process of this program (`acosim-nvdla-bench --case ...`), which prints its
// figures as key=value lines for the parent to collect.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <systemc>

#include "bench/child_cases.h"
#include "sw/hal/hal.h"
#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "systemc/nvdla/conv_datapath.h"
#include "testbench/nvdla/reference/pooling_reference.h"
#include "testbench/nvdla/tests/trace_config.h"
#include "testbench/nvdla/system.h"

extern char** environ;

namespace acosim::nvdla::bench {
namespace {

namespace fs = std::filesystem;
namespace rb = regs::bdma;
namespace rc = regs::cdp;
namespace rcr = regs::cdp_rdma;
namespace rg = regs::glb;
namespace rp = regs::pdp;
namespace rr = regs::pdp_rdma;
namespace rs = regs::sdp;
namespace rsr = regs::sdp_rdma;

using acosim::bench::Figures;
using acosim::bench::run_child;
using Clock = std::chrono::steady_clock;

// Simulated time the firmware waits for one done interrupt before it gives up.
constexpr uint64_t kInterruptTimeoutNs = 10'000'000'000ull;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Deterministic test data: splitmix64 of the word index, so the source can
// be regenerated for the check without keeping a copy.
uint64_t pattern_word(uint64_t index) {
  uint64_t z = index * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint8_t pattern_byte(uint64_t address) { return static_cast<uint8_t>(pattern_word(address / 8) >> (8 * (address % 8))); }

// Best of `runs` plain memcpys of `bytes` (both buffers touched first, so
// page faults are not what is measured).
double memcpy_seconds(size_t bytes, int runs = 3) {
  std::vector<uint8_t> from(bytes), to(bytes, 0);
  for (size_t i = 0; i < bytes; ++i) from[i] = static_cast<uint8_t>(i * 131u + 7u);
  double best = 1e300;
  for (int r = 0; r < runs; ++r) {
    const Clock::time_point start = Clock::now();
    std::memcpy(to.data(), from.data(), bytes);
    best = std::min(best, seconds_since(start));
    // Read the copy back so the compiler cannot drop it.
    if (to[bytes / 2] != from[bytes / 2]) throw std::logic_error("memcpy copied wrongly");
  }
  return best;
}

// One unit's register window on the CSB.
class Registers {
 public:
  Registers(hal::Hal& hal, const HardwareConfig& hw, Unit unit) : m_hal(hal), m_base(hw.unit_base(unit)) {}
  void write(uint32_t offset, uint32_t value) { m_hal.write_register(m_base + offset, value); }
  uint32_t read(uint32_t offset) { return m_hal.read_register(m_base + offset); }

 private:
  hal::Hal& m_hal;
  uint32_t m_base;
};

// Waits for the interrupt line, then acknowledges (write 1 to clear) every
// pending GLB S_INTR_STATUS bit and returns them.
uint32_t take_interrupts(hal::Hal& hal, Registers& glb, const char* waiting_for) {
  if (!hal.wait_for_interrupt(kInterruptTimeoutNs)) {
    throw std::runtime_error(std::string("no interrupt within 10 s of simulated time while waiting for ") +
                             waiting_for);
  }
  const uint32_t status = glb.read(rg::S_INTR_STATUS);
  glb.write(rg::S_INTR_STATUS, status);
  return status;
}

// Wall and simulated time of two identical layers of `unit`, in register
// groups 0 and 1, each from `program(group)`'s first register write to its
// done interrupt. The first layer pays the first touch of every buffer the
// models allocate; the second is the steady state a longer run sees, and is
// the one reported as `seconds`.
struct LayerTimes {
  double seconds = 0, first_seconds = 0, simulated_ns = 0;
};
LayerTimes time_two_layers(hal::Hal& hal, const HardwareConfig& hw, Unit unit,
                           const std::function<void(unsigned group)>& program) {
  Registers glb(hal, hw, Unit::Glb);
  LayerTimes times;
  for (unsigned group = 0; group < 2; ++group) {
    const std::string name = std::string(unit_name(unit)) + "_" + std::to_string(group);
    const uint32_t done_bit = 1u << done_status_bit(unit, group);
    const uint64_t start_ns = hal.now_ns();
    const Clock::time_point start = Clock::now();
    program(group);
    const uint32_t status = take_interrupts(hal, glb, name.c_str());
    (group == 0 ? times.first_seconds : times.seconds) = seconds_since(start);
    times.simulated_ns = double(hal.now_ns() - start_ns);
    if ((status & done_bit) == 0) {
      throw std::runtime_error("interrupt without " + name + " done: GLB S_INTR_STATUS " + std::to_string(status));
    }
  }
  return times;
}

void write_pattern(hal::Hal& hal, uint64_t address, uint64_t bytes) {
  constexpr uint64_t kChunk = 1 << 20;
  std::vector<uint8_t> chunk;
  for (uint64_t done = 0; done < bytes; done += kChunk) {
    chunk.resize(static_cast<size_t>(std::min(kChunk, bytes - done)));
    for (size_t i = 0; i < chunk.size(); ++i) chunk[i] = pattern_byte(address + done + i);
    hal.write_memory(address + done, chunk.data(), chunk.size());
  }
}

void write_zeros(hal::Hal& hal, uint64_t address, uint64_t bytes) {
  const std::vector<uint8_t> zeros(1 << 20, 0);
  for (uint64_t done = 0; done < bytes; done += zeros.size()) {
    hal.write_memory(address + done, zeros.data(), static_cast<size_t>(std::min<uint64_t>(zeros.size(), bytes - done)));
  }
}

void read_all(hal::Hal& hal, uint64_t address, std::vector<uint8_t>& bytes) {
  constexpr size_t kChunk = 1 << 20;
  for (size_t done = 0; done < bytes.size(); done += kChunk) {
    hal.read_memory(address + done, bytes.data() + done, std::min(kChunk, bytes.size() - done));
  }
}

// ---------------------------------------------------------------- BDMA

// A copy of `total` bytes as lines of `line_bytes`, `gap` bytes apart on
// both sides (gap 0: packed lines, which the BDMA moves as one request per
// slot), in slots of 512 KiB and groups of up to 8 slots. Two groups are in
// flight at a time (group 0 and 1 alternate), as the programming guide
// allows: a new group is pushed while the other one runs.
struct BdmaCopy {
  uint32_t line_bytes;
  uint32_t gap;
  uint64_t total;
  // false: the destination was never written, so the sparse memory
  // allocates (and zeroes) its pages during the copy; true: the setup
  // writes it first and the copy lands in memory that already exists.
  bool destination_written;
  uint32_t stride() const { return line_bytes + gap; }
  uint32_t lines_per_slot() const { return static_cast<uint32_t>((512u << 10) / line_bytes); }
  uint32_t slots() const { return static_cast<uint32_t>(total / (uint64_t{line_bytes} * lines_per_slot())); }
  uint64_t footprint() const { return total / line_bytes * stride(); }
};

constexpr uint64_t kBdmaSource = 0x40000000;
constexpr uint64_t kBdmaDestination = 0x100000000;
constexpr unsigned kSlotsPerGroup = 8;

void push_slot(hal::Hal& hal, Registers& bdma, const BdmaCopy& copy, uint32_t slot) {
  // Programming guide, BDMA: poll STATUS.FREE_SLOT before every CFG_OP.
  while (rb::STATUS_FREE_SLOT.get(bdma.read(rb::STATUS)) == 0) hal.sleep_ns(100);
  const uint64_t offset = uint64_t{slot} * copy.lines_per_slot() * copy.stride();
  const uint64_t source = kBdmaSource + offset;
  const uint64_t destination = kBdmaDestination + offset;
  bdma.write(rb::CFG_SRC_ADDR_LOW, static_cast<uint32_t>(source));
  bdma.write(rb::CFG_SRC_ADDR_HIGH, static_cast<uint32_t>(source >> 32));
  bdma.write(rb::CFG_DST_ADDR_LOW, static_cast<uint32_t>(destination));
  bdma.write(rb::CFG_DST_ADDR_HIGH, static_cast<uint32_t>(destination >> 32));
  // CFG_LINE.SIZE counts 32-byte units minus one.
  bdma.write(rb::CFG_LINE, rb::CFG_LINE_SIZE.put(copy.line_bytes / 32 - 1));
  bdma.write(rb::CFG_CMD, rb::CFG_CMD_SRC_RAM_TYPE.put(rb::CFG_CMD_SRC_RAM_TYPE_MC) |
                              rb::CFG_CMD_DST_RAM_TYPE.put(rb::CFG_CMD_DST_RAM_TYPE_MC));
  bdma.write(rb::CFG_LINE_REPEAT, rb::CFG_LINE_REPEAT_NUMBER.put(copy.lines_per_slot() - 1));
  bdma.write(rb::CFG_SRC_LINE, copy.stride());
  bdma.write(rb::CFG_DST_LINE, copy.stride());
  bdma.write(rb::CFG_SURF_REPEAT, 0);
  bdma.write(rb::CFG_SRC_SURF, copy.stride() * copy.lines_per_slot());
  bdma.write(rb::CFG_DST_SURF, copy.stride() * copy.lines_per_slot());
  bdma.write(rb::CFG_OP, rb::CFG_OP_EN.put(rb::CFG_OP_EN_ENABLE));
}

void run_bdma_firmware(hal::Hal& hal, const HardwareConfig& hw, const BdmaCopy& copy) {
  Registers bdma(hal, hw, Unit::Bdma);
  Registers glb(hal, hw, Unit::Glb);
  const uint32_t slots = copy.slots();
  const uint32_t done_bits = (1u << done_status_bit(Unit::Bdma, 0)) | (1u << done_status_bit(Unit::Bdma, 1));
  uint32_t next_slot = 0;
  unsigned next_group = 0;
  unsigned in_flight = 0;
  while (next_slot < slots || in_flight > 0) {
    if (next_slot < slots && in_flight < 2) {
      const uint32_t end = std::min(slots, next_slot + kSlotsPerGroup);
      for (; next_slot < end; ++next_slot) push_slot(hal, bdma, copy, next_slot);
      bdma.write(next_group == 0 ? rb::CFG_LAUNCH0 : rb::CFG_LAUNCH1,
                 next_group == 0 ? rb::CFG_LAUNCH0_GRP0_LAUNCH.put(rb::CFG_LAUNCH0_GRP0_LAUNCH_YES)
                                 : rb::CFG_LAUNCH1_GRP1_LAUNCH.put(rb::CFG_LAUNCH1_GRP1_LAUNCH_YES));
      next_group ^= 1;
      ++in_flight;
      continue;
    }
    const uint32_t status = take_interrupts(hal, glb, "a BDMA group");
    const unsigned finished = unsigned(__builtin_popcount(status & done_bits));
    if (finished == 0 || finished > in_flight) {
      throw std::runtime_error("unexpected GLB S_INTR_STATUS " + std::to_string(status) + " during the BDMA copy");
    }
    in_flight -= finished;
  }
}

// Every line arrived; the gaps between destination lines stayed untouched.
bool check_bdma_copy(hal::Hal& hal, const BdmaCopy& copy) {
  std::vector<uint8_t> got(static_cast<size_t>(copy.footprint()));
  read_all(hal, kBdmaDestination, got);
  for (uint64_t i = 0; i < got.size(); ++i) {
    const bool in_line = i % copy.stride() < copy.line_bytes;
    const uint8_t want = in_line ? pattern_byte(kBdmaSource + i) : 0;
    if (got[i] != want) {
      std::cerr << "BDMA copy: destination byte " << i << " is " << int(got[i]) << ", expected " << int(want) << "\n";
      return false;
    }
  }
  return true;
}

Figures run_bdma_case(const BdmaCopy& copy) {
  if (copy.line_bytes % 32 != 0 || copy.gap % 32 != 0 || copy.slots() == 0 ||
      copy.total % (uint64_t{copy.line_bytes} * copy.lines_per_slot()) != 0) {
    throw std::invalid_argument("BDMA case: lines and gaps are whole 32-byte units and the total whole 512 KiB slots");
  }
  SystemOptions options;
  options.config = Config::NvFull;
  double seconds = 0, simulated_ns = 0;
  bool correct = false;
  run_firmware(options, [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    write_pattern(hal, kBdmaSource, copy.footprint());
    if (copy.destination_written) write_zeros(hal, kBdmaDestination, copy.footprint());
    const uint64_t start_ns = hal.now_ns();
    const Clock::time_point start = Clock::now();
    run_bdma_firmware(hal, system.config(), copy);
    seconds = seconds_since(start);
    simulated_ns = double(hal.now_ns() - start_ns);
    correct = check_bdma_copy(hal, copy);
  });
  const double requests = copy.gap == 0 ? copy.slots() : double(copy.total / copy.line_bytes);
  return {{"bytes", double(copy.total)},
          {"seconds", seconds},
          {"simulated_ns", simulated_ns},
          {"requests", requests},
          {"memcpy_seconds", memcpy_seconds(static_cast<size_t>(copy.total))},
          {"correct", correct ? 1.0 : 0.0}};
}

// ---------------------------------------------------------------- PDP

enum class Method : uint32_t {
  Average = rp::D_OPERATION_MODE_CFG_POOLING_METHOD_AVERAGE,
  Max = rp::D_OPERATION_MODE_CFG_POOLING_METHOD_MAX,
};

struct PoolingCase {
  Config config;
  Method method;
  Precision precision;
  uint32_t kernel, stride, pad;  // square kernel and stride, the same padding on every side
  uint32_t width, height, channels;
};

// The layer as programmed: output size and, where the output line is wider
// than PDP's line buffer, the split-width stripes.
struct PoolingPlan {
  uint32_t in_width = 0, in_height = 0;
  uint32_t out_width = 0, out_height = 0;
  uint32_t atom = 0, bytes_per_element = 0, surfaces = 0;
  uint32_t stripes = 1;
  uint32_t first_in = 0, mid_in = 0, last_in = 0, first_out = 0, mid_out = 0, last_out = 0;
  uint64_t in_line() const { return uint64_t{atom} * in_width; }
  uint64_t input_bytes() const { return in_line() * in_height * surfaces; }
  uint64_t output_bytes() const { return uint64_t{atom} * out_width * out_height * surfaces; }
};

PoolingPlan plan_pooling(const PoolingCase& c, const HardwareConfig& hw) {
  PoolingPlan p;
  p.in_width = c.width;
  p.in_height = c.height;
  // W + PL + PR = (OW - 1) * Sw + Kw, the same vertically: the padded
  // extent must be covered exactly by the windows (programming guide).
  const uint32_t padded_w = c.width + 2 * c.pad, padded_h = c.height + 2 * c.pad;
  if (padded_w < c.kernel || (padded_w - c.kernel) % c.stride != 0 || (padded_h - c.kernel) % c.stride != 0) {
    throw std::invalid_argument("PDP case: the kernel and stride do not tile the padded input exactly");
  }
  p.out_width = (padded_w - c.kernel) / c.stride + 1;
  p.out_height = (padded_h - c.kernel) / c.stride + 1;
  p.atom = hw.atom_bytes;
  p.bytes_per_element = c.precision == Precision::Int8 ? 1 : 2;
  const uint32_t lanes = p.atom / p.bytes_per_element;
  p.surfaces = (c.channels + lanes - 1) / lanes;
  const uint32_t limit = hw.pdp_line_buffer_width(c.precision, c.kernel, c.stride);
  if (p.out_width > limit) {
    // Stripes of `limit` output columns, the last one takes the rest. Input
    // columns per stripe, without the Kw - Sw columns a stripe re-reads of
    // the one before (PDP "split width" programming):
    //   first: (FO - 1) * Sw + Kw - PL,  middle: MO * Sw,  last: LO * Sw - PR.
    p.stripes = (p.out_width + limit - 1) / limit;
    p.first_out = p.mid_out = limit;
    p.last_out = p.out_width - limit * (p.stripes - 1);
    p.first_in = (p.first_out - 1) * c.stride + c.kernel - c.pad;
    p.mid_in = p.mid_out * c.stride;
    p.last_in = p.last_out * c.stride - c.pad;
  }
  return p;
}

constexpr uint64_t kPdpSource = 0x40000000;
constexpr uint64_t kPdpDestination = 0x80000000;

// Programs and enables the layer in register group `group` of PDP_RDMA and
// PDP (the consumer group of both when called).
void program_pooling(hal::Hal& hal, const HardwareConfig& hw, const PoolingCase& c, const PoolingPlan& p,
                     unsigned group) {
  Registers rdma(hal, hw, Unit::PdpRdma);
  Registers pdp(hal, hw, Unit::Pdp);
  const uint32_t split = p.stripes - 1;
  const uint32_t in_line = static_cast<uint32_t>(p.in_line());
  const uint32_t in_surface = in_line * p.in_height;
  const uint32_t out_line = p.atom * p.out_width;
  const uint32_t out_surface = out_line * p.out_height;
  const uint32_t format = static_cast<uint32_t>(c.precision);
  const uint32_t partial_in = rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.put(p.first_in - (split ? 1 : 0)) |
                              rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.put(p.mid_in - (split ? 1 : 0)) |
                              rp::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.put(p.last_in - (split ? 1 : 0));
  const uint32_t partial_out = rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.put(p.first_out - (split ? 1 : 0)) |
                               rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.put(p.mid_out - (split ? 1 : 0)) |
                               rp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.put(p.last_out - (split ? 1 : 0));

  // Both units' producer pointers on group 0 (reset value; the firmware
  // writes it before a layer).
  rdma.write(rr::S_POINTER, rr::S_POINTER_PRODUCER.put(group));
  pdp.write(rp::S_POINTER, rp::S_POINTER_PRODUCER.put(group));

  rdma.write(rr::D_DATA_CUBE_IN_WIDTH, c.width - 1);
  rdma.write(rr::D_DATA_CUBE_IN_HEIGHT, c.height - 1);
  rdma.write(rr::D_DATA_CUBE_IN_CHANNEL, c.channels - 1);
  rdma.write(rr::D_FLYING_MODE, rr::D_FLYING_MODE_FLYING_MODE.put(rr::D_FLYING_MODE_FLYING_MODE_OFF_FLYING));
  rdma.write(rr::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(kPdpSource));
  rdma.write(rr::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(kPdpSource >> 32));
  rdma.write(rr::D_SRC_LINE_STRIDE, in_line);
  rdma.write(rr::D_SRC_SURFACE_STRIDE, in_surface);
  rdma.write(rr::D_SRC_RAM_CFG, rr::D_SRC_RAM_CFG_SRC_RAM_TYPE.put(rr::D_SRC_RAM_CFG_SRC_RAM_TYPE_MC));
  rdma.write(rr::D_DATA_FORMAT, rr::D_DATA_FORMAT_INPUT_DATA.put(format));
  rdma.write(rr::D_OPERATION_MODE_CFG, rr::D_OPERATION_MODE_CFG_SPLIT_NUM.put(split));
  rdma.write(rr::D_POOLING_KERNEL_CFG, rr::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(c.kernel - 1) |
                                           rr::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(c.stride - 1));
  rdma.write(rr::D_POOLING_PADDING_CFG, rr::D_POOLING_PADDING_CFG_PAD_WIDTH.put(c.pad));
  rdma.write(rr::D_PARTIAL_WIDTH_IN, partial_in);

  pdp.write(rp::D_DATA_CUBE_IN_WIDTH, c.width - 1);
  pdp.write(rp::D_DATA_CUBE_IN_HEIGHT, c.height - 1);
  pdp.write(rp::D_DATA_CUBE_IN_CHANNEL, c.channels - 1);
  pdp.write(rp::D_DATA_CUBE_OUT_WIDTH, p.out_width - 1);
  pdp.write(rp::D_DATA_CUBE_OUT_HEIGHT, p.out_height - 1);
  pdp.write(rp::D_DATA_CUBE_OUT_CHANNEL, c.channels - 1);
  pdp.write(rp::D_OPERATION_MODE_CFG,
            rp::D_OPERATION_MODE_CFG_POOLING_METHOD.put(static_cast<uint32_t>(c.method)) |
                rp::D_OPERATION_MODE_CFG_FLYING_MODE.put(rp::D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING) |
                rp::D_OPERATION_MODE_CFG_SPLIT_NUM.put(split));
  pdp.write(rp::D_NAN_FLUSH_TO_ZERO, 0);
  pdp.write(rp::D_PARTIAL_WIDTH_IN, partial_in);
  pdp.write(rp::D_PARTIAL_WIDTH_OUT, partial_out);
  pdp.write(rp::D_POOLING_KERNEL_CFG, rp::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.put(c.kernel - 1) |
                                          rp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.put(c.kernel - 1) |
                                          rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.put(c.stride - 1) |
                                          rp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.put(c.stride - 1));
  // kmd/firmware/pdp.c: the reciprocals are floor(2^16 / K), unsigned 1.16.
  pdp.write(rp::D_RECIP_KERNEL_WIDTH, (1u << 16) / c.kernel);
  pdp.write(rp::D_RECIP_KERNEL_HEIGHT, (1u << 16) / c.kernel);
  pdp.write(rp::D_POOLING_PADDING_CFG,
            rp::D_POOLING_PADDING_CFG_PAD_LEFT.put(c.pad) | rp::D_POOLING_PADDING_CFG_PAD_TOP.put(c.pad) |
                rp::D_POOLING_PADDING_CFG_PAD_RIGHT.put(c.pad) | rp::D_POOLING_PADDING_CFG_PAD_BOTTOM.put(c.pad));
  // Pad value 0: PAD_VALUE_nX = n * 0 for every n.
  for (uint32_t reg : {rp::D_POOLING_PADDING_VALUE_1_CFG, rp::D_POOLING_PADDING_VALUE_2_CFG,
                       rp::D_POOLING_PADDING_VALUE_3_CFG, rp::D_POOLING_PADDING_VALUE_4_CFG,
                       rp::D_POOLING_PADDING_VALUE_5_CFG, rp::D_POOLING_PADDING_VALUE_6_CFG,
                       rp::D_POOLING_PADDING_VALUE_7_CFG}) {
    pdp.write(reg, 0);
  }
  pdp.write(rp::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(kPdpSource));
  pdp.write(rp::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(kPdpSource >> 32));
  pdp.write(rp::D_SRC_LINE_STRIDE, in_line);
  pdp.write(rp::D_SRC_SURFACE_STRIDE, in_surface);
  pdp.write(rp::D_DST_BASE_ADDR_LOW, static_cast<uint32_t>(kPdpDestination));
  pdp.write(rp::D_DST_BASE_ADDR_HIGH, static_cast<uint32_t>(kPdpDestination >> 32));
  pdp.write(rp::D_DST_LINE_STRIDE, out_line);
  pdp.write(rp::D_DST_SURFACE_STRIDE, out_surface);
  pdp.write(rp::D_DST_RAM_CFG, rp::D_DST_RAM_CFG_DST_RAM_TYPE.put(rp::D_DST_RAM_CFG_DST_RAM_TYPE_MC));
  pdp.write(rp::D_DATA_FORMAT, rp::D_DATA_FORMAT_INPUT_DATA.put(format));

  rdma.write(rr::D_OP_ENABLE, rr::D_OP_ENABLE_OP_EN.put(rr::D_OP_ENABLE_OP_EN_ENABLE));
  pdp.write(rp::D_OP_ENABLE, rp::D_OP_ENABLE_OP_EN.put(rp::D_OP_ENABLE_OP_EN_ENABLE));
}

// The expected output cube from the pooling reference the tests use
// (testbench/nvdla/reference), written from the hardware's definition
// separately from the model. Pad values are 0; every side pads by c.pad.
std::vector<uint8_t> reference_pooling(const PoolingCase& c, const PoolingPlan& p, const std::vector<uint8_t>& in) {
  namespace ref = acosim::nvdla::reference;
  ref::PoolingSpec spec;
  spec.width = c.width;
  spec.height = c.height;
  spec.channels = c.channels;
  spec.kind = c.method == Method::Max ? ref::PoolKind::Max : ref::PoolKind::Average;
  spec.kernel_width = spec.kernel_height = c.kernel;
  spec.stride_width = spec.stride_height = c.stride;
  spec.pad_left = spec.pad_top = spec.pad_right = spec.pad_bottom = c.pad;
  ref::CubeImage input;
  input.atom_bytes = p.atom;
  input.element_bytes = p.bytes_per_element;
  input.line_stride = static_cast<uint32_t>(p.in_line());
  input.surface_stride = input.line_stride * p.in_height;
  input.bytes = in;
  ref::CubeImage output;
  output.atom_bytes = p.atom;
  output.element_bytes = p.bytes_per_element;
  output.line_stride = p.atom * p.out_width;
  output.surface_stride = output.line_stride * p.out_height;
  output.bytes.assign(static_cast<size_t>(p.output_bytes()), 0);
  ref::pool(spec, input, output);
  return output.bytes;
}

Figures run_pdp_case(const PoolingCase& c) {
  const HardwareConfig& hw = hardware_config(c.config);
  const PoolingPlan plan = plan_pooling(c, hw);
  std::vector<uint8_t> input(static_cast<size_t>(plan.input_bytes()));
  for (size_t i = 0; i < input.size(); ++i) input[i] = pattern_byte(i);
  SystemOptions options;
  options.config = c.config;
  double seconds = 0, first_seconds = 0, simulated_ns = 0;
  std::vector<uint8_t> output(static_cast<size_t>(plan.output_bytes()));
  run_firmware(options, [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    for (size_t done = 0; done < input.size(); done += 1 << 20) {
      hal.write_memory(kPdpSource + done, input.data() + done, std::min<size_t>(1 << 20, input.size() - done));
    }
    write_zeros(hal, kPdpDestination, plan.output_bytes());
    const LayerTimes times = time_two_layers(hal, hw, Unit::Pdp, [&](unsigned group) { program_pooling(hal, hw, c, plan, group); });
    seconds = times.seconds;
    first_seconds = times.first_seconds;
    simulated_ns = times.simulated_ns;
    read_all(hal, kPdpDestination, output);
  });
  const std::vector<uint8_t> want = reference_pooling(c, plan, input);
  const auto mismatch = std::mismatch(output.begin(), output.end(), want.begin());
  if (mismatch.first != output.end()) {
    std::cerr << "PDP output byte " << (mismatch.first - output.begin()) << " is " << int(*mismatch.first)
              << ", expected " << int(*mismatch.second) << "\n";
  }
  return {{"bytes", double(input.size())},
          {"seconds", seconds},
          {"first_seconds", first_seconds},
          {"simulated_ns", simulated_ns},
          {"stripes", double(plan.stripes)},
          {"memcpy_seconds", memcpy_seconds(input.size())},
          {"correct", mismatch.first == output.end() ? 1.0 : 0.0}};
}

// ---------------------------------------------------------------- SDP

// An int8 SDP layer on its own: BS adds a per-channel bias that BRDMA reads
// (one byte per channel), BN multiplies by 3 with a rounding shift of 1,
// then ReLU; EW bypassed; the identity output converter.
struct SdpCase {
  Config config;
  uint32_t width, height, channels;
};

constexpr uint64_t kSdpSource = 0x40000000;
constexpr uint64_t kSdpBias = 0x60000000;
constexpr uint64_t kSdpDestination = 0x80000000;

void program_sdp(hal::Hal& hal, const HardwareConfig& hw, const SdpCase& c, unsigned group) {
  Registers rdma(hal, hw, Unit::SdpRdma);
  Registers sdp(hal, hw, Unit::Sdp);
  const uint32_t line = hw.atom_bytes * c.width;
  const uint32_t surface = line * c.height;
  rdma.write(rsr::S_POINTER, rsr::S_POINTER_PRODUCER.put(group));
  sdp.write(rs::S_POINTER, rs::S_POINTER_PRODUCER.put(group));
  rdma.write(rsr::D_DATA_CUBE_WIDTH, c.width - 1);
  rdma.write(rsr::D_DATA_CUBE_HEIGHT, c.height - 1);
  rdma.write(rsr::D_DATA_CUBE_CHANNEL, c.channels - 1);
  rdma.write(rsr::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(kSdpSource));
  rdma.write(rsr::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(kSdpSource >> 32));
  rdma.write(rsr::D_SRC_LINE_STRIDE, line);
  rdma.write(rsr::D_SRC_SURFACE_STRIDE, surface);
  rdma.write(rsr::D_SRC_DMA_CFG, rsr::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(rsr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rdma.write(rsr::D_FEATURE_MODE_CFG, 0);  // memory input, int8 in/proc/out
  rdma.write(rsr::D_BRDMA_CFG, rsr::D_BRDMA_CFG_BRDMA_DISABLE.put(rsr::D_BRDMA_CFG_BRDMA_DISABLE_NO) |
                                   rsr::D_BRDMA_CFG_BRDMA_DATA_USE.put(rsr::D_BRDMA_CFG_BRDMA_DATA_USE_ALU) |
                                   rsr::D_BRDMA_CFG_BRDMA_DATA_MODE.put(rsr::D_BRDMA_CFG_BRDMA_DATA_MODE_PER_KERNEL) |
                                   rsr::D_BRDMA_CFG_BRDMA_RAM_TYPE.put(rsr::D_BRDMA_CFG_BRDMA_RAM_TYPE_MC));
  rdma.write(rsr::D_BS_BASE_ADDR_LOW, static_cast<uint32_t>(kSdpBias));
  rdma.write(rsr::D_BS_BASE_ADDR_HIGH, static_cast<uint32_t>(kSdpBias >> 32));
  rdma.write(rsr::D_NRDMA_CFG, rsr::D_NRDMA_CFG_NRDMA_DISABLE.put(rsr::D_NRDMA_CFG_NRDMA_DISABLE_YES));
  rdma.write(rsr::D_ERDMA_CFG, rsr::D_ERDMA_CFG_ERDMA_DISABLE.put(rsr::D_ERDMA_CFG_ERDMA_DISABLE_YES));

  sdp.write(rs::D_DATA_CUBE_WIDTH, c.width - 1);
  sdp.write(rs::D_DATA_CUBE_HEIGHT, c.height - 1);
  sdp.write(rs::D_DATA_CUBE_CHANNEL, c.channels - 1);
  sdp.write(rs::D_DST_BASE_ADDR_LOW, static_cast<uint32_t>(kSdpDestination));
  sdp.write(rs::D_DST_BASE_ADDR_HIGH, static_cast<uint32_t>(kSdpDestination >> 32));
  sdp.write(rs::D_DST_LINE_STRIDE, line);
  sdp.write(rs::D_DST_SURFACE_STRIDE, surface);
  sdp.write(rs::D_DST_DMA_CFG, rs::D_DST_DMA_CFG_DST_RAM_TYPE.put(rs::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  // BS: ALU SUM with the memory operand, multiplier and ReLU bypassed.
  sdp.write(rs::D_DP_BS_CFG, rs::D_DP_BS_CFG_BS_ALU_ALGO.put(rs::D_DP_BS_CFG_BS_ALU_ALGO_SUM) |
                                 rs::D_DP_BS_CFG_BS_MUL_BYPASS.put(1) | rs::D_DP_BS_CFG_BS_RELU_BYPASS.put(1));
  sdp.write(rs::D_DP_BS_ALU_CFG, rs::D_DP_BS_ALU_CFG_BS_ALU_SRC.put(rs::D_DP_BS_ALU_CFG_BS_ALU_SRC_MEM));
  // BN: ALU bypassed, multiply by the register operand 3, shift 1, ReLU.
  sdp.write(rs::D_DP_BN_CFG, rs::D_DP_BN_CFG_BN_ALU_BYPASS.put(1));
  sdp.write(rs::D_DP_BN_MUL_CFG, rs::D_DP_BN_MUL_CFG_BN_MUL_SHIFT_VALUE.put(1));
  sdp.write(rs::D_DP_BN_MUL_SRC_VALUE, 3);
  sdp.write(rs::D_DP_EW_CFG, rs::D_DP_EW_CFG_EW_BYPASS.put(1));
  sdp.write(rs::D_FEATURE_MODE_CFG, 0);  // from memory, to memory
  sdp.write(rs::D_DATA_FORMAT, 0);
  sdp.write(rs::D_CVT_OFFSET, 0);
  sdp.write(rs::D_CVT_SCALE, 1);
  sdp.write(rs::D_CVT_SHIFT, 0);
  rdma.write(rsr::D_OP_ENABLE, rsr::D_OP_ENABLE_OP_EN.put(rsr::D_OP_ENABLE_OP_EN_ENABLE));
  sdp.write(rs::D_OP_ENABLE, rs::D_OP_ENABLE_OP_EN.put(rs::D_OP_ENABLE_OP_EN_ENABLE));
}

Figures run_sdp_case(const SdpCase& c) {
  const HardwareConfig& hw = hardware_config(c.config);
  const uint32_t surfaces = (c.channels + hw.atom_bytes - 1) / hw.atom_bytes;
  const size_t bytes = size_t{hw.atom_bytes} * c.width * c.height * surfaces;
  std::vector<uint8_t> input(bytes), bias(size_t{surfaces} * hw.atom_bytes), output(bytes);
  for (size_t i = 0; i < input.size(); ++i) input[i] = pattern_byte(i);
  for (size_t i = 0; i < bias.size(); ++i) bias[i] = static_cast<uint8_t>(int(i % 61) - 30);
  SystemOptions options;
  options.config = c.config;
  double seconds = 0, first_seconds = 0, simulated_ns = 0;
  run_firmware(options, [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    for (size_t done = 0; done < input.size(); done += 1 << 20) {
      hal.write_memory(kSdpSource + done, input.data() + done, std::min<size_t>(1 << 20, input.size() - done));
    }
    hal.write_memory(kSdpBias, bias.data(), bias.size());
    write_zeros(hal, kSdpDestination, bytes);
    const LayerTimes times = time_two_layers(hal, hw, Unit::Sdp, [&](unsigned group) { program_sdp(hal, hw, c, group); });
    seconds = times.seconds;
    first_seconds = times.first_seconds;
    simulated_ns = times.simulated_ns;
    read_all(hal, kSdpDestination, output);
  });
  // Expected: relu(sat_32(round((x + bias[c]) * 3 / 2))), clamped to int8;
  // halves round away from zero (the SDP truncation rule).
  size_t wrong = 0;
  for (size_t i = 0; i < bytes; ++i) {
    const size_t channel = (i / (size_t{hw.atom_bytes} * c.width * c.height)) * hw.atom_bytes + i % hw.atom_bytes;
    const int product = (int8_t(input[i]) + int8_t(bias[channel])) * 3;
    const int rounded = product >= 0 ? (product + 1) / 2 : -((-product + 1) / 2);
    const int expected = std::clamp(rounded, 0, 127);
    if (int8_t(output[i]) != expected && ++wrong <= 3) {
      std::cerr << "SDP output byte " << i << " is " << int(int8_t(output[i])) << ", expected " << expected << "\n";
    }
  }
  return {{"bytes", double(bytes)},
          {"seconds", seconds},
          {"first_seconds", first_seconds},
          {"simulated_ns", simulated_ns},
          {"memcpy_seconds", memcpy_seconds(bytes)},
          {"correct", wrong == 0 ? 1.0 : 0.0}};
}

// ---------------------------------------------------------------- CDP

// An int8 LRN layer: identity input converter, the square sum over 5
// channels, LE and LO tables whose every entry is 64 (and zero slopes, so
// that every hit, underflow and overflow gives 64), the multiplier, and the
// output converter with scale 1 and shift 6: each output is 64 x / 2^6 = x,
// which the check can tell from a layer that wrote nothing (the destination
// starts zeroed) while the timed part runs the whole datapath. The fp16
// layer (nv_full) does the same with every entry 1.0: each output is the
// input times 1.0, exactly the input for the normal numbers it holds.
struct CdpCase {
  Config config;
  uint32_t width, height, channels;
  bool fp16 = false;
};

constexpr uint64_t kCdpSource = 0x40000000;
constexpr uint64_t kCdpDestination = 0x80000000;
constexpr int16_t kCdpLutEntry = 64;
constexpr uint16_t kCdpLutEntryFp16 = 0x3C00;  // 1.0

void write_cdp_luts(hal::Hal& hal, const HardwareConfig& hw, bool fp16) {
  Registers cdp(hal, hw, Unit::Cdp);
  const std::pair<uint32_t, uint32_t> tables[] = {{rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE, 65},
                                                  {rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, 257}};
  for (const auto& [table, entries] : tables) {
    cdp.write(rc::S_LUT_ACCESS_CFG, rc::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(table) |
                                        rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(rc::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE));
    for (uint32_t i = 0; i < entries; ++i) {
      cdp.write(rc::S_LUT_ACCESS_DATA, fp16 ? kCdpLutEntryFp16 : uint16_t(kCdpLutEntry));
    }
  }
  cdp.write(rc::S_LUT_LE_END_LOW, 1u << 20);
  cdp.write(rc::S_LUT_LO_END_LOW, 1u << 20);
}

void program_cdp(hal::Hal& hal, const HardwareConfig& hw, const CdpCase& c, unsigned group) {
  Registers rdma(hal, hw, Unit::CdpRdma);
  Registers cdp(hal, hw, Unit::Cdp);
  const uint32_t line = hw.atom_bytes * c.width;
  const uint32_t surface = line * c.height;
  rdma.write(rcr::S_POINTER, rcr::S_POINTER_PRODUCER.put(group));
  cdp.write(rc::S_POINTER, rc::S_POINTER_PRODUCER.put(group));
  rdma.write(rcr::D_DATA_CUBE_WIDTH, c.width - 1);
  rdma.write(rcr::D_DATA_CUBE_HEIGHT, c.height - 1);
  rdma.write(rcr::D_DATA_CUBE_CHANNEL, c.channels - 1);
  rdma.write(rcr::D_SRC_BASE_ADDR_LOW, static_cast<uint32_t>(kCdpSource));
  rdma.write(rcr::D_SRC_BASE_ADDR_HIGH, static_cast<uint32_t>(kCdpSource >> 32));
  rdma.write(rcr::D_SRC_LINE_STRIDE, line);
  rdma.write(rcr::D_SRC_SURFACE_STRIDE, surface);
  rdma.write(rcr::D_SRC_DMA_CFG, rcr::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(rcr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rdma.write(rcr::D_DATA_FORMAT, c.fp16 ? rcr::D_DATA_FORMAT_INPUT_DATA_FP16 : rcr::D_DATA_FORMAT_INPUT_DATA_INT8);
  cdp.write(rc::D_DST_BASE_ADDR_LOW, static_cast<uint32_t>(kCdpDestination));
  cdp.write(rc::D_DST_BASE_ADDR_HIGH, static_cast<uint32_t>(kCdpDestination >> 32));
  cdp.write(rc::D_DST_LINE_STRIDE, line);
  cdp.write(rc::D_DST_SURFACE_STRIDE, surface);
  cdp.write(rc::D_DST_DMA_CFG, rc::D_DST_DMA_CFG_DST_RAM_TYPE.put(rc::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  cdp.write(rc::D_DATA_FORMAT,
            c.fp16 ? rc::D_DATA_FORMAT_INPUT_DATA_TYPE_FP16 : rc::D_DATA_FORMAT_INPUT_DATA_TYPE_INT8);
  cdp.write(rc::D_LRN_CFG, rc::D_LRN_CFG_NORMALZ_LEN.put(1));  // 5 channels
  cdp.write(rc::D_FUNC_BYPASS, 0);                               // square sum and multiplier on
  cdp.write(rc::D_DATIN_OFFSET, 0);
  cdp.write(rc::D_DATIN_SCALE, 1);
  cdp.write(rc::D_DATIN_SHIFTER, 0);
  cdp.write(rc::D_DATOUT_OFFSET, 0);
  cdp.write(rc::D_DATOUT_SCALE, 1);
  cdp.write(rc::D_DATOUT_SHIFTER, 6);
  cdp.write(rc::D_OP_ENABLE, rc::D_OP_ENABLE_OP_EN.put(rc::D_OP_ENABLE_OP_EN_ENABLE));
  rdma.write(rcr::D_OP_ENABLE, rcr::D_OP_ENABLE_OP_EN.put(rcr::D_OP_ENABLE_OP_EN_ENABLE));
}

Figures run_cdp_case(const CdpCase& c) {
  const HardwareConfig& hw = hardware_config(c.config);
  const uint32_t element_bytes = c.fp16 ? 2 : 1, lanes = hw.atom_bytes / element_bytes;
  const uint32_t surfaces = (c.channels + lanes - 1) / lanes;
  const size_t bytes = size_t{hw.atom_bytes} * c.width * c.height * surfaces;
  std::vector<uint8_t> input(bytes), output(bytes);
  for (size_t i = 0; i < input.size(); ++i) input[i] = pattern_byte(i);
  if (c.fp16) {
    // Normal fp16 numbers only (biased exponent 1..29): subnormals, infinities
    // and NaNs do not come back unchanged from a multiplication by 1.0.
    for (size_t i = 1; i < input.size(); i += 2) input[i] = uint8_t((input[i] & 0x83) | ((1 + input[i] % 29) << 2));
  }
  SystemOptions options;
  options.config = c.config;
  double seconds = 0, first_seconds = 0, simulated_ns = 0;
  run_firmware(options, [&](NvdlaSystem& system) {
    hal::Hal& hal = system.hal();
    for (size_t done = 0; done < input.size(); done += 1 << 20) {
      hal.write_memory(kCdpSource + done, input.data() + done, std::min<size_t>(1 << 20, input.size() - done));
    }
    write_zeros(hal, kCdpDestination, bytes);
    write_cdp_luts(hal, hw, c.fp16);
    const LayerTimes times = time_two_layers(hal, hw, Unit::Cdp, [&](unsigned group) { program_cdp(hal, hw, c, group); });
    seconds = times.seconds;
    first_seconds = times.first_seconds;
    simulated_ns = times.simulated_ns;
    read_all(hal, kCdpDestination, output);
  });
  // Expected: the input itself (64 x / 2^6, exact), lanes past the channels
  // included only where they hold channels.
  size_t wrong = 0;
  for (size_t i = 0; i < bytes; ++i) {
    const size_t channel =
        (i / (size_t{hw.atom_bytes} * c.width * c.height)) * lanes + i % hw.atom_bytes / element_bytes;
    if (channel >= c.channels) continue;
    if (output[i] != input[i] && ++wrong <= 3) {
      std::cerr << "CDP output byte " << i << " is " << int(int8_t(output[i])) << ", expected "
                << int(int8_t(input[i])) << "\n";
    }
  }
  return {{"bytes", double(bytes)},
          {"seconds", seconds},
          {"first_seconds", first_seconds},
          {"simulated_ns", simulated_ns},
          {"memcpy_seconds", memcpy_seconds(bytes)},
          {"correct", wrong == 0 ? 1.0 : 0.0}};
}

// ---------------------------------------------------------------- convolution

// An nv_small int8 direct convolution of W x H x C with K kernels of
// 3 x 3 x C, stride 1, padding 1 (output W x H x K): the registers CDMA,
// CSC and CACC hold for it (programming guide "Convolution": one 8-byte
// CBUF entry per atom of a line, data and weight banks of 4 KiB).
ConvRegisters conv_registers(uint32_t w, uint32_t h, uint32_t c, uint32_t k, uint64_t feature, uint64_t weights) {
  namespace rd = regs::cdma;
  namespace rc = regs::csc;
  namespace ra = regs::cacc;
  const uint32_t surfaces = (c + 7) / 8;
  const uint32_t kernel_bytes = 3 * 3 * c;
  const uint32_t bank_bytes = 512 * 8;
  const uint32_t data_banks = static_cast<uint32_t>((uint64_t{w} * h * surfaces * 8 + bank_bytes - 1) / bank_bytes);
  const uint32_t weight_banks = static_cast<uint32_t>((uint64_t{kernel_bytes} * k + bank_bytes - 1) / bank_bytes);
  ConvRegisters r;
  r.cdma_misc_cfg = 0;  // direct convolution, int8
  r.cdma_datain_format = 0;
  r.cdma_datain_size_0 = rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(w - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(h - 1);
  r.cdma_datain_size_1 = c - 1;
  r.cdma_datain_size_ext_0 = r.cdma_datain_size_0;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_high_0 = uint32_t(feature >> 32);
  r.cdma_dain_addr_low_0 = uint32_t(feature);
  r.cdma_line_stride = w * 8;
  r.cdma_surf_stride = w * h * 8;
  r.cdma_dain_map = rd::D_DAIN_MAP_LINE_PACKED.put(1) | rd::D_DAIN_MAP_SURF_PACKED.put(1);
  r.cdma_entry_per_slice = w * surfaces - 1;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = k - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_high = uint32_t(weights >> 32);
  r.cdma_weight_addr_low = uint32_t(weights);
  r.cdma_weight_bytes = kernel_bytes * k;
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(1) | rd::D_ZERO_PADDING_PAD_RIGHT.put(1) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(1) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(1);
  r.cdma_bank = rd::D_BANK_DATA_BANK.put(data_banks - 1) | rd::D_BANK_WEIGHT_BANK.put(weight_banks - 1);
  r.csc_misc_cfg = 0;
  r.csc_datain_size_ext_0 = r.cdma_datain_size_0;
  r.csc_datain_size_ext_1 = c - 1;
  r.csc_entry_per_slice = r.cdma_entry_per_slice;
  r.csc_weight_size_ext_0 =
      rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(2) | rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(2);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(c - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(k - 1);
  r.csc_weight_bytes = r.cdma_weight_bytes;
  r.csc_dataout_size_0 = rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(w - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(h - 1);
  r.csc_dataout_size_1 = k - 1;
  r.csc_atomics = w * h - 1;
  r.csc_zero_padding = rc::D_ZERO_PADDING_PAD_LEFT.put(1) | rc::D_ZERO_PADDING_PAD_TOP.put(1);
  r.csc_bank = r.cdma_bank;
  r.cmac_a_misc_cfg = 0;
  r.cmac_b_misc_cfg = 0;
  r.cacc_misc_cfg = 0;
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = k - 1;
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(0);
  return r;
}

// Byte offset of weight (kernel n, row r, column s, channel ch) in NVDLA's
// direct-convolution weight layout (conv_datapath.h): groups of 8 kernels
// (atomic-K), in a group 8-channel blocks (atomic-C), then rows, columns,
// kernels, channels of the block.
size_t conv_weight_offset(uint32_t n, uint32_t r, uint32_t s, uint32_t ch, uint32_t c, uint32_t k) {
  const uint32_t group = n / 8, in_group = std::min(8u, k - group * 8);
  size_t offset = size_t{group} * 8 * 9 * c;
  for (uint32_t block = 0; block < ch / 8; ++block) offset += size_t{9} * in_group * std::min(8u, c - block * 8);
  const uint32_t piece = std::min(8u, c - ch / 8 * 8);
  return offset + ((size_t{r} * 3 + s) * in_group + n % 8) * piece + ch % 8;
}

// Times conv_process on `layer` against a plain loop that computes each of
// the ow x oh x k outputs of a 3 x 3 x c convolution as plain_sum(n, x, y),
// and checks that the two agree. MACs are counted as the direct
// convolution's.
template <typename PlainSum>
Figures time_against_plain_loop(const ConvLayer& layer, const ConvMemoryRead& read, uint32_t ow, uint32_t oh,
                                uint32_t k, uint32_t c, const PlainSum& plain_sum) {
  const Clock::time_point start = Clock::now();
  const ConvOutput out = conv_process(layer, read);
  const double seconds = seconds_since(start);
  std::vector<int32_t> plain(size_t{ow} * oh * k);
  const Clock::time_point loop_start = Clock::now();
  for (uint32_t n = 0; n < k; ++n) {
    for (uint32_t y = 0; y < oh; ++y) {
      for (uint32_t x = 0; x < ow; ++x) plain[(size_t{n} * oh + y) * ow + x] = plain_sum(n, x, y);
    }
  }
  const double loop_seconds = seconds_since(loop_start);
  size_t wrong = 0;
  for (uint32_t n = 0; n < k; ++n) {
    for (uint32_t y = 0; y < oh; ++y) {
      for (uint32_t x = 0; x < ow; ++x) wrong += out.at(x, y, n) != plain[(size_t{n} * oh + y) * ow + x];
    }
  }
  const double macs = double(ow) * oh * k * 9 * c;
  return {{"macs", macs}, {"seconds", seconds}, {"loop_seconds", loop_seconds}, {"correct", wrong == 0 ? 1.0 : 0.0}};
}

Figures run_conv_case(uint32_t w, uint32_t h, uint32_t c, uint32_t k) {
  const uint32_t surfaces = (c + 7) / 8;
  std::vector<uint8_t> feature(size_t{w} * h * surfaces * 8), weights(size_t{9} * c * k);
  for (size_t i = 0; i < feature.size(); ++i) feature[i] = static_cast<uint8_t>(pattern_byte(i) % 17);
  for (size_t i = 0; i < weights.size(); ++i) weights[i] = static_cast<uint8_t>(int(pattern_byte(i + 7) % 9) - 4);
  constexpr uint64_t kFeature = 0x10000, kWeights = 0x800000;
  const ConvLayer layer = decode_conv(conv_registers(w, h, c, k, kFeature, kWeights), hardware_config(Config::NvSmall));
  if (const auto problem = conv_unsupported_or_illegal(layer)) throw std::runtime_error("conv case: " + *problem);
  const auto read = [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    const std::vector<uint8_t>& from = address >= kWeights ? weights : feature;
    std::memcpy(data, from.data() + (address - (address >= kWeights ? kWeights : kFeature)), bytes);
  };
  // The plain loop: out(x, y, n) = sum over r, s, ch of in(x + s - 1, y + r - 1, ch) * w(n, r, s, ch).
  const auto in = [&](int x, int y, uint32_t ch) -> int {
    if (x < 0 || y < 0 || x >= int(w) || y >= int(h)) return 0;
    return int8_t(feature[((size_t{ch / 8} * h + y) * w + x) * 8 + ch % 8]);
  };
  return time_against_plain_loop(layer, read, w, h, k, c, [&](uint32_t n, uint32_t x, uint32_t y) {
    int32_t sum = 0;
    for (uint32_t r = 0; r < 3; ++r) {
      for (uint32_t s = 0; s < 3; ++s) {
        for (uint32_t ch = 0; ch < c; ++ch) {
          sum += in(int(x + s) - 1, int(y + r) - 1, ch) * int8_t(weights[conv_weight_offset(n, r, s, ch, c, k)]);
        }
      }
    }
    return sum;
  });
}

// An nv_full int8 Winograd convolution (F(2x2, 3x3), conv_datapath.h) of
// W x H x C with K kernels of 3 x 3 x C, stride 1, padding 1 all round: the
// extended cube is (W + 2) x (H + 2), a multiple of 4, and the output
// (W - 2) x (H - 2). The kernels are stored as U = G' g G'^T with the
// integer G' = 2G, so the layer computes 4 x the convolution and CACC's
// CLIP_TRUNCATE 2 removes the 4 exactly; with inputs 0..16 and weights
// -4..4 neither the pre-addition nor the kernels saturate int8. MACs are
// counted as the direct convolution's, for comparison with the same plain
// loop.
Figures run_winograd_case(uint32_t w, uint32_t h, uint32_t c, uint32_t k) {
  namespace rd = regs::cdma;
  namespace rc = regs::csc;
  namespace ra = regs::cacc;
  constexpr uint32_t kAtom = 32, kGroup = 32;  // nv_full int8: 32 lanes, weight groups of 32 kernels
  const uint32_t surfaces = (c + kAtom - 1) / kAtom, ce = surfaces * kAtom;
  const uint32_t we = w + 2, he = h + 2, ow = we - 4, oh = he - 4;
  std::vector<uint8_t> feature(size_t{w} * h * surfaces * kAtom, 0), weights;
  for (uint32_t ch = 0; ch < c; ++ch) {
    for (uint32_t y = 0; y < h; ++y) {
      for (uint32_t x = 0; x < w; ++x) {
        feature[((size_t{ch / kAtom} * h + y) * w + x) * kAtom + ch % kAtom] =
            static_cast<uint8_t>(pattern_byte((size_t{ch} * h + y) * w + x) % 17);
      }
    }
  }
  const auto weight = [](uint32_t n, uint32_t r, uint32_t s, uint32_t ch) {
    return int(pattern_byte(((size_t{n} * 3 + r) * 3 + s) * 4096 + ch + 7) % 9) - 4;
  };
  static const int G[4][3] = {{2, 0, 0}, {1, 1, 1}, {1, -1, 1}, {0, 0, 2}};
  for (uint32_t g = 0; g * kGroup < k; ++g) {
    for (uint32_t block = 0; block < ce / 4; ++block) {
      for (uint32_t n = g * kGroup; n < std::min(k, (g + 1) * kGroup); ++n) {
        for (uint32_t p = 0; p < 16; ++p) {
          for (uint32_t ch = 4 * block; ch < 4 * block + 4; ++ch) {
            int u = 0;
            for (uint32_t r = 0; r < 3 && ch < c; ++r) {
              for (uint32_t s = 0; s < 3; ++s) u += G[p / 4][r] * weight(n, r, s, ch) * G[p % 4][s];
            }
            weights.push_back(static_cast<uint8_t>(u));
          }
        }
      }
    }
  }
  weights.resize((weights.size() + 127) / 128 * 128, 0);
  constexpr uint64_t kFeature = 0x10000, kWeights = 0x1000000;
  const uint32_t kernel_bytes = 16 * ce, entries = we / 4 * surfaces;
  const uint32_t ext0 = rd::D_DATAIN_SIZE_EXT_0_DATAIN_WIDTH_EXT.put(we - 1) |
                        rd::D_DATAIN_SIZE_EXT_0_DATAIN_HEIGHT_EXT.put(he - 1);
  const uint32_t misc = rd::D_MISC_CFG_CONV_MODE.put(rd::D_MISC_CFG_CONV_MODE_WINOGRAD);
  const uint32_t bank = rd::D_BANK_DATA_BANK.put(7) | rd::D_BANK_WEIGHT_BANK.put(7);
  ConvRegisters r;
  r.cdma_misc_cfg = misc;
  r.cdma_datain_size_0 = rd::D_DATAIN_SIZE_0_DATAIN_WIDTH.put(w - 1) | rd::D_DATAIN_SIZE_0_DATAIN_HEIGHT.put(h - 1);
  r.cdma_datain_size_1 = c - 1;
  r.cdma_datain_size_ext_0 = ext0;
  r.cdma_dain_ram_type = rd::D_DAIN_RAM_TYPE_DATAIN_RAM_TYPE_MCIF;
  r.cdma_dain_addr_low_0 = uint32_t(kFeature);
  r.cdma_line_stride = w * kAtom;
  r.cdma_surf_stride = w * h * kAtom;
  r.cdma_entry_per_slice = entries - 1;
  r.cdma_weight_size_0 = kernel_bytes - 1;
  r.cdma_weight_size_1 = k - 1;
  r.cdma_weight_ram_type = rd::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF;
  r.cdma_weight_addr_low = uint32_t(kWeights);
  r.cdma_weight_bytes = static_cast<uint32_t>(weights.size());
  r.cdma_zero_padding = rd::D_ZERO_PADDING_PAD_LEFT.put(1) | rd::D_ZERO_PADDING_PAD_RIGHT.put(1) |
                        rd::D_ZERO_PADDING_PAD_TOP.put(1) | rd::D_ZERO_PADDING_PAD_BOTTOM.put(1);
  r.cdma_bank = bank;
  r.csc_misc_cfg = misc;
  r.csc_datain_size_ext_0 = ext0;
  r.csc_datain_size_ext_1 = ce - 1;
  r.csc_entry_per_slice = entries - 1;
  r.csc_weight_size_ext_0 =
      rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(3) | rc::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(3);
  r.csc_weight_size_ext_1 =
      rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(ce - 1) | rc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(k - 1);
  r.csc_weight_bytes = r.cdma_weight_bytes;
  r.csc_dataout_size_0 = rc::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(ow - 1) | rc::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(oh - 1);
  r.csc_dataout_size_1 = k - 1;
  r.csc_atomics = ow * oh - 1;
  r.csc_bank = bank;
  r.cmac_a_misc_cfg = regs::cmac_a::D_MISC_CFG_CONV_MODE.put(1);
  r.cmac_b_misc_cfg = regs::cmac_b::D_MISC_CFG_CONV_MODE.put(1);
  r.cacc_misc_cfg = ra::D_MISC_CFG_CONV_MODE.put(1);
  r.cacc_dataout_size_0 = r.csc_dataout_size_0;
  r.cacc_dataout_size_1 = k - 1;
  r.cacc_clip_cfg = ra::D_CLIP_CFG_CLIP_TRUNCATE.put(2);
  const ConvLayer layer = decode_conv(r, hardware_config(Config::NvFull));
  if (const auto problem = conv_unsupported_or_illegal(layer)) throw std::runtime_error("winograd case: " + *problem);
  const auto read = [&](bool, uint64_t address, uint8_t* data, size_t bytes) {
    const std::vector<uint8_t>& from = address >= kWeights ? weights : feature;
    std::memcpy(data, from.data() + (address - (address >= kWeights ? kWeights : kFeature)), bytes);
  };
  const auto in = [&](int x, int y, uint32_t ch) -> int {
    if (x < 0 || y < 0 || x >= int(w) || y >= int(h)) return 0;
    return feature[((size_t{ch / kAtom} * h + y) * w + x) * kAtom + ch % kAtom];
  };
  return time_against_plain_loop(layer, read, ow, oh, k, c, [&](uint32_t n, uint32_t x, uint32_t y) {
    int32_t sum = 0;
    for (uint32_t row = 0; row < 3; ++row) {
      for (uint32_t s = 0; s < 3; ++s) {
        for (uint32_t ch = 0; ch < c; ++ch) sum += in(int(x + s) - 1, int(y + row) - 1, ch) * weight(n, row, s, ch);
      }
    }
    return sum;
  });
}

// ---------------------------------------------------------------- cases

// Case names: bdma:LINE_BYTES:GAP_BYTES:TOTAL_BYTES:fresh|written,
// pdp:CONFIG:avg|max:int8|int16:KERNEL:STRIDE:PAD:WxHxC, sdp:CONFIG:WxHxC and
// cdp:CONFIG:WxHxC[:fp16].
std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);) parts.push_back(part);
  return parts;
}

uint32_t number(const std::string& text) {
  size_t used = 0;
  const unsigned long value = std::stoul(text, &used);
  if (used != text.size()) throw std::invalid_argument("bad number '" + text + "'");
  return static_cast<uint32_t>(value);
}

int run_case(const std::string& name) {
  const std::vector<std::string> parts = split(name, ':');
  Figures figures;
  if (parts.size() == 5 && parts[0] == "bdma" && (parts[4] == "fresh" || parts[4] == "written")) {
    figures = run_bdma_case(BdmaCopy{number(parts[1]), number(parts[2]), std::stoull(parts[3]), parts[4] == "written"});
  } else if (parts.size() == 8 && parts[0] == "pdp") {
    const auto config = parse_config(parts[1]);
    const std::vector<std::string> size = split(parts[7], 'x');
    if (!config || (parts[2] != "avg" && parts[2] != "max") || (parts[3] != "int8" && parts[3] != "int16") ||
        size.size() != 3) {
      std::cerr << "acosim-nvdla-bench: bad case '" << name << "'\n";
      return 2;
    }
    figures = run_pdp_case(PoolingCase{*config, parts[2] == "avg" ? Method::Average : Method::Max,
                                       parts[3] == "int8" ? Precision::Int8 : Precision::Int16, number(parts[4]),
                                       number(parts[5]), number(parts[6]), number(size[0]), number(size[1]),
                                       number(size[2])});
  } else if (parts.size() == 3 && parts[0] == "sdp") {
    const auto config = parse_config(parts[1]);
    const std::vector<std::string> size = split(parts[2], 'x');
    if (!config || size.size() != 3) {
      std::cerr << "acosim-nvdla-bench: bad case '" << name << "'\n";
      return 2;
    }
    figures = run_sdp_case(SdpCase{*config, number(size[0]), number(size[1]), number(size[2])});
  } else if ((parts.size() == 3 || (parts.size() == 4 && parts[3] == "fp16")) && parts[0] == "cdp") {
    const auto config = parse_config(parts[1]);
    const std::vector<std::string> size = split(parts[2], 'x');
    if (!config || size.size() != 3) {
      std::cerr << "acosim-nvdla-bench: bad case '" << name << "'\n";
      return 2;
    }
    figures = run_cdp_case(CdpCase{*config, number(size[0]), number(size[1]), number(size[2]), parts.size() == 4});
  } else {
    std::cerr << "acosim-nvdla-bench: unknown case '" << name << "'\n";
    return 2;
  }
  acosim::bench::print_figures(figures);
  return 0;
}


// ---------------------------------------------------------------- conformance

struct TraceRun {
  std::string name;
  double seconds;
  int status;
  std::string log;
};

// Runs `acosim nvdla trace DIR --config CONFIG --out OUT`, output into `log`.
TraceRun run_trace(const std::string& acosim, const fs::path& dir, const std::string& config, const fs::path& out,
                   const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  const std::string dir_text = dir.string(), out_text = out.string();
  std::vector<const char*> argv = {acosim.c_str(), "nvdla", "trace", dir_text.c_str(), "--config",
                                   config.c_str(), "--out", out_text.c_str(), nullptr};
  pid_t pid = 0;
  const Clock::time_point start = Clock::now();
  const int spawned =
      posix_spawn(&pid, acosim.c_str(), &actions, nullptr, const_cast<char* const*>(argv.data()), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + acosim + ": " + std::strerror(spawned));
  int raw = 0;
  while (waitpid(pid, &raw, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(std::string("waitpid: ") + std::strerror(errno));
  }
  const double seconds = seconds_since(start);
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  return {dir.parent_path().filename().string() + "/" + dir.filename().string(), seconds,
          WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, text.str()};
}

// Every test folder of <conformance>/nvdla/{nv_small,nv_large,nv_full_traceplayer}.
int run_conformance(const std::string& acosim, const std::string& conformance_dir) {
  const fs::path root = fs::path(conformance_dir) / "nvdla";
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    std::cout << "\nConformance set: skipped, no NVDLA conformance data at " << root.string()
              << " (scripts/fetch-nvdla-conformance.sh fetches it; --conformance DIR points elsewhere)\n";
    return 0;
  }
  std::vector<std::pair<fs::path, std::string>> tests;
  for (const std::string folder : {"nv_small", "nv_large", "nv_full_traceplayer"}) {
    std::vector<fs::path> dirs;
    if (!fs::is_directory(root / folder, ec)) continue;
    for (const auto& entry : fs::directory_iterator(root / folder, ec)) {
      if (entry.is_directory(ec)) dirs.push_back(entry.path());
    }
    std::sort(dirs.begin(), dirs.end());
    for (const fs::path& d : dirs) {
      tests.emplace_back(d, test::trace_config(folder, d.filename().string()));
    }
  }
  std::string scratch = (fs::temp_directory_path() / "acosim-nvdla-bench-XXXXXX").string();
  if (mkdtemp(scratch.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
  std::vector<TraceRun> runs;
  for (size_t i = 0; i < tests.size(); ++i) {
    const fs::path out = fs::path(scratch) / ("out" + std::to_string(i));
    runs.push_back(run_trace(acosim, tests[i].first, tests[i].second, out, fs::path(scratch) / "log.txt"));
  }
  fs::remove_all(scratch, ec);

  double total = 0;
  const TraceRun* slowest = nullptr;
  unsigned failed = 0;
  for (const TraceRun& r : runs) {
    total += r.seconds;
    if (slowest == nullptr || r.seconds > slowest->seconds) slowest = &r;
    if (r.status != 0) {
      ++failed;
      std::cout << "FAILED (exit " << r.status << "): " << r.name << "\n" << r.log;
    }
  }
  std::cout << "\nConformance set (`acosim nvdla trace`, one process per trace, run one after the other):\n"
            << std::fixed << std::setprecision(3) << "  " << runs.size() << " traces in " << total << " s wall, "
            << (runs.empty() ? 0.0 : total / double(runs.size())) << " s per trace on average; "
            << runs.size() - failed << " passed, " << failed << " failed\n";
  if (slowest != nullptr) std::cout << "  slowest: " << slowest->name << ", " << slowest->seconds << " s\n";
  return failed == 0 ? 0 : 1;
}

// ---------------------------------------------------------------- report

struct Row {
  std::string label;
  std::string case_name;
};

std::string bytes_text(double bytes) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(0);
  if (bytes >= (1 << 20)) s << bytes / (1 << 20) << " MiB";
  else s << bytes / 1024 << " KiB";
  return s.str();
}

int run_all(const std::string& self, const std::string& acosim, const std::string& conformance_dir, bool quick) {
  const uint64_t copy_bytes = quick ? 8ull << 20 : 64ull << 20;
  const std::string pool_size = quick ? "64x64x64" : "256x256x64";
  const std::string copy = std::to_string(copy_bytes);
  const std::vector<Row> rows = {
      {"BDMA nv_full, 8 KiB lines packed", "bdma:8192:0:" + copy + ":written"},
      {"  the same into never-written memory", "bdma:8192:0:" + copy + ":fresh"},
      {"BDMA nv_full, 256 B lines, 256 B gaps", "bdma:256:256:" + copy + ":written"},
      {"PDP nv_large int8 avg 3x3 s1 pad 1", "pdp:nv_large:avg:int8:3:1:1:" + pool_size},
      {"PDP nv_large int8 max 2x2 s2", "pdp:nv_large:max:int8:2:2:0:" + pool_size},
      {"PDP nv_full int16 max 2x2 s2", "pdp:nv_full:max:int16:2:2:0:" + pool_size},
      {"SDP nv_large int8 bias (memory), mul, ReLU", "sdp:nv_large:" + pool_size},
      {"CDP nv_large int8 LRN over 5 channels", "cdp:nv_large:" + pool_size},
      {"CDP nv_full fp16 LRN over 5 channels", "cdp:nv_full:" + pool_size + ":fp16"},
  };
  std::cout << "NVDLA data movement, untraced. Wall time of the firmware part only (first register write to the\n"
               "last done interrupt); the setup writes source and destination memory beforehand, except in the\n"
               "never-written row, where the sparse memory allocates the destination pages during the copy.\n"
               "memcpy = best of 3 plain copies of the same bytes in the same process. PDP inputs are "
            << pool_size << " (WxHxC).\n\n";
  std::cout << std::left << std::setw(40) << "case" << std::right << std::setw(9) << "bytes" << std::setw(10)
            << "wall s" << std::setw(10) << "MB/s" << std::setw(13) << "memcpy MB/s" << std::setw(9) << "ratio"
            << std::setw(14) << "simulated us" << "  notes\n";
  bool all_correct = true;
  for (const Row& row : rows) {
    const Figures f = run_child(self, row.case_name);
    const double rate = f.at("bytes") / f.at("seconds") / 1e6;
    const double memcpy_rate = f.at("bytes") / f.at("memcpy_seconds") / 1e6;
    std::ostringstream notes;
    if (f.count("requests")) notes << std::fixed << std::setprecision(0) << f.at("requests") << " requests";
    if (f.count("stripes")) notes << std::fixed << std::setprecision(0) << f.at("stripes") << " stripe(s)";
    if (f.count("first_seconds")) {
      notes << std::fixed << std::setprecision(1) << "; first layer " << f.at("bytes") / f.at("first_seconds") / 1e6
            << " MB/s";
    }
    if (f.at("correct") != 1.0) {
      notes << ", WRONG RESULT";
      all_correct = false;
    }
    std::cout << std::left << std::setw(40) << row.label << std::right << std::setw(9) << bytes_text(f.at("bytes"))
              << std::fixed << std::setprecision(4) << std::setw(10) << f.at("seconds") << std::setprecision(1)
              << std::setw(10) << rate << std::setw(13) << memcpy_rate << std::setw(8) << memcpy_rate / rate << "x"
              << std::setprecision(1) << std::setw(14) << f.at("simulated_ns") / 1000.0 << "  " << notes.str()
              << "\n";
  }
  std::cout << "ratio = memcpy speed / simulated copy speed (how many times slower than memcpy).\n";
  const uint32_t conv_side = quick ? 16 : 32;
  const Figures conv = run_conv_case(conv_side, conv_side, 64, 64);
  std::cout << std::fixed << std::setprecision(1) << "\nConvolution datapath, nv_small int8 " << conv_side << "x"
            << conv_side << "x64 with 64 kernels of 3x3x64, pad 1: " << conv.at("macs") / 1e6 << " M MACs in "
            << std::setprecision(4) << conv.at("seconds") << " s (" << std::setprecision(1)
            << conv.at("macs") / conv.at("seconds") / 1e6 << " M MAC/s); a plain C++ loop: "
            << conv.at("macs") / conv.at("loop_seconds") / 1e6 << " M MAC/s"
            << (conv.at("correct") == 1.0 ? "; results equal\n" : "; WRONG RESULT\n");
  all_correct = all_correct && conv.at("correct") == 1.0;
  const uint32_t wg_side = conv_side - 2;
  const Figures wg = run_winograd_case(wg_side, wg_side, 64, 64);
  std::cout << std::fixed << std::setprecision(1) << "Winograd datapath, nv_full int8 " << wg_side << "x" << wg_side
            << "x64 with 64 kernels of 3x3x64, pad 1: " << wg.at("macs") / 1e6 << " M direct-equivalent MACs in "
            << std::setprecision(4) << wg.at("seconds") << " s (" << std::setprecision(1)
            << wg.at("macs") / wg.at("seconds") / 1e6 << " M MAC/s); a plain C++ loop: "
            << wg.at("macs") / wg.at("loop_seconds") / 1e6 << " M MAC/s"
            << (wg.at("correct") == 1.0 ? "; results equal\n" : "; WRONG RESULT\n");
  all_correct = all_correct && wg.at("correct") == 1.0;
  const int conformance = run_conformance(acosim, conformance_dir);
  return all_correct && conformance == 0 ? 0 : 1;
}

}  // namespace
}  // namespace acosim::nvdla::bench

// SystemC's own main() prints a banner before sc_main; keep the report clean.
int main(int argc, char* argv[]) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}

int sc_main(int argc, char* argv[]) {
  using namespace acosim::nvdla::bench;
  try {
    if (argc == 3 && std::string(argv[1]) == "--case") return run_case(argv[2]);
    std::string acosim = ACOSIM_BINARY;
    std::string conformance = ACOSIM_CONFORMANCE_DIR;
    bool quick = false;
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--quick") {
        quick = true;
      } else if (arg == "--acosim" && i + 1 < argc) {
        acosim = argv[++i];
      } else if (arg == "--conformance" && i + 1 < argc) {
        conformance = argv[++i];
      } else {
        std::cerr << "usage: acosim-nvdla-bench [--quick] [--acosim PATH] [--conformance DIR]\n";
        return 2;
      }
    }
    return run_all(acosim::bench::self_path(), acosim, conformance, quick);
  } catch (const std::exception& e) {
    std::cerr << "acosim-nvdla-bench: error: " << e.what() << "\n";
    return 1;
  }
}
