// The TPU on SystemC: GDMA copies against a plain loop over the layout
// formula, command ordering and overlap in simulated time, and refused
// commands (the error names the rule and the call; nothing is written).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "testbench/sophon/tests/tpu_bench.h"

namespace acosim::sophon {
namespace {

constexpr float kSentinel = -12345.0f;

Tensor local_tensor(uint64_t address, const Dim4& stride) {
  return Tensor{Space::Local, address, stride, DType::FP32};
}
Tensor system_tensor(uint64_t address, const Dim4& stride) {
  return Tensor{Space::System, address, stride, DType::FP32};
}

GdmaCommand copy(const Dim4& shape, const Tensor& dst, const Tensor& src) {
  GdmaCommand c;
  c.op = GdmaOp::Copy;
  c.api = "test_copy";
  c.shape = shape;
  c.dst = dst;
  c.src = src;
  return c;
}

// Random shapes with strides that leave gaps, on NPUs that are not 0, with C
// not a multiple of NPU_NUM (the last NPU's slot partly empty).
TEST(SophonGdma, SystemToLocalAndBackWithGappedStrides) {
  TpuBench bench(toy());
  std::mt19937 rng(7);
  const uint64_t global = bench.chip().global_mem_start;
  for (int round = 0; round < 20; ++round) {
    const Dim4 shape{1 + int(rng() % 3), 1 + int(rng() % 7), 1 + int(rng() % 3), 1 + int(rng() % 4)};
    // System side: continuous plus a random gap per dimension.
    const int sw = 1, sh = shape.w * sw + int(rng() % 3), sc = shape.h * sh + int(rng() % 3),
              sn = shape.c * sc + int(rng() % 3);
    const Dim4 sys_stride{sn, sc, sh, sw};
    const int start_npu = int(rng() % 4);
    const int cpn = channels_per_npu(bench.chip(), start_npu, shape.c);
    const int lh = shape.w + int(rng() % 2), lc = shape.h * lh + int(rng() % 3),
              ln = cpn * lc + int(rng() % 3);
    const Dim4 local_stride{ln, lc, lh, 1};
    const uint64_t local_address = uint64_t(start_npu) * 1024 + 4 * (rng() % 8);
    const uint64_t back = global + 0x100000;

    // Fill the whole of local memory and the destination with sentinels.
    for (uint64_t b = 0; b < bench.chip().local_mem_total(); b += 4) put_float(bench.local(b), kSentinel);
    std::vector<float> source(size_t(sn) * shape.n);
    for (auto& v : source) v = float(rng() % 1000);
    std::memcpy(bench.global(global, source.size() * 4), source.data(), source.size() * 4);
    for (size_t i = 0; i < source.size(); ++i) put_float(bench.global(back + 4 * i), kSentinel);

    const std::string error = bench.run([&](DevicePort& port) {
      port.issue(copy(shape, local_tensor(local_address, local_stride), system_tensor(global, sys_stride)));
      GdmaCommand out = copy(shape, system_tensor(back, sys_stride), local_tensor(local_address, local_stride));
      out.wait_for = 0;
      port.issue(out);
      port.poll();
    });
    ASSERT_EQ(error, "");
    std::vector<bool> written(bench.chip().local_mem_total() / 4, false);
    std::vector<bool> written_back(source.size(), false);
    for (int n = 0; n < shape.n; ++n)
      for (int c = 0; c < shape.c; ++c)
        for (int h = 0; h < shape.h; ++h)
          for (int w = 0; w < shape.w; ++w) {
            const size_t s = size_t(n) * sn + size_t(c) * sc + size_t(h) * sh + size_t(w) * sw;
            const uint64_t l = bench.local_byte(local_address, local_stride, n, c, h, w);
            ASSERT_EQ(get_float(bench.local(l)), source[s]) << "round " << round;
            ASSERT_EQ(get_float(bench.global(back + 4 * s)), source[s]);
            written[l / 4] = true;
            written_back[s] = true;
          }
    for (size_t i = 0; i < written.size(); ++i) {
      if (!written[i]) {
        ASSERT_EQ(get_float(bench.local(4 * i)), kSentinel) << "local word " << i;
      }
    }
    for (size_t i = 0; i < written_back.size(); ++i) {
      if (!written_back[i]) {
        ASSERT_EQ(get_float(bench.global(back + 4 * i)), kSentinel);
      }
    }
  }
}

TEST(SophonGdma, MatrixToLocalAndBack) {
  // 2 x 40 at NPU 0 of the toy machine, 6 columns per channel: 7 channels,
  // the last holding columns 36..39.
  TpuBench bench(toy());
  const uint64_t global = bench.chip().global_mem_start;
  const int rows = 2, cols = 40, cpc = 6, row_stride = 45;
  std::vector<float> m(size_t(rows) * row_stride);
  for (size_t i = 0; i < m.size(); ++i) m[i] = float(i);
  std::memcpy(bench.global(global, m.size() * 4), m.data(), m.size() * 4);
  const Dim4 stride{64, 32, 6, 1};  // aligned: Cs = align(6, 32), Ns = 2 slots * 32
  const std::string error = bench.run([&](DevicePort& port) {
    GdmaCommand c;
    c.op = GdmaOp::MatrixS2L;
    c.api = "test_matrix";
    c.rows = rows;
    c.cols = cols;
    c.cols_per_channel = cpc;
    c.row_stride = row_stride;
    c.dst = local_tensor(0, stride);
    c.src = system_tensor(global, Dim4{row_stride, 1, 1, 1});
    port.issue(c);
    c.op = GdmaOp::MatrixL2S;
    c.dst = system_tensor(global + 0x10000, Dim4{cols, 1, 1, 1});
    c.row_stride = cols;
    c.src = local_tensor(0, stride);
    port.issue(c);
    port.poll();
  });
  ASSERT_EQ(error, "");
  for (int r = 0; r < rows; ++r)
    for (int col = 0; col < cols; ++col) {
      const int k = col / cpc, j = col % cpc;
      EXPECT_EQ(get_float(bench.local(bench.local_byte(0, stride, r, k, 0, j))), m[r * row_stride + col]);
      EXPECT_EQ(get_float(bench.global(global + 0x10000 + 4 * (r * cols + col))), m[r * row_stride + col]);
    }
}

TEST(SophonGdma, TransposesBroadcastAndFill) {
  TpuBench bench(toy());
  const uint64_t g = bench.chip().global_mem_start;
  const Dim4 shape{2, 3, 1, 4};
  for (int i = 0; i < 24; ++i) put_float(bench.global(g + 4 * i), float(i));
  const std::string error = bench.run([&](DevicePort& port) {
    GdmaCommand c = copy(shape, system_tensor(g + 0x1000, Dim4{8, 4, 4, 1}), system_tensor(g, Dim4{12, 4, 4, 1}));
    c.op = GdmaOp::CopyNcTrans;  // dst (3, 2, 1, 4)
    port.issue(c);
    c = copy(shape, system_tensor(g + 0x2000, Dim4{12, 1, 3, 3}), system_tensor(g, Dim4{12, 4, 4, 1}));
    c.op = GdmaOp::CopyCwTrans;  // dst (2, 4, 1, 3): dst(n, w, 0, c) at n*12 + w*3 + c
    c.dst.stride = Dim4{12, 3, 3, 1};
    port.issue(c);
    c = copy(shape, system_tensor(g + 0x3000, Dim4{12, 4, 4, 1}), system_tensor(g, Dim4{12, 4, 4, 1}));
    c.op = GdmaOp::ChannelBroadcast;
    port.issue(c);
    GdmaCommand fill;
    fill.op = GdmaOp::Fill;
    fill.api = "test_fill";
    fill.shape = Dim4{1, 1, 2, 2};
    fill.dst = system_tensor(g + 0x4000, Dim4{6, 6, 3, 1});
    fill.constant = 0x3f800000u;  // 1.0f
    port.issue(fill);
    port.poll();
  });
  ASSERT_EQ(error, "");
  for (int n = 0; n < 2; ++n)
    for (int c = 0; c < 3; ++c)
      for (int w = 0; w < 4; ++w) {
        const float v = float(n * 12 + c * 4 + w);
        EXPECT_EQ(get_float(bench.global(g + 0x1000 + 4 * (c * 8 + n * 4 + w))), v);
        EXPECT_EQ(get_float(bench.global(g + 0x2000 + 4 * (n * 12 + w * 3 + c))), v);
        EXPECT_EQ(get_float(bench.global(g + 0x3000 + 4 * (n * 12 + c * 4 + w))), float(n * 12 + w));
      }
  // Rows of two at an h stride of three: element 2 is a gap.
  const float filled[5] = {1.0f, 1.0f, 0.0f, 1.0f, 1.0f};
  for (int i = 0; i < 5; ++i) EXPECT_EQ(get_float(bench.global(g + 0x4000 + 4 * i)), filled[i]) << i;
}

// A big copy and a big add: outside a parallel region the add waits for
// the copy; inside, the two overlap, so the launch ends sooner.
sc_core::sc_time launch_time(bool parallel) {
  TpuBench bench(bm1684());
  const Dim4 shape{1, 64, 64, 256};
  const Dim4 stride{64 * 256, 64 * 256, 256, 1};
  const uint64_t g = bench.chip().global_mem_start;
  const std::string error = bench.run([&](DevicePort& port) {
    const uint32_t gdma = port.issue(copy(shape, local_tensor(0, stride), system_tensor(g, Dim4{64 * 64 * 256, 64 * 256, 256, 1})));
    BdcCommand add;
    add.op = BdcOp::Add;
    add.api = "test_add";
    add.shape = shape;
    add.dst = local_tensor(0x20000, stride);
    add.src[0] = Source::of(local_tensor(0x40000, stride));
    add.src[1] = Source::constant(0x3f800000u);
    add.wait_for = parallel ? 0 : gdma;
    port.issue(add);
    port.poll();
  });
  EXPECT_EQ(error, "");
  return sc_core::sc_time_stamp();
}

// The engines' cycle at 550 MHz as SystemC keeps it (1 ps resolution).
constexpr double kCyclePs = 1818.0;

TEST(SophonOrdering, SequentialCommandsWait) {
  // After the launch's 1 us dispatch, the GDMA moves 4 MiB at 64 B/cycle:
  // 32 + 65536 cycles. The BDC adds 16384 elements per NPU at 32 per
  // cycle: 16 + 512 cycles, and starts when the copy is done.
  const sc_core::sc_time t = launch_time(false);
  EXPECT_DOUBLE_EQ(t.to_seconds() * 1e12, 1e6 + (65568 + 528) * kCyclePs);
}

TEST(SophonOrdering, ParallelCommandsOverlap) {
  // The add starts after its 10 ns issue and ends long before the copy:
  // the launch lasts as long as the copy alone.
  const sc_core::sc_time t = launch_time(true);
  EXPECT_DOUBLE_EQ(t.to_seconds() * 1e12, 1e6 + 65568 * kCyclePs);
}

// Refusals: the message names the call and the rule; nothing is written.
void expect_refused(const Chip& chip, const std::function<void(DevicePort&)>& body,
                    const std::string& expected) {
  TpuBench bench(chip);
  for (uint64_t b = 0; b < bench.chip().local_mem_total(); b += 4) put_float(bench.local(b), kSentinel);
  const std::string error = bench.run(body);
  EXPECT_NE(error.find(expected), std::string::npos) << error;
  for (uint64_t b = 0; b < bench.chip().local_mem_total(); b += 4) {
    ASSERT_EQ(get_float(bench.local(b)), kSentinel) << "local byte " << b;
  }
}

TEST(SophonRefusals, TensorPastTheEndOfLocalMemory) {
  expect_refused(toy(), [](DevicePort& port) {
    BdcCommand c;
    c.op = BdcOp::Relu;
    c.api = "okk_bdc_relu";
    c.shape = Dim4{1, 4, 1, 200};
    c.dst = local_tensor(256, Dim4{200, 200, 200, 1});  // 256 + 800 > 1024
    c.src[0] = Source::of(local_tensor(0, Dim4{200, 200, 200, 1}));
    port.issue(c);
  }, "okk_bdc_relu: dst (1, 4, 1, 200) at local address 0x100 with stride (200, 200, 200, 1) ends at offset 0x420, past the end");
}

TEST(SophonRefusals, OperandsOnDifferentNpus) {
  expect_refused(toy(), [](DevicePort& port) {
    BdcCommand c;
    c.op = BdcOp::Add;
    c.api = "okk_bdc_add";
    c.shape = Dim4{1, 1, 1, 4};
    c.dst = local_tensor(0, Dim4{4, 4, 4, 1});
    c.src[0] = Source::of(local_tensor(1024, Dim4{4, 4, 4, 1}));
    c.src[1] = Source::of(local_tensor(0, Dim4{4, 4, 4, 1}));
    port.issue(c);
  }, "okk_bdc_add: dst starts on NPU 0 but src0 on NPU 1");
}

TEST(SophonRefusals, ChannelsBeyondBm1684Limit) {
  expect_refused(toy(), [](DevicePort& port) {
    BdcCommand c;
    c.op = BdcOp::Copy;
    c.api = "okk_bdc_32bit_cpy";
    c.shape = Dim4{1, 4096, 1, 1};
    c.dst = local_tensor(0, Dim4{1, 0, 1, 1});
    c.src[0] = Source::of(local_tensor(0, Dim4{1, 0, 1, 1}));
    port.issue(c);
  }, "okk_bdc_32bit_cpy: shape (1, 4096, 1, 1): c = 4096 is outside [1, 4095]");
}

TEST(SophonRefusals, GdmaWStrideOnBm1684) {
  expect_refused(toy(), [](DevicePort& port) {
    port.issue(copy(Dim4{1, 1, 1, 2}, local_tensor(0, Dim4{4, 4, 4, 2}),
                    system_tensor(toy().global_mem_start, Dim4{4, 4, 4, 1})));
  }, "test_copy: dst w stride 2 is not 1");
}

TEST(SophonRefusals, SystemRangeOutsideMemory) {
  expect_refused(toy(), [](DevicePort& port) {
    port.issue(copy(Dim4{1, 1, 1, 4}, local_tensor(0, Dim4{4, 4, 4, 1}),
                    system_tensor(0x1000, Dim4{4, 4, 4, 1})));
  }, "test_copy: src system range [0x1000, 0x100f] is not inside global memory");
}

TEST(SophonRefusals, UnalignedLocalAddress) {
  expect_refused(toy(), [](DevicePort& port) {
    port.issue(copy(Dim4{1, 1, 1, 1}, local_tensor(2, Dim4{1, 1, 1, 1}),
                    system_tensor(toy().global_mem_start, Dim4{1, 1, 1, 1})));
  }, "test_copy: dst local address 0x2 is not a multiple of 4");
}

TEST(SophonRefusals, EarlierCommandsStillComplete) {
  // The first copy is legal and lands; the second is refused and the launch
  // reports it.
  TpuBench bench(toy());
  const uint64_t g = bench.chip().global_mem_start;
  put_float(bench.global(g), 42.0f);
  const std::string error = bench.run([&](DevicePort& port) {
    port.issue(copy(Dim4{1, 1, 1, 1}, local_tensor(0, Dim4{1, 1, 1, 1}), system_tensor(g, Dim4{1, 1, 1, 1})));
    port.issue(copy(Dim4{1, 1, 1, 1}, local_tensor(5000, Dim4{1, 1, 1, 1}), system_tensor(g, Dim4{1, 1, 1, 1})));
  });
  EXPECT_NE(error.find("test: test_copy: dst local address 0x1388 is past the end of local memory"), std::string::npos) << error;
  EXPECT_EQ(get_float(bench.local(0)), 42.0f);
}

}  // namespace
}  // namespace acosim::sophon

namespace acosim::sophon {
namespace {

// Inside a parallel region a GDMA copy overwrites the buffer a long BDC
// add is still reading: a hazard on the chip. acosim computes program
// order (the add sees the old data) and reports the pair.
TEST(SophonHazards, OverlappingEnginesOnOneBufferAreReported) {
  TpuBench bench(bm1684());
  const Dim4 shape{1, 64, 64, 64}, stride{4096, 4096, 64, 1};
  const uint64_t g = bench.chip().global_mem_start;
  for (int w = 0; w < 4; ++w) put_float(bench.local(0x10000 + 4 * w), 1.0f);
  for (int w = 0; w < 4; ++w) put_float(bench.global(g + 4 * w), 5.0f);
  testing::internal::CaptureStdout();
  const std::string error = bench.run([&](DevicePort& port) {
    BdcCommand add;
    add.op = BdcOp::Add;
    add.api = "okk_bdc_add_C";
    add.shape = shape;
    add.dst = local_tensor(0x20000, stride);
    add.src[0] = Source::of(local_tensor(0x10000, stride));
    add.src[1] = Source::constant(0x3f800000u);
    const uint32_t bdc = port.issue(add);
    (void)bdc;
    GdmaCommand load = copy(shape, local_tensor(0x10000, stride),
                            system_tensor(g, Dim4{64 * 4096, 4096, 64, 1}));
    load.api = "okk_gdma_32bit_cpy_S2L";
    load.wait_for = 0;  // parallel: does not wait for the add
    port.issue(load);
    port.poll();
  });
  const std::string out = testing::internal::GetCapturedStdout();
  ASSERT_EQ(error, "");
  EXPECT_EQ(bench.tpu().hazards(), 1u);
  EXPECT_NE(out.find("GDMA command 1 (okk_gdma_32bit_cpy_S2L) writes what it reads (local offsets "
                     "[0x10000, 0x14000)) while BDC command 1 (okk_bdc_add_C) runs"),
            std::string::npos)
      << out;
  EXPECT_EQ(get_float(bench.local(0x20000)), 2.0f);  // 1 + 1: the add read the old buffer
  EXPECT_EQ(get_float(bench.local(0x10000)), 5.0f);
}

TEST(SophonHazards, SequentialCommandsOnOneBufferAreNot) {
  TpuBench bench(bm1684());
  const Dim4 shape{1, 64, 64, 64}, stride{4096, 4096, 64, 1};
  const uint64_t g = bench.chip().global_mem_start;
  const std::string error = bench.run([&](DevicePort& port) {
    BdcCommand add;
    add.op = BdcOp::Add;
    add.api = "okk_bdc_add_C";
    add.shape = shape;
    add.dst = local_tensor(0x20000, stride);
    add.src[0] = Source::of(local_tensor(0x10000, stride));
    add.src[1] = Source::constant(0x3f800000u);
    const uint32_t bdc = port.issue(add);
    GdmaCommand load = copy(shape, local_tensor(0x10000, stride),
                            system_tensor(g, Dim4{64 * 4096, 4096, 64, 1}));
    load.wait_for = bdc;
    port.issue(load);
    port.poll();
  });
  ASSERT_EQ(error, "");
  EXPECT_EQ(bench.tpu().hazards(), 0u);
}

}  // namespace
}  // namespace acosim::sophon

namespace acosim::sophon {
namespace {

TEST(SophonRefusals, WaitingForACommandNeverIssued) {
  // A command that waits for an id the other engine never got would wait
  // forever (okk_set_id_node can ask for one): refused at issue.
  expect_refused(toy(), [](DevicePort& port) {
    BdcCommand c;
    c.op = BdcOp::Fill;
    c.api = "okk_bdc_32bit_set_C";
    c.shape = Dim4{1, 1, 1, 1};
    c.dst = local_tensor(0, Dim4{1, 1, 1, 1});
    c.wait_for = 5;
    port.issue(c);
  }, "okk_bdc_32bit_set_C: waits for GDMA command 5, but only 0 were issued");
}

TEST(SophonDeviceCpu, EveryLaunchCountsAndTakesItsDispatchTime) {
  // Three launches that issue nothing: each is counted and costs the CPU
  // its dispatch time.
  TpuBench bench(toy());
  for (int i = 0; i < 3; ++i) bench.tpu().cpu().submit("noop", [] {});
  sc_core::sc_start();
  EXPECT_EQ(bench.tpu().launches(), 3u);
  EXPECT_EQ(sc_core::sc_time_stamp(), 3.0 * DeviceCpu::launch_time());
}

}  // namespace
}  // namespace acosim::sophon
