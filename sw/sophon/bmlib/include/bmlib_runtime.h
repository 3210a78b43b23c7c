/* bmlib_runtime.h: the host API of Sophgo's bmlib as acosim implements it.
 *
 * Host programs written for Sophgo's SDK compile against this header
 * unchanged and link acosim's libbmlib.so instead of the SDK's; the device
 * is then the SystemC model (docs/sophon.md). Status codes and behaviour
 * follow libsophon's bmlib; every failure also prints one line on stderr
 * naming the call and the cause.
 */
#ifndef BMLIB_RUNTIME_H_
#define BMLIB_RUNTIME_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  BM_SUCCESS = 0,
  BM_ERR_DEVNOTREADY = 1, /* no device context (NULL handle) */
  BM_ERR_FAILURE = 2,     /* the device reported an error */
  BM_ERR_TIMEOUT = 3,
  BM_ERR_PARAM = 4,       /* a bad argument: range, name, size */
  BM_ERR_NOMEM = 5,       /* device memory exhausted */
  BM_ERR_DATA = 6,
  BM_ERR_BUSY = 7,
  BM_ERR_NOFEATURE = 8,
  BM_NOT_SUPPORTED = 9
} bm_status_t;

struct bm_context;
typedef struct bm_context *bm_handle_t;

typedef enum { BM_MEM_TYPE_DEVICE = 0, BM_MEM_TYPE_HOST = 1, BM_MEM_TYPE_SYSTEM = 2 } bm_mem_type_t;

/* A block of device memory. */
typedef struct bm_mem_desc {
  unsigned long long device_addr;
  bm_mem_type_t type;
  unsigned int size;
} bm_device_mem_t;
typedef struct bm_mem_desc bm_mem_desc_t;

bm_status_t bm_dev_getcount(int *count);
bm_status_t bm_dev_query(int devid);
bm_status_t bm_dev_request(bm_handle_t *handle, int devid);
void bm_dev_free(bm_handle_t handle);

bm_status_t bm_malloc_device_byte(bm_handle_t handle, bm_device_mem_t *pmem, unsigned int size);
void bm_free_device(bm_handle_t handle, bm_device_mem_t mem);
unsigned long long bm_mem_get_device_addr(bm_device_mem_t mem);
unsigned int bm_mem_get_device_size(bm_device_mem_t mem);
bm_device_mem_t bm_mem_from_device(unsigned long long device_addr, unsigned int len);

bm_status_t bm_memcpy_s2d(bm_handle_t handle, bm_device_mem_t dst, void *src);
bm_status_t bm_memcpy_d2s(bm_handle_t handle, void *dst, bm_device_mem_t src);
bm_status_t bm_memcpy_s2d_partial(bm_handle_t handle, bm_device_mem_t dst, void *src,
                                  unsigned int size);
bm_status_t bm_memcpy_d2s_partial(bm_handle_t handle, void *dst, bm_device_mem_t src,
                                  unsigned int size);
bm_status_t bm_memset_device(bm_handle_t handle, const int value, bm_device_mem_t mem);

bm_status_t bm_handle_sync(bm_handle_t handle);
bm_status_t bm_thread_sync(bm_handle_t handle);

/* OKKernel (BM1684): launch a registered device function by name. */
bm_status_t okkernel_launch_sync(bm_handle_t handle, const char *func_name, const void *args,
                                 unsigned int size);
bm_status_t okkernel_launch_async(bm_handle_t handle, const char *func_name, const void *args,
                                  unsigned int size);
bm_status_t okkernel_sync(bm_handle_t handle);
/* In cmodel mode the device functions are linked into the program; loading
 * firmware images succeeds without doing anything. */
bm_status_t okkernel_load_firmware(bm_handle_t handle, const char *firmware_tcm,
                                   const char *firmware_ddr);

/* TPU-Kernel (BM1684X). In cmodel mode a module is a shared object holding
 * device functions (TPUKERNEL_FUNC_REGISTER); loading it registers them. */
typedef struct bm_module {
  char lib_name[64];
  unsigned char md5[16];
} bm_module;
typedef struct bm_module *tpu_kernel_module_t;
typedef int tpu_kernel_function_t;

tpu_kernel_module_t tpu_kernel_load_module_file(bm_handle_t handle, const char *module_file);
tpu_kernel_module_t tpu_kernel_load_module(bm_handle_t handle, const char *data, size_t length);
tpu_kernel_function_t tpu_kernel_get_function(bm_handle_t handle, tpu_kernel_module_t module,
                                              const char *function);
bm_status_t tpu_kernel_launch(bm_handle_t handle, tpu_kernel_function_t function, void *args,
                              size_t size);
bm_status_t tpu_kernel_launch_async(bm_handle_t handle, tpu_kernel_function_t function,
                                    void *args, size_t size);
bm_status_t tpu_kernel_sync(bm_handle_t handle);
bm_status_t tpu_kernel_unload_module(bm_handle_t handle, tpu_kernel_module_t p_module);
bm_status_t tpu_kernel_free_module(bm_handle_t handle, tpu_kernel_module_t p_module);
/* By name (the legacy path): 64 characters at most. */
bm_status_t tpu_kernel_launch_sync(bm_handle_t handle, const char *func_name, const void *args,
                                   unsigned int size);

#ifdef __cplusplus
}
#endif

#endif /* BMLIB_RUNTIME_H_ */
