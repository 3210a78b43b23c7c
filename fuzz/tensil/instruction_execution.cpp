// Fuzz target: instruction checking and execution on the TCU's functional
// model (systemc/tensil/instruction_check.*, functional/decoder.*,
// dram_port.*, functional/simd_alu.*, array/fast_array_engine.*), the way
// the TCU runs a program
// (systemc/tensil/tcu.cpp): every word is checked, and executed when the
// check is Ok, or Consumable under --lenient; a Fatal finding, a Consumable
// one without --lenient or a DramError ends the program, as it ends a run
// with an error.
//
// Input: byte 0 is the mode, the rest the instruction words.
//   bit 0      --lenient
//   bits 1..3  the architecture, index into fuzz_architectures() (modulo its
//              size): '0'/'1' is PYNQ-Z1 and '2'/'3' Ultra96-V2, strict and
//              lenient, so an example .tprog behind one of those bytes runs
//              as compiled
//   bit 6      DRAM ports without DMI (every access a b_transport)
//   bit 7      DRAM with a latency that is not a whole number of TCU cycles
//
// The decoder's DRAM ports are bound through TLM sockets to a sparse memory
// covering the ports' whole 32-bit address space, inside one SystemC
// simulation elaborated once: the decoder runs outside any SystemC process,
// which the DRAM path allows because the memory only annotates its latency
// (it never waits). Everything else is rebuilt for every input, so an input
// runs the same whatever ran before it.
//
// The only exception execution may throw is DramError (an access leaving the
// 32-bit address space). Any other exception (e.g. VectorMemory's
// logic_error for an address the check let through), a crash or a sanitizer
// report is a finding.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "fuzz/tensil/architectures.h"
#include "sw/tensil/regs/isa.h"
#include "systemc/tensil/config_register_file.h"
#include "systemc/tensil/functional/decoder.h"
#include "systemc/tensil/dram_port.h"
#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/instruction_check.h"

using namespace acosim::tensil;

namespace {

// The TCU's AXI data bus width (systemc/tensil/tcu.cpp).
constexpr unsigned kDramBusBytes = 8;
// Vectors moved or streamed per input before the program is cut short, so
// that one input stays well under libFuzzer's time limit.
constexpr uint64_t kVectorBudget = uint64_t(1) << 16;

// A sparse DRAM over the whole 32-bit AXI address space: 4 KiB pages made
// on first write or DMI grant, unwritten bytes reading as zero.
class SparseDram : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<SparseDram> socket;

  explicit SparseDram(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
    socket.register_b_transport(this, &SparseDram::b_transport);
    socket.register_get_direct_mem_ptr(this, &SparseDram::get_direct_mem_ptr);
  }

  void reset(sc_core::sc_time latency) {
    m_pages.clear();
    m_latency = latency;
  }

 private:
  static constexpr uint64_t kPageBytes = 4096;
  static constexpr uint64_t kSpace = uint64_t(1) << 32;

  uint8_t* page(uint64_t index, bool allocate) {
    auto it = m_pages.find(index);
    if (it == m_pages.end()) {
      if (!allocate) return nullptr;
      it = m_pages.emplace(index, std::make_unique<std::array<uint8_t, kPageBytes>>()).first;
      it->second->fill(0);
    }
    return it->second->data();
  }

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    const uint64_t address = trans.get_address();
    const uint64_t length = trans.get_data_length();
    if (trans.get_byte_enable_ptr() != nullptr) {
      trans.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
      return;
    }
    if (trans.get_streaming_width() < length) {
      trans.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
      return;
    }
    if (address >= kSpace || length > kSpace - address) {
      trans.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      return;
    }
    const bool read = trans.is_read();
    uint8_t* data = trans.get_data_ptr();
    for (uint64_t done = 0; done < length;) {
      const uint64_t at = address + done;
      const uint64_t chunk = std::min(length - done, kPageBytes - at % kPageBytes);
      uint8_t* p = page(at / kPageBytes, !read);
      if (read) {
        if (p == nullptr) {
          std::memset(data + done, 0, chunk);
        } else {
          std::memcpy(data + done, p + at % kPageBytes, chunk);
        }
      } else {
        std::memcpy(p + at % kPageBytes, data + done, chunk);
      }
      done += chunk;
    }
    delay += m_latency;
    trans.set_dmi_allowed(true);
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }

  bool get_direct_mem_ptr(tlm::tlm_generic_payload& trans, tlm::tlm_dmi& dmi) {
    const uint64_t address = trans.get_address();
    if (address >= kSpace) return false;
    const uint64_t index = address / kPageBytes;
    dmi.set_dmi_ptr(page(index, true));
    dmi.set_start_address(index * kPageBytes);
    dmi.set_end_address(index * kPageBytes + kPageBytes - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(m_latency);
    dmi.set_write_latency(m_latency);
    return true;
  }

  std::map<uint64_t, std::unique_ptr<std::array<uint8_t, kPageBytes>>> m_pages;
  sc_core::sc_time m_latency;
};

// The TCU side of the two DRAM buses.
struct Ports : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Ports> dram0{"dram0"};
  tlm_utils::simple_initiator_socket<Ports> dram1{"dram1"};
  explicit Ports(sc_core::sc_module_name name) : sc_core::sc_module(name) {}
};

struct World {
  Ports ports{"tcu"};
  SparseDram memory0{"dram0"};
  SparseDram memory1{"dram1"};

  World() {
    ports.dram0.bind(memory0.socket);
    ports.dram1.bind(memory1.socket);
    // Elaborates the design, after which the sockets can be called from
    // outside a process.
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
  }
};

World& world() {
  static World* w = new World;  // lives as long as SystemC's kernel
  return *w;
}

}  // namespace

// The SystemC library's main() calls sc_main; libFuzzer's main() is the one
// that runs here.
int sc_main(int, char*[]) { return 0; }

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  world();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  const bool lenient = mode & 0x01;
  const auto& archs = acosim::fuzz::fuzz_architectures();
  const Architecture& arch = archs[((mode >> 1) & 0x7) % archs.size()];
  const bool use_dmi = (mode & 0x40) == 0;
  const sc_core::sc_time latency = (mode & 0x80) ? sc_core::sc_time(7, sc_core::SC_NS) : sc_core::SC_ZERO_TIME;

  World& w = world();
  w.memory0.reset(latency);
  w.memory1.reset(latency);
  const InstructionLayout layout = InstructionLayout::derive(arch);
  InstructionCheck check(arch);
  FastArray array(arch);
  ConfigRegisterFile config;
  TcuStatistics statistics;
  DramPort dram0("DRAM0", w.ports.dram0, arch, kDramBusBytes, use_dmi);
  DramPort dram1("DRAM1", w.ports.dram1, arch, kDramBusBytes, use_dmi);
  Decoder decoder(arch, array, dram0, dram1, config, statistics, sc_core::sc_time(10, sc_core::SC_NS));

  uint64_t cycle = 0;
  uint64_t vectors = 0;
  for (size_t offset = 1; offset + layout.instruction_bytes <= size; offset += layout.instruction_bytes) {
    const Instruction in = decode_instruction(layout, data + offset);
    const CheckResult result = check.check(in);
    if (result.kind != CheckResult::Kind::Ok) {
      // The text of the TCU's error message.
      (void)describe_instruction(in);
    }
    if (result.kind == CheckResult::Kind::Fatal || (result.kind == CheckResult::Kind::Consumable && !lenient)) {
      break;
    }
    if (in.opcode == uint8_t(Opcode::MatMul) || in.opcode == uint8_t(Opcode::DataMove)) {
      vectors += 1 + in.operand2;
    } else if (in.opcode == uint8_t(Opcode::LoadWeights)) {
      vectors += 1 + in.operand1_whole;
    } else {
      vectors += 1;
    }
    if (vectors > kVectorBudget) break;
    try {
      cycle += decoder.execute(in, cycle);
    } catch (const DramError&) {
      break;
    }
  }
  return 0;
}
