/* The simple-transfer (direct register) mode of the Xilinx AXI DMA driver
 * (XilinxProcessorIPLib drivers/axidma: xaxidma.h, xaxidma_bdring.h,
 * xaxidma_hw.h), the part Tensil's embedded driver uses (tcu.c). Instances
 * are looked up by device id from xparameters.h; acosim's platform connects
 * them to the TCU's streams (sw/tensil/client_platform/axi_dma.h). */
#ifndef ACOSIM_XAXIDMA_H
#define ACOSIM_XAXIDMA_H

#include "xil_types.h"
#include "xparameters.h"
#include "xstatus.h"

#ifdef __cplusplus
extern "C" {
#endif

#define XAXIDMA_DMA_TO_DEVICE 0x00 /* MM2S */
#define XAXIDMA_DEVICE_TO_DMA 0x01 /* S2MM */

/* Register offsets of a channel (xaxidma_hw.h): the S2MM channel starts at
 * 0x30; BUFFLEN is MM2S_LENGTH / S2MM_LENGTH. */
#define XAXIDMA_TX_OFFSET 0x00000000
#define XAXIDMA_RX_OFFSET 0x00000030
#define XAXIDMA_CR_OFFSET 0x00000000
#define XAXIDMA_SR_OFFSET 0x00000004
#define XAXIDMA_SRCADDR_OFFSET 0x00000018
#define XAXIDMA_DESTADDR_OFFSET 0x00000018
#define XAXIDMA_BUFFLEN_OFFSET 0x00000028

#define XAXIDMA_IRQ_IOC_MASK 0x00001000
#define XAXIDMA_IRQ_DELAY_MASK 0x00002000
#define XAXIDMA_IRQ_ERROR_MASK 0x00004000
#define XAXIDMA_IRQ_ALL_MASK 0x00007000

typedef struct {
    u32 DeviceId;
    UINTPTR BaseAddr;
    int HasStsCntrlStrm;
    int HasMm2S;
    int HasMm2SDRE;
    int Mm2SDataWidth; /* bits */
    int HasS2Mm;
    int HasS2MmDRE;
    int S2MmDataWidth; /* bits */
    int HasSg;
    int Mm2sNumChannels;
    int S2MmNumChannels;
    int Mm2SBurstSize;
    int S2MmBurstSize;
    int MicroDmaMode;
    int AddrWidth;
    int SgLengthWidth; /* bits of the BUFFLEN register */
} XAxiDma_Config;

/* The channel view the driver reads (xaxidma_bdring.h). */
typedef struct {
    UINTPTR ChanBase;
    int IsRxChannel;
    int HasDRE;
    int DataWidth; /* bytes */
    u32 MaxTransferLen;
} XAxiDma_BdRing;

typedef struct {
    UINTPTR RegBase;
    int HasMm2S;
    int HasS2Mm;
    int Initialized;
    int HasSg;
    XAxiDma_BdRing TxBdRing;
    XAxiDma_BdRing RxBdRing[16];
    int TxNumChannels;
    int RxNumChannels;
    int MicroDmaMode;
    int AddrWidth;
} XAxiDma;

XAxiDma_Config *XAxiDma_LookupConfig(u32 DeviceId);
int XAxiDma_CfgInitialize(XAxiDma *InstancePtr, XAxiDma_Config *Config);
int XAxiDma_Selftest(XAxiDma *InstancePtr);
void XAxiDma_Reset(XAxiDma *InstancePtr);
int XAxiDma_ResetIsDone(XAxiDma *InstancePtr);
u32 XAxiDma_SimpleTransfer(XAxiDma *InstancePtr, UINTPTR BuffAddr, u32 Length, int Direction);
u32 XAxiDma_Busy(XAxiDma *InstancePtr, int Direction);
void XAxiDma_IntrDisable(XAxiDma *InstancePtr, u32 Mask, int Direction);
void XAxiDma_IntrEnable(XAxiDma *InstancePtr, u32 Mask, int Direction);
u32 XAxiDma_ReadReg(UINTPTR BaseAddress, u32 RegOffset);
void XAxiDma_WriteReg(UINTPTR BaseAddress, u32 RegOffset, u32 Data);

#ifdef __cplusplus
}
#endif

#endif
