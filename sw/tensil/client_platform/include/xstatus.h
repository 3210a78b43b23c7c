/* Status codes of the Xilinx standalone BSP (xstatus.h), the subset the
 * AXI DMA driver returns. */
#ifndef ACOSIM_XSTATUS_H
#define ACOSIM_XSTATUS_H

#define XST_SUCCESS 0L
#define XST_FAILURE 1L
#define XST_DEVICE_NOT_FOUND 2L
#define XST_DEVICE_BUSY 21L
#define XST_INVALID_PARAM 15L
#define XST_DMA_ERROR 1101L

#endif
