/* The TENSIL_PLATFORM_* choices of the board acosim presents to Tensil's
 * embedded driver (drivers/embedded/tensil/platform.h lists them per
 * TENSIL_TARGET_*; the driver is compiled with no target and this file
 * force-included instead). The address map is that of Tensil's Ultra96-V2
 * and ZCU104 targets, whose program buffer of 768 MiB holds the sampling
 * test of driver_tests.c (64 Mi NoOps, 512 MiB on an 8-byte instruction);
 * only the sample buffer is smaller, 64 MiB instead of 256 MiB, since the
 * driver fills one block of TENSIL_PLATFORM_SAMPLE_BLOCK_SIZE samples at a
 * time. The C++ side of the platform reads the same numbers. */
#ifndef ACOSIM_TENSIL_PLATFORM_DEFINES_H
#define ACOSIM_TENSIL_PLATFORM_DEFINES_H

#define TENSIL_PLATFORM_DECODER_TIMEOUT 100
#define TENSIL_PLATFORM_SAMPLE_BLOCK_SIZE 1024

#define TENSIL_PLATFORM_ENABLE_FILE_SYSTEM
#define TENSIL_PLATFORM_ENABLE_STDIO

/* Device 0 feeds the instruction stream (MM2S), device 1 drains the sample
 * stream (S2MM), as on Tensil's Ultra96-V2 design. */
#define TENSIL_PLATFORM_INSTRUCTION_AXI_DMA_DEVICE_ID XPAR_AXIDMA_0_DEVICE_ID
#ifndef ACOSIM_TENSIL_PLATFORM_NO_SAMPLE_DMA
#define TENSIL_PLATFORM_SAMPLE_AXI_DMA_DEVICE_ID XPAR_AXIDMA_1_DEVICE_ID
#endif

#define TENSIL_PLATFORM_PROG_BUFFER_BASE 0x10000000
#define TENSIL_PLATFORM_PROG_BUFFER_HIGH 0x40000000

#define TENSIL_PLATFORM_DRAM_BUFFER_BASE TENSIL_PLATFORM_PROG_BUFFER_HIGH
#define TENSIL_PLATFORM_DRAM_BUFFER_HIGH 0x50000000

#define TENSIL_PLATFORM_SAMPLE_BUFFER_BASE TENSIL_PLATFORM_DRAM_BUFFER_HIGH
#define TENSIL_PLATFORM_SAMPLE_BUFFER_HIGH 0x54000000

#endif
