// The two doors of a Sophon TPU, as plain C++ interfaces (the Sophon
// counterpart of sw/hal): DevicePort is what code running on the device CPU
// sees (the engines' command queues, the memories' debug windows), HostPort
// what the host library sees (device memory, launching firmware code).
// The co-simulation implements both on the SystemC model
// (systemc/sophon/tpu.h); nothing in sw/sophon knows that.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "sw/sophon/tpu/chip.h"
#include "sw/sophon/tpu/commands.h"

namespace acosim::sophon {

/// A command the engines refused: illegal programming, named with its rule
/// and the API call. Nothing of a refused command is written.
struct IllegalCommand : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class DevicePort {
 public:
  virtual ~DevicePort() = default;
  virtual const Chip& chip() const = 0;

  /// Queue a command; returns its id (1, 2, ... per engine, never reused).
  /// Throws IllegalCommand before queueing anything.
  virtual uint32_t issue(const GdmaCommand& command) = 0;
  virtual uint32_t issue(const BdcCommand& command) = 0;
  /// The same checks without queueing: throws what issue would throw.
  virtual void check(const GdmaCommand& command) = 0;
  virtual void check(const BdcCommand& command) = 0;
  /// Waits until both engines have finished every queued command.
  virtual void poll() = 0;

  /// Debug windows on the memories (okk_local_mem_addr and friends):
  /// a pointer to `bytes` bytes, or an IllegalCommand when out of range.
  virtual uint8_t* local_memory(uint64_t local_address, uint64_t bytes) = 0;
  virtual uint8_t* system_memory(uint64_t address, uint64_t bytes) = 0;
  virtual uint8_t* dtcm(uint64_t offset, uint64_t bytes) = 0;
};

class HostPort {
 public:
  virtual ~HostPort() = default;
  virtual const Chip& chip() const = 0;

  /// Device memory through the host's DMA; std::out_of_range outside DDR.
  virtual void write_global(uint64_t address, const void* data, size_t bytes) = 0;
  virtual void read_global(uint64_t address, void* data, size_t bytes) = 0;

  /// Runs `firmware` on the device CPU. With `wait` the call returns when it
  /// and every command it issued have finished; without, at once. Returns an
  /// empty string on success, else the device's error.
  virtual std::string launch(const std::string& name, std::function<void()> firmware, bool wait) = 0;
  /// Waits for every launch; returns the first error of those launches.
  virtual std::string sync() = 0;
};

}  // namespace acosim::sophon
