/* Data cache maintenance of the Xilinx standalone BSP (xil_cache.h). acosim
 * emulates a write-back data cache in front of the simulated DRAM: see
 * sw/tensil/client_platform/data_cache.h. */
#ifndef ACOSIM_XIL_CACHE_H
#define ACOSIM_XIL_CACHE_H

#include "xil_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes back the dirty lines of the range, then invalidates it (the BSP's
 * flush is clean and invalidate). */
void Xil_DCacheFlushRange(UINTPTR adr, u32 len);
/* Discards the range's cached lines: the next reads see the DRAM. */
void Xil_DCacheInvalidateRange(UINTPTR adr, u32 len);
void Xil_DCacheFlush(void);
void Xil_DCacheInvalidate(void);

#ifdef __cplusplus
}
#endif

#endif
