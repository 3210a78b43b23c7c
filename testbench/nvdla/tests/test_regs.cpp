// The NVDLA register contract: the generated tables and header constants
// against the register tables of the hardware (typed in below from the NVDLA
// register manuals: nvdla/hw spec/manual/NVDLA_*.rdl for the master map,
// cmod/include/arnvdla.h for nv_full), the unit windows of both maps, and the
// generator's refusal of broken descriptions.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "sw/nvdla/regs/bdma.h"
#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/config.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/glb.h"
#include "sw/nvdla/regs/pdp.h"
#include "sw/nvdla/regs/pdp_rdma.h"
#include "sw/nvdla/regs/register_map.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"

namespace acosim::nvdla::regs {
namespace {

namespace fs = std::filesystem;

constexpr Config kConfigs[] = {Config::NvSmall, Config::NvLarge, Config::NvFull};

// One register as the manuals give it. `constant` is the generated header's
// offset constant of the same name, checked against `offset`.
struct Expected {
  const char* name;
  uint32_t constant;
  uint32_t offset;
  Access access;
  uint32_t reset_master, reset_full;
  uint32_t read_master, read_full;
  uint32_t write_master, write_full;
};

constexpr uint32_t kAll = 0xFFFFFFFFu;
// nv_full address and stride fields hold bits [31:5]; master ones [31:0].
constexpr uint32_t kFullAddress = 0xFFFFFFE0u;

// Stored read/write bits, the same in both maps.
Expected rw(const char* name, uint32_t constant, uint32_t offset, uint32_t mask,
            uint32_t reset = 0) {
  return {name, constant, offset, Access::RW, reset, reset, mask, mask, mask, mask};
}
// Stored bits whose reset differs between the maps (SDP, SDP_RDMA).
Expected rw_resets(const char* name, uint32_t constant, uint32_t offset, uint32_t mask,
                   uint32_t reset_master, uint32_t reset_full) {
  return {name, constant, offset, Access::RW, reset_master, reset_full, mask, mask, mask, mask};
}
// An address or stride register: [31:0] in master, [31:5] in nv_full.
Expected address(const char* name, uint32_t constant, uint32_t offset) {
  return {name, constant, offset, Access::RW, 0, 0, kAll, kFullAddress, kAll, kFullAddress};
}
// Stored bits whose width differs between the maps (CDMA, CSC, CACC), reset
// the same in both.
Expected rw_widths(const char* name, uint32_t constant, uint32_t offset, uint32_t mask_master,
                   uint32_t mask_full, uint32_t reset = 0) {
  return {name,        constant,  offset,      Access::RW, reset, reset, mask_master,
          mask_full, mask_master, mask_full};
}
Expected ro(const char* name, uint32_t constant, uint32_t offset, uint32_t mask,
            uint32_t reset = 0) {
  return {name, constant, offset, Access::RO, reset, reset, mask, mask, 0, 0};
}
// Any other kind, same in both maps, reset 0.
Expected other(const char* name, uint32_t constant, uint32_t offset, Access access, uint32_t read,
               uint32_t write) {
  return {name, constant, offset, access, 0, 0, read, read, write, write};
}

#define REG(ns, r) #r, ns::r

// Ping-pong groups: offsets from this one on are D-registers (one copy per
// group); below it single (PDP, PDP_RDMA, SDP_RDMA: 0x008; SDP: 0x038 so
// that the S_LUT_* registers are shared). GLB and BDMA have no groups.
struct ExpectedUnit {
  Unit unit;
  uint32_t first_grouped_offset;
  std::vector<Expected> registers;
};

ExpectedUnit glb_expected() {
  return {Unit::Glb,
          0x1000,
          {
              ro(REG(glb, S_NVDLA_HW_VERSION), 0x000, 0x00FFFFFF, 0x00303031),
              rw(REG(glb, S_INTR_MASK), 0x004, 0x003F03FF),
              // Read mask lists the implemented bits; the register itself reads 0.
              other(REG(glb, S_INTR_SET), 0x008, Access::W1S, 0x003F03FF, 0),
              other(REG(glb, S_INTR_STATUS), 0x00C, Access::W1C, 0x003F03FF, 0x003F03FF),
          }};
}

// BDMA addresses and strides keep bits [31:5] in both maps (master RDL too).
ExpectedUnit bdma_expected() {
  return {Unit::Bdma,
          0x1000,
          {
              rw(REG(bdma, CFG_SRC_ADDR_LOW), 0x000, 0xFFFFFFE0),
              rw(REG(bdma, CFG_SRC_ADDR_HIGH), 0x004, kAll),
              rw(REG(bdma, CFG_DST_ADDR_LOW), 0x008, 0xFFFFFFE0),
              rw(REG(bdma, CFG_DST_ADDR_HIGH), 0x00C, kAll),
              rw(REG(bdma, CFG_LINE), 0x010, 0x1FFF),
              rw(REG(bdma, CFG_CMD), 0x014, 0x3),
              rw(REG(bdma, CFG_LINE_REPEAT), 0x018, 0xFFFFFF),
              rw(REG(bdma, CFG_SRC_LINE), 0x01C, 0xFFFFFFE0),
              rw(REG(bdma, CFG_DST_LINE), 0x020, 0xFFFFFFE0),
              rw(REG(bdma, CFG_SURF_REPEAT), 0x024, 0xFFFFFF),
              rw(REG(bdma, CFG_SRC_SURF), 0x028, 0xFFFFFFE0),
              rw(REG(bdma, CFG_DST_SURF), 0x02C, 0xFFFFFFE0),
              other(REG(bdma, CFG_OP), 0x030, Access::Trigger, 0x1, 0x1),
              other(REG(bdma, CFG_LAUNCH0), 0x034, Access::Trigger, 0x1, 0x1),
              other(REG(bdma, CFG_LAUNCH1), 0x038, Access::Trigger, 0x1, 0x1),
              rw(REG(bdma, CFG_STATUS), 0x03C, 0x1),
              // FREE_SLOT = 20, IDLE = 1 after reset.
              ro(REG(bdma, STATUS), 0x040, 0x7FF, 0x114),
              ro(REG(bdma, STATUS_GRP0_READ_STALL), 0x044, kAll),
              ro(REG(bdma, STATUS_GRP0_WRITE_STALL), 0x048, kAll),
              ro(REG(bdma, STATUS_GRP1_READ_STALL), 0x04C, kAll),
              ro(REG(bdma, STATUS_GRP1_WRITE_STALL), 0x050, kAll),
          }};
}

ExpectedUnit pdp_rdma_expected() {
  return {Unit::PdpRdma,
          0x008,
          {
              ro(REG(pdp_rdma, S_STATUS), 0x000, 0x30003),
              other(REG(pdp_rdma, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(pdp_rdma, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(pdp_rdma, D_DATA_CUBE_IN_WIDTH), 0x00C, 0x1FFF),
              rw(REG(pdp_rdma, D_DATA_CUBE_IN_HEIGHT), 0x010, 0x1FFF),
              rw(REG(pdp_rdma, D_DATA_CUBE_IN_CHANNEL), 0x014, 0x1FFF),
              rw(REG(pdp_rdma, D_FLYING_MODE), 0x018, 0x1),
              address(REG(pdp_rdma, D_SRC_BASE_ADDR_LOW), 0x01C),
              rw(REG(pdp_rdma, D_SRC_BASE_ADDR_HIGH), 0x020, kAll),
              address(REG(pdp_rdma, D_SRC_LINE_STRIDE), 0x024),
              address(REG(pdp_rdma, D_SRC_SURFACE_STRIDE), 0x028),
              rw(REG(pdp_rdma, D_SRC_RAM_CFG), 0x02C, 0x1),
              rw(REG(pdp_rdma, D_DATA_FORMAT), 0x030, 0x3),
              rw(REG(pdp_rdma, D_OPERATION_MODE_CFG), 0x034, 0xFF),
              rw(REG(pdp_rdma, D_POOLING_KERNEL_CFG), 0x038, 0xFF),
              rw(REG(pdp_rdma, D_POOLING_PADDING_CFG), 0x03C, 0xF),
              rw(REG(pdp_rdma, D_PARTIAL_WIDTH_IN), 0x040, 0x3FFFFFFF),
              rw(REG(pdp_rdma, D_PERF_ENABLE), 0x044, 0x1),
              ro(REG(pdp_rdma, D_PERF_READ_STALL), 0x048, kAll),
              rw(REG(pdp_rdma, D_CYA), 0x04C, kAll),
          }};
}

ExpectedUnit pdp_expected() {
  return {Unit::Pdp,
          0x008,
          {
              ro(REG(pdp, S_STATUS), 0x000, 0x30003),
              other(REG(pdp, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(pdp, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(pdp, D_DATA_CUBE_IN_WIDTH), 0x00C, 0x1FFF),
              rw(REG(pdp, D_DATA_CUBE_IN_HEIGHT), 0x010, 0x1FFF),
              rw(REG(pdp, D_DATA_CUBE_IN_CHANNEL), 0x014, 0x1FFF),
              rw(REG(pdp, D_DATA_CUBE_OUT_WIDTH), 0x018, 0x1FFF),
              rw(REG(pdp, D_DATA_CUBE_OUT_HEIGHT), 0x01C, 0x1FFF),
              rw(REG(pdp, D_DATA_CUBE_OUT_CHANNEL), 0x020, 0x1FFF),
              rw(REG(pdp, D_OPERATION_MODE_CFG), 0x024, 0xFF13),
              rw(REG(pdp, D_NAN_FLUSH_TO_ZERO), 0x028, 0x1),
              rw(REG(pdp, D_PARTIAL_WIDTH_IN), 0x02C, 0x3FFFFFFF),
              rw(REG(pdp, D_PARTIAL_WIDTH_OUT), 0x030, 0x3FFFFFFF),
              rw(REG(pdp, D_POOLING_KERNEL_CFG), 0x034, 0xFF0F0F),
              rw(REG(pdp, D_RECIP_KERNEL_WIDTH), 0x038, 0x1FFFF),
              rw(REG(pdp, D_RECIP_KERNEL_HEIGHT), 0x03C, 0x1FFFF),
              rw(REG(pdp, D_POOLING_PADDING_CFG), 0x040, 0x7777),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_1_CFG), 0x044, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_2_CFG), 0x048, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_3_CFG), 0x04C, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_4_CFG), 0x050, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_5_CFG), 0x054, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_6_CFG), 0x058, 0x7FFFF),
              rw(REG(pdp, D_POOLING_PADDING_VALUE_7_CFG), 0x05C, 0x7FFFF),
              address(REG(pdp, D_SRC_BASE_ADDR_LOW), 0x060),
              rw(REG(pdp, D_SRC_BASE_ADDR_HIGH), 0x064, kAll),
              address(REG(pdp, D_SRC_LINE_STRIDE), 0x068),
              address(REG(pdp, D_SRC_SURFACE_STRIDE), 0x06C),
              address(REG(pdp, D_DST_BASE_ADDR_LOW), 0x070),
              rw(REG(pdp, D_DST_BASE_ADDR_HIGH), 0x074, kAll),
              address(REG(pdp, D_DST_LINE_STRIDE), 0x078),
              address(REG(pdp, D_DST_SURFACE_STRIDE), 0x07C),
              rw(REG(pdp, D_DST_RAM_CFG), 0x080, 0x1),
              rw(REG(pdp, D_DATA_FORMAT), 0x084, 0x3),
              ro(REG(pdp, D_INF_INPUT_NUM), 0x088, kAll),
              ro(REG(pdp, D_NAN_INPUT_NUM), 0x08C, kAll),
              ro(REG(pdp, D_NAN_OUTPUT_NUM), 0x090, kAll),
              rw(REG(pdp, D_PERF_ENABLE), 0x094, 0x1),
              ro(REG(pdp, D_PERF_WRITE_STALL), 0x098, kAll),
              rw(REG(pdp, D_CYA), 0x09C, kAll),
          }};
}

// Master resets of the operand DMA configurations are 0x1 (disabled);
// nv_full resets them to 0.
ExpectedUnit sdp_rdma_expected() {
  return {Unit::SdpRdma,
          0x008,
          {
              ro(REG(sdp_rdma, S_STATUS), 0x000, 0x30003),
              other(REG(sdp_rdma, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(sdp_rdma, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(sdp_rdma, D_DATA_CUBE_WIDTH), 0x00C, 0x1FFF),
              rw(REG(sdp_rdma, D_DATA_CUBE_HEIGHT), 0x010, 0x1FFF),
              rw(REG(sdp_rdma, D_DATA_CUBE_CHANNEL), 0x014, 0x1FFF),
              address(REG(sdp_rdma, D_SRC_BASE_ADDR_LOW), 0x018),
              rw(REG(sdp_rdma, D_SRC_BASE_ADDR_HIGH), 0x01C, kAll),
              address(REG(sdp_rdma, D_SRC_LINE_STRIDE), 0x020),
              address(REG(sdp_rdma, D_SRC_SURFACE_STRIDE), 0x024),
              rw_resets(REG(sdp_rdma, D_BRDMA_CFG), 0x028, 0x3F, 0x1, 0x0),
              address(REG(sdp_rdma, D_BS_BASE_ADDR_LOW), 0x02C),
              rw(REG(sdp_rdma, D_BS_BASE_ADDR_HIGH), 0x030, kAll),
              address(REG(sdp_rdma, D_BS_LINE_STRIDE), 0x034),
              address(REG(sdp_rdma, D_BS_SURFACE_STRIDE), 0x038),
              address(REG(sdp_rdma, D_BS_BATCH_STRIDE), 0x03C),
              rw_resets(REG(sdp_rdma, D_NRDMA_CFG), 0x040, 0x3F, 0x1, 0x0),
              address(REG(sdp_rdma, D_BN_BASE_ADDR_LOW), 0x044),
              rw(REG(sdp_rdma, D_BN_BASE_ADDR_HIGH), 0x048, kAll),
              address(REG(sdp_rdma, D_BN_LINE_STRIDE), 0x04C),
              address(REG(sdp_rdma, D_BN_SURFACE_STRIDE), 0x050),
              address(REG(sdp_rdma, D_BN_BATCH_STRIDE), 0x054),
              rw_resets(REG(sdp_rdma, D_ERDMA_CFG), 0x058, 0x3F, 0x1, 0x0),
              address(REG(sdp_rdma, D_EW_BASE_ADDR_LOW), 0x05C),
              rw(REG(sdp_rdma, D_EW_BASE_ADDR_HIGH), 0x060, kAll),
              address(REG(sdp_rdma, D_EW_LINE_STRIDE), 0x064),
              address(REG(sdp_rdma, D_EW_SURFACE_STRIDE), 0x068),
              address(REG(sdp_rdma, D_EW_BATCH_STRIDE), 0x06C),
              // IN_PRECISION = PROC_PRECISION = INT16 after reset, in both maps.
              rw(REG(sdp_rdma, D_FEATURE_MODE_CFG), 0x070, 0x1FFF, 0x14),
              rw(REG(sdp_rdma, D_SRC_DMA_CFG), 0x074, 0x1),
              ro(REG(sdp_rdma, D_STATUS_NAN_INPUT_NUM), 0x078, kAll),
              ro(REG(sdp_rdma, D_STATUS_INF_INPUT_NUM), 0x07C, kAll),
              rw(REG(sdp_rdma, D_PERF_ENABLE), 0x080, 0x3),
              ro(REG(sdp_rdma, D_PERF_MRDMA_READ_STALL), 0x084, kAll),
              ro(REG(sdp_rdma, D_PERF_BRDMA_READ_STALL), 0x088, kAll),
              ro(REG(sdp_rdma, D_PERF_NRDMA_READ_STALL), 0x08C, kAll),
              ro(REG(sdp_rdma, D_PERF_ERDMA_READ_STALL), 0x090, kAll),
          }};
}

// Master resets bypass every SDP stage; nv_full resets enable them all.
ExpectedUnit sdp_expected() {
  return {Unit::Sdp,
          0x038,
          {
              ro(REG(sdp, S_STATUS), 0x000, 0x30003),
              other(REG(sdp, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(sdp, S_LUT_ACCESS_CFG), 0x008, Access::Trigger, 0x303FF, 0x303FF),
              rw(REG(sdp, S_LUT_ACCESS_DATA), 0x00C, 0xFFFF),
              rw(REG(sdp, S_LUT_CFG), 0x010, 0x71),
              rw(REG(sdp, S_LUT_INFO), 0x014, 0xFFFFFF),
              rw(REG(sdp, S_LUT_LE_START), 0x018, kAll),
              rw(REG(sdp, S_LUT_LE_END), 0x01C, kAll),
              rw(REG(sdp, S_LUT_LO_START), 0x020, kAll),
              rw(REG(sdp, S_LUT_LO_END), 0x024, kAll),
              rw(REG(sdp, S_LUT_LE_SLOPE_SCALE), 0x028, kAll),
              rw(REG(sdp, S_LUT_LE_SLOPE_SHIFT), 0x02C, 0x3FF),
              rw(REG(sdp, S_LUT_LO_SLOPE_SCALE), 0x030, kAll),
              rw(REG(sdp, S_LUT_LO_SLOPE_SHIFT), 0x034, 0x3FF),
              other(REG(sdp, D_OP_ENABLE), 0x038, Access::SetOnly, 0x1, 0x1),
              rw(REG(sdp, D_DATA_CUBE_WIDTH), 0x03C, 0x1FFF),
              rw(REG(sdp, D_DATA_CUBE_HEIGHT), 0x040, 0x1FFF),
              rw(REG(sdp, D_DATA_CUBE_CHANNEL), 0x044, 0x1FFF),
              address(REG(sdp, D_DST_BASE_ADDR_LOW), 0x048),
              rw(REG(sdp, D_DST_BASE_ADDR_HIGH), 0x04C, kAll),
              address(REG(sdp, D_DST_LINE_STRIDE), 0x050),
              address(REG(sdp, D_DST_SURFACE_STRIDE), 0x054),
              rw_resets(REG(sdp, D_DP_BS_CFG), 0x058, 0x7F, 0x73, 0x0),
              rw(REG(sdp, D_DP_BS_ALU_CFG), 0x05C, 0x3F01),
              rw(REG(sdp, D_DP_BS_ALU_SRC_VALUE), 0x060, 0xFFFF),
              rw(REG(sdp, D_DP_BS_MUL_CFG), 0x064, 0xFF01),
              rw(REG(sdp, D_DP_BS_MUL_SRC_VALUE), 0x068, 0xFFFF),
              rw_resets(REG(sdp, D_DP_BN_CFG), 0x06C, 0x7F, 0x53, 0x0),
              rw(REG(sdp, D_DP_BN_ALU_CFG), 0x070, 0x3F01),
              rw(REG(sdp, D_DP_BN_ALU_SRC_VALUE), 0x074, 0xFFFF),
              rw(REG(sdp, D_DP_BN_MUL_CFG), 0x078, 0xFF01),
              rw(REG(sdp, D_DP_BN_MUL_SRC_VALUE), 0x07C, 0xFFFF),
              rw_resets(REG(sdp, D_DP_EW_CFG), 0x080, 0x7F, 0x53, 0x0),
              rw_resets(REG(sdp, D_DP_EW_ALU_CFG), 0x084, 0x3, 0x2, 0x0),
              rw(REG(sdp, D_DP_EW_ALU_SRC_VALUE), 0x088, kAll),
              rw(REG(sdp, D_DP_EW_ALU_CVT_OFFSET_VALUE), 0x08C, kAll),
              rw(REG(sdp, D_DP_EW_ALU_CVT_SCALE_VALUE), 0x090, 0xFFFF),
              rw(REG(sdp, D_DP_EW_ALU_CVT_TRUNCATE_VALUE), 0x094, 0x3F),
              rw_resets(REG(sdp, D_DP_EW_MUL_CFG), 0x098, 0x3, 0x2, 0x0),
              rw(REG(sdp, D_DP_EW_MUL_SRC_VALUE), 0x09C, kAll),
              rw(REG(sdp, D_DP_EW_MUL_CVT_OFFSET_VALUE), 0x0A0, kAll),
              rw(REG(sdp, D_DP_EW_MUL_CVT_SCALE_VALUE), 0x0A4, 0xFFFF),
              rw(REG(sdp, D_DP_EW_MUL_CVT_TRUNCATE_VALUE), 0x0A8, 0x3F),
              rw(REG(sdp, D_DP_EW_TRUNCATE_VALUE), 0x0AC, 0x3FF),
              rw(REG(sdp, D_FEATURE_MODE_CFG), 0x0B0, 0x1F0F),
              rw(REG(sdp, D_DST_DMA_CFG), 0x0B4, 0x1),
              address(REG(sdp, D_DST_BATCH_STRIDE), 0x0B8),
              rw(REG(sdp, D_DATA_FORMAT), 0x0BC, 0xF),
              rw(REG(sdp, D_CVT_OFFSET), 0x0C0, kAll),
              rw(REG(sdp, D_CVT_SCALE), 0x0C4, 0xFFFF),
              rw(REG(sdp, D_CVT_SHIFT), 0x0C8, 0x3F),
              ro(REG(sdp, D_STATUS), 0x0CC, 0x1),
              ro(REG(sdp, D_STATUS_NAN_INPUT_NUM), 0x0D0, kAll),
              ro(REG(sdp, D_STATUS_INF_INPUT_NUM), 0x0D4, kAll),
              ro(REG(sdp, D_STATUS_NAN_OUTPUT_NUM), 0x0D8, kAll),
              rw(REG(sdp, D_PERF_ENABLE), 0x0DC, 0xF),
              ro(REG(sdp, D_PERF_WDMA_WRITE_STALL), 0x0E0, kAll),
              ro(REG(sdp, D_PERF_LUT_UFLOW), 0x0E4, kAll),
              ro(REG(sdp, D_PERF_LUT_OFLOW), 0x0E8, kAll),
              ro(REG(sdp, D_PERF_OUT_SATURATION), 0x0EC, kAll),
              ro(REG(sdp, D_PERF_LUT_HYBRID), 0x0F0, kAll),
              ro(REG(sdp, D_PERF_LUT_LE_HIT), 0x0F4, kAll),
              ro(REG(sdp, D_PERF_LUT_LO_HIT), 0x0F8, kAll),
          }};
}

// The CDP and convolution units, whose tables are checked through the
// generated header's unit_info(Config) (they need no acosim::nvdla::Unit).
struct ExpectedTable {
  const char* name;
  const UnitInfo& (*table)(Config);
  uint32_t first_grouped_offset;
  std::vector<Expected> registers;
};

// D_SRC_COMPRESSION_EN and D_OPERATION_MODE are constants (no flops) in both
// maps' RTL: read-only, reading 0.
ExpectedTable cdp_rdma_expected() {
  return {"CDP_RDMA",
          &cdp_rdma::unit_info,
          0x008,
          {
              ro(REG(cdp_rdma, S_STATUS), 0x000, 0x30003),
              other(REG(cdp_rdma, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(cdp_rdma, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(cdp_rdma, D_DATA_CUBE_WIDTH), 0x00C, 0x1FFF),
              rw(REG(cdp_rdma, D_DATA_CUBE_HEIGHT), 0x010, 0x1FFF),
              rw(REG(cdp_rdma, D_DATA_CUBE_CHANNEL), 0x014, 0x1FFF),
              address(REG(cdp_rdma, D_SRC_BASE_ADDR_LOW), 0x018),
              rw(REG(cdp_rdma, D_SRC_BASE_ADDR_HIGH), 0x01C, kAll),
              address(REG(cdp_rdma, D_SRC_LINE_STRIDE), 0x020),
              address(REG(cdp_rdma, D_SRC_SURFACE_STRIDE), 0x024),
              rw(REG(cdp_rdma, D_SRC_DMA_CFG), 0x028, 0x1),
              ro(REG(cdp_rdma, D_SRC_COMPRESSION_EN), 0x02C, 0x1),
              ro(REG(cdp_rdma, D_OPERATION_MODE), 0x030, 0x3),
              rw(REG(cdp_rdma, D_DATA_FORMAT), 0x034, 0x3),
              rw(REG(cdp_rdma, D_PERF_ENABLE), 0x038, 0x1),
              ro(REG(cdp_rdma, D_PERF_READ_STALL), 0x03C, kAll),
              rw(REG(cdp_rdma, D_CYA), 0x040, kAll),
          }};
}

// The S_LUT_* registers are shared by both groups. D_DATA_FORMAT resets to
// INT16, the converter scales to 1, in both maps.
ExpectedTable cdp_expected() {
  return {"CDP",
          &cdp::unit_info,
          0x048,
          {
              ro(REG(cdp, S_STATUS), 0x000, 0x30003),
              other(REG(cdp, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(cdp, S_LUT_ACCESS_CFG), 0x008, Access::Trigger, 0x303FF, 0x303FF),
              rw(REG(cdp, S_LUT_ACCESS_DATA), 0x00C, 0xFFFF),
              rw(REG(cdp, S_LUT_CFG), 0x010, 0x71),
              rw(REG(cdp, S_LUT_INFO), 0x014, 0xFFFFFF),
              rw(REG(cdp, S_LUT_LE_START_LOW), 0x018, kAll),
              rw(REG(cdp, S_LUT_LE_START_HIGH), 0x01C, 0x3F),
              rw(REG(cdp, S_LUT_LE_END_LOW), 0x020, kAll),
              rw(REG(cdp, S_LUT_LE_END_HIGH), 0x024, 0x3F),
              rw(REG(cdp, S_LUT_LO_START_LOW), 0x028, kAll),
              rw(REG(cdp, S_LUT_LO_START_HIGH), 0x02C, 0x3F),
              rw(REG(cdp, S_LUT_LO_END_LOW), 0x030, kAll),
              rw(REG(cdp, S_LUT_LO_END_HIGH), 0x034, 0x3F),
              rw(REG(cdp, S_LUT_LE_SLOPE_SCALE), 0x038, kAll),
              rw(REG(cdp, S_LUT_LE_SLOPE_SHIFT), 0x03C, 0x3FF),
              rw(REG(cdp, S_LUT_LO_SLOPE_SCALE), 0x040, kAll),
              rw(REG(cdp, S_LUT_LO_SLOPE_SHIFT), 0x044, 0x3FF),
              other(REG(cdp, D_OP_ENABLE), 0x048, Access::SetOnly, 0x1, 0x1),
              rw(REG(cdp, D_FUNC_BYPASS), 0x04C, 0x3),
              address(REG(cdp, D_DST_BASE_ADDR_LOW), 0x050),
              rw(REG(cdp, D_DST_BASE_ADDR_HIGH), 0x054, kAll),
              address(REG(cdp, D_DST_LINE_STRIDE), 0x058),
              address(REG(cdp, D_DST_SURFACE_STRIDE), 0x05C),
              rw(REG(cdp, D_DST_DMA_CFG), 0x060, 0x1),
              ro(REG(cdp, D_DST_COMPRESSION_EN), 0x064, 0x1),
              rw(REG(cdp, D_DATA_FORMAT), 0x068, 0x3, 0x1),
              rw(REG(cdp, D_NAN_FLUSH_TO_ZERO), 0x06C, 0x1),
              rw(REG(cdp, D_LRN_CFG), 0x070, 0x3),
              rw(REG(cdp, D_DATIN_OFFSET), 0x074, 0xFFFF),
              rw(REG(cdp, D_DATIN_SCALE), 0x078, 0xFFFF, 0x1),
              rw(REG(cdp, D_DATIN_SHIFTER), 0x07C, 0x1F),
              rw(REG(cdp, D_DATOUT_OFFSET), 0x080, kAll),
              rw(REG(cdp, D_DATOUT_SCALE), 0x084, 0xFFFF, 0x1),
              rw(REG(cdp, D_DATOUT_SHIFTER), 0x088, 0x3F),
              ro(REG(cdp, D_NAN_INPUT_NUM), 0x08C, kAll),
              ro(REG(cdp, D_INF_INPUT_NUM), 0x090, kAll),
              ro(REG(cdp, D_NAN_OUTPUT_NUM), 0x094, kAll),
              ro(REG(cdp, D_OUT_SATURATION), 0x098, kAll),
              rw(REG(cdp, D_PERF_ENABLE), 0x09C, 0x3),
              ro(REG(cdp, D_PERF_WRITE_STALL), 0x0A0, kAll),
              ro(REG(cdp, D_PERF_LUT_UFLOW), 0x0A4, kAll),
              ro(REG(cdp, D_PERF_LUT_OFLOW), 0x0A8, kAll),
              ro(REG(cdp, D_PERF_LUT_HYBRID), 0x0AC, kAll),
              ro(REG(cdp, D_PERF_LUT_LE_HIT), 0x0B0, kAll),
              ro(REG(cdp, D_PERF_LUT_LO_HIT), 0x0B4, kAll),
              rw(REG(cdp, D_CYA), 0x0B8, kAll),
          }};
}

// nv_full narrows ENTRIES (14 -> 12 bits), the bank counts (5 -> 4 bits) and
// counts weight bytes in 128-byte units (bits 6:0 dropped).
ExpectedTable cdma_expected() {
  return {"CDMA",
          &cdma::unit_info,
          0x010,
          {
              ro(REG(cdma, S_STATUS), 0x000, 0x30003),
              other(REG(cdma, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              rw(REG(cdma, S_ARBITER), 0x008, 0xF000F, 0x3000F),
              ro(REG(cdma, S_CBUF_FLUSH_STATUS), 0x00C, 0x1),
              other(REG(cdma, D_OP_ENABLE), 0x010, Access::SetOnly, 0x1, 0x1),
              // IN_PRECISION = PROC_PRECISION = INT16 after reset.
              rw(REG(cdma, D_MISC_CFG), 0x014, 0x11113301, 0x1100),
              // PIXEL_FORMAT = T_A8B8G8R8 after reset.
              rw(REG(cdma, D_DATAIN_FORMAT), 0x018, 0x113F01, 0xC00),
              rw(REG(cdma, D_DATAIN_SIZE_0), 0x01C, 0x1FFF1FFF),
              rw(REG(cdma, D_DATAIN_SIZE_1), 0x020, 0x1FFF),
              rw(REG(cdma, D_DATAIN_SIZE_EXT_0), 0x024, 0x1FFF1FFF),
              rw(REG(cdma, D_PIXEL_OFFSET), 0x028, 0x7001F),
              rw(REG(cdma, D_DAIN_RAM_TYPE), 0x02C, 0x1),
              rw(REG(cdma, D_DAIN_ADDR_HIGH_0), 0x030, kAll),
              address(REG(cdma, D_DAIN_ADDR_LOW_0), 0x034),
              rw(REG(cdma, D_DAIN_ADDR_HIGH_1), 0x038, kAll),
              address(REG(cdma, D_DAIN_ADDR_LOW_1), 0x03C),
              address(REG(cdma, D_LINE_STRIDE), 0x040),
              address(REG(cdma, D_LINE_UV_STRIDE), 0x044),
              address(REG(cdma, D_SURF_STRIDE), 0x048),
              rw(REG(cdma, D_DAIN_MAP), 0x04C, 0x10001),
              rw(REG(cdma, D_RESERVED_X_CFG), 0x050, 0x3FF03FF),
              rw(REG(cdma, D_RESERVED_Y_CFG), 0x054, 0x1F0007),
              rw(REG(cdma, D_BATCH_NUMBER), 0x058, 0x1F),
              address(REG(cdma, D_BATCH_STRIDE), 0x05C),
              rw_widths(REG(cdma, D_ENTRY_PER_SLICE), 0x060, 0x3FFF, 0xFFF),
              rw(REG(cdma, D_FETCH_GRAIN), 0x064, 0xFFF),
              rw(REG(cdma, D_WEIGHT_FORMAT), 0x068, 0x1),
              rw(REG(cdma, D_WEIGHT_SIZE_0), 0x06C, 0x3FFFF),
              rw(REG(cdma, D_WEIGHT_SIZE_1), 0x070, 0x1FFF),
              rw(REG(cdma, D_WEIGHT_RAM_TYPE), 0x074, 0x1),
              rw(REG(cdma, D_WEIGHT_ADDR_HIGH), 0x078, kAll),
              address(REG(cdma, D_WEIGHT_ADDR_LOW), 0x07C),
              rw_widths(REG(cdma, D_WEIGHT_BYTES), 0x080, kAll, 0xFFFFFF80),
              rw(REG(cdma, D_WGS_ADDR_HIGH), 0x084, kAll),
              address(REG(cdma, D_WGS_ADDR_LOW), 0x088),
              rw(REG(cdma, D_WMB_ADDR_HIGH), 0x08C, kAll),
              address(REG(cdma, D_WMB_ADDR_LOW), 0x090),
              rw_widths(REG(cdma, D_WMB_BYTES), 0x094, 0x0FFFFFFF, 0x0FFFFF80),
              rw(REG(cdma, D_MEAN_FORMAT), 0x098, 0x1),
              rw(REG(cdma, D_MEAN_GLOBAL_0), 0x09C, kAll),
              rw(REG(cdma, D_MEAN_GLOBAL_1), 0x0A0, kAll),
              rw(REG(cdma, D_CVT_CFG), 0x0A4, 0x3F1),
              rw(REG(cdma, D_CVT_OFFSET), 0x0A8, 0xFFFF),
              rw(REG(cdma, D_CVT_SCALE), 0x0AC, 0xFFFF),
              rw(REG(cdma, D_CONV_STRIDE), 0x0B0, 0x70007),
              rw(REG(cdma, D_ZERO_PADDING), 0x0B4, 0x3F1F3F1F),
              rw(REG(cdma, D_ZERO_PADDING_VALUE), 0x0B8, 0xFFFF),
              rw_widths(REG(cdma, D_BANK), 0x0BC, 0x1F001F, 0xF000F),
              rw(REG(cdma, D_NAN_FLUSH_TO_ZERO), 0x0C0, 0x1),
              ro(REG(cdma, D_NAN_INPUT_DATA_NUM), 0x0C4, kAll),
              ro(REG(cdma, D_NAN_INPUT_WEIGHT_NUM), 0x0C8, kAll),
              ro(REG(cdma, D_INF_INPUT_DATA_NUM), 0x0CC, kAll),
              ro(REG(cdma, D_INF_INPUT_WEIGHT_NUM), 0x0D0, kAll),
              rw(REG(cdma, D_PERF_ENABLE), 0x0D4, 0x1),
              ro(REG(cdma, D_PERF_DAT_READ_STALL), 0x0D8, kAll),
              ro(REG(cdma, D_PERF_WT_READ_STALL), 0x0DC, kAll),
              ro(REG(cdma, D_PERF_DAT_READ_LATENCY), 0x0E0, kAll),
              ro(REG(cdma, D_PERF_WT_READ_LATENCY), 0x0E4, kAll),
              rw(REG(cdma, D_CYA), 0x0E8, kAll),
          }};
}

ExpectedTable csc_expected() {
  return {"CSC",
          &csc::unit_info,
          0x008,
          {
              ro(REG(csc, S_STATUS), 0x000, 0x30003),
              other(REG(csc, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(csc, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(csc, D_MISC_CFG), 0x00C, 0x11113301, 0x1100),
              rw(REG(csc, D_DATAIN_FORMAT), 0x010, 0x1),
              rw(REG(csc, D_DATAIN_SIZE_EXT_0), 0x014, 0x1FFF1FFF),
              rw(REG(csc, D_DATAIN_SIZE_EXT_1), 0x018, 0x1FFF),
              rw(REG(csc, D_BATCH_NUMBER), 0x01C, 0x1F),
              rw(REG(csc, D_POST_Y_EXTENSION), 0x020, 0x3),
              rw_widths(REG(csc, D_ENTRY_PER_SLICE), 0x024, 0x3FFF, 0xFFF),
              rw(REG(csc, D_WEIGHT_FORMAT), 0x028, 0x1),
              rw(REG(csc, D_WEIGHT_SIZE_EXT_0), 0x02C, 0x1F001F),
              rw(REG(csc, D_WEIGHT_SIZE_EXT_1), 0x030, 0x1FFF1FFF),
              rw_widths(REG(csc, D_WEIGHT_BYTES), 0x034, kAll, 0xFFFFFF80),
              rw_widths(REG(csc, D_WMB_BYTES), 0x038, 0x0FFFFFFF, 0x0FFFFF80),
              rw(REG(csc, D_DATAOUT_SIZE_0), 0x03C, 0x1FFF1FFF),
              rw(REG(csc, D_DATAOUT_SIZE_1), 0x040, 0x1FFF),
              rw(REG(csc, D_ATOMICS), 0x044, 0x1FFFFF, 0x1),
              rw(REG(csc, D_RELEASE), 0x048, 0xFFF, 0x1),
              rw(REG(csc, D_CONV_STRIDE_EXT), 0x04C, 0x70007),
              rw(REG(csc, D_DILATION_EXT), 0x050, 0x1F001F),
              rw(REG(csc, D_ZERO_PADDING), 0x054, 0x1F001F),
              rw(REG(csc, D_ZERO_PADDING_VALUE), 0x058, 0xFFFF),
              rw_widths(REG(csc, D_BANK), 0x05C, 0x1F001F, 0xF000F),
              rw(REG(csc, D_PRA_CFG), 0x060, 0x3),
              rw(REG(csc, D_CYA), 0x064, kAll),
          }};
}

// PROC_PRECISION = INT16 after reset.
ExpectedTable cmac_a_expected() {
  return {"CMAC_A",
          &cmac_a::unit_info,
          0x008,
          {
              ro(REG(cmac_a, S_STATUS), 0x000, 0x30003),
              other(REG(cmac_a, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(cmac_a, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(cmac_a, D_MISC_CFG), 0x00C, 0x3001, 0x1000),
          }};
}

ExpectedTable cmac_b_expected() {
  return {"CMAC_B",
          &cmac_b::unit_info,
          0x008,
          {
              ro(REG(cmac_b, S_STATUS), 0x000, 0x30003),
              other(REG(cmac_b, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(cmac_b, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(cmac_b, D_MISC_CFG), 0x00C, 0x3001, 0x1000),
          }};
}

// CACC strides are 24 bits; nv_full drops bits 4:0 of them.
ExpectedTable cacc_expected() {
  return {"CACC",
          &cacc::unit_info,
          0x008,
          {
              ro(REG(cacc, S_STATUS), 0x000, 0x30003),
              other(REG(cacc, S_POINTER), 0x004, Access::RW, 0x10001, 0x1),
              other(REG(cacc, D_OP_ENABLE), 0x008, Access::SetOnly, 0x1, 0x1),
              rw(REG(cacc, D_MISC_CFG), 0x00C, 0x3001, 0x1000),
              rw(REG(cacc, D_DATAOUT_SIZE_0), 0x010, 0x1FFF1FFF),
              rw(REG(cacc, D_DATAOUT_SIZE_1), 0x014, 0x1FFF),
              address(REG(cacc, D_DATAOUT_ADDR), 0x018),
              rw(REG(cacc, D_BATCH_NUMBER), 0x01C, 0x1F),
              rw_widths(REG(cacc, D_LINE_STRIDE), 0x020, 0xFFFFFF, 0xFFFFE0),
              rw_widths(REG(cacc, D_SURF_STRIDE), 0x024, 0xFFFFFF, 0xFFFFE0),
              rw(REG(cacc, D_DATAOUT_MAP), 0x028, 0x10001),
              rw(REG(cacc, D_CLIP_CFG), 0x02C, 0x1F),
              ro(REG(cacc, D_OUT_SATURATION), 0x030, kAll),
              rw(REG(cacc, D_CYA), 0x034, kAll),
          }};
}

#undef REG

std::string hex(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

// Every register of the unit, in every configuration, exactly as expected;
// the table holds no register the expectation lacks.
void check_table(const char* unit, const std::function<const UnitInfo&(Config)>& table,
                 uint32_t first_grouped_offset, const std::vector<Expected>& registers,
                 size_t manual_register_count) {
  // The typed-in list itself is complete: as many distinct names as the manual has registers.
  std::set<std::string> names;
  for (const auto& e : registers) names.insert(e.name);
  ASSERT_EQ(names.size(), registers.size()) << "a register is listed twice";
  ASSERT_EQ(registers.size(), manual_register_count);

  for (Config config : kConfigs) {
    const bool full = !hardware_config(config).master_map;
    const UnitInfo& info = table(config);
    SCOPED_TRACE(std::string(unit) + " in " + hardware_config(config).name);
    EXPECT_STREQ(info.name, unit);
    ASSERT_EQ(info.register_count, manual_register_count);
    for (const auto& e : registers) {
      SCOPED_TRACE(e.name);
      EXPECT_EQ(e.constant, e.offset) << "header offset constant";
      const RegisterInfo* r = info.find(e.name);
      ASSERT_NE(r, nullptr);
      EXPECT_EQ(info.find(e.offset), r);
      EXPECT_EQ(r->offset, e.constant);
      EXPECT_STREQ(access_name(r->access), access_name(e.access));
      EXPECT_EQ(r->grouped, e.offset >= first_grouped_offset);
      EXPECT_EQ(hex(r->reset), hex(full ? e.reset_full : e.reset_master)) << "reset";
      EXPECT_EQ(hex(r->read_mask), hex(full ? e.read_full : e.read_master)) << "read mask";
      EXPECT_EQ(hex(r->write_mask), hex(full ? e.write_full : e.write_master)) << "write mask";
    }
  }
}

void check_unit(const ExpectedUnit& expected, size_t manual_register_count) {
  const Unit unit = expected.unit;
  check_table(
      unit_name(unit), [unit](Config config) -> const UnitInfo& { return unit_info(unit, config); },
      expected.first_grouped_offset, expected.registers, manual_register_count);
}

void check_unit(const ExpectedTable& expected, size_t manual_register_count) {
  check_table(expected.name, expected.table, expected.first_grouped_offset, expected.registers,
              manual_register_count);
}

TEST(NvdlaRegisterTable, GlbMatchesTheManual) { check_unit(glb_expected(), 4); }
TEST(NvdlaRegisterTable, BdmaMatchesTheManual) { check_unit(bdma_expected(), 21); }
TEST(NvdlaRegisterTable, PdpRdmaMatchesTheManual) { check_unit(pdp_rdma_expected(), 20); }
TEST(NvdlaRegisterTable, PdpMatchesTheManual) { check_unit(pdp_expected(), 40); }
TEST(NvdlaRegisterTable, SdpRdmaMatchesTheManual) { check_unit(sdp_rdma_expected(), 37); }
TEST(NvdlaRegisterTable, SdpMatchesTheManual) { check_unit(sdp_expected(), 63); }
TEST(NvdlaRegisterTable, CdpRdmaMatchesTheManual) { check_unit(cdp_rdma_expected(), 17); }
TEST(NvdlaRegisterTable, CdpMatchesTheManual) { check_unit(cdp_expected(), 47); }
TEST(NvdlaRegisterTable, CdmaMatchesTheManual) { check_unit(cdma_expected(), 59); }
TEST(NvdlaRegisterTable, CscMatchesTheManual) { check_unit(csc_expected(), 26); }
TEST(NvdlaRegisterTable, CmacAMatchesTheManual) { check_unit(cmac_a_expected(), 4); }
TEST(NvdlaRegisterTable, CmacBMatchesTheManual) { check_unit(cmac_b_expected(), 4); }
TEST(NvdlaRegisterTable, CaccMatchesTheManual) { check_unit(cacc_expected(), 14); }

// The tables reached through their header, for the checks that walk every
// table (a unit that also has a Unit is walked twice, which is harmless).
constexpr const UnitInfo& (*kHeaderTables[])(Config) = {
    &cdp_rdma::unit_info, &cdp::unit_info,    &cdma::unit_info, &csc::unit_info,
    &cmac_a::unit_info,   &cmac_b::unit_info, &cacc::unit_info};

std::vector<const UnitInfo*> all_tables(Config config) {
  std::vector<const UnitInfo*> tables;
  for (Unit unit : kAllUnits) tables.push_back(&unit_info(unit, config));
  for (auto table : kHeaderTables) tables.push_back(&table(config));
  return tables;
}

// Whatever the map, a register's read mask is the union of its fields, the
// fields do not overlap, and a table entry is sorted by offset.
TEST(NvdlaRegisterTable, FieldsSpanTheReadMaskWithoutOverlap) {
  for (Config config : kConfigs) {
    for (const UnitInfo* table : all_tables(config)) {
      const UnitInfo& info = *table;
      for (size_t i = 0; i < info.register_count; ++i) {
        const RegisterInfo& r = info.registers[i];
        SCOPED_TRACE(std::string(info.name) + " " + r.name);
        if (i > 0) {
          EXPECT_LT(info.registers[i - 1].offset, r.offset);
        }
        ASSERT_GT(r.field_count, 0u);
        uint32_t bits = 0;
        for (size_t f = 0; f < r.field_count; ++f) {
          EXPECT_EQ(bits & r.fields[f].field.mask(), 0u) << r.fields[f].name;
          bits |= r.fields[f].field.mask();
        }
        EXPECT_EQ(bits, r.read_mask);
        EXPECT_EQ(r.write_mask & ~r.read_mask, 0u);
      }
    }
  }
}

const FieldInfo* field_of(const RegisterInfo* r, const char* name) {
  for (size_t i = 0; r != nullptr && i < r->field_count; ++i) {
    if (std::string(r->fields[i].name) == name) return &r->fields[i];
  }
  return nullptr;
}

TEST(NvdlaRegisterTable, FindRejectsWhatIsNoRegister) {
  const UnitInfo& pdp_info = unit_info(Unit::Pdp, Config::NvLarge);
  EXPECT_EQ(pdp_info.find(uint32_t{0x0A0}), nullptr);  // past the last register
  EXPECT_EQ(pdp_info.find(uint32_t{0x026}), nullptr);  // inside D_OPERATION_MODE_CFG
  EXPECT_EQ(pdp_info.find("D_OP_ENABLE_0"), nullptr);  // names drop the "_0"
  EXPECT_EQ(pdp_info.find("NO_SUCH_REGISTER"), nullptr);
  EXPECT_EQ(pdp_info.find(static_cast<const char*>(nullptr)), nullptr);
  const UnitInfo& glb_info = unit_info(Unit::Glb, Config::NvFull);
  EXPECT_EQ(glb_info.find(uint32_t{0x010}), nullptr);
  EXPECT_STREQ(glb_info.find(uint32_t{0x000})->name, "S_NVDLA_HW_VERSION");
}

TEST(NvdlaRegisterTable, MasterConfigurationsShareOneMap) {
  const auto small = all_tables(Config::NvSmall), large = all_tables(Config::NvLarge),
             full = all_tables(Config::NvFull);
  ASSERT_EQ(small.size(), std::size(kAllUnits) + std::size(kHeaderTables));
  for (size_t i = 0; i < small.size(); ++i) {
    EXPECT_EQ(small[i], large[i]);
    EXPECT_NE(small[i], full[i]);
  }
}

TEST(NvdlaRegisterTable, AccessNames) {
  EXPECT_STREQ(access_name(Access::RW), "RW");
  EXPECT_STREQ(access_name(Access::RO), "RO");
  EXPECT_STREQ(access_name(Access::W1C), "W1C");
  EXPECT_STREQ(access_name(Access::W1S), "W1S");
  EXPECT_STREQ(access_name(Access::Trigger), "Trigger");
  EXPECT_STREQ(access_name(Access::SetOnly), "SetOnly");
}

void expect_field(Field actual, unsigned lsb, unsigned width) {
  EXPECT_EQ(actual.lsb, lsb);
  EXPECT_EQ(actual.width, width);
}

// Field positions and enum values from the manuals' field lists.
TEST(NvdlaRegisterHeader, FieldConstants) {
  expect_field(pdp::D_OPERATION_MODE_CFG_POOLING_METHOD, 0, 2);
  expect_field(pdp::D_OPERATION_MODE_CFG_FLYING_MODE, 4, 1);
  expect_field(pdp::D_OPERATION_MODE_CFG_SPLIT_NUM, 8, 8);
  EXPECT_EQ(pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_AVERAGE, 0u);
  EXPECT_EQ(pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_MAX, 1u);
  EXPECT_EQ(pdp::D_OPERATION_MODE_CFG_POOLING_METHOD_MIN, 2u);
  EXPECT_EQ(pdp::D_OPERATION_MODE_CFG_FLYING_MODE_ON_FLYING, 0u);
  EXPECT_EQ(pdp::D_OPERATION_MODE_CFG_FLYING_MODE_OFF_FLYING, 1u);
  expect_field(pdp::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT, 8, 4);
  expect_field(pdp::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT, 20, 4);
  expect_field(pdp::D_POOLING_PADDING_CFG_PAD_BOTTOM, 12, 3);
  expect_field(pdp::D_POOLING_PADDING_VALUE_7_CFG_PAD_VALUE_7X, 0, 19);
  expect_field(pdp::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID, 20, 10);
  expect_field(pdp::D_RECIP_KERNEL_WIDTH_RECIP_KERNEL_WIDTH, 0, 17);
  expect_field(pdp::S_POINTER_CONSUMER, 16, 1);
  expect_field(pdp::S_STATUS_STATUS_1, 16, 2);
  EXPECT_EQ(pdp::S_STATUS_STATUS_0_PENDING, 2u);
  EXPECT_EQ(pdp::D_DST_RAM_CFG_DST_RAM_TYPE_MC, 1u);
  EXPECT_EQ(pdp::D_DATA_FORMAT_INPUT_DATA_FP16, 2u);
  // Where the maps differ the header carries the master position.
  expect_field(pdp::D_DST_BASE_ADDR_LOW_DST_BASE_ADDR_LOW, 0, 32);

  expect_field(pdp_rdma::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH, 4, 4);
  expect_field(pdp_rdma::D_OPERATION_MODE_CFG_SPLIT_NUM, 0, 8);
  EXPECT_EQ(pdp_rdma::D_SRC_RAM_CFG_SRC_RAM_TYPE_CV, 0u);
  EXPECT_EQ(pdp_rdma::D_SRC_RAM_CFG_SRC_RAM_TYPE_MC, 1u);

  expect_field(bdma::CFG_SRC_ADDR_LOW_V32, 5, 27);
  expect_field(bdma::STATUS_FREE_SLOT, 0, 8);
  expect_field(bdma::STATUS_GRP1_BUSY, 10, 1);
  expect_field(bdma::CFG_CMD_DST_RAM_TYPE, 1, 1);
  EXPECT_EQ(bdma::CFG_CMD_DST_RAM_TYPE_MC, 1u);

  expect_field(glb::S_NVDLA_HW_VERSION_MINOR, 8, 16);
  expect_field(glb::S_INTR_MASK_CACC_DONE_MASK1, 21, 1);
  expect_field(glb::S_INTR_SET_RUBIK_DONE_SET0, 8, 1);
  expect_field(glb::S_INTR_STATUS_CDMA_DAT_DONE_STATUS0, 16, 1);

  expect_field(sdp::D_DP_BS_CFG_BS_ALU_ALGO, 2, 2);
  EXPECT_EQ(sdp::D_DP_EW_CFG_EW_ALU_ALGO_EQL, 3u);
  expect_field(sdp::D_DP_BS_MUL_CFG_BS_MUL_SHIFT_VALUE, 8, 8);
  expect_field(sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER, 8, 5);
  EXPECT_EQ(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_PDP, 1u);
  expect_field(sdp::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE, 17, 1);
  expect_field(sdp::D_DATA_FORMAT_OUT_PRECISION, 2, 2);

  expect_field(sdp_rdma::D_FEATURE_MODE_CFG_OUT_PRECISION, 6, 2);
  expect_field(sdp_rdma::D_BRDMA_CFG_BRDMA_DATA_USE, 1, 2);
  EXPECT_EQ(sdp_rdma::D_BRDMA_CFG_BRDMA_DATA_USE_BOTH, 2u);
  EXPECT_EQ(sdp_rdma::D_BRDMA_CFG_BRDMA_RAM_TYPE_MC, 1u);
}

// Field positions and enum values of the CDP and convolution units, from the
// manuals' field lists.
TEST(NvdlaRegisterHeader, CdpAndConvolutionFieldConstants) {
  expect_field(cdp::D_LRN_CFG_NORMALZ_LEN, 0, 2);
  EXPECT_EQ(cdp::D_LRN_CFG_NORMALZ_LEN_LEN3, 0u);
  EXPECT_EQ(cdp::D_LRN_CFG_NORMALZ_LEN_LEN9, 3u);
  expect_field(cdp::D_FUNC_BYPASS_SQSUM_BYPASS, 0, 1);
  expect_field(cdp::D_FUNC_BYPASS_MUL_BYPASS, 1, 1);
  expect_field(cdp::S_LUT_INFO_LUT_LO_INDEX_SELECT, 16, 8);
  expect_field(cdp::S_LUT_LE_START_HIGH_LUT_LE_START_HIGH, 0, 6);
  expect_field(cdp::S_LUT_LE_SLOPE_SHIFT_LUT_LE_SLOPE_OFLOW_SHIFT, 5, 5);
  expect_field(cdp::S_LUT_LO_SLOPE_SCALE_LUT_LO_SLOPE_OFLOW_SCALE, 16, 16);
  expect_field(cdp::D_DATIN_SHIFTER_DATIN_SHIFTER, 0, 5);
  expect_field(cdp::D_DATOUT_SHIFTER_DATOUT_SHIFTER, 0, 6);
  expect_field(cdp::D_PERF_ENABLE_LUT_EN, 1, 1);
  EXPECT_EQ(cdp::D_DATA_FORMAT_INPUT_DATA_TYPE_FP16, 2u);
  EXPECT_EQ(cdp::S_LUT_ACCESS_CFG_LUT_TABLE_ID_LO, 1u);
  expect_field(cdp::D_DST_BASE_ADDR_LOW_DST_BASE_ADDR_LOW, 0, 32);

  expect_field(cdp_rdma::D_OPERATION_MODE_OPERATION_MODE, 0, 2);
  expect_field(cdp_rdma::D_DATA_CUBE_CHANNEL_CHANNEL, 0, 13);
  EXPECT_EQ(cdp_rdma::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC, 1u);

  expect_field(cdma::S_ARBITER_ARB_WMB, 16, 4);
  expect_field(cdma::D_MISC_CFG_IN_PRECISION, 8, 2);
  expect_field(cdma::D_MISC_CFG_SKIP_WEIGHT_RLS, 28, 1);
  expect_field(cdma::D_DATAIN_FORMAT_PIXEL_FORMAT, 8, 6);
  EXPECT_EQ(cdma::D_DATAIN_FORMAT_PIXEL_FORMAT_T_A8B8G8R8, 12u);
  expect_field(cdma::D_DATAIN_SIZE_0_DATAIN_HEIGHT, 16, 13);
  expect_field(cdma::D_ZERO_PADDING_PAD_RIGHT, 8, 6);
  expect_field(cdma::D_ZERO_PADDING_PAD_BOTTOM, 24, 6);
  expect_field(cdma::D_CVT_CFG_CVT_TRUNCATE, 4, 6);
  expect_field(cdma::D_WEIGHT_SIZE_0_BYTE_PER_KERNEL, 0, 18);
  expect_field(cdma::D_BANK_WEIGHT_BANK, 16, 5);

  expect_field(csc::D_ATOMICS_ATOMICS, 0, 21);
  expect_field(csc::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL, 16, 13);
  expect_field(csc::D_DILATION_EXT_Y_DILATION_EXT, 16, 5);
  expect_field(csc::D_ENTRY_PER_SLICE_ENTRIES, 0, 14);

  expect_field(cmac_a::D_MISC_CFG_PROC_PRECISION, 12, 2);
  EXPECT_EQ(cmac_a::D_MISC_CFG_PROC_PRECISION_FP16, 2u);
  EXPECT_EQ(cmac_b::D_MISC_CFG_CONV_MODE_WINOGRAD, 1u);

  expect_field(cacc::D_CLIP_CFG_CLIP_TRUNCATE, 0, 5);
  expect_field(cacc::D_DATAOUT_MAP_SURF_PACKED, 16, 1);
  expect_field(cacc::D_LINE_STRIDE_LINE_STRIDE, 0, 24);
}

// Where nv_full's convolution fields are narrower than master's, each map's
// table carries its own positions (nvdlav1 arnvdla.h against the master RDL).
TEST(NvdlaRegisterTable, NvFullPositionsOfCdpAndConvolutionFields) {
  const struct {
    const UnitInfo& (*table)(Config);
    const char* register_name;
    const char* field_name;
    unsigned master_lsb, master_width, full_lsb, full_width;
  } cases[] = {
      {&cdma::unit_info, "D_BANK", "DATA_BANK", 0, 5, 0, 4},
      {&cdma::unit_info, "D_BANK", "WEIGHT_BANK", 16, 5, 16, 4},
      {&cdma::unit_info, "D_ENTRY_PER_SLICE", "ENTRIES", 0, 14, 0, 12},
      {&cdma::unit_info, "D_WMB_BYTES", "WMB_BYTES", 0, 28, 7, 21},
      {&cdma::unit_info, "D_DAIN_ADDR_LOW_1", "DATAIN_ADDR_LOW_1", 0, 32, 5, 27},
      {&csc::unit_info, "D_WEIGHT_BYTES", "WEIGHT_BYTES", 0, 32, 7, 25},
      {&cacc::unit_info, "D_SURF_STRIDE", "SURF_STRIDE", 0, 24, 5, 19},
      {&cdp::unit_info, "D_DST_LINE_STRIDE", "DST_LINE_STRIDE", 0, 32, 5, 27},
      {&cdp_rdma::unit_info, "D_SRC_BASE_ADDR_LOW", "SRC_BASE_ADDR_LOW", 0, 32, 5, 27},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(std::string(c.register_name) + "." + c.field_name);
    const FieldInfo* master = field_of(c.table(Config::NvSmall).find(c.register_name), c.field_name);
    const FieldInfo* full = field_of(c.table(Config::NvFull).find(c.register_name), c.field_name);
    ASSERT_NE(master, nullptr);
    ASSERT_NE(full, nullptr);
    expect_field(master->field, c.master_lsb, c.master_width);
    expect_field(full->field, c.full_lsb, c.full_width);
  }
}

// The GLB done bits that config.cpp names agree with the generated fields.
TEST(NvdlaRegisterHeader, DoneStatusBitsMatchGlbFields) {
  EXPECT_EQ(done_status_bit(Unit::Sdp, 0), glb::S_INTR_STATUS_SDP_DONE_STATUS0.lsb);
  EXPECT_EQ(done_status_bit(Unit::Sdp, 1), glb::S_INTR_STATUS_SDP_DONE_STATUS1.lsb);
  EXPECT_EQ(done_status_bit(Unit::Pdp, 0), glb::S_INTR_STATUS_PDP_DONE_STATUS0.lsb);
  EXPECT_EQ(done_status_bit(Unit::Pdp, 1), glb::S_INTR_STATUS_PDP_DONE_STATUS1.lsb);
  EXPECT_EQ(done_status_bit(Unit::Bdma, 0), glb::S_INTR_STATUS_BDMA_DONE_STATUS0.lsb);
  EXPECT_EQ(done_status_bit(Unit::Bdma, 1), glb::S_INTR_STATUS_BDMA_DONE_STATUS1.lsb);
}

// nv_full drops bits 4:0 of address and stride fields; the table's field
// entries say so, the header (master) does not.
TEST(NvdlaRegisterTable, NvFullAddressFieldsStartAtBit5) {
  const char* const pdp_fields[][2] = {{"D_SRC_BASE_ADDR_LOW", "SRC_BASE_ADDR_LOW"},
                                       {"D_SRC_LINE_STRIDE", "SRC_LINE_STRIDE"},
                                       {"D_SRC_SURFACE_STRIDE", "SRC_SURFACE_STRIDE"},
                                       {"D_DST_BASE_ADDR_LOW", "DST_BASE_ADDR_LOW"},
                                       {"D_DST_LINE_STRIDE", "DST_LINE_STRIDE"},
                                       {"D_DST_SURFACE_STRIDE", "DST_SURFACE_STRIDE"}};
  for (const auto& rf : pdp_fields) {
    SCOPED_TRACE(rf[0]);
    const FieldInfo* full = field_of(unit_info(Unit::Pdp, Config::NvFull).find(rf[0]), rf[1]);
    const FieldInfo* master = field_of(unit_info(Unit::Pdp, Config::NvSmall).find(rf[0]), rf[1]);
    ASSERT_NE(full, nullptr);
    ASSERT_NE(master, nullptr);
    expect_field(full->field, 5, 27);
    expect_field(master->field, 0, 32);
  }
  const FieldInfo* consumer =
      field_of(unit_info(Unit::SdpRdma, Config::NvFull).find("S_POINTER"), "CONSUMER");
  ASSERT_NE(consumer, nullptr);
  expect_field(consumer->field, 16, 1);
}

// Unit windows of both maps (nvdla/hw nvdlav1 arnvdla.h and master
// spec/manual address map).
TEST(NvdlaConfig, UnitWindowsOfBothMaps) {
  struct Window {
    const char* name;
    uint32_t full, master;  // kNone: not in that map
  };
  constexpr uint32_t kNone = 0xFFFFFFFFu;
  const Window windows[] = {
      {"CFGROM", kNone, 0x00000},   {"GLB", 0x00000, 0x01000},
      {"GEC", 0x01000, 0x0E000},    {"MCIF", 0x02000, 0x02000},
      {"CVIF", 0x03000, 0x0F000},   {"BDMA", 0x04000, 0x10000},
      {"CDMA", 0x05000, 0x03000},   {"CSC", 0x06000, 0x04000},
      {"CMAC_A", 0x07000, 0x05000}, {"CMAC_B", 0x08000, 0x06000},
      {"CACC", 0x09000, 0x07000},   {"SDP_RDMA", 0x0A000, 0x08000},
      {"SDP", 0x0B000, 0x09000},    {"PDP_RDMA", 0x0C000, 0x0A000},
      {"PDP", 0x0D000, 0x0B000},    {"CDP_RDMA", 0x0E000, 0x0C000},
      {"CDP", 0x0F000, 0x0D000},    {"RUBIK", 0x10000, 0x11000},
  };
  const HardwareConfig& full = hardware_config(Config::NvFull);
  for (Config master_config : {Config::NvSmall, Config::NvLarge}) {
    const HardwareConfig& master = hardware_config(master_config);
    for (const auto& w : windows) {
      SCOPED_TRACE(w.name);
      if (w.full != kNone) {
        EXPECT_STREQ(window_name(full, w.full), w.name);
        EXPECT_STREQ(window_name(full, w.full + 0xFFC), w.name);
      }
      EXPECT_STREQ(window_name(master, w.master), w.name);
      EXPECT_STREQ(window_name(master, w.master + 0x804), w.name);
    }
    EXPECT_EQ(window_name(master, 0x12000), nullptr);
    EXPECT_EQ(window_name(master, 0x3F000), nullptr);
  }
  EXPECT_EQ(window_name(full, 0x11000), nullptr);
  EXPECT_EQ(window_name(full, 0x14000), nullptr);

  const struct {
    Unit unit;
    uint32_t full, master;
  } bases[] = {{Unit::Glb, 0x00000, 0x01000},     {Unit::Bdma, 0x04000, 0x10000},
               {Unit::SdpRdma, 0x0A000, 0x08000}, {Unit::Sdp, 0x0B000, 0x09000},
               {Unit::PdpRdma, 0x0C000, 0x0A000}, {Unit::Pdp, 0x0D000, 0x0B000}};
  for (const auto& b : bases) {
    SCOPED_TRACE(unit_name(b.unit));
    EXPECT_EQ(full.unit_base(b.unit), b.full);
    EXPECT_EQ(hardware_config(Config::NvSmall).unit_base(b.unit), b.master);
    EXPECT_EQ(hardware_config(Config::NvLarge).unit_base(b.unit), b.master);
    // Each unit's window carries its own name in both maps.
    EXPECT_STREQ(window_name(full, b.full), unit_name(b.unit));
    EXPECT_STREQ(window_name(hardware_config(Config::NvSmall), b.master), unit_name(b.unit));
  }
}

// ---------------------------------------------------------------------------
// The generator (tools/nvdla_regs) on broken descriptions.

using Json = nlohmann::ordered_json;

class NvdlaRegsGenerator : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("nvdla_regs_gen_" + std::to_string(getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "descriptions");
    for (const auto& entry : fs::directory_iterator(NVDLA_REGS_DESCRIPTIONS)) {
      fs::copy_file(entry.path(), dir_ / "descriptions" / entry.path().filename());
    }
  }
  void TearDown() override { fs::remove_all(dir_); }

  Json load(const std::string& file) {
    std::ifstream in(dir_ / "descriptions" / file);
    return Json::parse(in);
  }
  void save(const std::string& file, const Json& j) {
    std::ofstream(dir_ / "descriptions" / file) << j.dump(2);
  }
  Json& reg(Json& unit, const std::string& name) {
    for (auto& r : unit["registers"]) {
      if (r["name"] == name) return r;
    }
    throw std::runtime_error("test setup: no register " + name);
  }
  Json& field(Json& r, const std::string& name) {
    for (auto& f : r["fields"]) {
      if (f["name"] == name) return f;
    }
    throw std::runtime_error("test setup: no field " + name);
  }

  // Runs the generator into `out`; returns its exit status, stderr in `errors`.
  int run(const std::string& out, std::string* errors = nullptr) {
    const fs::path err = dir_ / "stderr.txt";
    const std::string command = std::string("'") + NVDLA_REGS_GEN + "' '" +
                                (dir_ / "descriptions").string() + "' '" + (dir_ / out).string() +
                                "' >/dev/null 2>'" + err.string() + "'";
    const int status = std::system(command.c_str());
    if (errors != nullptr) {
      std::ifstream in(err);
      std::ostringstream text;
      text << in.rdbuf();
      *errors = text.str();
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  // The generator refuses the descriptions with a message naming `file`,
  // `register_name` and the broken rule; and writes nothing.
  void expect_refusal(const std::string& file, const std::string& register_name,
                      const std::string& rule) {
    std::string errors;
    EXPECT_EQ(run("out", &errors), 1);
    EXPECT_NE(errors.find(file), std::string::npos) << errors;
    EXPECT_NE(errors.find("register " + register_name + ":"), std::string::npos) << errors;
    EXPECT_NE(errors.find(rule), std::string::npos) << errors;
    EXPECT_FALSE(fs::exists(dir_ / "out"));
  }

  fs::path dir_;
};

TEST_F(NvdlaRegsGenerator, WritesTheSameBytesEveryRun) {
  ASSERT_EQ(run("first"), 0);
  ASSERT_EQ(run("second"), 0);
  size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir_ / "first")) {
    if (!entry.is_regular_file()) continue;
    ++files;
    const fs::path relative = fs::relative(entry.path(), dir_ / "first");
    std::ifstream a(entry.path(), std::ios::binary),
        b(dir_ / "second" / relative, std::ios::binary);
    std::ostringstream ta, tb;
    ta << a.rdbuf();
    tb << b.rdbuf();
    EXPECT_EQ(ta.str(), tb.str()) << relative;
  }
  // Fourteen headers, fourteen tables, one page.
  EXPECT_EQ(files, 29u);
}

TEST_F(NvdlaRegsGenerator, RefusesAMissingKey) {
  Json j = load("pdp.json");
  reg(j, "D_OPERATION_MODE_CFG").erase("access");
  save("pdp.json", j);
  expect_refusal("pdp.json", "D_OPERATION_MODE_CFG", "missing key 'access'");
}

TEST_F(NvdlaRegsGenerator, RefusesOverlappingFields) {
  Json j = load("pdp.json");
  field(reg(j, "D_OPERATION_MODE_CFG"), "SPLIT_NUM")["lsb"] = 4;  // onto FLYING_MODE
  save("pdp.json", j);
  expect_refusal("pdp.json", "D_OPERATION_MODE_CFG", "fields FLYING_MODE and SPLIT_NUM overlap");
}

TEST_F(NvdlaRegsGenerator, RefusesAFieldOutside32Bits) {
  Json j = load("bdma.json");
  field(reg(j, "CFG_LINE"), "SIZE")["msb"] = 32;
  save("bdma.json", j);
  expect_refusal("bdma.json", "CFG_LINE", "outside 0..31");
}

TEST_F(NvdlaRegsGenerator, RefusesAnNvFullFieldOutside32Bits) {
  Json j = load("pdp_rdma.json");
  field(reg(j, "D_SRC_LINE_STRIDE"), "SRC_LINE_STRIDE")["nv_full"]["msb"] = 40;
  save("pdp_rdma.json", j);
  expect_refusal("pdp_rdma.json", "D_SRC_LINE_STRIDE", "outside 0..31");
}

TEST_F(NvdlaRegsGenerator, RefusesADuplicateOffset) {
  Json j = load("glb.json");
  reg(j, "S_INTR_SET")["offset"] = "0x004";
  save("glb.json", j);
  expect_refusal("glb.json", "S_INTR_SET", "duplicate offset 0x004 (also register S_INTR_MASK)");
}

TEST_F(NvdlaRegsGenerator, RefusesResetBitsOutsideTheReadMask) {
  Json j = load("sdp.json");
  reg(j, "D_DP_BS_CFG")["reset"]["master"] = "0x00000173";
  save("sdp.json", j);
  expect_refusal("sdp.json", "D_DP_BS_CFG", "has bits outside the read mask 0x0000007F (master)");
}

TEST_F(NvdlaRegsGenerator, RefusesAnUnknownAccessKind) {
  Json j = load("sdp_rdma.json");
  reg(j, "D_PERF_ENABLE")["access"] = "WO";
  save("sdp_rdma.json", j);
  expect_refusal("sdp_rdma.json", "D_PERF_ENABLE", "access 'WO'");
}

TEST_F(NvdlaRegsGenerator, RefusesAnEnumWiderThanItsField) {
  Json j = load("pdp.json");
  field(reg(j, "D_OPERATION_MODE_CFG"), "POOLING_METHOD")["enums"]["MEDIAN"] = 4;
  save("pdp.json", j);
  expect_refusal("pdp.json", "D_OPERATION_MODE_CFG", "enum MEDIAN = 4 does not fit 2 bits");
}

TEST_F(NvdlaRegsGenerator, RefusesAnUnknownKey) {
  Json j = load("glb.json");
  reg(j, "S_INTR_MASK")["reset_value"] = "0x0";
  save("glb.json", j);
  expect_refusal("glb.json", "S_INTR_MASK", "unknown key 'reset_value'");
}

TEST_F(NvdlaRegsGenerator, RefusesInvalidJson) {
  std::ofstream(dir_ / "descriptions" / "sdp.json") << "{ \"unit\": \"SDP\", ";
  std::string errors;
  EXPECT_EQ(run("out", &errors), 1);
  EXPECT_NE(errors.find("sdp.json: not valid JSON"), std::string::npos) << errors;
}

// ---------------------------------------------------------------------------
// PDP's line-buffer width (the limit of on-the-fly and unsplit outputs)

TEST(FlyingWidth, CompilerFormulaByHand) {
  const HardwareConfig& full = hardware_config(Config::NvFull);
  const HardwareConfig& small = hardware_config(Config::NvSmall);
  // nv_full int8 (atomic-K 32): 57344 / (f * 32 * 14).
  EXPECT_EQ(full.pdp_line_buffer_width(Precision::Int8, 2, 2), 128u);  // ceil(2/2) = 1 -> f 1
  EXPECT_EQ(full.pdp_line_buffer_width(Precision::Int8, 3, 2), 64u);   // 2 -> f 2
  EXPECT_EQ(full.pdp_line_buffer_width(Precision::Int8, 3, 1), 32u);   // 3 -> f 4
  EXPECT_EQ(full.pdp_line_buffer_width(Precision::Int8, 8, 1), 16u);   // 8 -> f 8
  // int16: atomic-K / 2 = 16 kernels per group, 28 bits: 57344 / (2 * 16 * 28) = 64.
  EXPECT_EQ(full.pdp_line_buffer_width(Precision::Int16, 2, 1), 64u);
  // nv_small (atomic-K 8): 512 / f.
  EXPECT_EQ(small.pdp_line_buffer_width(Precision::Int8, 1, 1), 512u);
  EXPECT_EQ(small.pdp_line_buffer_width(Precision::Int8, 3, 2), 256u);
  EXPECT_EQ(small.pdp_line_buffer_width(Precision::Int8, 4, 1), 128u);  // 4 -> f 4
  EXPECT_EQ(small.pdp_line_buffer_width(Precision::Int8, 5, 1), 64u);   // 5 -> f 8
}


}  // namespace
}  // namespace acosim::nvdla::regs
