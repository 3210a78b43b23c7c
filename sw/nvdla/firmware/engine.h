// Runs tasks on NVDLA's firmware as the kernel driver does (nvdla/sw
// kmd/port/linux/nvdla_core_callbacks.c): dla_register_driver once with the
// port as driver context; per task dla_execute_task with the task's address
// list and the configuration's struct dla_config, then on each interrupt
// dla_isr_handler and dla_process_events until the task is complete, then
// dla_clear_task. The firmware build is the one of the configuration's
// register map: nv_full's (the firmware's default) or the master map of
// nv_small/nv_large (DLA_2_CONFIG). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sw/hal/hal.h"
#include "sw/nvdla/firmware/port.h"
#include "sw/nvdla/regs/config.h"

namespace acosim::nvdla::firmware {

// Which firmware build serves a configuration.
enum class FirmwareVariant : uint8_t {
  Full,    // nv_full's register map (kmd/firmware/include/opendla_initial.h)
  Master,  // the master map of nv_small/nv_large (opendla_small.h, DLA_2_CONFIG)
};
FirmwareVariant firmware_variant(const HardwareConfig& config);
const char* firmware_variant_name(FirmwareVariant variant);  // "nv_full", "DLA_2_CONFIG"

// The struct dla_config (kmd/firmware/include/dla_sched.h) the kernel
// driver passes for a configuration: nv_full {32, BDMA, Rubik, weight
// compression}, nv_small {8, none}, nv_large {32, none}.
struct FirmwareConfig {
  uint32_t atom_size = 32;
  bool bdma_enable = false;
  bool rubik_enable = false;
  bool weight_compress_support = false;
};
FirmwareConfig firmware_config(const HardwareConfig& config);

// kmd/firmware/include/dla_err.h: "INVALID_INPUT" for -3, ...; "unknown"
// for a code it does not list.
const char* firmware_error_name(int32_t code);

// The firmware returned an error code from one of its entry points.
class FirmwareError : public std::runtime_error {
 public:
  FirmwareError(const std::string& entry_point, int32_t code, const std::string& detail);
  int32_t code() const { return m_code; }

 private:
  int32_t m_code;
};

// The task did not complete in time.
class FirmwareTimeout : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Interrupt {
  uint64_t time_ns = 0;
  uint32_t status = 0;        // GLB S_INTR_STATUS as the ISR read it
  size_t register_index = 0;  // first register access of the ISR in the log
};

struct TaskRun {
  uint64_t start_ns = 0, end_ns = 0;
  size_t first_register = 0;  // this task's accesses: register_log()[first_register...]
  std::vector<Interrupt> interrupts;
};

struct RunOptions {
  uint64_t timeout_ns = 20'000'000;  // simulated time the task may take
};

class FirmwareEngine {
 public:
  // Registers the port with the firmware build of `config`
  // (dla_register_driver). The firmware keeps its state in globals: one
  // engine per build at a time (a second one throws std::logic_error).
  FirmwareEngine(hal::Hal& hal, const HardwareConfig& config);
  ~FirmwareEngine();
  FirmwareEngine(const FirmwareEngine&) = delete;
  FirmwareEngine& operator=(const FirmwareEngine&) = delete;

  // Runs one task whose descriptors are in memory and whose address list
  // is `task` (entry 0: the network descriptor). Throws FirmwareError when
  // an entry point returns an error, FirmwareTimeout when the task does not
  // complete within options.timeout_ns, and std::runtime_error on a
  // platform fault (a bad address-list index, a descriptor read past its
  // buffer).
  TaskRun run(const AddressList& task, const RunOptions& options = {});

  FirmwareVariant variant() const { return m_variant; }
  const Port& port() const { return m_port; }

 private:
  struct EntryPoints;
  static const EntryPoints& entry_points(FirmwareVariant variant);
  static bool& in_use(FirmwareVariant variant);
  void drive(void* task_data, void* config_data, uint64_t deadline, const std::string& timeout_text, TaskRun& run);
  void check(const char* entry_point, int32_t code);
  std::string state();

  const HardwareConfig& m_config;
  FirmwareVariant m_variant;
  const EntryPoints& m_entry;
  Port m_port;
  void* m_engine_context = nullptr;
  size_t m_log_mark = 0;  // first firmware log line of the current call
};

}  // namespace acosim::nvdla::firmware
