// The device firmware's table of launchable functions: name -> function,
// filled by OKKERNEL_FUNC_REGISTER / TPUKERNEL_FUNC_REGISTER constructors
// before main() runs (or when a TPU-Kernel module is loaded), read when
// the host launches by name. A name registered again (a second module with
// the same function) hides the earlier entry until it is unregistered.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace acosim::sophon {

using DeviceFunction = void (*)(const void* args);
using Registration = std::pair<std::string, DeviceFunction>;

void register_device_function(const std::string& name, DeviceFunction function);
/// Removes that registration of `name` (the earlier one, if any, is seen again).
void unregister_device_function(const std::string& name, DeviceFunction function);
/// nullptr when no function has that name.
DeviceFunction find_device_function(const std::string& name);
std::vector<std::string> device_function_names();  ///< sorted
/// One name a line on stdout (okk_/tpu_dump_registered_kernel_funcs).
void print_device_functions();

/// While set, every registration is also appended to `log` (a module's
/// constructors run inside dlopen); nullptr stops it.
void record_registrations(std::vector<Registration>* log);

}  // namespace acosim::sophon
