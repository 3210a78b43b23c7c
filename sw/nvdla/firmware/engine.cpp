#include "sw/nvdla/firmware/engine.h"

#include <algorithm>

#include "sw/common/hex.h"
#include "sw/nvdla/regs/glb.h"

// struct dla_config, as the firmware reads it (a C header that expects
// <linux/types.h> before it).
extern "C" {
#include <linux/types.h>

#include <dla_sched.h>
}

// The entry points of the two firmware builds, renamed per build when they
// were linked (sw/nvdla/firmware/firmware.cmake).
extern "C" {
int32_t acosim_nvdla_fw_full_register_driver(void** engine_context, void* driver_context);
int32_t acosim_nvdla_fw_full_isr_handler(void* engine_context);
int32_t acosim_nvdla_fw_full_process_events(void* engine_context, uint32_t* task_complete);
void acosim_nvdla_fw_full_clear_task(void* engine_context);
int32_t acosim_nvdla_fw_full_execute_task(void* engine_context, void* task_data, void* config_data);
int32_t acosim_nvdla_fw_master_register_driver(void** engine_context, void* driver_context);
int32_t acosim_nvdla_fw_master_isr_handler(void* engine_context);
int32_t acosim_nvdla_fw_master_process_events(void* engine_context, uint32_t* task_complete);
void acosim_nvdla_fw_master_clear_task(void* engine_context);
int32_t acosim_nvdla_fw_master_execute_task(void* engine_context, void* task_data, void* config_data);
}

namespace acosim::nvdla::firmware {

struct FirmwareEngine::EntryPoints {
  int32_t (*register_driver)(void**, void*);
  int32_t (*isr_handler)(void*);
  int32_t (*process_events)(void*, uint32_t*);
  void (*clear_task)(void*);
  int32_t (*execute_task)(void*, void*, void*);
};

FirmwareVariant firmware_variant(const HardwareConfig& config) {
  return config.master_map ? FirmwareVariant::Master : FirmwareVariant::Full;
}

const char* firmware_variant_name(FirmwareVariant variant) {
  return variant == FirmwareVariant::Full ? "nv_full" : "DLA_2_CONFIG";
}

FirmwareConfig firmware_config(const HardwareConfig& config) {
  // nvdla/sw kmd/port/linux/nvdla_core_callbacks.c: nvdla_config_os_initial
  // (nv_full), nvdla_config_small, nvdla_config_large.
  FirmwareConfig c;
  c.atom_size = config.atom_bytes;
  c.bdma_enable = config.has_bdma;
  c.rubik_enable = !config.master_map;
  c.weight_compress_support = !config.master_map;
  return c;
}

const char* firmware_error_name(int32_t code) {
  switch (-code) {
    case 0:
      return "NONE";
    case 1:
      return "INVALID_METHOD";
    case 2:
      return "INVALID_TASK";
    case 3:
      return "INVALID_INPUT";
    case 4:
      return "INVALID_FALC_DMA";
    case 5:
      return "INVALID_QUEUE";
    case 6:
      return "INVALID_PREACTION";
    case 7:
      return "INVALID_POSTACTION";
    case 8:
      return "NO_MEM";
    case 9:
      return "INVALID_DESC_VER";
    case 10:
      return "INVALID_ENGINE_ID";
    case 11:
      return "INVALID_REGION";
    case 12:
      return "PROCESSOR_BUSY";
    case 13:
      return "RETRY";
    case 14:
      return "TASK_STATUS_MISMATCH";
    default:
      return "unknown";
  }
}

FirmwareError::FirmwareError(const std::string& entry_point, int32_t code, const std::string& detail)
    : std::runtime_error("NVDLA firmware: " + entry_point + " returned " + std::to_string(code) + " (DLA_ERR_" +
                         firmware_error_name(code) + ")" + (detail.empty() ? "" : ": " + detail)),
      m_code(code) {}

const FirmwareEngine::EntryPoints& FirmwareEngine::entry_points(FirmwareVariant variant) {
  static const EntryPoints full{acosim_nvdla_fw_full_register_driver, acosim_nvdla_fw_full_isr_handler,
                                acosim_nvdla_fw_full_process_events, acosim_nvdla_fw_full_clear_task,
                                acosim_nvdla_fw_full_execute_task};
  static const EntryPoints master{acosim_nvdla_fw_master_register_driver, acosim_nvdla_fw_master_isr_handler,
                                  acosim_nvdla_fw_master_process_events, acosim_nvdla_fw_master_clear_task,
                                  acosim_nvdla_fw_master_execute_task};
  return variant == FirmwareVariant::Full ? full : master;
}

// Each firmware build keeps one engine in globals (engine_data.c): it serves
// one FirmwareEngine at a time.
bool& FirmwareEngine::in_use(FirmwareVariant variant) {
  static bool used[2] = {false, false};
  return used[variant == FirmwareVariant::Full ? 0 : 1];
}

FirmwareEngine::FirmwareEngine(hal::Hal& hal, const HardwareConfig& config)
    : m_config(config), m_variant(firmware_variant(config)), m_entry(entry_points(m_variant)), m_port(hal) {
  if (in_use(m_variant)) {
    throw std::logic_error(std::string("the ") + firmware_variant_name(m_variant) +
                           " firmware build already serves another FirmwareEngine");
  }
  // The port becomes active before the build is marked in use, so that a
  // refusal here leaves the build free.
  ActivePort active(m_port);
  in_use(m_variant) = true;
  try {
    check("dla_register_driver", m_entry.register_driver(&m_engine_context, &m_port));
  } catch (...) {
    in_use(m_variant) = false;
    throw;
  }
}

FirmwareEngine::~FirmwareEngine() { in_use(m_variant) = false; }

// What the firmware last said and the interrupt state, for error messages.
std::string FirmwareEngine::state() {
  hal::Hal& hal = m_port.hal();
  const uint32_t glb = m_config.unit_base(Unit::Glb);
  std::string text = "GLB S_INTR_STATUS=" + hex(hal.read_register(glb + regs::glb::S_INTR_STATUS)) +
                     " S_INTR_MASK=" + hex(hal.read_register(glb + regs::glb::S_INTR_MASK));
  const std::vector<LogLine>& log = m_port.firmware_log();
  for (auto line = log.rbegin(); line != log.rend(); ++line) {
    if (line->level == LogLevel::Error || line->level == LogLevel::Warn || line->level == LogLevel::Info) {
      text += "; last firmware message (" + std::string(log_level_name(line->level)) + "): \"" + line->text + "\"";
      break;
    }
  }
  return text;
}

void FirmwareEngine::check(const char* entry_point, int32_t code) {
  if (code != 0) {
    // Every error message of this call, in order (the firmware reports the
    // cause first, then each caller on the way out).
    std::string detail;
    const std::vector<LogLine>& log = m_port.firmware_log();
    for (size_t i = std::min(m_log_mark, log.size()); i < log.size(); ++i) {
      if (log[i].level != LogLevel::Error) continue;
      detail += (detail.empty() ? "\"" : " / \"") + log[i].text + "\"";
    }
    if (!m_port.fault().empty()) detail += (detail.empty() ? "" : "; ") + m_port.fault();
    throw FirmwareError(std::string(entry_point) + " (" + firmware_variant_name(m_variant) + " build)", code, detail);
  }
  if (!m_port.fault().empty()) {
    throw std::runtime_error(std::string("NVDLA firmware (") + firmware_variant_name(m_variant) + " build) in " +
                             entry_point + ": " + m_port.fault());
  }
}

TaskRun FirmwareEngine::run(const AddressList& task, const RunOptions& options) {
  ActivePort active(m_port);
  hal::Hal& hal = m_port.hal();
  TaskRun run;
  run.start_ns = hal.now_ns();
  run.first_register = m_port.register_log().size();
  m_log_mark = m_port.firmware_log().size();
  const uint64_t deadline = run.start_ns + options.timeout_ns;
  m_port.clear_fault();
  m_port.set_deadline_ns(deadline);

  const FirmwareConfig c = firmware_config(m_config);
  dla_config config_data{c.atom_size, c.bdma_enable, c.rubik_enable, c.weight_compress_support};
  void* task_data = const_cast<AddressList*>(&task);

  const std::string timeout_text = "NVDLA firmware (" + std::string(firmware_variant_name(m_variant)) +
                                   " build): the task did not complete within " + std::to_string(options.timeout_ns) +
                                   " ns of simulated time";
  try {
    drive(task_data, &config_data, deadline, timeout_text, run);
  } catch (const DeadlineExceeded& e) {
    m_port.set_deadline_ns(std::nullopt);
    const std::string text = timeout_text + " (the firmware was " + e.what() + "); " + state();
    m_entry.clear_task(m_engine_context);
    throw FirmwareTimeout(text);
  }
  m_entry.clear_task(m_engine_context);
  m_port.set_deadline_ns(std::nullopt);
  run.end_ns = hal.now_ns();
  return run;
}

// nvdla_core_callbacks.c nvdla_task_submit: execute, then per interrupt the
// ISR (nvdla_engine_isr) and the event processing until the task is
// complete or an error comes back; the task is cleared either way.
void FirmwareEngine::drive(void* task_data, void* config_data, uint64_t deadline, const std::string& timeout_text,
                           TaskRun& run) {
  hal::Hal& hal = m_port.hal();
  const int32_t executed = m_entry.execute_task(m_engine_context, task_data, config_data);
  if (executed != 0 || !m_port.fault().empty()) {
    m_entry.clear_task(m_engine_context);
    check("dla_execute_task", executed);
  }
  uint32_t complete = 0;
  while (complete == 0) {
    const uint64_t now = hal.now_ns();
    if (now >= deadline || !hal.wait_for_interrupt(deadline - now)) {
      const std::string last_interrupt =
          run.interrupts.empty() ? "no interrupt at all"
                                 : "the last interrupt at " + std::to_string(run.interrupts.back().time_ns) + " ns";
      m_port.set_deadline_ns(std::nullopt);
      const std::string text = timeout_text + " (" + last_interrupt + "); " + state();
      m_entry.clear_task(m_engine_context);
      throw FirmwareTimeout(text);
    }
    Interrupt interrupt;
    interrupt.time_ns = hal.now_ns();
    interrupt.register_index = m_port.register_log().size();
    const int32_t handled = m_entry.isr_handler(m_engine_context);
    const uint32_t status_offset = m_config.unit_base(Unit::Glb) + regs::glb::S_INTR_STATUS;
    for (size_t i = interrupt.register_index; i < m_port.register_log().size(); ++i) {
      const RegisterAccess& access = m_port.register_log()[i];
      if (!access.write && access.offset == status_offset) {
        interrupt.status = access.value;
        break;
      }
    }
    run.interrupts.push_back(interrupt);
    if (handled != 0) {
      m_entry.clear_task(m_engine_context);
      check("dla_isr_handler", handled);
    }
    const int32_t processed = m_entry.process_events(m_engine_context, &complete);
    if (processed != 0 || !m_port.fault().empty()) {
      m_entry.clear_task(m_engine_context);
      check("dla_process_events", processed);
    }
  }
}

}  // namespace acosim::nvdla::firmware
