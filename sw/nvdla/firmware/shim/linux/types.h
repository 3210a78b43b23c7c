/* What NVDLA's firmware (nvdla/sw kmd/firmware) takes from the Linux
 * kernel headers when it is built outside the kernel: the fixed-width
 * integer types, bool/true/false, and the packed/aligned attributes its
 * descriptors (dla_interface.h) are declared with. Included as
 * <linux/types.h>. */
#ifndef ACOSIM_NVDLA_FIRMWARE_SHIM_LINUX_TYPES_H
#define ACOSIM_NVDLA_FIRMWARE_SHIM_LINUX_TYPES_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifndef __packed
#define __packed __attribute__((packed))
#endif
#ifndef __aligned
#define __aligned(x) __attribute__((aligned(x)))
#endif

#endif
