/* The address maps and DMA device ids of the boards acosim presents to
 * Tensil's embedded driver, as Tensil's drivers/embedded/tensil/platform.h
 * gives them per TENSIL_TARGET_*. One definition for both sides:
 * tensil_platform_defines.h turns the selected target's into the driver's
 * TENSIL_PLATFORM_* macros, and the C++ platform (platform_map.cpp) builds
 * its PlatformMap of every target from them. */
#ifndef ACOSIM_TENSIL_PLATFORM_MAPS_H
#define ACOSIM_TENSIL_PLATFORM_MAPS_H

#include "xparameters.h"

/* PYNQ-Z1 (TENSIL_TARGET_PYNQ_Z1): Zynq-7000, Cortex-A9 (32-byte cache
 * lines). Its design swaps the engines: the instruction stream comes from
 * device 1, the samples go to device 0. 124 MiB of program buffer. */
#define ACOSIM_PYNQ_Z1_INSTRUCTION_AXI_DMA_DEVICE_ID XPAR_AXIDMA_1_DEVICE_ID
#define ACOSIM_PYNQ_Z1_SAMPLE_AXI_DMA_DEVICE_ID XPAR_AXIDMA_0_DEVICE_ID
#define ACOSIM_PYNQ_Z1_PROG_BUFFER_BASE 0x00400000
#define ACOSIM_PYNQ_Z1_PROG_BUFFER_HIGH 0x08000000
#define ACOSIM_PYNQ_Z1_DRAM_BUFFER_HIGH 0x0c000000
#define ACOSIM_PYNQ_Z1_SAMPLE_BUFFER_HIGH 0x0fffffff
#define ACOSIM_PYNQ_Z1_CACHE_LINE_BYTES 32

/* Ultra96-V2 (TENSIL_TARGET_ULTRA96_V2; ZCU104's map is the same):
 * Zynq UltraScale+, Cortex-A53 (64-byte cache lines). Instruction stream
 * from device 0, samples to device 1. 768 MiB of program buffer. */
#define ACOSIM_ULTRA96_V2_INSTRUCTION_AXI_DMA_DEVICE_ID XPAR_AXIDMA_0_DEVICE_ID
#define ACOSIM_ULTRA96_V2_SAMPLE_AXI_DMA_DEVICE_ID XPAR_AXIDMA_1_DEVICE_ID
#define ACOSIM_ULTRA96_V2_PROG_BUFFER_BASE 0x10000000
#define ACOSIM_ULTRA96_V2_PROG_BUFFER_HIGH 0x40000000
#define ACOSIM_ULTRA96_V2_DRAM_BUFFER_HIGH 0x50000000
#define ACOSIM_ULTRA96_V2_SAMPLE_BUFFER_HIGH 0x60000000
#define ACOSIM_ULTRA96_V2_CACHE_LINE_BYTES 64

#endif
