// `acosim sophon run` as a user runs it: the pipeline example (GDMA and BDC
// overlapping in parallel regions) with waves, the same VCD bytes from two
// runs, the device summary, and the command's errors.
#include <map>
#include <sstream>

#include "testbench/core/tests/cli_test.h"

namespace acosim::test {
namespace {

class SophonCli : public CliTest {
 protected:
  SophonCli() : CliTest("acosim_sophon_cli_") {}
};

// Values of each named signal over time, from a VCD of the tracer's
// format: "$var wire W ID name $end" declarations, "#time" stamps, "0ID" /
// "1ID" scalar changes and "bV ID" vector changes.
struct Waves {
  std::map<std::string, std::string> id_of;  // "gdma.busy" -> id
  std::vector<std::pair<uint64_t, std::map<std::string, std::string>>> steps;
};

Waves parse(const std::string& vcd) {
  Waves w;
  std::istringstream in(vcd);
  std::string line, scope;
  std::map<std::string, std::string> now;
  uint64_t time = 0;
  bool started = false;
  while (std::getline(in, line)) {
    std::istringstream t(line);
    std::string first;
    t >> first;
    if (first == "$scope") {
      std::string kind, name;
      t >> kind >> name;
      scope = name;
    } else if (first == "$var") {
      std::string type, width, id, name;
      t >> type >> width >> id >> name;
      w.id_of[scope + "." + name] = id;
    } else if (!first.empty() && first[0] == '#') {
      if (started) w.steps.emplace_back(time, now);
      started = true;
      time = std::stoull(first.substr(1));
    } else if (!first.empty() && (first[0] == '0' || first[0] == '1') && first.size() > 1) {
      now[first.substr(1)] = first.substr(0, 1);
    } else if (!first.empty() && first[0] == 'b') {
      std::string id;
      t >> id;
      now[id] = first.substr(1);
    }
  }
  if (started) w.steps.emplace_back(time, now);
  return w;
}

TEST_F(SophonCli, PipelineWritesWavesWithOverlappingEngines) {
  const fs::path vcd = dir / "pipeline.vcd";
  const Outcome o = run("sophon run pipeline --vcd '" + vcd.string() + "'");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_TRUE(contains(o.out, "pipeline: 1048576 elements, y = 2x + 1 in tiles of 4 batches: pass (0 wrong)")) << o.out;
  EXPECT_TRUE(contains(o.out, "acosim sophon: pipeline exited with status 0; waves in ")) << o.out;
  // 4 tiles: 4 loads and 4 stores, 4 x (mul_C, add_C).
  EXPECT_TRUE(contains(o.err, "acosim sophon: bm1684, 1 launches, 8 GDMA commands")) << o.err;
  EXPECT_TRUE(contains(o.err, "8 BDC commands")) << o.err;
  EXPECT_TRUE(contains(o.err, "0 hazards")) << o.err;
  const Waves w = parse(slurp(vcd));
  const std::string gdma = w.id_of.at("gdma.busy"), bdc = w.id_of.at("bdc.busy");
  const std::string running = w.id_of.at("cpu.running");
  bool overlap = false, ran = false;
  uint32_t last_bdc_done = 0;
  for (const auto& step : w.steps) {
    const auto& v = step.second;
    const auto at = [&](const std::string& id) { auto it = v.find(id); return it == v.end() ? std::string("0") : it->second; };
    overlap = overlap || (at(gdma) == "1" && at(bdc) == "1");
    ran = ran || at(running) == "1";
    last_bdc_done = static_cast<uint32_t>(std::stoul(at(w.id_of.at("bdc.done_id")), nullptr, 2));
  }
  EXPECT_TRUE(overlap) << "GDMA and BDC never busy at the same time";
  EXPECT_TRUE(ran);
  EXPECT_EQ(last_bdc_done, 8u);
}

TEST_F(SophonCli, SameRunSameWaves) {
  const fs::path a = dir / "a.vcd", b = dir / "b.vcd";
  ASSERT_EQ(run("sophon run pipeline --vcd '" + a.string() + "'").status, 0);
  ASSERT_EQ(run("sophon run pipeline --vcd '" + b.string() + "'").status, 0);
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_GT(slurp(a).size(), 500u);
}

TEST_F(SophonCli, Errors) {
  Outcome o = run("sophon run");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "acosim: error: run needs a PROGRAM\n");
  o = run("sophon run no_such_program");
  EXPECT_EQ(o.status, 1);
  expect_one_line_error(o);
  EXPECT_TRUE(contains(o.err, "no program 'no_such_program' in ")) << o.err;
  o = run("sophon frobnicate");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "acosim: error: unknown sophon command 'frobnicate' (known: run)\n");
  o = run("sophon run pipeline --vcd");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.err, "acosim: error: --vcd needs a value\n");
}

TEST_F(SophonCli, ProgramStatusIsTheCommandsStatus) {
  // A program that fails (here: its launch is refused) fails the command.
  const Outcome o = run("sophon run /bin/false");
  EXPECT_EQ(o.status, 1);
  EXPECT_TRUE(contains(o.out, "acosim sophon: /bin/false exited with status 1")) << o.out;
}

}  // namespace
}  // namespace acosim::test
