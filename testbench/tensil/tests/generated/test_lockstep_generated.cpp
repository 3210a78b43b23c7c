// --engine lockstep-generated must catch a clocked model that differs from
// Tensil's generated RTL: deliberately wrong models beside the RTL, on
// Tensil's speech-commands network, each in its own process (one SystemC
// simulation per process).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "testbench/tensil/system.h"

namespace acosim::tensil {
namespace {

RunRequest speech_request() {
  RunRequest request;
  request.tmodel_path = ACOSIM_SPEECH_ROBOT_MODEL;
  request.generated = true;
  request.lockstep = true;
  request.axi_bytes = 16;
  request.inputs["input_1"] = std::vector<float>(15996 * 8, 0.25f);  // 15996 vectors of 8 lanes
  return request;
}

// A clocked model whose DRAM bus is 64 bits while the RTL's is 128: its
// first DRAM burst, the driver's read of the flush probe's source (one
// 16-byte vector at DRAM0 vector 131071 = 0x8000000 + 131071 x 16 =
// 0x81ffff0), has two beats (len 1) where the RTL has one (len 0).
TEST(LockstepGenerated, AClockedModelWithAnotherBusWidthDivergesAtItsFirstBurst) {
  RunRequest request = speech_request();
  request.lockstep_model_options = [](TcuOptions& o) { o.dram_bus_bytes = 8; };
  try {
    run_model(request);
    FAIL() << "the lockstep did not see the wrong bus width";
  } catch (const LockstepDivergence& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("on m_axi_dram0 AR (event 0)"), std::string::npos) << m;
    EXPECT_NE(m.find("generated RTL cycle"), std::string::npos) << m;
    EXPECT_NE(m.find("dram0 AR 0x81ffff0 len 0; clocked model"), std::string::npos) << m;
    EXPECT_NE(m.find("dram0 AR 0x81ffff0 len 1"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace acosim::tensil
