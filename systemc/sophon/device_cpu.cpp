#include "systemc/sophon/device_cpu.h"

#include <exception>
#include <type_traits>

#include "sw/common/hex.h"

namespace acosim::sophon {

namespace {

// Writing one command descriptor costs the CPU this long (acosim's cost
// model: a few dozen CPU cycles of stores to the engine's queue).
const sc_core::sc_time kIssueTime(10, sc_core::SC_NS);

}  // namespace

DeviceCpu::DeviceCpu(sc_core::sc_module_name name, const Chip& chip)
    : sc_module(name), gdma_command("gdma_command"), bdc_command("bdc_command"),
      local("local"), ddr("ddr"), l2sram("l2sram"), gdma_done("gdma_done"),
      bdc_done("bdc_done"), running("running"), polling("polling"),
      launch_count("launch_count"), m_chip(chip), m_dtcm(chip.dtcm_bytes, 0) {
  SC_THREAD(run);
  // Firmware functions run on this thread's stack; kernels keep sizeable
  // arrays there (the stack is reserved address space, touched on use).
  set_stack_size(64 << 20);
}

void DeviceCpu::submit(const std::string& function, std::function<void()> body) {
  m_launches.push_back(Launch{function, std::move(body)});
  m_submitted.notify(sc_core::SC_ZERO_TIME);
}

std::vector<std::string> DeviceCpu::take_errors() {
  std::vector<std::string> errors;
  errors.swap(m_errors);
  return errors;
}

const sc_core::sc_time& DeviceCpu::launch_time() {
  // acosim's cost model: a microsecond of firmware dispatch per launch.
  static const sc_core::sc_time time(1, sc_core::SC_US);
  return time;
}

std::string DeviceCpu::stall() const {
  if (idle()) return "";
  return "the device stalled in " + (m_current.empty() ? std::string("a launch") : m_current) +
         ": GDMA done " + std::to_string(gdma_done.read()) + " of " +
         std::to_string(m_gdma_issued) + ", BDC done " + std::to_string(bdc_done.read()) +
         " of " + std::to_string(m_bdc_issued) +
         " commands (a command waits for an id never issued)";
}

void DeviceCpu::run() {
  for (;;) {
    while (m_launches.empty()) wait(m_submitted);
    m_busy = true;
    const Launch launch = m_launches.front();
    m_launches.pop_front();
    m_current = launch.function;
    launch_count.write(++m_launches_done);
    running.write(true);
    wait(launch_time());
    try {
      launch.body();
    } catch (const sc_core::sc_unwind_exception&) {
      throw;  // the kernel kills or resets this thread: SystemC needs it back
    } catch (const std::exception& error) {
      m_errors.push_back(launch.function + ": " + error.what());
    } catch (...) {
      m_errors.push_back(launch.function + ": unknown exception");
    }
    poll();
    running.write(false);
    m_busy = false;
    m_current.clear();
  }
}

// A command descriptor written to an engine's queue (TLM_WRITE_COMMAND), or
// only checked (TLM_IGNORE_COMMAND). The other engine's id it waits for
// must have been issued, or it would wait forever.
template <typename Command, typename Socket>
uint32_t DeviceCpu::send(Socket& socket, const Command& command, tlm::tlm_command kind) {
  const bool gdma = std::is_same<Command, GdmaCommand>::value;
  const uint32_t other_issued = gdma ? m_bdc_issued : m_gdma_issued;
  if (command.wait_for > other_issued) {
    throw IllegalCommand(std::string(command.api) + ": waits for " + (gdma ? "BDC" : "GDMA") +
                         " command " + std::to_string(command.wait_for) + ", but only " +
                         std::to_string(other_issued) + " were issued");
  }
  Command copy = command;
  tlm::tlm_generic_payload trans;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  trans.set_command(kind);
  trans.set_address(0);
  trans.set_data_ptr(reinterpret_cast<unsigned char*>(&copy));
  trans.set_data_length(sizeof(copy));
  trans.set_streaming_width(sizeof(copy));
  socket->b_transport(trans, delay);  // throws IllegalCommand for a refused command
  if (kind == tlm::TLM_IGNORE_COMMAND) return 0;
  wait(kIssueTime + delay);
  return copy.id;
}

uint32_t DeviceCpu::issue(const GdmaCommand& command) {
  m_gdma_issued = send(gdma_command, command, tlm::TLM_WRITE_COMMAND);
  return m_gdma_issued;
}

uint32_t DeviceCpu::issue(const BdcCommand& command) {
  m_bdc_issued = send(bdc_command, command, tlm::TLM_WRITE_COMMAND);
  return m_bdc_issued;
}

void DeviceCpu::check(const GdmaCommand& command) {
  send(gdma_command, command, tlm::TLM_IGNORE_COMMAND);
}

void DeviceCpu::check(const BdcCommand& command) {
  send(bdc_command, command, tlm::TLM_IGNORE_COMMAND);
}

void DeviceCpu::poll() {
  polling.write(true);
  while (gdma_done.read() < m_gdma_issued || bdc_done.read() < m_bdc_issued) {
    wait(gdma_done.value_changed_event() | bdc_done.value_changed_event());
  }
  polling.write(false);
}

template <typename Socket>
uint8_t* DeviceCpu::window(Socket& socket, uint64_t start, uint64_t size, uint64_t address,
                           uint64_t bytes, const char* what) {
  if (address < start || address - start > size || bytes > size - (address - start)) {
    throw IllegalCommand(std::string(what) + " window of " + std::to_string(bytes) +
                         " bytes at " + hex(address) + " is outside [" + hex(start) + ", " +
                         hex(start + size - 1) + "]");
  }
  tlm::tlm_generic_payload trans;
  tlm::tlm_dmi dmi;
  trans.set_address(address);
  trans.set_command(tlm::TLM_READ_COMMAND);
  if (!socket->get_direct_mem_ptr(trans, dmi)) {
    throw IllegalCommand(std::string(what) + " memory refused a DMI pointer");
  }
  return dmi.get_dmi_ptr() + (address - dmi.get_start_address());
}

uint8_t* DeviceCpu::local_memory(uint64_t local_address, uint64_t bytes) {
  return window(local, 0, m_chip.local_mem_total(), local_address, bytes, "local memory");
}

uint8_t* DeviceCpu::system_memory(uint64_t address, uint64_t bytes) {
  if (address >= m_chip.l2_sram_start && address < m_chip.l2_sram_start + m_chip.l2_sram_bytes) {
    return window(l2sram, m_chip.l2_sram_start, m_chip.l2_sram_bytes, address, bytes, "L2-SRAM");
  }
  return window(ddr, m_chip.global_mem_start, m_chip.global_mem_bytes, address, bytes,
                "global memory");
}

uint8_t* DeviceCpu::dtcm(uint64_t offset, uint64_t bytes) {
  if (offset > m_dtcm.size() || bytes > m_dtcm.size() - offset) {
    throw IllegalCommand("DTCM window of " + std::to_string(bytes) + " bytes at offset " +
                         hex(offset) + " is outside its " + std::to_string(m_dtcm.size()) +
                         " bytes");
  }
  return m_dtcm.data() + offset;
}

}  // namespace acosim::sophon
