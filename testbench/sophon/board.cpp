#include "testbench/sophon/board.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "sw/common/hex.h"
#include "sw/sophon/bmlib/host.h"
#include "sw/sophon/tpu/device_runtime.h"
#include "systemc/core/reports.h"

#ifndef ACOSIM_SOPHON_CHIP
#define ACOSIM_SOPHON_CHIP "bm1684"
#endif

namespace acosim::sophon {

Board::Board(const Chip& chip, const std::string& vcd_path)
    : m_tpu("tpu", chip), m_host("host_dma") {
  m_host.socket.bind(m_tpu.host_socket());
  if (!vcd_path.empty()) {
    m_tracer = std::make_unique<core::VcdTracer>("waves", vcd_path);
    m_tpu.trace(*m_tracer, "tpu");
  }
}

Board& Board::instance() {
  // Never destroyed: SystemC's kernel outlives main() and tears itself down
  // in an order a static destructor cannot follow. The waves are written
  // by an exit handler instead.
  static Board* board = [] {
    setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
    core::configure_reports();
    const char* vcd = std::getenv("ACOSIM_VCD");
    auto* created = new Board(chip_by_name(ACOSIM_SOPHON_CHIP), vcd != nullptr ? vcd : "");
    // Finish elaboration (sockets are bound, threads start and wait) before
    // the host's first memory access.
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    std::atexit([] {
      Board& b = Board::instance();
      b.close_waves();
      if (std::getenv("ACOSIM_SOPHON_SUMMARY") != nullptr) {
        std::fprintf(stderr, "%s\n", b.summary().c_str());
      }
    });
    return created;
  }();
  return *board;
}

std::string Board::summary() const {
  const double cycle_us = 1.0 / chip().clock_mhz;
  char text[512];
  std::snprintf(text, sizeof(text),
                "acosim sophon: %s, %u launches, %u GDMA commands (busy %.1f us), %u BDC commands "
                "(busy %.1f us), %llu hazards, %.1f us simulated",
                chip().name.c_str(), m_tpu.launches(), m_tpu.gdma_commands(),
                double(m_tpu.gdma_busy_cycles()) * cycle_us, m_tpu.bdc_commands(),
                double(m_tpu.bdc_busy_cycles()) * cycle_us,
                static_cast<unsigned long long>(m_tpu.hazards()),
                sc_core::sc_time_stamp().to_seconds() * 1e6);
  return text;
}

void Board::close_waves() {
  if (m_tracer) m_tracer->close();
}

// The host's DMA reaches DDR through the TPU's host socket; the window is
// one DMI region, so copies are plain memcpy.
uint8_t* Board::ddr(uint64_t address, size_t bytes) {
  const Chip& c = chip();
  if (address < c.global_mem_start || address - c.global_mem_start > c.global_mem_bytes ||
      bytes > c.global_mem_bytes - (address - c.global_mem_start)) {
    throw std::out_of_range("device range " + hex(address) + " + " + std::to_string(bytes) +
                            " is outside device memory");
  }
  if (m_ddr == nullptr) {
    tlm::tlm_generic_payload trans;
    tlm::tlm_dmi dmi;
    trans.set_address(c.global_mem_start);
    if (!m_host.socket->get_direct_mem_ptr(trans, dmi)) {
      throw std::runtime_error("device memory refused the host a DMI pointer");
    }
    m_ddr = dmi.get_dmi_ptr() + (c.global_mem_start - dmi.get_start_address());
  }
  return m_ddr + (address - c.global_mem_start);
}

void Board::write_global(uint64_t address, const void* data, size_t bytes) {
  std::memcpy(ddr(address, bytes), data, bytes);
}

void Board::read_global(uint64_t address, void* data, size_t bytes) {
  std::memcpy(data, ddr(address, bytes), bytes);
}

// Runs the simulation until nothing is left to do: every launch and every
// command it issued has finished. A model error ends the run as an error.
std::string Board::run() {
  try {
    if (!m_tpu.cpu().idle()) sc_core::sc_start();
  } catch (const std::exception& error) {  // sc_report is one too
    return std::string("simulation error: ") + error.what();
  }
  if (m_tracer) m_tracer->flush();
  // Nothing left to simulate but a launch not finished: it can never finish.
  const std::string stall = m_tpu.cpu().stall();
  if (!stall.empty()) return stall;
  std::string first;
  for (const auto& error : m_tpu.cpu().take_errors()) {
    if (first.empty()) first = error;
  }
  return first;
}

std::string Board::launch(const std::string& name, std::function<void()> firmware, bool wait) {
  m_tpu.cpu().submit(name, std::move(firmware));
  return wait ? run() : std::string();
}

std::string Board::sync() { return run(); }

DevicePort& current_device() { return Board::instance().device(); }

HostPort* host_device(int devid, std::string& error) {
  if (devid != 0) {
    error = "no device " + std::to_string(devid) + " (acosim simulates device 0)";
    return nullptr;
  }
  try {
    return &Board::instance();
  } catch (const std::exception& failure) {  // sc_report is one too
    error = std::string("cannot start the simulated device: ") + failure.what();
  }
  return nullptr;
}

}  // namespace acosim::sophon
