// acosim-sophon-bench: how fast the Sophon model moves and computes data.
//
// A host program like any OKKernel program: it links acosim's libbmlib for
// BM1684 and launches device functions of its own (below). Figures, in wall
// time of the launches:
//   - GDMA: a (4, 64, 64, 256) fp32 tensor (16 MiB) copied to local memory
//     and back, in bytes moved per second, against memcpy of the same bytes;
//   - BDC element-wise (add, mul by a constant, relu) on the same tensor in
//     local memory, in elements per second, against a plain C++ loop over
//     the same number of floats;
//   - BDC command rate: many small commands;
//   - with --contest DIR: the wall time of each case of Sophgo's contest
//     conv2d and matmul programs (build/sophon/bin/okk_*), as the programs
//     print it ("elapsed time"), for every contestant built there.
// The copy and element-wise figures are checked: the device's results land
// in a buffer the host cleared and are compared with the host's own
// computation afterwards, so a fast wrong answer cannot pass for a figure.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "bmlib_runtime.h"
#include "okk.h"

namespace {

struct Args {
  unsigned long long global;   // the input
  unsigned long long result;   // where the last result goes
  int op;      // 0 copy round trips, 1 add, 2 mul_C, 3 relu, 4 small commands
  int repeat;
} __attribute__((packed));

const dim4 kShape = {4, 64, 64, 256};  // 16 MiB of fp32, 256 KiB per NPU

void bench_kernel(const void* raw) {
  const Args* a = static_cast<const Args*>(raw);
  okk_initialize();
  dim4 stride;
  okk_128_byte_aligned_stride_for_32bit(&stride, 0, &kShape);
  const local_addr_t x = 0, y = static_cast<local_addr_t>(kShape.n * stride.n * 4 / 2);
  dim4 half = kShape;
  half.n = 2;  // two local buffers of 128 KiB per NPU
  dim4 half_global = half;  // the first two batches of the input
  if (a->op >= 1 && a->op <= 3) okk_gdma_32bit_cpy_S2L(x, a->global, &half_global, nullptr, nullptr);
  for (int r = 0; r < a->repeat; ++r) {
    switch (a->op) {
      case 0:
        okk_gdma_32bit_cpy_S2L(x, a->global, &kShape, nullptr, nullptr);
        okk_gdma_32bit_cpy_L2S(a->result, x, &kShape, nullptr, nullptr);
        break;
      case 1: okk_bdc_add(y, x, x, &half, nullptr, nullptr, nullptr); break;
      case 2: okk_bdc_mul_C(y, x, 1.5f, &half, nullptr, nullptr); break;
      case 3: okk_bdc_relu(y, x, &half, nullptr, nullptr); break;
      case 4: {
        const dim4 small = {1, 64, 1, 16};
        okk_bdc_add_C(x, x, 1.0f, &small, nullptr, nullptr);
        break;
      }
    }
  }
  if (a->op >= 1 && a->op <= 3) okk_gdma_32bit_cpy_L2S(a->result, y, &half_global, nullptr, nullptr);
  okk_poll();
}
OKKERNEL_FUNC_REGISTER(bench_kernel)

double seconds_of(bm_handle_t handle, Args args) {
  const auto start = std::chrono::steady_clock::now();
  if (okkernel_launch_sync(handle, "bench_kernel", &args, sizeof(args)) != BM_SUCCESS) {
    std::cerr << "acosim-sophon-bench: launch failed\n";
    std::exit(1);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

template <typename F>
double seconds_of(F f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(const char* what, double model, double plain, const char* unit) {
  std::printf("%-28s %10.3f %s   plain C++ %10.3f %s   ratio %5.1fx\n", what, model, unit, plain,
              unit, plain / model);
}

void contest_times(const std::string& bin) {
  for (const char* host : {"conv2d", "matmul"}) {
    for (const auto& entry : std::filesystem::directory_iterator(bin)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind(std::string("okk_") + host + "_", 0) != 0) continue;
      std::printf("%s:\n", name.c_str());
      const std::string command = "cd " + std::string(ACOSIM_OKKERNEL_DIR) + " && " +
                                  entry.path().string() + " 2>&1";
      FILE* pipe = popen(command.c_str(), "r");
      if (pipe == nullptr) continue;
      char line[512];
      std::string last_time;
      while (std::fgets(line, sizeof(line), pipe) != nullptr) {
        std::string text(line);
        if (text.rfind("elapsed time: ", 0) == 0) last_time = text.substr(14, text.find('(') - 14);
        if (text.find(" pass") != std::string::npos || text.find(" fail") != std::string::npos) {
          text.pop_back();
          std::printf("  %-18s %s\n", text.c_str(),
                      text.find(" pass") != std::string::npos ? (last_time + " us").c_str() : "");
        }
      }
      pclose(pipe);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  bool contest = argc > 1 && std::string(argv[1]) == "--contest";
  bm_handle_t handle;
  if (bm_dev_request(&handle, 0) != BM_SUCCESS) return 1;
  const size_t count = size_t(kShape.n) * kShape.c * kShape.h * kShape.w, bytes = count * 4;
  std::vector<float> host(count), check(count);
  for (size_t i = 0; i < count; ++i) host[i] = float(i % 1000) - 500.0f;
  bm_device_mem_t mem, result;
  if (bm_malloc_device_byte(handle, &mem, unsigned(bytes)) != BM_SUCCESS ||
      bm_malloc_device_byte(handle, &result, unsigned(bytes)) != BM_SUCCESS) {
    return 1;
  }
  bm_memcpy_s2d(handle, mem, host.data());
  const int repeat = 8;
  const auto fetch = [&] {
    bm_memcpy_d2s(handle, check.data(), result);
  };
  const auto verify = [&](const char* what, const std::function<float(float)>& f, size_t count_checked) {
    fetch();
    for (size_t i = 0; i < count_checked; ++i) {
      if (check[i] != f(host[i])) {
        std::cerr << "acosim-sophon-bench: " << what << " gave a wrong result at " << i << "\n";
        std::exit(1);
      }
    }
  };

  // GDMA: 16 MiB in and out to another buffer, `repeat` times.
  Args args{bm_mem_get_device_addr(mem), bm_mem_get_device_addr(result), 0, 1};
  seconds_of(handle, args);  // first touch of the pages
  std::fill(check.begin(), check.end(), 0.0f);
  bm_memcpy_s2d(handle, result, check.data());
  args.repeat = repeat;
  const double gdma = seconds_of(handle, args);
  verify("the GDMA round trip", [](float v) { return v; }, count);
  std::vector<float> other(count);
  const double plain_copy = seconds_of([&] {
    for (int r = 0; r < repeat; ++r) {
      std::memcpy(other.data(), host.data(), bytes);
      std::memcpy(check.data(), other.data(), bytes);
    }
  });
  const double moved = 2.0 * bytes * repeat;
  report("GDMA copy (GB/s)", moved / gdma / 1e9, moved / plain_copy / 1e9, "GB/s");

  // BDC element-wise on 8 Mi elements (two local buffers of the tensor).
  const size_t elements = count / 2;
  std::vector<float> a(host.begin(), host.begin() + long(elements)), b(elements, 1.0f);
  const char* names[] = {"BDC add (Gelem/s)", "BDC mul_C (Gelem/s)", "BDC relu (Gelem/s)"};
  const std::function<float(float)> expected[] = {
      [](float v) { return v + v; }, [](float v) { return v * 1.5f; },
      [](float v) { return v > 0.0f ? v : 0.0f; }};
  for (int op = 1; op <= 3; ++op) {
    args.op = op;
    args.repeat = repeat;
    const double model = seconds_of(handle, args);
    verify(names[op - 1], expected[op - 1], elements);
    volatile float sink = 0.0f;
    const double plain = seconds_of([&] {
      for (int r = 0; r < repeat; ++r) {
        for (size_t i = 0; i < elements; ++i) {
          if (op == 1) b[i] = a[i] + a[i];
          if (op == 2) b[i] = a[i] * 1.5f;
          if (op == 3) b[i] = a[i] > 0.0f ? a[i] : 0.0f;
        }
        sink = sink + b[r];
      }
    });
    report(names[op - 1], elements * repeat / model / 1e9, elements * repeat / plain / 1e9, "G/s");
  }

  // Command rate: 20000 small BDC commands (each adds 1 to a 16-element row).
  args.op = 4;
  args.repeat = 20000;
  const double small = seconds_of(handle, args);
  std::printf("%-28s %10.0f commands/s\n", "BDC small commands", 20000 / small);

  bm_free_device(handle, result);
  bm_free_device(handle, mem);
  bm_dev_free(handle);
  if (contest) contest_times(ACOSIM_OKKERNEL_BIN);
  return 0;
}
