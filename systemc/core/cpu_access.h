// One access of the CPU (the firmware's thread) on a TLM socket, as both
// HAL bindings make it: a blocking transaction whose annotated time the
// thread waits before its next access (the CPU is not temporally
// decoupled), and an error report naming the access when the target
// answers anything but OK. Must be called from an SC_THREAD.
#pragma once

#include <cstddef>
#include <cstdint>

#include <systemc>
#include <tlm>

namespace acosim::core {

// `what` names the access in the error, e.g. "register read".
void cpu_access(tlm::tlm_initiator_socket<>& socket, tlm::tlm_command command, uint64_t address, uint8_t* data,
                size_t bytes, const char* what, const char* report_type);

// The simulated time in whole nanoseconds.
uint64_t simulated_ns();

}  // namespace acosim::core
