// Small SystemC tops for the tests of systemc/core: an initiator that runs a
// test body in an SC_THREAD and issues raw TLM transactions, and a stream
// target that records what reaches it.
#pragma once

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <systemc>
#include <tlm>
#include <vector>

#include "systemc/core/axi_cache_extension.h"
#include "systemc/core/reports.h"

namespace acosim::core::test {

struct Initiator : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Initiator> socket;
  std::function<void(Initiator&)> body;

  explicit Initiator(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
    SC_HAS_PROCESS(Initiator);
    SC_THREAD(main);
  }

  void main() {
    if (body) body(*this);
  }

  struct Access {
    tlm::tlm_command command = tlm::TLM_READ_COMMAND;
    uint64_t address = 0;
    uint8_t* data = nullptr;
    unsigned length = 0;
    unsigned streaming_width = 0;  // 0: the length
    const uint8_t* byte_enables = nullptr;
    unsigned byte_enable_length = 0;
    const uint8_t* axcache = nullptr;  // attach an AxiCacheExtension with this value
  };

  // Issues one b_transport; `delay` is the caller's annotation, passed in
  // and updated by the target.
  tlm::tlm_response_status transact(const Access& a, sc_core::sc_time& delay,
                                    bool* dmi_hint = nullptr) {
    tlm::tlm_generic_payload trans;
    trans.set_command(a.command);
    trans.set_address(a.address);
    trans.set_data_ptr(a.data);
    trans.set_data_length(a.length);
    trans.set_streaming_width(a.streaming_width == 0 ? a.length : a.streaming_width);
    trans.set_byte_enable_ptr(const_cast<uint8_t*>(a.byte_enables));
    trans.set_byte_enable_length(a.byte_enable_length);
    trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    AxiCacheExtension extension(a.axcache != nullptr ? *a.axcache : 0);
    if (a.axcache != nullptr) trans.set_extension(&extension);
    socket->b_transport(trans, delay);
    if (a.axcache != nullptr) trans.clear_extension(&extension);
    if (dmi_hint != nullptr) *dmi_hint = trans.is_dmi_allowed();
    return trans.get_response_status();
  }

  tlm::tlm_response_status write(uint64_t address, std::vector<uint8_t> bytes) {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Access a;
    a.command = tlm::TLM_WRITE_COMMAND;
    a.address = address;
    a.data = bytes.data();
    a.length = static_cast<unsigned>(bytes.size());
    return transact(a, delay);
  }

  tlm::tlm_response_status read(uint64_t address, std::vector<uint8_t>& bytes) {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    Access a;
    a.address = address;
    a.data = bytes.data();
    a.length = static_cast<unsigned>(bytes.size());
    return transact(a, delay);
  }

  // Asks for a DMI pointer, optionally carrying an AxCACHE value.
  bool dmi(uint64_t address, tlm::tlm_dmi& region, const uint8_t* axcache = nullptr) {
    tlm::tlm_generic_payload trans;
    trans.set_command(tlm::TLM_READ_COMMAND);
    trans.set_address(address);
    AxiCacheExtension extension(axcache != nullptr ? *axcache : 0);
    if (axcache != nullptr) trans.set_extension(&extension);
    const bool granted = socket->get_direct_mem_ptr(trans, region);
    if (axcache != nullptr) trans.clear_extension(&extension);
    return granted;
  }
};

// An instruction-stream sink: records every write transaction it receives.
struct StreamSink : sc_core::sc_module {
  tlm_utils::simple_target_socket<StreamSink> socket;

  struct Received {
    uint64_t address;
    std::vector<uint8_t> bytes;
    sc_core::sc_time at;
  };
  std::vector<Received> received;
  sc_core::sc_time latency = sc_core::SC_ZERO_TIME;  // annotated per transaction
  size_t refuse_from = ~size_t{0};  // transactions from this index on get a command error
  size_t seen = 0;

  explicit StreamSink(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
    socket.register_b_transport(this, &StreamSink::b_transport);
  }

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (trans.get_command() != tlm::TLM_WRITE_COMMAND || seen++ >= refuse_from) {
      trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
      return;
    }
    const uint8_t* data = trans.get_data_ptr();
    received.push_back(Received{trans.get_address(),
                                std::vector<uint8_t>(data, data + trans.get_data_length()),
                                sc_core::sc_time_stamp()});
    delay += latency;
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// An accelerator output stream: answers each read with the next block of
// `blocks` (one block per transfer, as if its last byte carried TLAST),
// cut to the reader's capacity.
struct StreamSource : sc_core::sc_module {
  tlm_utils::simple_target_socket<StreamSource> socket;
  std::vector<std::vector<uint8_t>> blocks;
  sc_core::sc_time latency = sc_core::SC_ZERO_TIME;

  explicit StreamSource(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
    socket.register_b_transport(this, &StreamSource::b_transport);
  }

  void b_transport(tlm::tlm_generic_payload& trans, sc_core::sc_time& delay) {
    if (trans.get_command() != tlm::TLM_READ_COMMAND) {
      trans.set_response_status(tlm::TLM_COMMAND_ERROR_RESPONSE);
      return;
    }
    size_t moved = 0;
    if (!blocks.empty()) {
      moved = std::min<size_t>(blocks.front().size(), trans.get_data_length());
      std::copy(blocks.front().begin(), blocks.front().begin() + static_cast<std::ptrdiff_t>(moved),
                trans.get_data_ptr());
      blocks.erase(blocks.begin());
    }
    trans.set_data_length(static_cast<unsigned>(moved));
    delay += latency;
    trans.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Runs the simulation to its end; returns the message of an sc_report
// thrown by a process, or "" when it ended normally.
inline std::string run_simulation() {
  configure_reports();
  try {
    sc_core::sc_start();
  } catch (const sc_core::sc_report& report) {
    return report.get_msg();
  }
  return "";
}

}  // namespace acosim::core::test
