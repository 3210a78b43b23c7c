// `acosim tpc` as a user runs it: the abs example on the chip with its
// results checked element by element (|k - n/2| of the ramp), the partition
// split, global-memory stalls, waves that show the PC and slots, the same
// VCD bytes from two runs, and the command's errors.
#include <cmath>
#include <cstring>

#include "testbench/core/tests/cli_test.h"

namespace acosim::test {
namespace {

class TpcCli : public CliTest {
 protected:
  TpcCli() : CliTest("acosim_tpc_cli_") {}
  const std::string program = std::string(ACOSIM_SOURCE_DIR) + "/examples/habana/abs.s";

  std::vector<float> floats(const fs::path& path) {
    const std::string bytes = slurp(path);
    std::vector<float> v(bytes.size() / 4);
    std::memcpy(v.data(), bytes.data(), v.size() * 4);
    return v;
  }
};

TEST_F(TpcCli, AbsOfARampOnTwoTpcs) {
  const fs::path out = dir / "abs.bin";
  const Outcome r = run("tpc run '" + program + "' --input f32:128:ramp --output f32:128:'" + out.string() + "'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<float> y = floats(out);
  ASSERT_EQ(y.size(), 128u);
  for (int k = 0; k < 128; ++k) EXPECT_EQ(y[k], std::fabs(static_cast<float>(k - 64))) << k;
  // Index space {2}: two partitions, one per TPC, running at once.
  EXPECT_TRUE(contains(r.out, "2 partitions on 2 of 8 TPCs")) << r.out;
  // 13 bundles of setup, the LOOP bundle and 7 body bundles for the one
  // member of each partition (the back edge costs nothing), then HALT: 22
  // bundles in 22 cycles.
  EXPECT_TRUE(contains(r.out, ", 22 cycles (0 global-memory stall cycles)")) << r.out;
}

TEST_F(TpcCli, PartialVectorAndGlobalMemoryStalls) {
  const fs::path out = dir / "abs.bin";
  // 100 elements: the second vector is split at element 100 (lanes 36-63
  // read the pad value and are culled on the store).
  const Outcome r = run("tpc run '" + program + "' --tensor in:f32:100:ramp --tensor out:f32:100:'" + out.string() +
                        "' --gmem-latency 10 --tpcs 1");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<float> y = floats(out);
  ASSERT_EQ(y.size(), 100u);
  for (int k = 0; k < 100; ++k) EXPECT_EQ(y[k], std::fabs(static_cast<float>(k - 50))) << k;
  // ABS reads V1 four cycles after LD_TNSR (its latency); data 10 cycles
  // late hold it for 10 cycles, once per member: 2 members, 20 stalls.
  EXPECT_TRUE(contains(r.out, "1 partitions on 1 of 1 TPCs")) << r.out;
  EXPECT_TRUE(contains(r.out, "(20 global-memory stall cycles)")) << r.out;
}

TEST_F(TpcCli, WavesShowPcSlotsAndAreTheSameEveryRun) {
  const fs::path a = dir / "a.vcd", b = dir / "b.vcd";
  const std::string common = "tpc run '" + program + "' --input f32:128:ramp --output f32:128:'" + (dir / "o").string() + "'";
  ASSERT_EQ(run(common + " --vcd '" + a.string() + "'").status, 0);
  ASSERT_EQ(run(common + " --vcd '" + b.string() + "'").status, 0);
  const std::string vcd = slurp(a);
  EXPECT_EQ(vcd, slurp(b));
  for (const char* signal : {" pc $end", " slots $end", " gmem_stall $end", " busy $end", " partition $end"}) {
    EXPECT_TRUE(contains(vcd, signal)) << signal;
  }
  EXPECT_TRUE(contains(vcd, "$scope module tpc1 $end"));
}

TEST_F(TpcCli, Errors) {
  const fs::path out = dir / "o.bin";
  Outcome r = run("tpc run '" + program + "' --input f32:50:ramp --output f32:50:'" + out.string() + "' --max-cycles 5");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "acosim: error: TPC 0: program did not halt within 5 cycles")) << r.err;
  EXPECT_FALSE(fs::exists(out));  // nothing written when the run fails

  const fs::path bad = write("bad.s", "nop; nop; ld_tnsr V1, 0x0, I2; nop\n");
  r = run("tpc run '" + bad.string() + "' --output f32:64:'" + out.string() + "'");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "bad.s:1:11: error: instruction LD_TNSR cannot be placed in the VPU slot")) << r.err;

  r = run("tpc run '" + program + "' --input f32:64:'" + (dir / "missing.bin").string() + "' --output f32:64:o");
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.err, "--input: cannot read")) << r.err;

  const fs::path short_file = write("short.bin", "abcd");
  r = run("tpc run '" + program + "' --input f32:64:'" + short_file.string() + "' --output f32:64:o");
  EXPECT_TRUE(contains(r.err, "holds 4 bytes; a f32 tensor of those sizes needs 256")) << r.err;

  r = run("tpc run '" + program + "' --input q7:64:ramp");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "unknown tensor type 'q7'")) << r.err;

  r = run("tpc run '" + program + "' --tensor inout:f32:64:x");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.err, "--tensor wants in:TYPE:SIZES:FILE or out:TYPE:SIZES:FILE")) << r.err;
}

}  // namespace
}  // namespace acosim::test
