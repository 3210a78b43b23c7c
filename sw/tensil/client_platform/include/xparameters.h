/* The hardware parameters the Xilinx tools generate for a design
 * (xparameters.h): acosim's Tensil board has two AXI DMA engines. */
#ifndef ACOSIM_XPARAMETERS_H
#define ACOSIM_XPARAMETERS_H

#define XPAR_XAXIDMA_NUM_INSTANCES 2

#define XPAR_AXIDMA_0_DEVICE_ID 0
#define XPAR_AXIDMA_0_BASEADDR 0xA0000000
#define XPAR_AXIDMA_1_DEVICE_ID 1
#define XPAR_AXIDMA_1_BASEADDR 0xA0010000

#endif
