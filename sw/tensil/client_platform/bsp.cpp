// The C entry points of include/ (Xilinx standalone BSP: xil_cache.h,
// xaxidma.h; FatFs: ff.h), forwarding to the current Platform. Their
// behaviour follows the Xilinx sources they stand in for
// (XilinxProcessorIPLib/drivers/axidma/src/xaxidma.c) where Tensil's driver
// depends on it. Errors of the simulation propagate as C++ exceptions
// through the driver's frames (it is compiled with -fexceptions).
#include <stdexcept>

#include "sw/tensil/client_platform/client_platform.h"
#include "sw/tensil/client_platform/include/ff.h"
#include "sw/tensil/client_platform/include/xaxidma.h"
#include "sw/tensil/client_platform/include/xil_cache.h"

using acosim::tensil::client::AxiDma;
using acosim::tensil::client::AxiDmaChannel;
using acosim::tensil::client::Platform;

namespace {

AxiDma* engine_of(const XAxiDma* instance) {
  if (instance == nullptr || !instance->Initialized) return nullptr;
  return Platform::current().dma_at(instance->RegBase);
}

AxiDmaChannel* channel_of(const XAxiDma* instance, int direction) {
  AxiDma* dma = engine_of(instance);
  if (dma == nullptr) return nullptr;
  return direction == XAXIDMA_DMA_TO_DEVICE ? dma->mm2s() : dma->s2mm();
}

}  // namespace

extern "C" {

void Xil_DCacheFlushRange(UINTPTR adr, u32 len) { Platform::current().cache().flush_range(adr, len); }
void Xil_DCacheInvalidateRange(UINTPTR adr, u32 len) { Platform::current().cache().invalidate_range(adr, len); }
void Xil_DCacheFlush(void) { Platform::current().cache().flush_all(); }
void Xil_DCacheInvalidate(void) { Platform::current().cache().invalidate_all(); }

XAxiDma_Config* XAxiDma_LookupConfig(u32 DeviceId) { return Platform::current().lookup_config(DeviceId); }

int XAxiDma_CfgInitialize(XAxiDma* InstancePtr, XAxiDma_Config* Config) {
  if (InstancePtr == nullptr || Config == nullptr) return XST_INVALID_PARAM;
  *InstancePtr = XAxiDma{};
  InstancePtr->RegBase = Config->BaseAddr;
  InstancePtr->HasMm2S = Config->HasMm2S;
  InstancePtr->HasS2Mm = Config->HasS2Mm;
  InstancePtr->HasSg = Config->HasSg;
  InstancePtr->MicroDmaMode = Config->MicroDmaMode;
  InstancePtr->AddrWidth = Config->AddrWidth;
  const u32 max_length = (u32(1) << Config->SgLengthWidth) - 1;
  if (Config->HasMm2S) {
    InstancePtr->TxNumChannels = Config->Mm2sNumChannels;
    InstancePtr->TxBdRing.ChanBase = Config->BaseAddr + XAXIDMA_TX_OFFSET;
    InstancePtr->TxBdRing.HasDRE = Config->HasMm2SDRE;
    InstancePtr->TxBdRing.DataWidth = Config->Mm2SDataWidth >> 3;
    InstancePtr->TxBdRing.MaxTransferLen = max_length;
  }
  if (Config->HasS2Mm) {
    InstancePtr->RxNumChannels = Config->S2MmNumChannels;
    InstancePtr->RxBdRing[0].ChanBase = Config->BaseAddr + XAXIDMA_RX_OFFSET;
    InstancePtr->RxBdRing[0].IsRxChannel = 1;
    InstancePtr->RxBdRing[0].HasDRE = Config->HasS2MmDRE;
    InstancePtr->RxBdRing[0].DataWidth = Config->S2MmDataWidth >> 3;
    InstancePtr->RxBdRing[0].MaxTransferLen = max_length;
  }
  InstancePtr->Initialized = 1;
  return engine_of(InstancePtr) != nullptr ? XST_SUCCESS : XST_DEVICE_NOT_FOUND;
}

int XAxiDma_Selftest(XAxiDma* InstancePtr) { return engine_of(InstancePtr) != nullptr ? XST_SUCCESS : XST_FAILURE; }
void XAxiDma_Reset(XAxiDma* InstancePtr) { (void)InstancePtr; }
int XAxiDma_ResetIsDone(XAxiDma* InstancePtr) { return engine_of(InstancePtr) != nullptr; }

u32 XAxiDma_SimpleTransfer(XAxiDma* InstancePtr, UINTPTR BuffAddr, u32 Length, int Direction) {
  if (engine_of(InstancePtr) == nullptr) return XST_INVALID_PARAM;
  const bool to_device = Direction == XAXIDMA_DMA_TO_DEVICE;
  if (!to_device && Direction != XAXIDMA_DEVICE_TO_DMA) return XST_INVALID_PARAM;
  const XAxiDma_BdRing& ring = to_device ? InstancePtr->TxBdRing : InstancePtr->RxBdRing[0];
  if ((to_device && !InstancePtr->HasMm2S) || (!to_device && !InstancePtr->HasS2Mm)) return XST_FAILURE;
  if (Length < 1 || Length > ring.MaxTransferLen) return XST_INVALID_PARAM;
  // Without the data realignment engine the buffer must be stream-aligned.
  if (!ring.HasDRE && (BuffAddr & UINTPTR(ring.DataWidth - 1)) != 0) return XST_INVALID_PARAM;
  AxiDmaChannel* channel = channel_of(InstancePtr, Direction);
  if (channel == nullptr) return XST_FAILURE;
  Platform::current().register_access();
  if (channel->busy()) return XST_FAILURE;
  channel->start(BuffAddr, Length);
  return XST_SUCCESS;
}

u32 XAxiDma_Busy(XAxiDma* InstancePtr, int Direction) {
  AxiDmaChannel* channel = channel_of(InstancePtr, Direction);
  if (channel == nullptr) return 0;
  Platform::current().register_access();
  if (!channel->stall().empty()) throw std::runtime_error(channel->stall());
  return channel->busy() ? 1 : 0;
}

void XAxiDma_IntrDisable(XAxiDma* InstancePtr, u32 Mask, int Direction) {
  (void)InstancePtr;
  (void)Mask;
  (void)Direction;
}
void XAxiDma_IntrEnable(XAxiDma* InstancePtr, u32 Mask, int Direction) {
  (void)InstancePtr;
  (void)Mask;
  (void)Direction;
}

u32 XAxiDma_ReadReg(UINTPTR BaseAddress, u32 RegOffset) {
  Platform& platform = Platform::current();
  AxiDma* dma = platform.dma_at(BaseAddress + RegOffset);
  if (dma == nullptr) return 0;
  platform.register_access();
  const uint64_t offset = BaseAddress + RegOffset - dma->config().base_address;
  const bool rx = offset >= XAXIDMA_RX_OFFSET;
  AxiDmaChannel* channel = rx ? dma->s2mm() : dma->mm2s();
  if (channel == nullptr) return 0;
  switch (offset - (rx ? XAXIDMA_RX_OFFSET : XAXIDMA_TX_OFFSET)) {
    case XAXIDMA_BUFFLEN_OFFSET: return u32(channel->transferred());
    // DMASR: Halted (bit 0) never, Idle (bit 1) when no transfer runs.
    case XAXIDMA_SR_OFFSET: return channel->busy() ? 0u : 2u;
    default: return 0;
  }
}

void XAxiDma_WriteReg(UINTPTR BaseAddress, u32 RegOffset, u32 Data) {
  (void)BaseAddress;
  (void)RegOffset;
  (void)Data;
  Platform::current().register_access();
}

FRESULT f_open(FIL* fp, const TCHAR* path, BYTE mode) { return Platform::current().files().open(fp, path, mode); }
FRESULT f_close(FIL* fp) { return Platform::current().files().close(fp); }
FRESULT f_read(FIL* fp, void* buff, UINT btr, UINT* br) { return Platform::current().files().read(fp, buff, btr, br); }
FRESULT f_write(FIL* fp, const void* buff, UINT btw, UINT* bw) {
  return Platform::current().files().write(fp, buff, btw, bw);
}
FRESULT f_lseek(FIL* fp, FSIZE_t ofs) { return Platform::current().files().seek(fp, ofs); }
FRESULT f_sync(FIL* fp) { return Platform::current().files().sync(fp); }
FRESULT f_stat(const TCHAR* path, FILINFO* fno) { return Platform::current().files().stat(path, fno); }
FRESULT f_unlink(const TCHAR* path) { return Platform::current().files().unlink(path); }
FRESULT f_mount(FATFS* fs, const TCHAR* path, BYTE opt) {
  (void)fs;
  (void)path;
  (void)opt;
  return FR_OK;
}

}  // extern "C"
