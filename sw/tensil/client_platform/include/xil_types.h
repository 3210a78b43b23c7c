/* Xilinx standalone BSP basic types (xil_types.h), as Tensil's embedded
 * driver uses them. */
#ifndef ACOSIM_XIL_TYPES_H
#define ACOSIM_XIL_TYPES_H

#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uintptr_t UINTPTR;

#endif
