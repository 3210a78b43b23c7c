// The bmlib host API (bmlib_runtime.h) on HostPort. Status codes follow
// libsophon's bmlib (bmlib_runtime.cpp, bmlib_memory.cpp); each failure
// prints one line on stderr, "bmlib: <call>: <cause>".
#include "sw/sophon/bmlib/include/bmlib_runtime.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sw/common/hex.h"
#include "sw/sophon/bmlib/device_heap.h"
#include "sw/sophon/bmlib/host.h"
#include "sw/sophon/tpu/device_runtime.h"
#include "sw/sophon/tpu/function_registry.h"

struct bm_context {
  acosim::sophon::HostPort* device;
  int devid;
};

namespace acosim::sophon {

namespace {

bm_status_t fail(const char* call, bm_status_t status, const std::string& cause) {
  std::fprintf(stderr, "bmlib: %s: %s\n", call, cause.c_str());
  return status;
}

DeviceHeap& heap(HostPort& device) {
  static std::map<HostPort*, std::unique_ptr<DeviceHeap>> heaps;
  auto& slot = heaps[&device];
  if (!slot) {
    slot = std::make_unique<DeviceHeap>(device.chip().global_mem_start,
                                        device.chip().global_mem_bytes);
  }
  return *slot;
}

// The device range [address, address + bytes) must lie in device memory.
bool in_ddr(const Chip& chip, uint64_t address, uint64_t bytes) {
  return address >= chip.global_mem_start &&
         address - chip.global_mem_start <= chip.global_mem_bytes &&
         bytes <= chip.global_mem_bytes - (address - chip.global_mem_start);
}

std::string range(uint64_t address, uint64_t bytes) {
  return "[" + hex(address) + ", " + hex(address + bytes) + ")";
}

bm_status_t copy(const char* call, bm_handle_t handle, bm_device_mem_t mem, void* host,
                 uint64_t bytes, bool to_device) {
  if (handle == nullptr) return fail(call, BM_ERR_DEVNOTREADY, "handle is NULL");
  if (host == nullptr && bytes > 0) return fail(call, BM_ERR_PARAM, "host pointer is NULL");
  const Chip& chip = handle->device->chip();
  if (bytes > mem.size) {
    return fail(call, BM_ERR_PARAM, "size " + std::to_string(bytes) +
                                        " exceeds the device block's " + std::to_string(mem.size) +
                                        " bytes");
  }
  if (!in_ddr(chip, mem.device_addr, bytes)) {
    return fail(call, BM_ERR_PARAM,
                "device range " + range(mem.device_addr, bytes) + " is outside device memory " +
                    range(chip.global_mem_start, chip.global_mem_bytes));
  }
  if (to_device) {
    handle->device->write_global(mem.device_addr, host, bytes);
  } else {
    handle->device->read_global(mem.device_addr, host, bytes);
  }
  return BM_SUCCESS;
}

constexpr size_t kMaxFunctionName = 64;  // bmkernel_runtime.cpp's name field
constexpr size_t kMaxModuleArgs = 4096;   // a53lite_api.cpp's message payload

// Loaded TPU-Kernel modules: the shared object, and the functions its
// constructors registered (unregistered when it is unloaded).
struct LoadedModule {
  void* library;
  std::vector<Registration> functions;
};
std::map<bm_module*, LoadedModule>& modules() {
  static std::map<bm_module*, LoadedModule> loaded;
  return loaded;
}
// Function ids handed out by tpu_kernel_get_function: the module's own
// function, so a launch runs the code of the module it was looked up in.
std::vector<Registration>& function_ids() {
  static std::vector<Registration> ids;
  return ids;
}

tpu_kernel_module_t load_module(const char* call, bm_handle_t handle, const std::string& path,
                                const std::string& name) {
  if (handle == nullptr) {
    fail(call, BM_ERR_DEVNOTREADY, "handle is NULL");
    return nullptr;
  }
  LoadedModule loaded{nullptr, {}};
  record_registrations(&loaded.functions);
  loaded.library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  record_registrations(nullptr);
  if (loaded.library == nullptr) {
    fail(call, BM_ERR_PARAM, "cannot load module " + name + ": " + dlerror());
    return nullptr;
  }
  if (loaded.functions.empty()) {
    // The same shared object loaded again: the loader does not run its
    // constructors twice, so it brings no functions of its own.
    dlclose(loaded.library);
    fail(call, BM_ERR_PARAM, "module " + name + " registers no device function (is it loaded already?)");
    return nullptr;
  }
  auto* module = new bm_module{};
  std::snprintf(module->lib_name, sizeof(module->lib_name), "%s", name.c_str());
  modules()[module] = loaded;
  return module;
}

bm_status_t launch_function(const char* call, bm_handle_t handle, const std::string& name,
                            DeviceFunction function, const void* args, unsigned int size,
                            bool wait) {
  if (args == nullptr && size > 0) return fail(call, BM_ERR_PARAM, "args is NULL");
  // The message carries a copy of the argument bytes, as the real launch
  // copies them into the device's mailbox; the function may write to it.
  auto message = std::make_shared<std::vector<uint8_t>>(
      static_cast<const uint8_t*>(args), static_cast<const uint8_t*>(args) + size);
  const std::string error = handle->device->launch(
      name, [function, message] { run_device_function(function, message->data()); }, wait);
  if (!error.empty()) return fail(call, BM_ERR_FAILURE, error);
  return BM_SUCCESS;
}

bm_status_t launch(const char* call, bm_handle_t handle, const char* name, const void* args,
                   unsigned int size, bool wait) {
  if (handle == nullptr) return fail(call, BM_ERR_DEVNOTREADY, "handle is NULL");
  if (name == nullptr) return fail(call, BM_ERR_PARAM, "function name is NULL");
  if (std::strlen(name) > kMaxFunctionName) {
    return fail(call, BM_ERR_PARAM, "function name '" + std::string(name) + "' is longer than " +
                                        std::to_string(kMaxFunctionName) + " characters");
  }
  const DeviceFunction function = find_device_function(name);
  if (function == nullptr) {
    return fail(call, BM_ERR_PARAM, "no device function named '" + std::string(name) +
                                        "' is registered (" +
                                        std::to_string(device_function_names().size()) +
                                        " are; link the device code into the program)");
  }
  return launch_function(call, handle, name, function, args, size, wait);
}

}  // namespace

}  // namespace acosim::sophon

using namespace acosim::sophon;

extern "C" {

bm_status_t bm_dev_getcount(int* count) {
  if (count == nullptr) return fail(__func__, BM_ERR_PARAM, "count is NULL");
  *count = 1;
  return BM_SUCCESS;
}

bm_status_t bm_dev_query(int devid) {
  return devid == 0 ? BM_SUCCESS
                    : fail(__func__, BM_ERR_BUSY, "no device " + std::to_string(devid));
}

bm_status_t bm_dev_request(bm_handle_t* handle, int devid) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle pointer is NULL");
  std::string error;
  HostPort* device = host_device(devid, error);
  if (device == nullptr) return fail(__func__, BM_ERR_FAILURE, error);
  *handle = new bm_context{device, devid};
  return BM_SUCCESS;
}

void bm_dev_free(bm_handle_t handle) {
  if (handle == nullptr) {
    fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
    return;
  }
  const std::string error = handle->device->sync();
  if (!error.empty()) fail(__func__, BM_ERR_FAILURE, error);
  delete handle;
}

bm_status_t bm_malloc_device_byte(bm_handle_t handle, bm_device_mem_t* pmem, unsigned int size) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
  if (pmem == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "pmem is NULL");
  if (size == 0) return fail(__func__, BM_ERR_PARAM, "size is 0");
  const auto address = heap(*handle->device).allocate(size);
  if (!address) {
    return fail(__func__, BM_ERR_NOMEM, "no free block of " + std::to_string(size) +
                                            " bytes left in device memory");
  }
  *pmem = bm_device_mem_t{*address, BM_MEM_TYPE_DEVICE, size};
  return BM_SUCCESS;
}

void bm_free_device(bm_handle_t handle, bm_device_mem_t mem) {
  if (handle == nullptr) {
    fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
    return;
  }
  if (mem.type != BM_MEM_TYPE_DEVICE) {
    fail(__func__, BM_ERR_PARAM, "the descriptor is not device memory");
    return;
  }
  if (!heap(*handle->device).free(mem.device_addr)) {
    fail(__func__, BM_ERR_PARAM, "no allocated block starts at " + acosim::hex(mem.device_addr));
  }
}

unsigned long long bm_mem_get_device_addr(bm_device_mem_t mem) { return mem.device_addr; }
unsigned int bm_mem_get_device_size(bm_device_mem_t mem) { return mem.size; }
bm_device_mem_t bm_mem_from_device(unsigned long long device_addr, unsigned int len) {
  return bm_device_mem_t{device_addr, BM_MEM_TYPE_DEVICE, len};
}

bm_status_t bm_memcpy_s2d(bm_handle_t handle, bm_device_mem_t dst, void* src) {
  return copy(__func__, handle, dst, src, dst.size, true);
}
bm_status_t bm_memcpy_d2s(bm_handle_t handle, void* dst, bm_device_mem_t src) {
  return copy(__func__, handle, src, dst, src.size, false);
}
bm_status_t bm_memcpy_s2d_partial(bm_handle_t handle, bm_device_mem_t dst, void* src,
                                  unsigned int size) {
  return copy(__func__, handle, dst, src, size, true);
}
bm_status_t bm_memcpy_d2s_partial(bm_handle_t handle, void* dst, bm_device_mem_t src,
                                  unsigned int size) {
  return copy(__func__, handle, src, dst, size, false);
}
bm_status_t bm_memset_device(bm_handle_t handle, const int value, bm_device_mem_t mem) {
  std::vector<uint8_t> bytes(mem.size, static_cast<uint8_t>(value));
  return copy(__func__, handle, mem, bytes.data(), mem.size, true);
}

bm_status_t bm_handle_sync(bm_handle_t handle) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
  const std::string error = handle->device->sync();
  return error.empty() ? BM_SUCCESS : fail(__func__, BM_ERR_FAILURE, error);
}
bm_status_t bm_thread_sync(bm_handle_t handle) { return bm_handle_sync(handle); }

bm_status_t okkernel_launch_sync(bm_handle_t handle, const char* func_name, const void* args,
                                 unsigned int size) {
  return launch(__func__, handle, func_name, args, size, true);
}
bm_status_t okkernel_launch_async(bm_handle_t handle, const char* func_name, const void* args,
                                  unsigned int size) {
  return launch(__func__, handle, func_name, args, size, false);
}
bm_status_t okkernel_sync(bm_handle_t handle) { return bm_handle_sync(handle); }
bm_status_t okkernel_load_firmware(bm_handle_t handle, const char*, const char*) {
  return handle == nullptr ? fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL") : BM_SUCCESS;
}

tpu_kernel_module_t tpu_kernel_load_module_file(bm_handle_t handle, const char* module_file) {
  if (module_file == nullptr) {
    fail(__func__, BM_ERR_PARAM, "module file is NULL");
    return nullptr;
  }
  const std::string path(module_file);
  return load_module(__func__, handle, path, path.substr(path.rfind('/') + 1));
}

// The image is written to a temporary file for the dynamic loader.
tpu_kernel_module_t tpu_kernel_load_module(bm_handle_t handle, const char* data, size_t length) {
  if (data == nullptr || length == 0) {
    fail(__func__, BM_ERR_PARAM, "module image is empty");
    return nullptr;
  }
  char path[] = "/tmp/acosim-tpu-module-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0) {
    fail(__func__, BM_ERR_FAILURE, "cannot create a temporary file for the module image");
    return nullptr;
  }
  const bool written = write(fd, data, length) == static_cast<ssize_t>(length);
  close(fd);
  tpu_kernel_module_t module =
      written ? load_module(__func__, handle, path, "image") : nullptr;
  if (!written) fail(__func__, BM_ERR_FAILURE, "cannot write the module image");
  unlink(path);
  return module;
}

tpu_kernel_function_t tpu_kernel_get_function(bm_handle_t handle, tpu_kernel_module_t module,
                                              const char* function) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL"), -1;
  const auto it = modules().find(module);
  if (it == modules().end()) return fail(__func__, BM_ERR_PARAM, "not a loaded module"), -1;
  if (function == nullptr) return fail(__func__, BM_ERR_PARAM, "function name is NULL"), -1;
  const std::string name(function);
  if (name.size() > kMaxFunctionName) {
    return fail(__func__, BM_ERR_PARAM, "function name '" + name + "' is longer than " +
                                            std::to_string(kMaxFunctionName) + " characters"), -1;
  }
  const auto& own = it->second.functions;
  const auto found = std::find_if(own.rbegin(), own.rend(),
                                  [&](const Registration& r) { return r.first == name; });
  if (found == own.rend()) {
    return fail(__func__, BM_ERR_PARAM, "module " + std::string(module->lib_name) +
                                            " registers no function named '" + name + "'"), -1;
  }
  auto& ids = function_ids();
  const auto known = std::find(ids.begin(), ids.end(), *found);
  if (known != ids.end()) return static_cast<int>(known - ids.begin());
  ids.push_back(*found);
  return static_cast<int>(ids.size() - 1);
}

static bm_status_t launch_id(const char* call, bm_handle_t handle, tpu_kernel_function_t id,
                             void* args, size_t size, bool wait) {
  if (handle == nullptr) return fail(call, BM_ERR_DEVNOTREADY, "handle is NULL");
  if (id < 0 || static_cast<size_t>(id) >= function_ids().size()) {
    return fail(call, BM_ERR_PARAM, "function id " + std::to_string(id) + " was not returned by tpu_kernel_get_function");
  }
  if (size > kMaxModuleArgs) {
    return fail(call, BM_ERR_PARAM, "args of " + std::to_string(size) + " bytes exceed the " +
                                        std::to_string(kMaxModuleArgs) + " a launch carries");
  }
  const Registration& function = function_ids()[static_cast<size_t>(id)];
  if (function.second == nullptr) {
    return fail(call, BM_ERR_PARAM, "function id " + std::to_string(id) + " (" + function.first +
                                        ") belongs to a module that was unloaded");
  }
  return launch_function(call, handle, function.first, function.second, args,
                         static_cast<unsigned int>(size), wait);
}

bm_status_t tpu_kernel_launch(bm_handle_t handle, tpu_kernel_function_t function, void* args,
                              size_t size) {
  return launch_id(__func__, handle, function, args, size, true);
}
bm_status_t tpu_kernel_launch_async(bm_handle_t handle, tpu_kernel_function_t function,
                                    void* args, size_t size) {
  return launch_id(__func__, handle, function, args, size, false);
}
bm_status_t tpu_kernel_sync(bm_handle_t handle) { return bm_handle_sync(handle); }

bm_status_t tpu_kernel_unload_module(bm_handle_t handle, tpu_kernel_module_t module) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
  const auto it = modules().find(module);
  if (it == modules().end()) return fail(__func__, BM_ERR_PARAM, "not a loaded module");
  // Launches still queued may use the module's code.
  const std::string error = handle->device->sync();
  for (const auto& r : it->second.functions) unregister_device_function(r.first, r.second);
  for (auto& id : function_ids()) {
    for (const auto& r : it->second.functions) {
      if (id == r) id.second = nullptr;  // ids of this module stop working
    }
  }
  dlclose(it->second.library);
  modules().erase(it);
  return error.empty() ? BM_SUCCESS : fail(__func__, BM_ERR_FAILURE, error);
}

bm_status_t tpu_kernel_free_module(bm_handle_t handle, tpu_kernel_module_t module) {
  if (handle == nullptr) return fail(__func__, BM_ERR_DEVNOTREADY, "handle is NULL");
  if (modules().count(module) != 0) {
    const bm_status_t status = tpu_kernel_unload_module(handle, module);
    if (status != BM_SUCCESS) return status;
  }
  delete module;
  return BM_SUCCESS;
}

bm_status_t tpu_kernel_launch_sync(bm_handle_t handle, const char* func_name, const void* args,
                                   unsigned int size) {
  return launch(__func__, handle, func_name, args, size, true);
}

}  // extern "C"
