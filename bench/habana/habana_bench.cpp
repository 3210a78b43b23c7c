// acosim-habana-bench: how fast Habana's TPC-C kernels run on acosim's TPCs.
//
// Habana's own add_f32 kernel (kernels/gaudi/add_f32.c of the custom-kernel
// repository, compiled by acosim's tpc-clang) adds two fp32 tensors of
// {depth, width, height, 1, 1} on a chip of 8 TPCs, with the index space
// and its split as Habana's glue code and runtime define them. Figures, in
// wall time of the launch (the whole SystemC run: partitions on 8 TPCs,
// tensor accesses through their descriptors), against a plain C++ loop
// adding the same arrays: elements per second and the ratio. The result is
// checked against the loop's, so a fast wrong answer is not a figure.
// Then the VLIW core: examples/habana/abs.s assembled and run bundle by
// bundle on 8 TPCs, in bundles per second (every TPC's cycles over the
// wall time of the launch), its output checked against std::fabs.
// --quick: one small size, too short to be a measurement.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "sw/habana/asm/assembler.h"
#include "sw/habana/tpc/kernel_library.h"
#include "systemc/core/reports.h"
#include "systemc/habana/chip.h"

using namespace acosim::habana;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

TensorDescriptor fp32_tensor(uint64_t base, std::array<int32_t, 5> size) {
  TensorDescriptor t;
  t.base = base;
  t.config = tensor_config(2, 0x1F, 4);
  t.size = size;
  int32_t stride = 1;
  for (int d = 0; d < 5; ++d) {
    t.stride[d] = stride;
    stride *= size[d];
  }
  return t;
}

// The plain loop the kernel is measured against; noinline so the compiler
// cannot fold it into the check.
__attribute__((noinline)) void plain_add(const float* a, const float* b, float* c, size_t n) {
  for (size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

struct Figure {
  double kernel_s, loop_s;
  uint64_t cycles;
};

Figure measure(TpcChip& chip, const KernelLibrary& kernel, std::array<int32_t, 5> size, int repeat) {
  const size_t n = static_cast<size_t>(size[0]) * size[1] * size[2] * size[3] * size[4];
  const uint64_t bytes = n * 4;
  const uint64_t a = TpcChip::kGlobalBase, b = a + bytes, c = b + bytes;
  auto* pa = reinterpret_cast<float*>(chip.global(a, bytes));
  auto* pb = reinterpret_cast<float*>(chip.global(b, bytes));
  auto* pc = reinterpret_cast<float*>(chip.global(c, bytes));
  for (size_t i = 0; i < n; ++i) {
    pa[i] = static_cast<float>(i % 1000) * 0.5f;
    pb[i] = static_cast<float>(i % 77) - 3.0f;
  }
  std::memset(pc, 0, bytes);
  Launch launch;
  launch.kernel = &kernel;
  launch.tensors = {fp32_tensor(a, size), fp32_tensor(b, size), fp32_tensor(c, size)};
  // add_f32.cpp's index space: one member per 64 lanes of dim 0 and per 4
  // elements of dim 1 (its unroll), one per element of dims 2-4.
  const std::array<int, 5> geometry{(size[0] + 63) / 64, (size[1] + 3) / 4, size[2], size[3], size[4]};
  launch.partitions = partition_index_space(geometry, chip.tpcs());
  Figure f{1e30, 1e30, 0};
  for (int r = 0; r < repeat; ++r) {
    const auto start = Clock::now();
    f.cycles = chip.run(launch).cycles;
    f.kernel_s = std::min(f.kernel_s, seconds_since(start));
  }
  std::vector<float> expected(n);
  for (int r = 0; r < repeat; ++r) {
    const auto start = Clock::now();
    plain_add(pa, pb, expected.data(), n);
    f.loop_s = std::min(f.loop_s, seconds_since(start));
  }
  if (std::memcmp(expected.data(), pc, bytes) != 0) {
    std::fprintf(stderr, "acosim-habana-bench: add_f32 gave a different result from the plain loop\n");
    std::exit(1);
  }
  return f;
}

void measure_vliw(TpcChip& chip, size_t n, int repeat) {
  const tpcasm::Program program = tpcasm::assembleFile(ACOSIM_ABS_PROGRAM);
  const uint64_t bytes = n * 4;
  const uint64_t x = TpcChip::kGlobalBase, y = x + bytes;
  auto* px = reinterpret_cast<float*>(chip.global(x, bytes));
  auto* py = reinterpret_cast<float*>(chip.global(y, bytes));
  for (size_t i = 0; i < n; ++i) px[i] = static_cast<float>(i % 301) - 150.0f;
  Launch launch;
  launch.program = &program;
  const std::array<int32_t, 5> size{static_cast<int32_t>(n), 1, 1, 1, 1};
  launch.tensors = {fp32_tensor(x, size), fp32_tensor(y, size)};
  launch.partitions = partition_index_space({static_cast<int>((n + 63) / 64), 1, 1, 1, 1}, chip.tpcs());
  double best = 1e30;
  uint64_t bundles = 0, cycles = 0;
  for (int r = 0; r < repeat; ++r) {
    std::memset(py, 0, bytes);
    const auto start = Clock::now();
    const LaunchResult result = chip.run(launch);
    best = std::min(best, seconds_since(start));
    bundles = 0;
    for (const PartitionRun& run : result.runs) bundles += run.cycles;
    cycles = result.cycles;
  }
  for (size_t i = 0; i < n; ++i) {
    if (py[i] != std::fabs(px[i])) {
      std::fprintf(stderr, "acosim-habana-bench: abs.s gave %g for |%g| at %zu\n", py[i], px[i], i);
      std::exit(1);
    }
  }
  std::printf("%-22zu %12llu %14.2f %14.1f %12llu\n", n, static_cast<unsigned long long>(bundles),
              static_cast<double>(bundles) / best / 1e6, static_cast<double>(n) / best / 1e6,
              static_cast<unsigned long long>(cycles));
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  acosim::core::configure_reports();
  std::ifstream in(ACOSIM_ADD_F32_KERNEL, std::ios::binary);
  const std::vector<uint8_t> binary{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const KernelLibrary kernel(binary);
  TpcChip chip("gaudi", 8);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);
  std::printf("Habana's add_f32 (TPC-C, host-compiled) on 8 TPCs vs a plain C++ loop, best of %d\n", quick ? 1 : 5);
  std::printf("%-22s %12s %14s %14s %8s %12s\n", "tensor", "elements", "kernel Melem/s", "loop Melem/s", "ratio",
              "TPC cycles");
  std::vector<std::array<int32_t, 5>> sizes = {{100, 5, 5, 1, 2}, {1024, 64, 16, 1, 1}, {4096, 256, 4, 1, 1}};
  if (quick) sizes.resize(1);
  for (const auto& size : sizes) {
    const Figure f = measure(chip, kernel, size, quick ? 1 : 5);
    const double n = static_cast<double>(size[0]) * size[1] * size[2] * size[3] * size[4];
    char name[64];
    std::snprintf(name, sizeof(name), "{%d,%d,%d,%d,%d}", size[0], size[1], size[2], size[3], size[4]);
    std::printf("%-22s %12.0f %14.1f %14.1f %7.1fx %12llu\n", name, n, n / f.kernel_s / 1e6, n / f.loop_s / 1e6,
                f.kernel_s / f.loop_s, static_cast<unsigned long long>(f.cycles));
  }
  std::printf("\nexamples/habana/abs.s on the VLIW core, 8 TPCs, best of %d\n", quick ? 1 : 5);
  std::printf("%-22s %12s %14s %14s %12s\n", "elements", "bundles", "M bundles/s", "M elements/s", "TPC cycles");
  for (size_t n : quick ? std::vector<size_t>{4096} : std::vector<size_t>{4096, 1 << 20, 1 << 22}) {
    measure_vliw(chip, n, quick ? 1 : 5);
  }
  return 0;
}
