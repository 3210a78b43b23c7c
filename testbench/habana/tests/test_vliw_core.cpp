// VLIW execution core of the Gaudi TPC (systemc/habana/vliw) on assembled
// programs, against a fake in-memory KernelServices. Expected values come
// from the latency table (docs/habana.md) and hand computation or from
// the small independent references written below.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <vector>

#include "sw/habana/asm/assembler.h"
#include "sw/habana/tpc/error.h"
#include "systemc/habana/vliw/core.h"

using namespace acosim::habana;
using vliw::VliwCore;

namespace {

// ------------------------------------------------------------ fake machine

struct FakeTensor {
  int size[5] = {1, 1, 1, 1, 1};
  int stride[5] = {1, 1, 1, 1, 1};
  uint32_t pad = 0;
  unsigned eb = 4;
  std::vector<uint8_t> data;

  FakeTensor() = default;
  FakeTensor(std::initializer_list<int> sizes, unsigned elementBytes, uint32_t padValue = 0)
      : pad(padValue), eb(elementBytes) {
    int d = 0;
    for (int s : sizes) size[d++] = s;
    int total = 1;
    for (int k = 0; k < 5; ++k) {
      stride[k] = total;
      total *= size[k];
    }
    data.assign(static_cast<size_t>(total) * eb, 0);
  }
  size_t offset(const int c[5]) const {
    size_t o = 0;
    for (int k = 0; k < 5; ++k) o += static_cast<size_t>(c[k]) * stride[k];
    return o * eb;
  }
  bool inside(const int c[5]) const {
    for (int k = 0; k < 5; ++k)
      if (c[k] < 0 || c[k] >= size[k]) return false;
    return true;
  }
  template <class T>
  T at(int i) const {
    T v;
    std::memcpy(&v, data.data() + static_cast<size_t>(i) * sizeof(T), sizeof(T));
    return v;
  }
  template <class T>
  void set(int i, T v) {
    std::memcpy(data.data() + static_cast<size_t>(i) * sizeof(T), &v, sizeof(T));
  }
};

class FakeServices : public KernelServices {
 public:
  int isOffset[5] = {0, 0, 0, 0, 0};
  int isSize[5] = {1, 1, 1, 1, 1};
  std::vector<FakeTensor> tensors = std::vector<FakeTensor>(4);
  uint8_t slm[1024] = {};
  std::vector<uint8_t> vlm = std::vector<uint8_t>(80 * 1024);
  int fences = 0;
  int lutUses = 0;
  RmwOp lastRmw = RmwOp::None;
  RmwType lastRmwType = RmwType::F32;
  unsigned lastStoreLanes = 0;

  void index_space(int offset[5], int size[5]) override {
    for (int d = 0; d < 5; ++d) {
      offset[d] = isOffset[d];
      size[d] = isSize[d];
    }
  }
  int dim_size(int t, int d) override { return tensors.at(t).size[d]; }
  int dim_stride(int t, int d) override { return tensors.at(t).stride[d]; }
  void set_dim_size(int t, int d, int s) override { tensors.at(t).size[d] = s; }
  void set_dim_stride(int t, int d, int s) override { tensors.at(t).stride[d] = s; }
  uint32_t pad_value(int t) override { return tensors.at(t).pad; }
  void load_tensor(int t, const int coord[5], unsigned eb, unsigned lanes, void* dst) override {
    const FakeTensor& ft = tensors.at(t);
    auto* out = static_cast<uint8_t*>(dst);
    for (unsigned i = 0; i < lanes; ++i) {
      int c[5] = {coord[0] + static_cast<int>(i), coord[1], coord[2], coord[3], coord[4]};
      if (ft.inside(c)) std::memcpy(out + i * eb, ft.data.data() + ft.offset(c) / ft.eb * eb, eb);
      else std::memcpy(out + i * eb, &ft.pad, eb);
    }
  }
  void store_tensor(int t, const int coord[5], unsigned eb, unsigned lanes, const void* src,
                    const uint8_t* enable, RmwOp rmw, RmwType rmwType) override {
    lastRmw = rmw;
    lastRmwType = rmwType;
    lastStoreLanes = lanes;
    FakeTensor& ft = tensors.at(t);
    const auto* in = static_cast<const uint8_t*>(src);
    for (unsigned i = 0; i < lanes; ++i) {
      int c[5] = {coord[0] + static_cast<int>(i), coord[1], coord[2], coord[3], coord[4]};
      if ((enable && !enable[i]) || !ft.inside(c)) continue;
      std::memcpy(ft.data.data() + ft.offset(c) / ft.eb * eb, in + i * eb, eb);
    }
  }
  uint64_t element_address(int t, const int c[5]) override {
    return 0x100000000ull * (t + 1) + tensors.at(t).offset(c);
  }
  // Global memory: tensor t's bytes at 0x100000000 * (t + 1), the
  // addresses element_address gives.
  void load_global(uint64_t a, void* dst, unsigned n) override { std::memcpy(dst, global(a, n), n); }
  void store_global(uint64_t a, const void* src, unsigned n) override { std::memcpy(global(a, n), src, n); }
  void load_slm(uint32_t a, void* dst, unsigned n) override {
    checkLocal(a, n, 4, sizeof slm, "SLM");
    std::memcpy(dst, slm + a, n);
  }
  void store_slm(uint32_t a, const void* src, unsigned n) override {
    checkLocal(a, n, 4, sizeof slm, "SLM");
    std::memcpy(slm + a, src, n);
  }
  void load_vlm(uint32_t a, void* dst, unsigned n) override {
    checkLocal(a, n, n == 32 ? 32 : 256, vlm.size(), "VLM");
    std::memcpy(dst, vlm.data() + a, n);
  }
  void store_vlm(uint32_t a, const void* src, unsigned n) override {
    checkLocal(a, n, n == 32 ? 32 : 256, vlm.size(), "VLM");
    std::memcpy(vlm.data() + a, src, n);
  }
  void fence() override { ++fences; }
  void special_functions_used() override { ++lutUses; }
  void print(const char*) override {}
  [[noreturn]] void fail(const char* m) override { throw TpcError(m); }

 private:
  uint8_t* global(uint64_t a, unsigned n) {
    const uint64_t t = (a >> 32) - 1, off = a & 0xffffffffu;
    if ((a >> 32) == 0 || t >= tensors.size() || off + n > tensors[t].data.size())
      fail(("global address " + std::to_string(a) + " is outside every tensor").c_str());
    return tensors[t].data.data() + off;
  }
  void checkLocal(uint32_t a, unsigned n, unsigned align, size_t size, const char* what) {
    if (a % align) fail((std::string("misaligned ") + what + " access at " + std::to_string(a)).c_str());
    if (a + n > size) fail((std::string(what) + " access out of range").c_str());
  }
};

// ---------------------------------------------------------------- helpers

constexpr const char* kNop = "nop; nop; nop; nop";
constexpr const char* kHalt = "nop; halt; nop; nop";

std::string join(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

void pad(std::vector<std::string>& lines, int n) {
  for (int i = 0; i < n; ++i) lines.push_back(kNop);
}

struct CoreRun {
  FakeServices svc;
  std::unique_ptr<VliwCore> core;
  std::vector<vliw::StepResult> trace;

  void start(const std::string& src, std::vector<uint32_t> scalars = {}, unsigned gmem = 0) {
    core = std::make_unique<VliwCore>(tpcasm::assemble(src, "t.s"), gmem);
    core->reset(svc, scalars.data(), static_cast<unsigned>(scalars.size()));
  }
  void go(const std::string& src, std::vector<uint32_t> scalars = {}, unsigned gmem = 0) {
    start(src, scalars, gmem);
    while (!core->halted()) {
      ASSERT_LT(core->cycles(), 100000u);
      trace.push_back(core->step());
    }
  }
  template <class T>
  T lane(unsigned v, unsigned i) const {
    T x;
    std::memcpy(&x, core->v(v).b + i * sizeof(T), sizeof(T));
    return x;
  }
};

uint32_t fbits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float bitsf(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// Independent bf16 reference: round to nearest even on the upper half.
uint16_t refBf16(float f) {
  uint32_t u = fbits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40);
  const uint32_t lsb = (u >> 16) & 1u;
  u += 0x7fffu + lsb;
  return static_cast<uint16_t>(u >> 16);
}
float fromBf16(uint16_t b) { return bitsf(static_cast<uint32_t>(b) << 16); }

// ------------------------------------------------ (1) the MUL example

// TPC User Guide (Processor Architectural Overview): MUL V0 at t; the three following readers of
// V0 see the old value, the one at t+4 the product (int VPU MUL: 4 cycles).
TEST(VliwPipeline, MulExampleIntegerFourCycles) {
  std::vector<std::string> p = {"mov.i32 V0, 7; nop; nop; nop", "mov.i32 V2, 3; nop; nop; nop",
                                "mov.i32 V3, 5; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; mul.i32 V0, V2, V3; nop");  // t
  for (int k = 1; k <= 4; ++k)
    p.push_back("nop; nop; add.i32 V" + std::to_string(10 + k) + ", V0, 0; nop");  // t+k
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  EXPECT_EQ(r.lane<int32_t>(11, 0), 7);   // t+1 old
  EXPECT_EQ(r.lane<int32_t>(12, 5), 7);   // t+2 old
  EXPECT_EQ(r.lane<int32_t>(13, 63), 7);  // t+3 old
  EXPECT_EQ(r.lane<int32_t>(14, 0), 15);  // t+4 product
  EXPECT_EQ(r.lane<int32_t>(1, 0), 0);    // high half of the 64-bit products
}

TEST(VliwPipeline, MulExampleFloatSixCycles) {
  std::vector<std::string> p = {"mov.f32 V0, 1.0; nop; nop; nop", "mov.f32 V2, 1.5; nop; nop; nop",
                                "mov.f32 V3, 4.0; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; mul.f32 V0, V2, V3; nop");  // t
  for (int k = 1; k <= 6; ++k)
    p.push_back("nop; nop; add.f32 V" + std::to_string(10 + k) + ", V0, 0.0; nop");
  pad(p, 8);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  for (int k = 1; k <= 5; ++k) EXPECT_EQ(r.lane<float>(10 + k, 0), 1.0f) << "t+" << k;
  EXPECT_EQ(r.lane<float>(16, 0), 6.0f);  // t+6 product
}

// ------------------------------------------------ (2) latency table rows

struct Row {
  const char* name;
  std::vector<std::string> setup;
  std::string producer;
  std::string consumer;
  int latency;
  std::function<bool(CoreRun&)> sawNew;  // true when the consumer saw the new value
};

void checkRow(const Row& row) {
  for (int dist : {row.latency - 1, row.latency}) {
    if (dist < 1) continue;
    std::vector<std::string> p = row.setup;
    pad(p, 8);
    p.push_back(row.producer);
    pad(p, dist - 1);
    p.push_back(row.consumer);
    pad(p, 8);
    p.push_back(kHalt);
    CoreRun r;
    r.svc.tensors[0] = FakeTensor({64}, 4);
    for (int i = 0; i < 64; ++i) r.svc.tensors[0].set<float>(i, 2.0f);
    r.svc.tensors[1] = FakeTensor({64}, 4);
    r.go(join(p));
    EXPECT_EQ(row.sawNew(r), dist >= row.latency) << row.name << " at distance " << dist;
  }
}

TEST(VliwPipeline, EveryLatencyRowOfTheTable) {
  const std::vector<std::string> vset = {"mov.f32 V1, 3.0; nop; nop; nop",
                                         "mov.f32 V2, 2.0; nop; nop; nop",
                                         "mov.f32 V5, 1.0; nop; nop; nop"};
  const std::vector<Row> rows = {
      {"VPU int -> VPU source", {"mov.i32 V5, 1; nop; nop; nop"}, "nop; nop; add.i32 V5, V5, 10; nop",
       "nop; nop; add.i32 V6, V5, 0; nop", 4, [](CoreRun& r) { return r.lane<int32_t>(6, 0) == 11; }},
      {"VPU fp32 ADD -> VPU source", vset, "nop; nop; add.f32 V5, V1, V2; nop",
       "nop; nop; add.f32 V6, V5, 0.0; nop", 4, [](CoreRun& r) { return r.lane<float>(6, 0) == 5.0f; }},
      {"VPU fp32 MUL -> VPU source", vset, "nop; nop; mul.f32 V5, V1, V2; nop",
       "nop; nop; add.f32 V6, V5, 0.0; nop", 6, [](CoreRun& r) { return r.lane<float>(6, 0) == 6.0f; }},
      {"VPU fp32 MAC -> VPU source", vset, "nop; nop; mac.f32 V5, V1, V2; nop",
       "nop; nop; add.f32 V6, V5, 0.0; nop", 6, [](CoreRun& r) { return r.lane<float>(6, 0) == 7.0f; }},
      {"VPU fp32 MAC -> MAC accumulator", vset, "nop; nop; mac.f32 V5, V1, V2; nop",
       "nop; nop; mac.f32 V5, V1, V2; nop", 4, [](CoreRun& r) { return r.lane<float>(5, 0) == 13.0f; }},
      {"LD_TNSR -> VPU source", {}, "ld_tnsr V5, 0x0, I2; nop; nop; nop",
       "nop; nop; add.f32 V6, V5, 0.0; nop", 4, [](CoreRun& r) { return r.lane<float>(6, 0) == 2.0f; }},
      {"VPU -> ST_TNSR data", vset, "nop; nop; add.f32 V5, V1, V2; nop",
       "nop; nop; nop; st_tnsr 0x1, I2, V5", 1,
       [](CoreRun& r) { return r.svc.tensors[1].at<float>(0) == 5.0f; }},
      {"VPU -> ST_L_V data", vset, "nop; nop; add.f32 V5, V1, V2; nop",
       "nop; nop; nop; st_l_v 0x0, V5", 7,
       [](CoreRun& r) { return bitsf(r.svc.vlm[0] | r.svc.vlm[1] << 8 | r.svc.vlm[2] << 16 |
                                 static_cast<uint32_t>(r.svc.vlm[3]) << 24) == 5.0f; }},
      {"SPU int -> SPU source", {"nop; mov.i32 S1, 4; nop; nop"}, "nop; add.i32 S1, S1, 1; nop; nop",
       "nop; add.i32 S2, S1, 0; nop; nop", 4, [](CoreRun& r) { return r.core->s(2) == 5; }},
      {"SPU fp32 MUL -> SPU source",
       {"nop; mov.f32 S1, 1.5; nop; nop", "nop; mov.f32 S3, 1.0; nop; nop"},
       "nop; mul.f32 S3, S1, S1; nop; nop", "nop; add.f32 S2, S3, 0.0; nop; nop", 6,
       [](CoreRun& r) { return bitsf(r.core->s(2)) == 2.25f; }},
      {"IRF update -> LD_TNSR coordinate", {}, "nop; add.i32 b00001 I2, I2, 1; nop; nop",
       "ld_tnsr V5, 0x0, I2; nop; nop; nop", 1, [](CoreRun& r) {
         // coordinate 1 still reads 2.0; only lane 63 (element 64) is pad 0.
         return r.lane<float>(5, 63) == 0.0f;
       }},
      {"SET_INDX (load slot) -> LD_TNSR coordinate", {}, "set_indx I2, b00001, 0x1; nop; nop; nop",
       "ld_tnsr V5, 0x0, I2; nop; nop; nop", 1, [](CoreRun& r) { return r.lane<float>(5, 63) == 0.0f; }},
      {"PRMT_INDX -> LD_TNSR coordinate",
       {"nop; mov.i32 S4, 1; nop; nop", "set_indx I3, b00010, 0x1; nop; nop; nop"},
       "prmt_indx I2, I3, S4; nop; nop; nop", "ld_tnsr V5, 0x0, I2; nop; nop; nop", 4,
       [](CoreRun& r) { return r.lane<float>(5, 63) == 0.0f; }},
      {"VPU CMP -> vector predicate", vset, "nop; nop; cmp_less.f32 VP3, V2, V1; nop",
       "nop; nop; mov.f32 V5, V1, VP3; nop", 2, [](CoreRun& r) { return r.lane<float>(5, 0) == 3.0f; }},
      {"SPU CMP -> scalar predicate", {"nop; mov.i32 S1, 4; nop; nop"},
       "nop; cmp_eq.i32 SP3, S1, 4; nop; nop", "nop; mov.i32 S2, 9, SP3; nop; nop", 2,
       [](CoreRun& r) { return r.core->s(2) == 9; }},
  };
  for (const Row& row : rows) checkRow(row);
}

// Readers of one write see it at different cycles, as the table says: the
// store reads a VPU result after 1 cycle, a VPU source after 4.
TEST(VliwPipeline, OneWriteVisibleAtDifferentCyclesPerConsumer) {
  std::vector<std::string> p = {"mov.f32 V1, 3.0; nop; nop; nop", "mov.f32 V5, 1.0; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; add.f32 V5, V1, V1; nop");
  p.push_back("nop; nop; add.f32 V6, V5, 0.0; st_tnsr 0x1, I2, V5");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[1] = FakeTensor({64}, 4);
  r.go(join(p));
  EXPECT_EQ(r.svc.tensors[1].at<float>(0), 6.0f);  // store: new
  EXPECT_EQ(r.lane<float>(6, 0), 1.0f);            // VPU source: old
}

// Global-memory stall: data 3 cycles late; a reader at the usual latency
// stalls 3 cycles, an earlier reader sees the old value without stalling.
TEST(VliwPipeline, LateGlobalMemoryDataStallsTheCore) {
  std::vector<std::string> p = {"mov.f32 V5, 1.0; nop; nop; nop"};
  pad(p, 6);
  p.push_back("ld_tnsr V5, 0x0, I2; nop; nop; nop");
  p.push_back("nop; nop; add.f32 V6, V5, 0.0; nop");  // t+1: old, no stall
  pad(p, 2);
  p.push_back("nop; nop; add.f32 V7, V5, 0.0; nop");  // t+4: waits for data
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) r.svc.tensors[0].set<float>(i, 2.0f);
  r.go(join(p), {}, 3);
  EXPECT_EQ(r.lane<float>(6, 0), 1.0f);
  EXPECT_EQ(r.lane<float>(7, 0), 2.0f);
  EXPECT_EQ(r.core->stallCycles(), 3u);
  int stalls = 0;
  for (const auto& c : r.trace)
    if (c.gmemStall) {
      ++stalls;
      EXPECT_EQ(c.pc, 11u);
      EXPECT_EQ(c.issued, 0);
    }
  EXPECT_EQ(stalls, 3);
  CoreRun fast;
  fast.svc.tensors[0] = r.svc.tensors[0];
  fast.go(join(p));
  EXPECT_EQ(fast.core->cycles() + 3, r.core->cycles());
}

TEST(VliwPipeline, CycleRecordNamesIssuedSlots) {
  CoreRun r;
  r.go("mov.i32 V1, 1; add.i32 S1, S1, 1; add.i32 V2, V2, V2; nop\nnop; halt; nop; nop\n");
  ASSERT_EQ(r.trace.size(), 2u);
  EXPECT_EQ(r.trace[0].issued, 0x7);
  EXPECT_EQ(r.trace[0].pc, 0u);
  EXPECT_FALSE(r.trace[0].halted);
  EXPECT_EQ(r.trace[1].issued, 0x2);
  EXPECT_TRUE(r.trace[1].halted);
  EXPECT_EQ(r.svc.counters.issued[1], 2u);
}

// ------------------------------------------------ (3) predication

TEST(VliwPredication, ScalarPredicateOnEverySlot) {
  std::vector<std::string> p = {"nop; mov.i32 S1, 1; nop; nop", "mov.f32 V1, 9.0; nop; nop; nop",
                                "nop; mov.i32 S5, 5; nop; nop", "nop; mov.i32 S6, 6; nop; nop"};
  pad(p, 6);
  p.push_back("nop; cmp_eq.i32 SP1, S1, 1; nop; nop");  // SP1 = true, SP2 = false (reset)
  pad(p, 4);
  p.push_back("ld_tnsr V2, 0x0, I2, SP1; mov.i32 S5, 50, SP1; mov.f32 V3, 7.0, SP1; st_l 0x0, S1, SP1");
  p.push_back("ld_tnsr V4, 0x0, I2, SP2; mov.i32 S6, 60, SP2; mov.f32 V5, 7.0, SP2; st_l 0x4, S1, SP2");
  p.push_back("ld_tnsr V6, 0x0, I2, !SP2; mov.i32 S7, 70, !SP1; mov.f32 V7, 7.0, !SP2; st_l 0x8, S1, !SP2");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) r.svc.tensors[0].set<float>(i, 2.0f);
  r.go(join(p));
  EXPECT_EQ(r.lane<float>(2, 0), 2.0f);
  EXPECT_EQ(r.core->s(5), 50u);
  EXPECT_EQ(r.lane<float>(3, 0), 7.0f);
  EXPECT_EQ(r.svc.slm[0], 1);
  EXPECT_EQ(r.lane<float>(4, 0), 0.0f);  // false: untouched
  EXPECT_EQ(r.core->s(6), 6u);
  EXPECT_EQ(r.lane<float>(5, 0), 0.0f);
  EXPECT_EQ(r.svc.slm[4], 0);
  EXPECT_EQ(r.lane<float>(6, 0), 2.0f);  // !SP2: true
  EXPECT_EQ(r.core->s(7), 0u);           // !SP1: false
  EXPECT_EQ(r.lane<float>(7, 0), 7.0f);
  EXPECT_EQ(r.svc.slm[8], 1);
}

TEST(VliwPredication, VectorPredicateMergesLanesOnLoadAndVpu) {
  // Tensor 0 holds i (lane index), tensor 1 holds 100 + i.
  std::vector<std::string> p = {"ld_tnsr V1, 0x0, I2; nop; nop; nop", "mov.f32 V2, -1.0; nop; nop; nop",
                                "mov.f32 V3, -1.0; nop; nop; nop", "mov.f32 V4, -1.0; nop; nop; nop",
                                "mov.f32 V8, -2.0; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; cmp_less.f32 VP2, V1, 10.0; nop");  // lanes 0..9
  pad(p, 4);
  p.push_back("ld_tnsr V2, 0x1, I2, VP2; nop; add.f32 V3, V1, 1000.0, VP2; nop");
  p.push_back("ld_tnsr V4, 0x1, I2, !VP2; nop; add.f32 V8, V1, 1000.0, !VP2; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  r.svc.tensors[1] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) {
    r.svc.tensors[0].set<float>(i, static_cast<float>(i));
    r.svc.tensors[1].set<float>(i, 100.0f + i);
  }
  r.go(join(p));
  for (int i = 0; i < 64; ++i) {
    const bool on = i < 10;
    EXPECT_EQ(r.lane<float>(2, i), on ? 100.0f + i : -1.0f) << i;
    EXPECT_EQ(r.lane<float>(3, i), on ? 1000.0f + i : -1.0f) << i;
    EXPECT_EQ(r.lane<float>(4, i), on ? -1.0f : 100.0f + i) << i;
    EXPECT_EQ(r.lane<float>(8, i), on ? -2.0f : 1000.0f + i) << i;
  }
}

// ------------------------------------------------ (4) instruction classes

// Runs "op.dt V3, V1, V2" (or a unary/ternary shape) on lanes loaded from
// tensors 0 and 1 (and V3 from tensor 3 for MAC/SEL), stores V3 to tensor 2.
template <class T>
std::vector<T> vpuRun(const std::string& inst, const std::vector<T>& a, const std::vector<T>& b,
                      const std::vector<T>& c, const char* dt) {
  const unsigned n = 256 / sizeof(T);
  CoreRun r;
  for (int t : {0, 1, 2, 3}) r.svc.tensors[t] = FakeTensor({static_cast<int>(n)}, sizeof(T));
  for (unsigned i = 0; i < n; ++i) {
    r.svc.tensors[0].set<T>(i, a[i]);
    r.svc.tensors[1].set<T>(i, b[i]);
    r.svc.tensors[3].set<T>(i, c[i]);
  }
  std::vector<std::string> p = {std::string("ld_tnsr.") + dt + " V1, 0x0, I2; nop; nop; nop",
                                std::string("ld_tnsr.") + dt + " V2, 0x1, I2; nop; nop; nop",
                                std::string("ld_tnsr.") + dt + " V3, 0x3, I2; nop; nop; nop",
                                std::string("ld_tnsr.") + dt + " V4, 0x3, I2; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; " + inst + "; nop");
  pad(p, 7);
  p.push_back(std::string("nop; nop; nop; st_tnsr.") + dt + " 0x2, I2, V3");
  p.push_back(kHalt);
  r.go(join(p));
  std::vector<T> out(n);
  for (unsigned i = 0; i < n; ++i) out[i] = r.svc.tensors[2].at<T>(i);
  return out;
}

template <class T>
std::vector<T> randomLanes(unsigned seed, double lo, double hi) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<double> d(lo, hi);
  std::vector<T> v(256 / sizeof(T));
  for (T& x : v) x = static_cast<T>(d(g));
  return v;
}

template <class T, class F>
void expectLanes(const std::string& inst, const char* dt, const std::vector<T>& a, const std::vector<T>& b,
                 const std::vector<T>& c, F ref) {
  const std::vector<T> got = vpuRun<T>(inst, a, b, c, dt);
  for (size_t i = 0; i < got.size(); ++i) {
    const T want = ref(a[i], b[i], c[i]);
    if constexpr (std::is_floating_point_v<T>)
      ASSERT_EQ(fbits(got[i]), fbits(want)) << inst << " lane " << i << ": " << got[i] << " vs " << want;
    else
      ASSERT_EQ(got[i], want) << inst << " lane " << i << " a=" << +a[i] << " b=" << +b[i];
  }
}

TEST(VliwVpu, Fp32Operations) {
  auto a = randomLanes<float>(1, -100, 100), b = randomLanes<float>(2, -100, 100),
       c = randomLanes<float>(3, -100, 100);
  b[3] = a[3];
  expectLanes<float>("add.f32 V3, V1, V2", "f32", a, b, c, [](float x, float y, float) { return x + y; });
  expectLanes<float>("sub.f32 V3, V1, V2", "f32", a, b, c, [](float x, float y, float) { return x - y; });
  expectLanes<float>("mul.f32 V3, V1, V2", "f32", a, b, c, [](float x, float y, float) { return x * y; });
  expectLanes<float>("mac.f32 V3, V1, V2", "f32", a, b, c,
                     [](float x, float y, float z) { return static_cast<float>(double(x) * y + z); });
  expectLanes<float>("mac.f32 neg V3, V1, V2", "f32", a, b, c,
                     [](float x, float y, float z) { return static_cast<float>(z - double(x) * y); });
  expectLanes<float>("min.f32 V3, V1, V2", "f32", a, b, c, [](float x, float y, float) { return x < y ? x : y; });
  expectLanes<float>("max.f32 V3, V1, V2", "f32", a, b, c, [](float x, float y, float) { return x > y ? x : y; });
  expectLanes<float>("abs.f32 V3, V1", "f32", a, b, c, [](float x, float, float) { return std::fabs(x); });
  expectLanes<float>("add.f32 V3, V1, 0.5", "f32", a, b, c, [](float x, float, float) { return x + 0.5f; });
  expectLanes<float>("sel_less.f32 V3, V1, V2, V4, V2", "f32", a, b, c,
                     [](float x, float y, float z) { return x < y ? z : y; });
  expectLanes<float>("sel_eq.f32 V3, V1, V2, V4, 1.0", "f32", a, b, c,
                     [](float x, float y, float z) { return x == y ? z : 1.0f; });
  expectLanes<float>("mov.f32 V3, V2", "f32", a, b, c, [](float, float y, float) { return y; });
}

TEST(VliwVpu, Int32Operations) {
  auto a = randomLanes<int32_t>(4, -2e9, 2e9), b = randomLanes<int32_t>(5, -2e9, 2e9),
       c = randomLanes<int32_t>(6, -2e9, 2e9);
  a[0] = std::numeric_limits<int32_t>::min();
  auto wrap = [](int64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v))); };
  auto sat = [](int64_t v) {
    return static_cast<int32_t>(std::max<int64_t>(INT32_MIN, std::min<int64_t>(INT32_MAX, v)));
  };
  expectLanes<int32_t>("add.i32 V3, V1, V2", "i32", a, b, c, [&](int32_t x, int32_t y, int32_t) { return wrap(int64_t{x} + y); });
  expectLanes<int32_t>("add.i32 st V3, V1, V2", "i32", a, b, c, [&](int32_t x, int32_t y, int32_t) { return sat(int64_t{x} + y); });
  expectLanes<int32_t>("sub.i32 V3, V1, V2", "i32", a, b, c, [&](int32_t x, int32_t y, int32_t) { return wrap(int64_t{x} - y); });
  expectLanes<int32_t>("sub.i32 st V3, V1, V2", "i32", a, b, c, [&](int32_t x, int32_t y, int32_t) { return sat(int64_t{x} - y); });
  expectLanes<int32_t>("mac.i32 V3, V1, V2", "i32", a, b, c,
                       [&](int32_t x, int32_t y, int32_t z) { return wrap(int64_t{z} + int64_t{x} * y); });
  expectLanes<int32_t>("mac.i32 st V3, V1, V2", "i32", a, b, c,
                       [&](int32_t x, int32_t y, int32_t z) { return sat(int64_t{z} + int64_t{x} * y); });
  expectLanes<int32_t>("mul.i32 V4, V1, V2", "i32", a, b, c, [](int32_t, int32_t, int32_t z) { return z; });
  expectLanes<int32_t>("min.i32 V3, V1, V2", "i32", a, b, c, [](int32_t x, int32_t y, int32_t) { return std::min(x, y); });
  expectLanes<int32_t>("max.i32 V3, V1, V2", "i32", a, b, c, [](int32_t x, int32_t y, int32_t) { return std::max(x, y); });
  expectLanes<int32_t>("abs.i32 V3, V1", "i32", a, b, c, [](int32_t x, int32_t, int32_t) {
    return x == INT32_MIN ? INT32_MAX : (x < 0 ? -x : x);
  });
  expectLanes<int32_t>("and.i32 V3, V1, V2", "i32", a, b, c, [](int32_t x, int32_t y, int32_t) { return x & y; });
  expectLanes<int32_t>("or.i32 V3, V1, V2", "i32", a, b, c, [](int32_t x, int32_t y, int32_t) { return x | y; });
  expectLanes<int32_t>("xor.i32 V3, V1, V2", "i32", a, b, c, [](int32_t x, int32_t y, int32_t) { return x ^ y; });
  expectLanes<int32_t>("not.i32 V3, V1", "i32", a, b, c, [](int32_t x, int32_t, int32_t) { return ~x; });
  expectLanes<int32_t>("shl.i32 V3, V1, 3", "i32", a, b, c,
                       [](int32_t x, int32_t, int32_t) { return static_cast<int32_t>(static_cast<uint32_t>(x) << 3); });
  expectLanes<int32_t>("shr.i32 V3, V1, 3", "i32", a, b, c,
                       [](int32_t x, int32_t, int32_t) { return static_cast<int32_t>(static_cast<uint32_t>(x) >> 3); });
  // ASH by -3: arithmetic right shift; with RHU add 4 first.
  expectLanes<int32_t>("ash.i32 V3, V1, -3", "i32", a, b, c,
                       [](int32_t x, int32_t, int32_t) { return static_cast<int32_t>(int64_t{x} >> 3); });
  expectLanes<int32_t>("ash.i32 rhu V3, V1, -3", "i32", a, b, c,
                       [](int32_t x, int32_t, int32_t) { return static_cast<int32_t>((int64_t{x} + 4) >> 3); });
  // ASH by +4 saturates.
  expectLanes<int32_t>("ash.i32 V3, V1, 4", "i32", a, b, c,
                       [&](int32_t x, int32_t, int32_t) { return sat(int64_t{x} * 16); });
}

TEST(VliwVpu, Int32MulWritesLowAndHighHalves) {
  std::vector<std::string> p = {"mov.i32 V2, -3; nop; nop; nop", "mov.i32 V3, 0x40000001; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; mul.i32 V6, V2, V3; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  const int64_t prod = int64_t{-3} * 0x40000001;
  EXPECT_EQ(r.lane<uint32_t>(6, 9), static_cast<uint32_t>(static_cast<uint64_t>(prod)));
  EXPECT_EQ(r.lane<uint32_t>(7, 9), static_cast<uint32_t>(static_cast<uint64_t>(prod) >> 32));
}

TEST(VliwVpu, NarrowIntegerAndBf16Operations) {
  auto a16 = randomLanes<int16_t>(7, -30000, 30000), b16 = randomLanes<int16_t>(8, -30000, 30000);
  auto sat16 = [](int v) { return static_cast<int16_t>(std::max(-32768, std::min(32767, v))); };
  expectLanes<int16_t>("add.i16 V3, V1, V2", "i16", a16, b16, a16,
                       [](int16_t x, int16_t y, int16_t) { return static_cast<int16_t>(x + y); });
  expectLanes<int16_t>("add.i16 st V3, V1, V2", "i16", a16, b16, a16,
                       [&](int16_t x, int16_t y, int16_t) { return sat16(x + y); });
  expectLanes<int16_t>("max.i16 V3, V1, V2", "i16", a16, b16, a16,
                       [](int16_t x, int16_t y, int16_t) { return std::max(x, y); });
  auto a8 = randomLanes<int8_t>(9, -128, 127), b8 = randomLanes<int8_t>(10, -128, 127);
  expectLanes<int8_t>("sub.i8 st V3, V1, V2", "i8", a8, b8, a8, [](int8_t x, int8_t y, int8_t) {
    return static_cast<int8_t>(std::max(-128, std::min(127, x - y)));
  });
  expectLanes<int8_t>("xor.i8 V3, V1, V2", "i8", a8, b8, a8,
                      [](int8_t x, int8_t y, int8_t) { return static_cast<int8_t>(x ^ y); });
  // bf16 lanes as raw 16-bit patterns.
  std::vector<uint16_t> ab(128), bb(128);
  auto fa = randomLanes<float>(11, -50, 50), fb = randomLanes<float>(12, -50, 50);
  for (int i = 0; i < 128; ++i) {
    ab[i] = refBf16(fa[i % 64] * (1 + i / 64));
    bb[i] = refBf16(fb[i % 64]);
  }
  expectLanes<uint16_t>("add.bf16 V3, V1, V2", "bf16", ab, bb, ab, [](uint16_t x, uint16_t y, uint16_t) {
    return refBf16(fromBf16(x) + fromBf16(y));
  });
  expectLanes<uint16_t>("mul.bf16 V3, V1, V2", "bf16", ab, bb, ab, [](uint16_t x, uint16_t y, uint16_t) {
    return refBf16(fromBf16(x) * fromBf16(y));
  });
  expectLanes<uint16_t>("mac.bf16 V3, V1, V2", "bf16", ab, bb, bb, [](uint16_t x, uint16_t y, uint16_t z) {
    return refBf16(static_cast<float>(double(fromBf16(x)) * fromBf16(y) + fromBf16(z)));
  });
  expectLanes<uint16_t>("abs.bf16 V3, V1", "bf16", ab, bb, ab,
                        [](uint16_t x, uint16_t, uint16_t) { return static_cast<uint16_t>(x & 0x7fff); });
}

TEST(VliwVpu, CompareAndConvert) {
  auto a = randomLanes<float>(13, -1000, 1000), b = randomLanes<float>(14, -1000, 1000);
  a[5] = b[5];
  CoreRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  r.svc.tensors[1] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) {
    r.svc.tensors[0].set<float>(i, a[i]);
    r.svc.tensors[1].set<float>(i, b[i]);
  }
  std::vector<std::string> p = {"ld_tnsr V1, 0x0, I2; nop; nop; nop", "ld_tnsr V2, 0x1, I2; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; cmp_geq.f32 VP4, V1, V2; nop");
  p.push_back("nop; nop; cmp_eq.f32 VP5, V1, V2; nop");
  p.push_back("nop; nop; convert.f32 target_type=int32 rz V6, V1; nop");
  p.push_back("nop; nop; convert.f32 target_type=int32 V7, V1; nop");
  pad(p, 6);
  p.push_back(kHalt);
  r.go(join(p));
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r.core->vp(4).bit(i * 4), a[i] >= b[i]) << i;
    EXPECT_EQ(r.core->vp(5).bit(i * 4), a[i] == b[i]) << i;
    EXPECT_EQ(r.lane<int32_t>(6, i), static_cast<int32_t>(std::trunc(a[i]))) << i;
    EXPECT_EQ(r.lane<int32_t>(7, i), static_cast<int32_t>(std::nearbyint(a[i]))) << i;
  }
}

// Scalar instructions, checked on S registers after the run.
uint32_t spu(const std::string& setup, const std::string& inst, unsigned reg = 3) {
  std::vector<std::string> p;
  std::istringstream in(setup);
  std::string l;
  while (std::getline(in, l)) {
    p.push_back("nop; " + l + "; nop; nop");
    pad(p, 5);  // setup results visible before the next setup line reads them
  }
  pad(p, 6);
  p.push_back("nop; " + inst + "; nop; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  return r.core->s(reg);
}

TEST(VliwSpu, ScalarOperationsAgainstReference) {
  const std::string ab = "mov.i32 S1, -7\nmov.i32 S2, 3";
  EXPECT_EQ(spu(ab, "add.i32 S3, S1, S2"), static_cast<uint32_t>(-4));
  EXPECT_EQ(spu(ab, "sub.i32 S3, S1, S2"), static_cast<uint32_t>(-10));
  EXPECT_EQ(spu(ab, "mul.i32 S3, S1, S2"), static_cast<uint32_t>(-21));
  EXPECT_EQ(spu("mov.i32 S1, 0x10000\nmov.i32 S2, 0x30000", "mul.i32 upper32 S3, S1, S2"), 3u);
  EXPECT_EQ(spu(ab + "\nmov.i32 S3, 100", "mac.i32 S3, S1, S2"), 79u);
  EXPECT_EQ(spu(ab, "min.i32 S3, S1, S2"), static_cast<uint32_t>(-7));
  EXPECT_EQ(spu(ab, "max.u32 S3, S1, S2"), static_cast<uint32_t>(-7));
  EXPECT_EQ(spu(ab, "abs.i32 S3, S1"), 7u);
  EXPECT_EQ(spu(ab, "and.i32 S3, S1, S2"), static_cast<uint32_t>(-7 & 3));
  EXPECT_EQ(spu(ab, "or.i32 S3, S1, S2"), static_cast<uint32_t>(-7 | 3));
  EXPECT_EQ(spu(ab, "xor.i32 S3, S1, S2"), static_cast<uint32_t>(-7 ^ 3));
  EXPECT_EQ(spu(ab, "not.i32 S3, S1"), 6u);
  EXPECT_EQ(spu(ab, "shl.i32 S3, S1, S2"), static_cast<uint32_t>(-56));
  EXPECT_EQ(spu(ab, "shr.i32 S3, S1, S2"), 0xfffffff9u >> 3);
  EXPECT_EQ(spu(ab, "ash.i32 S3, S1, -1"), static_cast<uint32_t>(-4));
  EXPECT_EQ(spu("mov.i32 S1, 0x7fffffff\nmov.i32 S2, 1", "add.i32 st S3, S1, S2"), 0x7fffffffu);
  EXPECT_EQ(spu("mov.i16 S1, 30000\nmov.i16 S2, 30000", "add.i16 st S3, S1, S2"), 32767u);
  EXPECT_EQ(spu("mov.i8 S1, -100\nmov.i8 S2, 100", "sub.i8 st S3, S1, S2"), static_cast<uint32_t>(-128));
  const std::string fab = "mov.f32 S1, 2.5\nmov.f32 S2, -0.75";
  EXPECT_EQ(bitsf(spu(fab, "add.f32 S3, S1, S2")), 1.75f);
  EXPECT_EQ(bitsf(spu(fab, "sub.f32 S3, S1, S2")), 3.25f);
  EXPECT_EQ(bitsf(spu(fab, "mul.f32 S3, S1, S2")), -1.875f);
  EXPECT_EQ(bitsf(spu(fab + "\nmov.f32 S3, 1.0", "mac.f32 S3, S1, S2")), -0.875f);
  EXPECT_EQ(bitsf(spu(fab, "max.f32 S3, S1, S2")), 2.5f);
  EXPECT_EQ(bitsf(spu(fab, "abs.f32 S3, S2")), 0.75f);
  EXPECT_EQ(spu(fab + "\ncmp_less.f32 SP2, S2, S1", "mov.i32 S3, SP2"), 1u);
  EXPECT_EQ(spu(ab + "\ncmp_grt.i32 SP2, S2, S1\nmov.i32 S3, 5", "mov.i32 S3, 9, !SP2"), 5u);
  // bf16 scalars live in the low half.
  EXPECT_EQ(spu("mov.bf16 S1, 1.5\nmov.bf16 S2, 2.0", "mul.bf16 S3, S1, S2"), 0x4040u);
}

TEST(VliwSpu, ConvertRoundsAndSaturates) {
  EXPECT_EQ(spu("mov.f32 S1, 2.5", "convert.f32 target_type=int32 S3, S1"), 2u);  // half even
  EXPECT_EQ(spu("mov.f32 S1, 2.5", "convert.f32 target_type=int32 rhaz S3, S1"), 3u);
  EXPECT_EQ(spu("mov.f32 S1, -2.5", "convert.f32 target_type=int32 rd S3, S1"), static_cast<uint32_t>(-3));
  EXPECT_EQ(spu("mov.f32 S1, 1.0e10", "convert.f32 target_type=int32 S3, S1"), 0x7fffffffu);
  EXPECT_EQ(spu("mov.f32 S1, 300.0", "convert.f32 target_type=int8 S3, S1"), 127u);
  EXPECT_EQ(spu("mov.i32 S1, -5", "convert.i32 target_type=fp32 S3, S1"), fbits(-5.0f));
  EXPECT_EQ(spu("mov.i32 S1, 70000", "convert.i32 target_type=int16 S3, S1"), 32767u);
  EXPECT_EQ(spu("mov.f32 S1, 1.00390625", "convert.f32 target_type=bf16 S3, S1"), 0x3f80u);  // tie -> even
  EXPECT_EQ(spu("mov.f32 S1, 1.01171875", "convert.f32 target_type=bf16 S3, S1"), 0x3f82u);  // tie -> even up
  EXPECT_EQ(spu("mov.bf16 S1, 0x3fc0", "convert.bf16 target_type=fp32 S3, S1"), fbits(1.5f));
}

TEST(VliwSpu, IndexRegistersWithDimensionMask) {
  std::vector<std::string> p = {"nop; mov.i32 b11111 I3, 2; nop; nop", "nop; mov.i32 S1, 10; nop; nop"};
  pad(p, 6);
  p.push_back("nop; add.i32 b00101 I3, S1, I3; nop; nop");
  pad(p, 4);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  const vliw::IReg i3 = r.core->irf(3);
  EXPECT_EQ(i3.d[0], 12);
  EXPECT_EQ(i3.d[1], 2);
  EXPECT_EQ(i3.d[2], 12);
  EXPECT_EQ(i3.d[3], 2);
}

// ------------------------------------------------ (5) tensors, MMIO, args

// docs/habana.md, Tensors: fp32 tensor {100,5,5,1,2}, pad P, access at (64,3,2,0,1).
TEST(VliwTensor, LoadPadsAndStoreCullsAlongDim0) {
  const uint32_t P = fbits(-9.0f);
  std::vector<std::string> p = {"nop; mov.i32 b00001 I4, 64; nop; nop", "nop; mov.i32 b00010 I4, 3; nop; nop",
                                "nop; mov.i32 b00100 I4, 2; nop; nop", "nop; mov.i32 b10000 I4, 1; nop; nop",
                                "nop; mov.i32 b00010 I5, 5; nop; nop"};
  pad(p, 4);
  p.push_back("ld_tnsr V1, 0x0, I4; nop; nop; nop");
  p.push_back("ld_tnsr V2, 0x0, I5; nop; nop; nop");
  pad(p, 4);
  p.push_back("nop; nop; add.f32 V3, V1, 1.0; nop");
  pad(p, 1);
  p.push_back("nop; nop; nop; st_tnsr 0x1, I4, V3");
  p.push_back("nop; nop; nop; st_tnsr 0x1, I5, V3");
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[0] = FakeTensor({100, 5, 5, 1, 2}, 4, P);
  r.svc.tensors[1] = FakeTensor({100, 5, 5, 1, 2}, 4, P);
  for (int i = 0; i < 5000; ++i) r.svc.tensors[0].set<float>(i, static_cast<float>(i));
  r.go(join(p));
  const int base = 64 + 3 * 100 + 2 * 500 + 1 * 2500;  // 3864, byte offset 15456
  EXPECT_EQ(base * 4, 15456);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r.lane<float>(1, i), i < 36 ? static_cast<float>(base + i) : -9.0f) << i;
    EXPECT_EQ(r.lane<float>(2, i), -9.0f) << i;  // dim 1 = 5 is outside: all pad
  }
  int written = 0;
  for (int i = 0; i < 5000; ++i)
    if (r.svc.tensors[1].at<float>(i) != 0.0f) {
      ++written;
      EXPECT_EQ(r.svc.tensors[1].at<float>(i), static_cast<float>(i) + 1.0f) << i;
      EXPECT_TRUE(i >= base && i < base + 36) << i;
    }
  EXPECT_EQ(written, 36);
}

TEST(VliwTensor, IndexSpaceScalarArgumentsAndMmio) {
  std::vector<std::string> p = {
      "ld_l mmio S10, 0x410; nop; nop; nop",  // tensor 0 dim 0 size
      "ld_l mmio S11, 0x44c; nop; nop; nop",  // tensor 1 dim 0 stride
      "ld_l mmio S12, 0x41c; nop; nop; nop",  // tensor 0 dim 1 stride
      "ld_l mmio S13, 0x408; nop; nop; nop",  // tensor 0 pad
      "ld_l mmio S14, 0x798; nop; nop; nop",  // index-space offset dim 1
      "ld_l mmio S15, 0x79c; nop; nop; nop",  // index-space size dim 1
      "ld_l mmio S16, 0x7c4; nop; nop; nop",  // scalar argument 1
      "nop; nop; nop; st_l mmio 0x418, S0",   // tensor 0 dim 1 size := arg 0
  };
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.isOffset[1] = 4;
  r.svc.isSize[1] = 2;
  r.svc.isOffset[0] = 7;
  r.svc.tensors[0] = FakeTensor({100, 5}, 4, 0x1234);
  r.svc.tensors[1] = FakeTensor({64, 2}, 4);
  r.go(join(p), {77, fbits(0.5f)});
  EXPECT_EQ(r.core->s(10), 100u);
  EXPECT_EQ(r.core->s(11), 1u);
  EXPECT_EQ(r.core->s(12), 100u);
  EXPECT_EQ(r.core->s(13), 0x1234u);
  EXPECT_EQ(r.core->s(14), 4u);
  EXPECT_EQ(r.core->s(15), 2u);
  EXPECT_EQ(r.core->s(16), fbits(0.5f));
  EXPECT_EQ(r.core->s(0), 77u);  // arguments in S0, S1, ...
  EXPECT_EQ(r.core->s(1), fbits(0.5f));
  EXPECT_EQ(r.svc.tensors[0].size[1], 77);
  EXPECT_EQ(r.core->irf(0).d[0], 7);  // I0 = offset, I1 = size
  EXPECT_EQ(r.core->irf(0).d[1], 4);
  EXPECT_EQ(r.core->irf(1).d[1], 2);
}

TEST(VliwTensor, LocalMemoriesRoundTrip) {
  std::vector<std::string> p = {"mov.f32 V1, 2.5; mov.i32 S1, 0x1234; nop; nop"};
  pad(p, 7);
  p.push_back("nop; nop; nop; st_l_v 0x100, V1");
  p.push_back("nop; nop; nop; st_l 0x8, S1");
  p.push_back("nop; nop; nop; aso");
  p.push_back("ld_l_v V2, 0x100; nop; nop; nop");
  p.push_back("ld_l S2, 0x8; nop; nop; nop");
  pad(p, 4);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  EXPECT_EQ(r.lane<float>(2, 63), 2.5f);
  EXPECT_EQ(r.core->s(2), 0x1234u);
  EXPECT_EQ(r.svc.fences, 1);
}

// ------------------------------------------------ (6) control flow

TEST(VliwControl, LoopRunsBodyAndLeavesIterator) {
  const std::string src = join({
      "loop 0, 5, 1, <, End",
      "nop; add.i32 S5, S5, 1; nop; nop",
      kNop, kNop, kNop,
      "End:",
      kNop, kNop, kNop,
      "nop; mov.i32 S6, S32; nop; nop",
      kNop, kNop, kNop, kNop,
      kHalt,
  });
  CoreRun r;
  r.go(src);
  EXPECT_EQ(r.core->s(5), 5u);
  EXPECT_EQ(r.core->s(6), 5u);  // iterator after the loop: first failing value
  // 1 LOOP + 5 x 4 body + 3 + 1 + 4 + halt.
  EXPECT_EQ(r.core->cycles(), 1u + 20u + 3u + 1u + 4u + 1u);
}

TEST(VliwControl, NestedLoopsAndIteratorsInS32S33) {
  const std::string src = join({
      "loop 0, 3, 1, <, Outer",
      "loop 10, 4, -3, >, Inner",   // 10, 7: two passes
      "nop; add.i32 S5, S5, 1; nop; nop",
      kNop, kNop, "nop; add.i32 S6, S6, S33; nop; nop",
      kNop, kNop, kNop,
      "Inner:",
      kNop,
      "Outer:",
      kNop, kNop, kNop, kNop,
      kHalt,
  });
  CoreRun r;
  r.go(src);
  EXPECT_EQ(r.core->s(5), 6u);
  EXPECT_EQ(r.core->s(6), 3u * (10u + 7u));
  EXPECT_EQ(r.core->s(32), 3u);
  EXPECT_EQ(r.core->s(33), 4u);
}

TEST(VliwControl, LoopSkippedWhenConditionFailsAtStart) {
  CoreRun r;
  r.go(join({"loop 5, 5, 1, <, E", "nop; mov.i32 S5, 1; nop; nop", "E:", kNop, kHalt}));
  EXPECT_EQ(r.core->s(5), 0u);
}

TEST(VliwControl, JmprForwardBackwardAndPredicated) {
  const std::string src = join({
      "nop; mov.i32 S1, 3; nop; nop",
      kNop, kNop, kNop,
      "Top:",
      "nop; sub.i32 S1, S1, 1; nop; nop",
      "nop; add.i32 S2, S2, 1; nop; nop",
      kNop, kNop,
      "nop; cmp_grt.i32 SP1, S1, 0; nop; nop",
      kNop,
      "nop; jmpr Top, SP1; nop; nop",
      "nop; jmpr Skip; nop; nop",
      "nop; mov.i32 S3, 99; nop; nop",
      "Skip:",
      "nop; jmpr Never, !SP0; nop; nop",  // !SP0: never taken
      kNop, kNop,
      kHalt,
      "Never:",
      kHalt,
  });
  CoreRun r;
  r.go(src);
  EXPECT_EQ(r.core->s(2), 3u);
  EXPECT_EQ(r.core->s(3), 0u);
  EXPECT_EQ(r.trace.back().pc, 16u);
}

// ------------------------------------------------ (7) errors

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const TpcError& e) {
    return e.what();
  }
  return "";
}

// ------------------------------------------------ (6) Gaudi variants

// Vectors placed in VLM at 256-byte slot k are loaded into registers with
// ld_l_v; `inst` issues once every load has landed; registers are read
// after the run.
struct VecRun : CoreRun {
  std::vector<std::string> lines;
  void put(unsigned reg, const void* bytes) {
    const unsigned slot = static_cast<unsigned>(lines.size()) + 1;
    std::memcpy(svc.vlm.data() + slot * 256, bytes, 256);
    lines.push_back("ld_l_v V" + std::to_string(reg) + ", " + std::to_string(slot * 256) + "; nop; nop; nop");
  }
  template <class T>
  void putLanes(unsigned reg, const std::vector<T>& v) {
    put(reg, v.data());
  }
  void run(const std::vector<std::string>& body, std::vector<uint32_t> scalars = {}) {
    std::vector<std::string> p = lines;
    pad(p, 7);
    for (const std::string& b : body) {
      p.push_back(b);
      pad(p, 7);
    }
    p.push_back(kHalt);
    go(join(p), scalars);
  }
};

template <class T>
std::vector<T> iota(T start, T step = T(1)) {
  std::vector<T> v(256 / sizeof(T));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<T>(start + static_cast<T>(i) * step);
  return v;
}

// PARTIAL: S30/S31 = (offset << 8) | (elements - 1), as tpc_llvm's
// CGBuiltinTPC.cpp builds it. Load lanes 3..7 (5 elements), store lanes
// 10..11.
TEST(VliwTensor, PartialLoadAndStoreTouchOnlyTheirLanes) {
  VecRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  r.svc.tensors[1] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) r.svc.tensors[0].set<float>(i, 100.0f + i);
  for (int i = 0; i < 64; ++i) r.svc.tensors[1].set<float>(i, -1.0f);
  r.putLanes(1, std::vector<float>(64, 7.0f));
  r.run({"nop; mov.i32 S30, 0x304; nop; nop", "nop; mov.i32 S31, 0xa01; nop; nop",
         "ld_tnsr V1, 0x0, I2, S30; nop; nop; nop", "nop; nop; nop; st_tnsr 0x1, I2, V1, S31"});
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r.lane<float>(1, i), i >= 3 && i <= 7 ? 100.0f + i : 7.0f) << i;
    EXPECT_EQ(r.svc.tensors[1].at<float>(i), i == 10 || i == 11 ? 7.0f : -1.0f) << i;
  }
}

// RMW selector in S29 (MkRMW: type bits 0..2, op bits 4..5, bit 6 on,
// bit 7 descriptor type): 0x47 add fp32, 0x51 sub int16, 0xf0 max with
// the tensor's type (the instruction's, i32 here), 0x07 plain store.
TEST(VliwTensor, RmwStoreDecodesTheSelector) {
  auto rmwOf = [](const std::string& st, uint32_t word) {
    VecRun r;
    r.svc.tensors[1] = FakeTensor({64}, 4);
    r.run({"nop; mov.i32 S29, " + std::to_string(word) + "; nop; nop", "nop; nop; nop; " + st});
    return std::make_pair(r.svc.lastRmw, r.svc.lastRmwType);
  };
  EXPECT_EQ(rmwOf("st_tnsr 0x1, I2, V1, S29", 0x47), std::make_pair(RmwOp::Add, RmwType::F32));
  EXPECT_EQ(rmwOf("st_tnsr 0x1, I2, V1, S29", 0x51), std::make_pair(RmwOp::Sub, RmwType::I16));
  EXPECT_EQ(rmwOf("st_tnsr.i32 0x1, I2, V1, S29", 0xf0), std::make_pair(RmwOp::Max, RmwType::I32));
  EXPECT_EQ(rmwOf("st_tnsr 0x1, I2, V1, S29", 0x07).first, RmwOp::None);
}

// PACK of 16-bit elements: element 2j+k of the register goes to position
// 64k + j (sub-lane 0 of every pair first).
TEST(VliwTensor, PackStoreWritesSubLaneZeroFirst) {
  VecRun r;
  r.svc.tensors[1] = FakeTensor({128}, 2);
  r.putLanes(1, iota<uint16_t>(0));
  r.run({"nop; nop; nop; st_tnsr.bf16 pack 0x1, I2, V1"});
  for (int j = 0; j < 64; ++j)
    for (int k = 0; k < 2; ++k) EXPECT_EQ(r.svc.tensors[1].at<uint16_t>(64 * k + j), 2 * j + k) << j;
}

// _LOW / _HIGH: 32 i32 elements from coord into lanes 0-31 / 32-63, the
// other half unchanged; stores of a half write 32 elements from coord.
TEST(VliwTensor, HalfVectorTensorAndLocalAccesses) {
  VecRun r;
  r.svc.tensors[0] = FakeTensor({64}, 4);
  r.svc.tensors[1] = FakeTensor({64}, 4);
  r.svc.tensors[2] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) r.svc.tensors[0].set<int32_t>(i, 1000 + i);
  r.putLanes(1, std::vector<int32_t>(64, -5));
  r.putLanes(2, std::vector<int32_t>(64, -6));
  r.putLanes(3, iota<int32_t>(0));
  std::vector<uint8_t> vlm(256);
  for (int i = 0; i < 256; ++i) vlm[i] = static_cast<uint8_t>(255 - i);
  std::memcpy(r.svc.vlm.data() + 0x4000, vlm.data(), 256);
  r.run({"ld_tnsr_low.i32 V1, 0x0, I2; nop; nop; nop", "ld_tnsr_high.i32 V2, 0x0, I2; nop; nop; nop",
         "nop; nop; nop; st_tnsr_high.i32 0x1, I2, V3", "ld_l_v_high V3, 0x4000; nop; nop; nop",
         "nop; nop; nop; st_l_v_low 0x4100, V3"});
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r.lane<int32_t>(1, i), i < 32 ? 1000 + i : -5) << i;
    EXPECT_EQ(r.lane<int32_t>(2, i), i < 32 ? -6 : 1000 + i - 32) << i;
    EXPECT_EQ(r.svc.tensors[1].at<int32_t>(i), i < 32 ? 32 + i : 0) << i;
  }
  EXPECT_EQ(r.svc.lastStoreLanes, 32u);
  for (int b = 0; b < 256; ++b) {
    // V3 was 0..63 as i32; its high half now holds VLM bytes 0..127.
    const uint8_t want = b < 128 ? static_cast<uint8_t>((b % 4) ? 0 : b / 4) : static_cast<uint8_t>(255 - (b - 128));
    EXPECT_EQ(r.core->v(3).b[b], want) << b;
  }
  for (int b = 0; b < 128; ++b) EXPECT_EQ(r.svc.vlm[0x4100 + b], (b % 4) ? 0 : b / 4) << b;
}

// LOOKUP_1C / _2C on the reciprocal table (function id 129 = e_fp32_rcp,
// 128 intervals on [1,2)): C0 + C1 v + C2 v^2 approximates 1/x on interval
// i; checked at v = 0 and at the interval's middle against 1/x.
TEST(VliwLoad, LookupCoefficientsApproximateTheFunction) {
  VecRun r;
  std::vector<uint32_t> intervals(64);
  for (int i = 0; i < 64; ++i) intervals[i] = static_cast<uint32_t>(2 * i);
  r.putLanes(1, intervals);
  r.run({"lookup_1c BV32 V2, V1, 0x81; nop; nop; nop", "lookup_2c BV32 D4, V1, 0x81; nop; nop; nop"});
  EXPECT_EQ(r.svc.lutUses, 2);
  for (int i = 0; i < 64; ++i) {
    const double x0 = 1.0 + 2 * i / 128.0, h = 1.0 / 256;
    const double c0 = r.lane<float>(2, i), c1 = r.lane<float>(4, i), c2 = r.lane<float>(5, i);
    EXPECT_NEAR(c0, 1.0 / x0, 1e-5) << i;
    EXPECT_NEAR(c0 + c1 * h + c2 * h * h, 1.0 / (x0 + h), 1e-5) << i;
  }
  CoreRun bad;
  const std::string e = errorOf([&] { bad.go("lookup_1c BV16 V2, V1, 0x81; nop; nop; nop\n" + std::string(kHalt) + "\n"); });
  EXPECT_NE(e.find("only BV32"), std::string::npos) << e;
}

// acc_fp32: fp32 lane j of D's first register from bf16 lanes 2j, of the
// second from lanes 2j+1; the bf16 product is exact in fp32.
TEST(VliwVpu, Bf16AccFp32MulAndMacWritePairs) {
  VecRun r;
  std::vector<uint16_t> a(128), b(128);
  std::vector<float> acc(64);
  for (int i = 0; i < 128; ++i) {
    a[i] = refBf16(0.75f + 0.125f * static_cast<float>(i % 9) - static_cast<float>(i % 5));
    b[i] = refBf16(1.5f - 0.0625f * static_cast<float>(i));
  }
  for (int j = 0; j < 64; ++j) acc[j] = 0.1f * static_cast<float>(j);
  r.putLanes(1, a);
  r.putLanes(2, b);
  r.putLanes(6, acc);
  r.putLanes(7, acc);
  r.run({"nop; nop; mul.bf16 acc_fp32 D4, V1, V2; nop", "nop; nop; mac.bf16 acc_fp32 neg D6, V1, V2; nop"});
  for (int j = 0; j < 64; ++j)
    for (int h = 0; h < 2; ++h) {
      const double p = double(fromBf16(a[2 * j + h])) * fromBf16(b[2 * j + h]);
      EXPECT_EQ(r.lane<float>(4 + h, j), static_cast<float>(p)) << j;
      EXPECT_EQ(r.lane<float>(6 + h, j), static_cast<float>(double(acc[j]) - p)) << j;
    }
}

// 16-bit integer MUL / MAC: 32-bit products in the same pair layout; MAC ST
// saturates the 32-bit accumulator.
TEST(VliwVpu, Int16MulAndMacWidenIntoPairs) {
  VecRun r;
  std::vector<int16_t> a(128), b(128);
  std::vector<int32_t> acc(64), big(64, INT32_MAX - 5);
  for (int i = 0; i < 128; ++i) {
    a[i] = static_cast<int16_t>(-32768 + 511 * i);
    b[i] = static_cast<int16_t>(32767 - 257 * i);
  }
  for (int j = 0; j < 64; ++j) acc[j] = 1000 * j - 7;
  r.putLanes(1, a);
  r.putLanes(2, b);
  r.putLanes(6, acc);
  r.putLanes(7, acc);
  r.putLanes(8, big);
  r.putLanes(9, big);
  std::vector<uint16_t> ua(128);
  for (int i = 0; i < 128; ++i) ua[i] = static_cast<uint16_t>(65535 - 300 * i);
  r.putLanes(10, ua);
  r.run({"nop; nop; mul.i16 D4, V1, V2; nop", "nop; nop; mac.i16 D6, V1, V2; nop",
         "nop; nop; mac.i16 st D8, V1, 2; nop", "nop; nop; mul.u16 D12, V10, V10; nop"});
  for (int j = 0; j < 64; ++j)
    for (int h = 0; h < 2; ++h) {
      const int n = 2 * j + h;
      const int64_t p = int64_t{a[n]} * b[n];
      EXPECT_EQ(r.lane<int32_t>(4 + h, j), static_cast<int32_t>(p)) << n;
      EXPECT_EQ(r.lane<int32_t>(6 + h, j), static_cast<int32_t>(static_cast<uint32_t>(acc[j] + p))) << n;
      const int64_t s = int64_t{INT32_MAX - 5} + 2 * int64_t{a[n]};
      EXPECT_EQ(r.lane<int32_t>(8 + h, j), s > INT32_MAX ? INT32_MAX : static_cast<int32_t>(s)) << n;
      EXPECT_EQ(r.lane<uint32_t>(12 + h, j), uint32_t{ua[n]} * ua[n]) << n;
    }
}

// Width-changing CONVERT: lane_sel writes / reads the narrow lanes
// j*ratio + sel; all_lanes converts a pair to one register and back.
TEST(VliwVpu, WidthChangingConvertLayouts) {
  VecRun r;
  std::vector<float> f(64), g(64);
  for (int j = 0; j < 64; ++j) {
    f[j] = 1.0f + static_cast<float>(j) / 3.0f;
    g[j] = -2.5f * static_cast<float>(j) + 0.5f;
  }
  std::vector<uint16_t> bf(128);
  for (int i = 0; i < 128; ++i) bf[i] = refBf16(static_cast<float>(i) * 0.75f - 40.0f);
  r.putLanes(1, f);
  r.putLanes(2, g);
  r.putLanes(3, std::vector<uint16_t>(128, 0x1234));
  r.putLanes(4, bf);
  r.putLanes(9, std::vector<int8_t>(256, 9));
  r.run({"nop; nop; convert.f32 lane_sel=1 target_type=bf16 V3, V1; nop",
         "nop; nop; convert.bf16 lane_sel=1 target_type=fp32 V5, V4; nop",
         "nop; nop; convert.f32 all_lanes target_type=bf16 V6, V1; nop",
         "nop; nop; convert.bf16 all_lanes target_type=fp32 V10, V4; nop",
         "nop; nop; convert.f32 lane_sel=2 target_type=int8 rz V9, V2; nop"});
  for (int j = 0; j < 64; ++j) {
    EXPECT_EQ(r.lane<uint16_t>(3, 2 * j), 0x1234) << j;
    EXPECT_EQ(r.lane<uint16_t>(3, 2 * j + 1), refBf16(f[j])) << j;
    EXPECT_EQ(r.lane<float>(5, j), fromBf16(bf[2 * j + 1])) << j;
    EXPECT_EQ(r.lane<uint16_t>(6, 2 * j), refBf16(f[j])) << j;
    EXPECT_EQ(r.lane<uint16_t>(6, 2 * j + 1), refBf16(g[j])) << j;
    EXPECT_EQ(r.lane<float>(10, j), fromBf16(bf[2 * j])) << j;
    EXPECT_EQ(r.lane<float>(11, j), fromBf16(bf[2 * j + 1])) << j;
    const double t = std::trunc(g[j]);
    for (int k = 0; k < 4; ++k)
      EXPECT_EQ(r.lane<int8_t>(9, 4 * j + k), k == 2 ? static_cast<int8_t>(t < -128 ? -128 : t) : 9) << j;
  }
}

// MOV_DG / MOV_G on bytes: dual group d = bytes 64d..64d+63, group g its
// 32-byte half.
TEST(VliwVpu, MoveDualGroupsAndGroups) {
  VecRun r;
  r.putLanes(1, iota<uint8_t>(0));
  r.putLanes(2, std::vector<uint8_t>(256, 0xee));
  r.putLanes(3, std::vector<uint8_t>(256, 0xee));
  r.putLanes(4, std::vector<uint8_t>(256, 0xee));
  r.run({"nop; nop; mov_dg.i32 src=2 dst=1 wr_lg=0x1 wr_ug=0x0 V2, V1, 0x0000ffff; nop",
         "nop; nop; mov_dg.all.i32 sdg0=3 sdg1=0 sdg2=1 sdg3=2 weg0=3 weg1=2 weg2=1 weg3=0 V3, V1, 0xffffffff; nop",
         "nop; nop; mov_g.i32 g_en=0b01 dg_en=0b0101 V4, V1, 0xff; nop"});
  for (int b = 0; b < 256; ++b) {
    const int dg = b / 64, g = (b % 64) / 32, j = b % 32;
    EXPECT_EQ(r.core->v(2).b[b], dg == 1 && g == 0 && j < 16 ? 128 + j : 0xee) << b;
    const int sdg[4] = {3, 0, 1, 2}, weg[4] = {3, 2, 1, 0};
    EXPECT_EQ(r.core->v(3).b[b], (weg[dg] >> g) & 1 ? 64 * sdg[dg] + 32 * g + j : 0xee) << b;
    EXPECT_EQ(r.core->v(4).b[b], (dg == 0 || dg == 2) && g == 0 && j < 8 ? 64 * dg + 32 + j : 0xee) << b;
  }
}

// Bit operations lane by lane (i32 lanes; results in the lane), FCLASS,
// EXTRACT_EXP, NEARBYINT and CALC_FP_SPECIAL.
TEST(VliwVpu, BitAndFloatClassOperations) {
  VecRun r;
  std::vector<uint32_t> a(64);
  for (int i = 0; i < 64; ++i) a[i] = 0x9e3779b9u * static_cast<uint32_t>(i + 1) ^ (i == 5 ? 0xffffffffu : 0u);
  a[0] = 0;
  std::vector<float> f = {0.0f, -0.0f, 1.0f, -2.5f, 3.5f, -7.75f, 1e-40f, -INFINITY, INFINITY, NAN};
  f.resize(64, 0.3f);
  r.putLanes(1, a);
  r.putLanes(2, f);
  r.putLanes(7, std::vector<float>(64, 42.0f));
  r.putLanes(8, std::vector<float>(64, 1.0f));
  r.run({"nop; nop; popcnt.u32 set=1 V3, V1; nop", "nop; nop; find_first.u32 set=1 start_msb V4, V1; nop",
         "nop; nop; brev.u32 V5, V1; nop", "nop; nop; fclass.f32 V6, V2; nop",
         "nop; nop; extract_exp.f32 V9, V2; nop", "nop; nop; nearbyint.f32 rd V10, V2; nop",
         "nop; nop; nearbyint.f32 V11, V2; nop", "nop; nop; fclass.f32 V12, V8; nop",
         "nop; nop; calc_fp_special.f32 func=div V7, V12, V6; nop"});
  for (int i = 0; i < 64; ++i) {
    int ones = 0, top = 32;
    uint32_t rev = 0;
    for (int b = 0; b < 32; ++b) {
      ones += (a[i] >> b) & 1;
      if ((a[i] >> b) & 1) top = b;
      rev |= ((a[i] >> b) & 1u) << (31 - b);
    }
    EXPECT_EQ(r.lane<uint32_t>(3, i), static_cast<uint32_t>(ones)) << i;
    EXPECT_EQ(r.lane<uint32_t>(4, i), static_cast<uint32_t>(top)) << i;
    EXPECT_EQ(r.lane<uint32_t>(5, i), rev) << i;
  }
  // FCLASS one-hot: -inf 0, -normal 1, -denormal 2, -0 3, +0 4, +denormal 5,
  // +normal 6, +inf 7, sNaN 8, qNaN 9 (tpc-intrinsics.h FCLASS).
  const uint32_t cls[10] = {1u << 4, 1u << 3, 1u << 6, 1u << 1, 1u << 6, 1u << 1, 1u << 5, 1u << 0, 1u << 7, 1u << 9};
  const int exps[10] = {-127, -127, 0, 1, 1, 2, -127, 128, 128, 128};
  const float down[10] = {0.0f, -0.0f, 1.0f, -3.0f, 3.0f, -8.0f, 0.0f, -INFINITY, INFINITY, NAN};
  const float even[10] = {0.0f, -0.0f, 1.0f, -2.0f, 4.0f, -8.0f, 0.0f, -INFINITY, INFINITY, NAN};
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(r.lane<uint32_t>(6, i), cls[i]) << i;
    EXPECT_EQ(r.lane<int32_t>(9, i), exps[i]) << i;
    EXPECT_EQ(fbits(r.lane<float>(10, i)) & 0xffc00000u, fbits(down[i]) & 0xffc00000u) << i;
    EXPECT_EQ(fbits(r.lane<float>(11, i)) & 0xffc00000u, fbits(even[i]) & 0xffc00000u) << i;
  }
  // 1 / x for the special classes of x: 1/±0 = ±inf, 1/±inf = ±0, NaN; a
  // normal divisor keeps the income (42).
  EXPECT_EQ(r.lane<float>(7, 0), INFINITY);
  EXPECT_EQ(r.lane<float>(7, 1), -INFINITY);
  EXPECT_EQ(r.lane<float>(7, 2), 42.0f);
  EXPECT_EQ(fbits(r.lane<float>(7, 7)), fbits(-0.0f));
  EXPECT_EQ(fbits(r.lane<float>(7, 8)), fbits(0.0f));
  EXPECT_TRUE(std::isnan(r.lane<float>(7, 9)));
}

TEST(VliwSpu, BitOperationsAndUdiv4Step) {
  EXPECT_EQ(spu("mov.i32 S1, 0xf0f0", "popcnt.i16 set=0 S3, S1"), 8u);
  EXPECT_EQ(spu("mov.i32 S1, 0x50", "find_first.i8 set=1 start_lsb S3, S1"), 4u);
  EXPECT_EQ(spu("mov.i32 S1, 0x1", "brev.u16 S3, S1"), 0x8000u);
  EXPECT_EQ(spu("mov.f32 S1, -0.75", "extract_exp.f32 S3, S1"), static_cast<uint32_t>(-1));
  EXPECT_EQ(spu("mov.f32 S1, -0.75", "extract_exp.f32 biased S3, S1"), 126u);  // field of 2^-1
  EXPECT_EQ(bitsf(spu("mov.f32 S1, 2.5", "nearbyint.f32 ru S3, S1")), 3.0f);
  EXPECT_EQ(spu("mov.f32 S1, -0.0", "fclass.f32 S3, S1"), 1u << 3);
  // sqrt of a negative normal (class bit 1) is NaN.
  EXPECT_TRUE(std::isnan(bitsf(spu("mov.i32 S1, 2\nmov.f32 S3, 5.0", "calc_fp_special.f32 func=sqrt S3, S1, S1"))));
  // 1000 / 7 in u32: eight UDIV_4STEPs, steps 0, 4, ..., 28.
  std::vector<std::string> p = {"nop; mov.i32 S4, 1000; nop; nop", "nop; mov.i32 S5, 0; nop; nop",
                                "nop; mov.i32 S1, 7; nop; nop"};
  pad(p, 5);
  for (int step = 0; step < 32; step += 4) {
    p.push_back("nop; udiv_4step.u32 " + std::to_string(step) + " Z4, S1; nop; nop");
    pad(p, 4);
  }
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  EXPECT_EQ(r.core->s(4), 1000u % 7);
  EXPECT_EQ(r.core->s(5), 1000u / 7);
}

TEST(VliwVpu, AbsOfTheMinimumIntegerSaturates) {
  std::vector<int8_t> a8(256);
  for (int i = 0; i < 256; ++i) a8[i] = static_cast<int8_t>(i - 128);
  expectLanes<int8_t>("abs.i8 V3, V1", "i8", a8, a8, a8,
                      [](int8_t x, int8_t, int8_t) { return static_cast<int8_t>(x == -128 ? 127 : (x < 0 ? -x : x)); });
  std::vector<int16_t> a16(128, -32768);
  a16[1] = -5;
  expectLanes<int16_t>("abs.i16 V3, V1", "i16", a16, a16, a16,
                       [](int16_t x, int16_t, int16_t) { return static_cast<int16_t>(x == -32768 ? 32767 : (x < 0 ? -x : x)); });
}

TEST(VliwErrors, RefusedInstructionIsNamed) {
  CoreRun r;
  const std::string e = errorOf([&] { r.go("nop; nop; mac.i8 D2, V1, V2; nop\nnop; halt; nop; nop\n"); });
  EXPECT_NE(e.find("mac.i8"), std::string::npos) << e;
  EXPECT_NE(e.find("register quad"), std::string::npos) << e;
  CoreRun l;
  const std::string e2 = errorOf([&] {
    l.go("loop 0, 2, 1, <, End, 0x1\nnop; nop; nop; nop\nEnd:\nnop; halt; nop; nop\n");
  });
  EXPECT_NE(e2.find("trailing flag"), std::string::npos) << e2;
  EXPECT_NE(e.find("not executed by the VLIW core"), std::string::npos) << e;
  EXPECT_NE(e.find("bundle 0 (line 1)"), std::string::npos) << e;
  // Not reached: no error.
  CoreRun ok;
  ok.go("nop; halt; nop; nop\nnop; nop; mov_g.i32 g_en=0b11 dg_en=0b1111 V1, V2, S1; nop\n");
  EXPECT_TRUE(ok.core->halted());
}

TEST(VliwErrors, RegisterOutOfRangeAtRun) {
  tpcasm::Program prog = tpcasm::assemble("nop; nop; add.f32 V1, V2, V3; nop\nnop; halt; nop; nop\n");
  prog.items[0].bundle.slot[2].ops[1].reg.index = 45;
  FakeServices svc;
  VliwCore core(prog);
  core.reset(svc, nullptr, 0);
  const std::string e = errorOf([&] { core.step(); });
  EXPECT_NE(e.find("register V45 is out of range (V0-V39)"), std::string::npos) << e;
}

TEST(VliwErrors, MisalignedLocalMemoryComesFromServices) {
  CoreRun r;
  const std::string e = errorOf([&] { r.go("ld_l S1, 0x2; nop; nop; nop\nnop; halt; nop; nop\n"); });
  EXPECT_NE(e.find("misaligned SLM access at 2"), std::string::npos) << e;
  EXPECT_NE(e.find("ld_l"), std::string::npos) << e;
  CoreRun v;
  const std::string e2 = errorOf([&] { v.go("nop; nop; nop; st_l_v 0x40, V1\nnop; halt; nop; nop\n"); });
  EXPECT_NE(e2.find("misaligned VLM access at 64"), std::string::npos) << e2;
}

TEST(VliwErrors, ProgramThatNeverHalts) {
  FakeServices svc;
  VliwCore core(tpcasm::assemble("L:\nnop; nop; nop; nop\nnop; jmpr L; nop; nop\n"));
  core.reset(svc, nullptr, 0);
  const std::string e = errorOf([&] { core.run(1000); });
  EXPECT_NE(e.find("did not halt within 1000 cycles"), std::string::npos) << e;
  VliwCore off(tpcasm::assemble("nop; nop; nop; nop\n"));
  off.reset(svc, nullptr, 0);
  off.step();
  EXPECT_NE(errorOf([&] { off.step(); }).find("ran past the end of the program"), std::string::npos);
}

TEST(VliwErrors, UnmodelledMmioRegister) {
  CoreRun r;
  const std::string e = errorOf([&] { r.go("ld_l mmio S1, 0x40c; nop; nop; nop\nnop; halt; nop; nop\n"); });
  EXPECT_NE(e.find("MMIO read of address 0x40C is not modelled"), std::string::npos) << e;
}

// ------------------------------------------------ (8) index registers and global memory

// SET_INDX in the load, SPU and store slots: only the masked dims change;
// a false predicate changes nothing.
TEST(VliwIndex, SetIndxWritesMaskedDimsInEverySlot) {
  std::vector<std::string> p = {"nop; mov.i32 b11111 I2, 5; nop; nop", "nop; mov.i32 b11111 I3, 5; nop; nop",
                                "nop; mov.i32 b11111 I4, 5; nop; nop", "nop; mov.i32 S3, -7; nop; nop"};
  pad(p, 5);
  p.push_back("set_indx I2, b00010, S3; set_indx I3, b10101, 0x9; nop; set_indx I4, b01000, S3");
  p.push_back("set_indx I4, b00001, S3, SP1; nop; nop; set_indx I2, b00001, 0x3, !SP1");
  pad(p, 2);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  const vliw::IReg i2 = r.core->irf(2), i3 = r.core->irf(3), i4 = r.core->irf(4);
  const int e2[5] = {3, -7, 5, 5, 5}, e3[5] = {9, 5, 9, 5, 9}, e4[5] = {5, 5, 5, -7, 5};
  for (int d = 0; d < 5; ++d) {
    EXPECT_EQ(i2.d[d], e2[d]) << d;
    EXPECT_EQ(i3.d[d], e3[d]) << d;
    EXPECT_EQ(i4.d[d], e4[d]) << d;  // SP1 is false: dim 0 kept
  }
}

// PRMT_INDX: 3 bits per destination dim name the source dim. Reversing
// {10..14}: selector 4 | 3<<3 | 2<<6 | 1<<9 | 0<<12 = 668.
TEST(VliwIndex, PrmtIndxPermutesDims) {
  std::vector<std::string> p;
  for (int d = 0; d < 5; ++d)
    p.push_back("nop; set_indx I3, b" + std::string(4 - d, '0') + "1" + std::string(d, '0') + ", " +
                std::to_string(10 + d) + "; nop; nop");
  p.push_back("nop; mov.i32 S4, 668; nop; nop");
  p.push_back("nop; mov.i32 S5, 1; nop; nop");  // dst0 <- 1, the others <- 0
  pad(p, 4);
  p.push_back("prmt_indx I5, I3, S4; nop; nop; prmt_indx I6, I3, S5");
  pad(p, 4);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  const vliw::IReg i5 = r.core->irf(5), i6 = r.core->irf(6);
  const int e5[5] = {14, 13, 12, 11, 10}, e6[5] = {11, 10, 10, 10, 10};
  for (int d = 0; d < 5; ++d) {
    EXPECT_EQ(i5.d[d], e5[d]) << d;
    EXPECT_EQ(i6.d[d], e6[d]) << d;
  }
  CoreRun bad;
  const std::string e = errorOf([&] {
    bad.go("nop; mov.i32 S4, 5; nop; nop\n" + std::string(kNop) + "\n" + kNop + "\n" + kNop + "\n" +
           "prmt_indx I5, I3, S4; nop; nop; nop\n" + kHalt + "\n");
  });
  EXPECT_NE(e.find("names dimension 5"), std::string::npos) << e;
}

// MOV_IRF_DIM <dim> S, I; SET_INDX -> MOV_IRF_DIM: 2 cycles (latencies).
TEST(VliwIndex, MovIrfDimReadsOneDimAfterTwoCycles) {
  std::vector<std::string> p = {"nop; set_indx I4, b01000, 0x21; nop; nop"};
  pad(p, 6);
  p.push_back("nop; mov_irf_dim 0x3 S2, I4; nop; nop");
  p.push_back("nop; set_indx I4, b01000, 0x30; nop; nop");          // t
  p.push_back("nop; mov_irf_dim 0x3 S3, I4; nop; nop");             // t+1: old
  p.push_back("nop; mov_irf_dim 0x3 S4, I4; nop; nop");             // t+2: new
  p.push_back("nop; mov_irf_dim 0x0 S5, I4; nop; nop");
  pad(p, 4);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  EXPECT_EQ(r.core->s(2), 0x21u);
  EXPECT_EQ(r.core->s(3), 0x21u);
  EXPECT_EQ(r.core->s(4), 0x30u);
  EXPECT_EQ(r.core->s(5), 0u);
}

// Tensor 2 is {8, 4} i32: GEN_ADDR of (3, 2) is 0x300000000 + (3 + 2*8)*4
// in the fake; LD_G / ST_G go through that address.
TEST(VliwGlobal, GenAddrLdGAndStG) {
  std::vector<std::string> p = {"set_indx I4, b00001, 0x3; nop; nop; nop", "set_indx I4, b00010, 0x2; nop; nop; nop",
                                "set_indx I5, b00011, 0x2; nop; nop; nop", "nop; mov.i32 S9, 0x55667788; nop; nop",
                                "nop; mov.i32 S10, -2; nop; nop"};
  pad(p, 3);
  p.push_back("gen_addr AD1, 0x2, I4; nop; nop; nop");  // element 19
  p.push_back("nop; nop; nop; gen_addr AD2, 0x2, I5");  // element 2 + 2*8 = 18
  pad(p, 7);
  p.push_back("ld_g S5, AD1; nop; nop; nop");
  p.push_back("ld_g.i16 S6, AD1; nop; nop; nop");
  p.push_back("ld_g.u16 S7, AD1; nop; nop; nop");
  p.push_back("ld_g SP3, AD2; nop; nop; nop");
  p.push_back("ld_g V7, AD1; nop; nop; nop");
  p.push_back("ld_g.i16 V8, AD1; nop; nop; nop");
  p.push_back("ld_g S11, AD1, !SP0; nop; nop; nop");  // never: S11 stays 0
  pad(p, 6);
  p.push_back("nop; nop; nop; st_g AD1, S9");
  p.push_back("nop; nop; nop; st_g.i8 AD2, S10");
  p.push_back("nop; nop; nop; st_g AD2, SP3, SP4");  // SP4 false: no store
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[2] = FakeTensor({8, 4}, 4);
  r.svc.tensors[2].set<uint32_t>(19, 0x1234F678u);
  r.svc.tensors[2].set<uint32_t>(18, 0x00000101u);
  r.go(join(p));
  EXPECT_EQ(r.core->s(5), 0x1234F678u);
  EXPECT_EQ(r.core->s(6), 0xFFFFF678u);  // i16 sign-extended
  EXPECT_EQ(r.core->s(7), 0x0000F678u);  // u16 zero-extended
  EXPECT_TRUE(r.core->sp(3));            // bit 0 of byte 0x01
  EXPECT_EQ(r.core->s(11), 0u);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r.lane<uint32_t>(7, i), 0x1234F678u) << i;
  for (int i = 0; i < 128; ++i) EXPECT_EQ(r.lane<uint16_t>(8, i), 0xF678u) << i;
  EXPECT_EQ(r.svc.tensors[2].at<uint32_t>(19), 0x55667788u);
  EXPECT_EQ(r.svc.tensors[2].at<uint32_t>(18), 0x000001FEu);  // low byte of -2
}

// GEN_ADDR -> LD_G / ST_G address: 7 cycles; -> LD_G into V: 1
// (latenciesGen2.cpp through latencies.cpp's formula). AD1 first points at
// element 0 (value 100), then is moved to element 1 (value 200).
TEST(VliwGlobal, GenAddrLatencyToGlobalAccesses) {
  auto run = [](int dist, const std::string& consumer) {
    std::vector<std::string> p = {"set_indx I4, b00001, 0x1; nop; nop; nop", "nop; mov.i32 S9, 7; nop; nop",
                                  "gen_addr AD1, 0x2, I0; nop; nop; nop"};
    pad(p, 8);
    p.push_back("gen_addr AD1, 0x2, I4; nop; nop; nop");  // t
    pad(p, dist - 1);
    p.push_back(consumer);
    pad(p, 8);
    p.push_back(kHalt);
    auto r = std::make_unique<CoreRun>();
    r->svc.tensors[2] = FakeTensor({8}, 4);
    r->svc.tensors[2].set<int32_t>(0, 100);
    r->svc.tensors[2].set<int32_t>(1, 200);
    r->go(join(p));
    return r;
  };
  EXPECT_EQ(run(6, "ld_g S5, AD1; nop; nop; nop")->core->s(5), 100u);
  EXPECT_EQ(run(7, "ld_g S5, AD1; nop; nop; nop")->core->s(5), 200u);
  EXPECT_EQ(run(1, "ld_g V5, AD1; nop; nop; nop")->lane<int32_t>(5, 0), 200);
  auto st6 = run(6, "nop; nop; nop; st_g AD1, S9");
  EXPECT_EQ(st6->svc.tensors[2].at<int32_t>(0), 7);
  EXPECT_EQ(st6->svc.tensors[2].at<int32_t>(1), 200);
  auto st7 = run(7, "nop; nop; nop; st_g AD1, S9");
  EXPECT_EQ(st7->svc.tensors[2].at<int32_t>(0), 100);
  EXPECT_EQ(st7->svc.tensors[2].at<int32_t>(1), 7);
}

// LD_G data wait for global memory like LD_TNSR's: an SPU reader at the
// load latency (4) stalls the 3 late cycles and sees the data.
TEST(VliwGlobal, LdGDataStallsLikeTensorLoads) {
  std::vector<std::string> p = {"gen_addr AD1, 0x2, I0; nop; nop; nop"};
  pad(p, 7);
  p.push_back("ld_g S5, AD1; nop; nop; nop");
  pad(p, 3);
  p.push_back("nop; add.i32 S6, S5, 1; nop; nop");
  pad(p, 4);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[2] = FakeTensor({8}, 4);
  r.svc.tensors[2].set<int32_t>(0, 41);
  r.go(join(p), {}, 3);
  EXPECT_EQ(r.core->s(6), 42u);
  EXPECT_EQ(r.core->stallCycles(), 3u);
}

// ------------------------------------------------ (9) global-memory coherency

// A tensor store reaches memory kStoreCommitCycles (8) after issue, or at
// the next ASO / CACHE_FLUSH / CACHE_INVALIDATE / HALT. Tensor 1 element 0
// holds 1.0; the store writes 5.0; the load at distance `dist` (or after
// the ordering instruction) reads old or new.
float loadAfterStore(int dist, const std::string& between = "") {
  std::vector<std::string> p = {"mov.f32 V1, 5.0; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; nop; st_tnsr 0x1, I2, V1");  // t
  if (!between.empty()) p.push_back(between);
  pad(p, dist - 1 - (between.empty() ? 0 : 1));
  p.push_back("ld_tnsr V2, 0x1, I2; nop; nop; nop");  // t + dist
  pad(p, 5);
  p.push_back(kHalt);
  CoreRun r;
  r.svc.tensors[1] = FakeTensor({64}, 4);
  for (int i = 0; i < 64; ++i) r.svc.tensors[1].set<float>(i, 1.0f);
  r.go(join(p));
  EXPECT_EQ(r.svc.tensors[1].at<float>(63), 5.0f);  // applied by the end
  return r.lane<float>(2, 0);
}

TEST(VliwCoherency, TensorLoadSeesStoreOnlyAfterCommitOrAso) {
  EXPECT_EQ(loadAfterStore(1), 1.0f);
  EXPECT_EQ(loadAfterStore(7), 1.0f);
  EXPECT_EQ(loadAfterStore(8), 5.0f);
  EXPECT_EQ(loadAfterStore(2, "nop; nop; nop; aso"), 5.0f);
  EXPECT_EQ(loadAfterStore(2, "nop; nop; nop; cache_flush"), 5.0f);
  EXPECT_EQ(loadAfterStore(2, "nop; nop; nop; cache_invalidate"), 5.0f);
  EXPECT_EQ(loadAfterStore(2, "nop; nop; nop; cache_flush !SP0"), 1.0f);  // predicated off
}

// ST_G then LD_G of one address: the old value until ASO.
TEST(VliwCoherency, GlobalStoreThenLoadNeedsAso) {
  auto run = [](bool aso) {
    std::vector<std::string> p = {"gen_addr AD1, 0x2, I0; nop; nop; nop", "nop; mov.i32 S9, 77; nop; nop"};
    pad(p, 7);
    p.push_back("nop; nop; nop; st_g AD1, S9");
    p.push_back(aso ? "nop; nop; nop; aso" : kNop);
    p.push_back("ld_g S5, AD1; nop; nop; nop");
    pad(p, 4);
    p.push_back(kHalt);
    CoreRun r;
    r.svc.tensors[2] = FakeTensor({8}, 4);
    r.svc.tensors[2].set<int32_t>(0, 11);
    r.go(join(p));
    EXPECT_EQ(r.svc.tensors[2].at<int32_t>(0), 77);
    return r.core->s(5);
  };
  EXPECT_EQ(run(false), 11u);
  EXPECT_EQ(run(true), 77u);
}

// Stores commit in issue order and all of them by HALT: two stores to the
// same elements, the later one's value remains.
TEST(VliwCoherency, HaltAppliesEveryStoreInIssueOrder) {
  std::vector<std::string> p = {"mov.i32 V1, 3; nop; nop; nop", "mov.i32 V2, 4; nop; nop; nop"};
  pad(p, 6);
  p.push_back("nop; nop; nop; st_tnsr.i32 0x1, I2, V1");  // bundle 8
  p.push_back("nop; nop; nop; st_tnsr.i32 0x1, I2, V2");
  p.push_back("nop; halt; nop; nop");
  CoreRun r;
  r.svc.tensors[1] = FakeTensor({64}, 4);
  r.start(join(p));
  for (int k = 0; k < 10; ++k) r.core->step();
  EXPECT_EQ(r.core->pendingStores(), 2u);
  EXPECT_EQ(r.svc.tensors[1].at<int32_t>(0), 0);
  r.core->step();
  EXPECT_TRUE(r.core->halted());
  EXPECT_EQ(r.core->pendingStores(), 0u);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(r.svc.tensors[1].at<int32_t>(i), 4) << i;
}

// A store that fails when applied names the bundle that issued it.
TEST(VliwCoherency, DeferredStoreErrorNamesItsBundle) {
  std::vector<std::string> p = {"nop; mov.i32 S9, 1; nop; nop"};
  pad(p, 2);
  p.push_back("nop; nop; nop; st_g AD3, S9");  // AD3 = 0: no memory there
  pad(p, 2);
  p.push_back(kHalt);
  CoreRun r;
  const std::string e = errorOf([&] { r.go(join(p)); });
  EXPECT_NE(e.find("bundle 3 (line 4)"), std::string::npos) << e;
  EXPECT_NE(e.find("st_g"), std::string::npos) << e;
  EXPECT_NE(e.find("outside every tensor"), std::string::npos) << e;
}

// ------------------------------------------------ (10) VPU permutes and special helpers

// Loads 256 bytes into V`v` from tensor t (64 x 4-byte elements).
void setVector(CoreRun& r, int t, const uint8_t bytes[256]) {
  r.svc.tensors[t] = FakeTensor({64}, 4);
  std::memcpy(r.svc.tensors[t].data.data(), bytes, 256);
}

// SHUFFLE.f32: lane i takes element (i's dual group) * 16 + group * 8 +
// (select & 7) of a when select bit 7 is set, else keeps the destination
// (tpc-intrinsics.h SHUFFLE: DEST[i] = a[b[i]] within the dual group).
TEST(VliwVpu, ShuffleWithinDualGroups) {
  uint8_t a[256], sel[256] = {};
  for (int i = 0; i < 64; ++i) {
    const float f = static_cast<float>(i) + 0.5f;
    std::memcpy(a + 4 * i, &f, 4);
  }
  for (int i = 0; i < 64; ++i)
    sel[i] = static_cast<uint8_t>((i % 5 == 0 ? 0 : 0x80) | ((i / 3) % 2) << 5 | (7 * i + 3) % 8);
  std::vector<std::string> p = {"ld_tnsr V2, 0x0, I2; nop; nop; nop", "ld_tnsr V3, 0x1, I2; nop; nop; nop",
                                "mov.f32 V1, -1.0; nop; nop; nop"};
  pad(p, 5);
  p.push_back("nop; nop; shuffle.f32 V1, V2, V3; nop");  // t
  pad(p, 3);
  p.push_back("nop; nop; add.f32 V4, V1, 0.0; nop");  // t+4: old (SHUFFLE: 5)
  p.push_back("nop; nop; add.f32 V5, V1, 0.0; nop");  // t+5: new
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  setVector(r, 0, a);
  setVector(r, 1, sel);
  r.go(join(p));
  for (int i = 0; i < 64; ++i) {
    const int src = (i / 16) * 16 + ((i / 3) % 2) * 8 + (7 * i + 3) % 8;
    const float want = i % 5 == 0 ? -1.0f : static_cast<float>(src) + 0.5f;
    EXPECT_EQ(r.lane<float>(1, i), want) << i;
    EXPECT_EQ(r.lane<float>(5, i), want) << i;
    EXPECT_EQ(r.lane<float>(4, i), -1.0f) << i;
  }
}

// PACK / UNPACK.i16 (128 lanes: dual groups of 32, groups of 16), written
// from tpc-intrinsics.h's description: PACK gathers every stride-th element
// of a dual group into one group, UNPACK spreads one group (or half of it)
// to every stride-th element; the other lanes become 0.
TEST(VliwVpu, PackAndUnpackSixteenBitLanes) {
  uint8_t a[256];
  for (int i = 0; i < 128; ++i) {
    const auto v = static_cast<int16_t>(3 * i + 1);
    std::memcpy(a + 2 * i, &v, 2);
  }
  std::vector<std::string> p = {"ld_tnsr V2, 0x0, I2; nop; nop; nop"};
  pad(p, 5);
  p.push_back("nop; nop; pack.i16 source_group=1 element_stride=2 V10, V2; nop");
  p.push_back("nop; nop; pack.i16 source_group=0 element_stride=4 V11, V2; nop");
  p.push_back("nop; nop; unpack.i16 source_group=1 element_stride=2 group_half=0 V12, V2; nop");
  p.push_back("nop; nop; unpack.i16 source_group=1 element_stride=4 group_half=1 V13, V2; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  setVector(r, 0, a);
  r.go(join(p));
  auto A = [](int i) { return static_cast<int16_t>(3 * i + 1); };
  for (int dg = 0; dg < 4; ++dg) {
    for (int k = 0; k < 32; ++k) {
      const int i = dg * 32 + k;
      // pack group 1, stride 2: lanes 16..31 of the dual group = a[2k'].
      EXPECT_EQ(r.lane<int16_t>(10, i), k >= 16 ? A(dg * 32 + 2 * (k - 16)) : 0) << i;
      // pack group 0, stride 4: lanes 0..7 = a[4k].
      EXPECT_EQ(r.lane<int16_t>(11, i), k < 8 ? A(dg * 32 + 4 * k) : 0) << i;
      // unpack group 1, stride 2: even lanes = group 1's 16 elements.
      EXPECT_EQ(r.lane<int16_t>(12, i), k % 2 == 0 ? A(dg * 32 + 16 + k / 2) : 0) << i;
      // unpack group 1, stride 4, upper half: every 4th lane = elements 8..15 of group 1.
      EXPECT_EQ(r.lane<int16_t>(13, i), k % 4 == 0 ? A(dg * 32 + 16 + 8 + k / 4) : 0) << i;
    }
  }
  CoreRun bad;
  const std::string e = errorOf([&] { bad.go("nop; nop; pack.i32 source_group=0 element_stride=2 V1, V2; nop\n"); });
  EXPECT_NE(e.find("8- or 16-bit lanes"), std::string::npos) << e;
}

// GET_LUT_ENTRY_AND_INTERVAL_START.f32 with shift 17 (6 mantissa bits):
// default variant, x in [1,2): interval = top 6 mantissa bits, start = x
// with the low 17 bits cleared; tanh variant, |x| < 1: interval =
// floor(|x| * 64), start = interval / 64.
TEST(VliwVpu, GetLutEntryAndIntervalStart) {
  uint8_t a[256];
  for (int i = 0; i < 64; ++i) {
    const float f = 1.0f + static_cast<float>(i) / 64.0f + 1.0f / 256.0f;
    std::memcpy(a + 4 * i, &f, 4);
  }
  uint8_t b[256];
  for (int i = 0; i < 64; ++i) {
    const float f = static_cast<float>(i) / 70.0f;
    std::memcpy(b + 4 * i, &f, 4);
  }
  std::vector<std::string> p = {"ld_tnsr V2, 0x0, I2; nop; nop; nop", "ld_tnsr V3, 0x1, I2; nop; nop; nop"};
  pad(p, 5);
  p.push_back("nop; nop; get_lut_entry_and_interval_start.f32 D4, V2, 0x11; nop");
  p.push_back("nop; nop; get_lut_entry_and_interval_start.f32 tanh D6, V3, 0x11; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  setVector(r, 0, a);
  setVector(r, 1, b);
  r.go(join(p));
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(r.lane<uint32_t>(4, i), static_cast<uint32_t>(i)) << i;  // 1 + i/64 + 1/256 -> interval i
    EXPECT_EQ(r.lane<float>(5, i), 1.0f + static_cast<float>(i) / 64.0f) << i;
    const double x = static_cast<float>(i) / 70.0f;
    const auto k = static_cast<uint32_t>(std::floor(x * 64.0));
    EXPECT_EQ(r.lane<uint32_t>(6, i), k) << i;
    EXPECT_EQ(r.lane<float>(7, i), static_cast<float>(k) / 64.0f) << i;
  }
}

// FORM_FP_NUM.f32: sign of src2, exponent field of src1, mantissa of src3;
// with exp_is_num the exponent is src1's low byte (+127 with exp_add_bias).
TEST(VliwVpu, FormFpNum) {
  std::vector<std::string> p = {"mov.f32 V2, 8.0; nop; nop; nop", "mov.f32 V3, -1.0; nop; nop; nop",
                                "mov.f32 V4, 1.5; nop; nop; nop", "nop; mov.i32 S1, 3; nop; nop"};
  pad(p, 5);
  p.push_back("nop; nop; form_fp_num.f32 V10, V2, V3, V4; nop");          // -(1.5 * 2^3)
  p.push_back("nop; nop; form_fp_num.f32 V11, 0x3f800000, V3, V4; nop");  // -(1.5 * 2^0)
  p.push_back("nop; nop; form_fp_num.f32 exp_add_bias force_sign0 exp_is_num V12, S1, V3, V4; nop");
  pad(p, 6);
  p.push_back(kHalt);
  CoreRun r;
  r.go(join(p));
  for (int i = 0; i < 64; i += 9) {
    EXPECT_EQ(r.lane<float>(10, i), -12.0f) << i;
    EXPECT_EQ(r.lane<float>(11, i), -1.5f) << i;
    EXPECT_EQ(r.lane<float>(12, i), 12.0f) << i;
  }
}

}  // namespace
