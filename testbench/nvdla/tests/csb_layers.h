// Register programming that several NVDLA model suites share when they
// drive a layer through the CSB of the co-simulation top: the parts of a
// convolution into SDP and of a CDP LRN layer whose writes do not depend on
// what a test checks. What a test is about (its cube, strides, LUT contents,
// converter settings) stays in the test and comes in as arguments.
#pragma once

#include <cstdint>
#include <vector>

#include "sw/nvdla/regs/cacc.h"
#include "sw/nvdla/regs/cdma.h"
#include "sw/nvdla/regs/cdp.h"
#include "sw/nvdla/regs/cdp_rdma.h"
#include "sw/nvdla/regs/cmac_a.h"
#include "sw/nvdla/regs/cmac_b.h"
#include "sw/nvdla/regs/csc.h"
#include "sw/nvdla/regs/sdp.h"
#include "sw/nvdla/regs/sdp_rdma.h"
#include "testbench/nvdla/tests/model_test_support.h"

namespace acosim::nvdla::test {

// Far longer than any of these small layers takes in simulated time, so
// only a hung layer reaches it.
inline constexpr uint64_t kLayerTimeoutNs = 1000000;

// GLB S_INTR_STATUS bits of register group 0 (NVDLA_GLB.rdl).
inline constexpr uint32_t kSdpDone0 = 1u << 0;
inline constexpr uint32_t kCdpDone0 = 1u << 2;
inline constexpr uint32_t kCdmaDatDone0 = 1u << 16;
inline constexpr uint32_t kCdmaWtDone0 = 1u << 18;
inline constexpr uint32_t kCaccDone0 = 1u << 20;
// A convolution layer into SDP has ended when all four units report done.
inline constexpr uint32_t kConvLayerDone0 = kSdpDone0 | kCdmaDatDone0 | kCdmaWtDone0 | kCaccDone0;

// ---- Convolution into SDP ----------------------------------------------------

// CDMA's weight fetch of a direct convolution from MCIF: D_WEIGHT_SIZE_0/1,
// D_WEIGHT_RAM_TYPE, D_WEIGHT_ADDR_HIGH/LOW and D_WEIGHT_BYTES.
inline void program_cdma_weights(UnitRegisters& cdma, uint32_t bytes_per_kernel, uint32_t kernels,
                                 uint64_t address, uint32_t weight_bytes) {
  namespace d = regs::cdma;
  cdma.write(d::D_WEIGHT_SIZE_0, bytes_per_kernel - 1);
  cdma.write(d::D_WEIGHT_SIZE_1, kernels - 1);
  cdma.write(d::D_WEIGHT_RAM_TYPE, d::D_WEIGHT_RAM_TYPE_WEIGHT_RAM_TYPE_MCIF);
  cdma.write(d::D_WEIGHT_ADDR_HIGH, uint32_t(address >> 32));
  cdma.write(d::D_WEIGHT_ADDR_LOW, uint32_t(address));
  cdma.write(d::D_WEIGHT_BYTES, weight_bytes);
}

// CSC's view of the kernels: D_WEIGHT_SIZE_EXT_0/1 (kernel width and height,
// channels after any pre-extension, kernel count) and D_WEIGHT_BYTES.
inline void program_csc_weight_size(UnitRegisters& csc, uint32_t width, uint32_t height, uint32_t channels,
                                    uint32_t kernels, uint32_t weight_bytes) {
  namespace c = regs::csc;
  csc.write(c::D_WEIGHT_SIZE_EXT_0, c::D_WEIGHT_SIZE_EXT_0_WEIGHT_WIDTH_EXT.put(width - 1) |
                                         c::D_WEIGHT_SIZE_EXT_0_WEIGHT_HEIGHT_EXT.put(height - 1));
  csc.write(c::D_WEIGHT_SIZE_EXT_1, c::D_WEIGHT_SIZE_EXT_1_WEIGHT_CHANNEL_EXT.put(channels - 1) |
                                         c::D_WEIGHT_SIZE_EXT_1_WEIGHT_KERNEL.put(kernels - 1));
  csc.write(c::D_WEIGHT_BYTES, weight_bytes);
}

// CSC's output cube, width x height x kernels: D_DATAOUT_SIZE_0/1, and
// D_ATOMICS, one atomic operation per output element of a surface.
inline void program_csc_dataout(UnitRegisters& csc, uint32_t width, uint32_t height, uint32_t kernels) {
  namespace c = regs::csc;
  csc.write(c::D_DATAOUT_SIZE_0,
            c::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(width - 1) | c::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(height - 1));
  csc.write(c::D_DATAOUT_SIZE_1, kernels - 1);
  csc.write(c::D_ATOMICS, width * height - 1);
}

// CMAC_A/B and CACC of a direct int8 convolution (D_MISC_CFG 0) whose
// output cube is width x height x kernels: CACC's D_DATAOUT_SIZE_0/1.
inline void program_cmac_cacc(NvdlaSystem& system, uint32_t width, uint32_t height, uint32_t kernels) {
  namespace a = regs::cacc;
  UnitRegisters cmac_a(system, Unit::CmacA), cmac_b(system, Unit::CmacB), cacc(system, Unit::Cacc);
  cmac_a.write(regs::cmac_a::D_MISC_CFG, 0);
  cmac_b.write(regs::cmac_b::D_MISC_CFG, 0);
  cacc.write(a::D_MISC_CFG, 0);
  cacc.write(a::D_DATAOUT_SIZE_0,
             a::D_DATAOUT_SIZE_0_DATAOUT_WIDTH.put(width - 1) | a::D_DATAOUT_SIZE_0_DATAOUT_HEIGHT.put(height - 1));
  cacc.write(a::D_DATAOUT_SIZE_1, a::D_DATAOUT_SIZE_1_DATAOUT_CHANNEL.put(kernels - 1));
}

// The int8 cube SDP receives from CACC and writes to memory (callers
// brace-initialise it in this order).
struct SdpOutputCube {
  uint32_t width, height, channels, batches;
  uint64_t address;
  uint32_t line_stride, surface_stride;
};

// SDP_RDMA in flying mode with BRDMA, NRDMA and ERDMA off, and SDP as a
// pass-through to memory: BS, BN and EW bypassed, output converter offset 0,
// scale 1, shift 0, int8 in and out. The cube's batches go to
// D_FEATURE_MODE_CFG.BATCH_NUMBER of both; D_DST_BATCH_STRIDE is the
// caller's.
inline void program_sdp_flying_passthrough(NvdlaSystem& system, const SdpOutputCube& out) {
  namespace sdp = regs::sdp;
  namespace rdma = regs::sdp_rdma;
  UnitRegisters rd(system, Unit::SdpRdma), sd(system, Unit::Sdp);
  rd.write(rdma::D_FEATURE_MODE_CFG,
           rdma::D_FEATURE_MODE_CFG_FLYING_MODE.put(rdma::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
               rdma::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(out.batches - 1));
  rd.write(rdma::D_BRDMA_CFG, rdma::D_BRDMA_CFG_BRDMA_DISABLE.put(rdma::D_BRDMA_CFG_BRDMA_DISABLE_YES));
  rd.write(rdma::D_NRDMA_CFG, rdma::D_NRDMA_CFG_NRDMA_DISABLE.put(rdma::D_NRDMA_CFG_NRDMA_DISABLE_YES));
  rd.write(rdma::D_ERDMA_CFG, rdma::D_ERDMA_CFG_ERDMA_DISABLE.put(rdma::D_ERDMA_CFG_ERDMA_DISABLE_YES));
  sd.write(sdp::D_DATA_CUBE_WIDTH, out.width - 1);
  sd.write(sdp::D_DATA_CUBE_HEIGHT, out.height - 1);
  sd.write(sdp::D_DATA_CUBE_CHANNEL, out.channels - 1);
  sd.write(sdp::D_DP_BS_CFG, sdp::D_DP_BS_CFG_BS_BYPASS.put(sdp::D_DP_BS_CFG_BS_BYPASS_YES));
  sd.write(sdp::D_DP_BN_CFG, sdp::D_DP_BN_CFG_BN_BYPASS.put(sdp::D_DP_BN_CFG_BN_BYPASS_YES));
  sd.write(sdp::D_DP_EW_CFG, sdp::D_DP_EW_CFG_EW_BYPASS.put(sdp::D_DP_EW_CFG_EW_BYPASS_YES));
  sd.write(sdp::D_FEATURE_MODE_CFG,
           sdp::D_FEATURE_MODE_CFG_FLYING_MODE.put(sdp::D_FEATURE_MODE_CFG_FLYING_MODE_ON) |
               sdp::D_FEATURE_MODE_CFG_OUTPUT_DST.put(sdp::D_FEATURE_MODE_CFG_OUTPUT_DST_MEM) |
               sdp::D_FEATURE_MODE_CFG_BATCH_NUMBER.put(out.batches - 1));
  sd.write(sdp::D_DST_DMA_CFG, sdp::D_DST_DMA_CFG_DST_RAM_TYPE.put(sdp::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  sd.write(sdp::D_DST_BASE_ADDR_HIGH, uint32_t(out.address >> 32));
  sd.write(sdp::D_DST_BASE_ADDR_LOW, uint32_t(out.address));
  sd.write(sdp::D_DST_LINE_STRIDE, out.line_stride);
  sd.write(sdp::D_DST_SURFACE_STRIDE, out.surface_stride);
  sd.write(sdp::D_DATA_FORMAT, sdp::D_DATA_FORMAT_PROC_PRECISION.put(sdp::D_DATA_FORMAT_PROC_PRECISION_INT8) |
                                   sdp::D_DATA_FORMAT_OUT_PRECISION.put(sdp::D_DATA_FORMAT_OUT_PRECISION_INT8));
  sd.write(sdp::D_CVT_OFFSET, 0);
  sd.write(sdp::D_CVT_SCALE, 1);
  sd.write(sdp::D_CVT_SHIFT, 0);
}

// D_OP_ENABLE of every unit of a convolution into SDP, consumers before
// producers: SDP_RDMA and SDP, then CACC, CMAC_A/B, CSC and CDMA.
inline void enable_conv_layer(NvdlaSystem& system) {
  UnitRegisters(system, Unit::SdpRdma).write(regs::sdp_rdma::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::Sdp).write(regs::sdp::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::Cacc).write(regs::cacc::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::CmacA).write(regs::cmac_a::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::CmacB).write(regs::cmac_b::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::Csc).write(regs::csc::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::Cdma).write(regs::cdma::D_OP_ENABLE, 1);
}

// ---- CDP LRN layer -------------------------------------------------------------

// CDP_RDMA's source: a cube of one line (width x 1 x channels) in MC memory,
// `stride` bytes per line and per surface, D_DATA_FORMAT.INPUT_DATA
// `input_data`.
inline void program_cdp_rdma_line(NvdlaSystem& system, uint64_t address, uint32_t width, uint32_t channels,
                                  uint32_t stride, uint32_t input_data) {
  namespace cr = regs::cdp_rdma;
  UnitRegisters rd(system, Unit::CdpRdma);
  rd.write(cr::D_DATA_CUBE_WIDTH, width - 1);
  rd.write(cr::D_DATA_CUBE_HEIGHT, 0);
  rd.write(cr::D_DATA_CUBE_CHANNEL, channels - 1);
  rd.write(cr::D_SRC_BASE_ADDR_HIGH, uint32_t(address >> 32));
  rd.write(cr::D_SRC_BASE_ADDR_LOW, uint32_t(address));
  rd.write(cr::D_SRC_LINE_STRIDE, stride);
  rd.write(cr::D_SRC_SURFACE_STRIDE, stride);
  rd.write(cr::D_SRC_DMA_CFG, cr::D_SRC_DMA_CFG_SRC_RAM_TYPE.put(cr::D_SRC_DMA_CFG_SRC_RAM_TYPE_MC));
  rd.write(cr::D_DATA_FORMAT, cr::D_DATA_FORMAT_INPUT_DATA.put(input_data));
}

// Fills LUT table `table_id` (S_LUT_ACCESS_CFG_LUT_TABLE_ID_LE or _LO) from
// entry 0 through the port: S_LUT_ACCESS_CFG with access type WRITE, then
// one S_LUT_ACCESS_DATA write per entry.
inline void write_cdp_lut(UnitRegisters& cdp, uint32_t table_id, const std::vector<uint32_t>& entries) {
  namespace c = regs::cdp;
  cdp.write(c::S_LUT_ACCESS_CFG, c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE.put(c::S_LUT_ACCESS_CFG_LUT_ACCESS_TYPE_WRITE) |
                                     c::S_LUT_ACCESS_CFG_LUT_TABLE_ID.put(table_id));
  for (const uint32_t entry : entries) cdp.write(c::S_LUT_ACCESS_DATA, entry);
}

// The 38-bit START and END of both LUT tables, each split into its
// S_LUT_{LE,LO}_{START,END}_LOW/HIGH pair.
inline void program_cdp_lut_ranges(UnitRegisters& cdp, uint64_t le_start, uint64_t le_end, uint64_t lo_start,
                                   uint64_t lo_end) {
  namespace c = regs::cdp;
  cdp.write(c::S_LUT_LE_START_LOW, uint32_t(le_start));
  cdp.write(c::S_LUT_LE_START_HIGH, uint32_t(le_start >> 32));
  cdp.write(c::S_LUT_LE_END_LOW, uint32_t(le_end));
  cdp.write(c::S_LUT_LE_END_HIGH, uint32_t(le_end >> 32));
  cdp.write(c::S_LUT_LO_START_LOW, uint32_t(lo_start));
  cdp.write(c::S_LUT_LO_START_HIGH, uint32_t(lo_start >> 32));
  cdp.write(c::S_LUT_LO_END_LOW, uint32_t(lo_end));
  cdp.write(c::S_LUT_LO_END_HIGH, uint32_t(lo_end >> 32));
}

// CDP as an LRN over a window of 3 (D_FUNC_BYPASS 0: square sum and
// multiplier both on) writing a one-line cube to MC memory at `address`,
// `stride` bytes per line and per surface; identity input converter, output
// converter offset 0, scale 1, shift `datout_shifter`.
inline void program_cdp_lrn3(UnitRegisters& cdp, uint32_t input_data_type, uint64_t address, uint32_t stride,
                             uint32_t datout_shifter) {
  namespace c = regs::cdp;
  cdp.write(c::D_FUNC_BYPASS, 0);
  cdp.write(c::D_DATA_FORMAT, c::D_DATA_FORMAT_INPUT_DATA_TYPE.put(input_data_type));
  cdp.write(c::D_LRN_CFG, c::D_LRN_CFG_NORMALZ_LEN.put(c::D_LRN_CFG_NORMALZ_LEN_LEN3));
  cdp.write(c::D_DST_BASE_ADDR_HIGH, uint32_t(address >> 32));
  cdp.write(c::D_DST_BASE_ADDR_LOW, uint32_t(address));
  cdp.write(c::D_DST_LINE_STRIDE, stride);
  cdp.write(c::D_DST_SURFACE_STRIDE, stride);
  cdp.write(c::D_DST_DMA_CFG, c::D_DST_DMA_CFG_DST_RAM_TYPE.put(c::D_DST_DMA_CFG_DST_RAM_TYPE_MC));
  cdp.write(c::D_DATIN_OFFSET, 0);
  cdp.write(c::D_DATIN_SCALE, 1);
  cdp.write(c::D_DATIN_SHIFTER, 0);
  cdp.write(c::D_DATOUT_OFFSET, 0);
  cdp.write(c::D_DATOUT_SCALE, 1);
  cdp.write(c::D_DATOUT_SHIFTER, datout_shifter);
}

// D_OP_ENABLE of CDP_RDMA, then of CDP.
inline void enable_cdp_layer(NvdlaSystem& system) {
  UnitRegisters(system, Unit::CdpRdma).write(regs::cdp_rdma::D_OP_ENABLE, 1);
  UnitRegisters(system, Unit::Cdp).write(regs::cdp::D_OP_ENABLE, 1);
}

// CDP's LUT counters of the group's last layer, D_PERF_LUT_*.
struct CdpLutCounts {
  uint32_t uflow = 0, oflow = 0, hybrid = 0, le_hit = 0, lo_hit = 0;
};

inline CdpLutCounts read_cdp_lut_counts(NvdlaSystem& system) {
  namespace c = regs::cdp;
  UnitRegisters cdp(system, Unit::Cdp);
  CdpLutCounts n;
  n.uflow = cdp.read(c::D_PERF_LUT_UFLOW);
  n.oflow = cdp.read(c::D_PERF_LUT_OFLOW);
  n.hybrid = cdp.read(c::D_PERF_LUT_HYBRID);
  n.le_hit = cdp.read(c::D_PERF_LUT_LE_HIT);
  n.lo_hit = cdp.read(c::D_PERF_LUT_LO_HIT);
  return n;
}

}  // namespace acosim::nvdla::test
