// The device firmware's table of launchable functions: name -> function,
// filled by OKKERNEL_FUNC_REGISTER / TPUKERNEL_FUNC_REGISTER constructors
// before main() runs, read when the host launches by name.
#pragma once

#include <string>
#include <vector>

namespace acosim::sophon {

using DeviceFunction = void (*)(const void* args);

void register_device_function(const std::string& name, DeviceFunction function);
void unregister_device_function(const std::string& name);
/// nullptr when no function has that name.
DeviceFunction find_device_function(const std::string& name);
std::vector<std::string> device_function_names();  ///< sorted

}  // namespace acosim::sophon
