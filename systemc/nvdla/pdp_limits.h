// Programming limitations of one PDP layer (PDP group and, offline, the
// PDP_RDMA group that feeds it): the PDP / PDP_RDMA items of the "Limitation"
// list of nvdla/doc doc/hw/v1/ias/programming_guide.rst, the split-width and
// padding rules of its "PDP programming" section, the line-buffer width limit
// of the NVDLA compiler (nvdla/sw umd/core/src/compiler/engine-ast/PDPNode.cpp
// calculateMaxWidth) and consistency rules between the two register groups.
// Every conformance trace of NVDLA's PDP tests passes all of them; where a
// rule of the guide as written would reject one, it is narrowed (see
// pdp_limits.cpp). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/pdp_pooling.h"

namespace acosim::nvdla {

// The PDP_RDMA register group of an offline layer, decoded (register field
// + 1 where the field holds value - 1).
struct RdmaSideConfig {
  uint32_t width = 1, height = 1, channels = 1;    // D_DATA_CUBE_IN_WIDTH/HEIGHT/CHANNEL + 1
  Precision precision = Precision::Int8;           // D_DATA_FORMAT.INPUT_DATA
  uint32_t stripes = 1;                            // D_OPERATION_MODE_CFG.SPLIT_NUM + 1
  uint32_t first_in = 1, mid_in = 1, last_in = 1;  // D_PARTIAL_WIDTH_IN FIRST/MID/LAST + 1
  uint32_t kernel_width = 1;                       // D_POOLING_KERNEL_CFG.KERNEL_WIDTH + 1
  uint32_t stride_width = 1;                       // D_POOLING_KERNEL_CFG.KERNEL_STRIDE_WIDTH + 1
  uint64_t src_base_addr = 0;                      // D_SRC_BASE_ADDR_HIGH:D_SRC_BASE_ADDR_LOW
  uint32_t src_line_stride = 0;                    // D_SRC_LINE_STRIDE (bytes)
  uint32_t src_surface_stride = 0;                 // D_SRC_SURFACE_STRIDE (bytes)
};


// The first violated rule as "PDP: ..." or "PDP_RDMA: ..." naming the rule,
// the decoded values and the register words they come from, e.g.
//   PDP: PAD_LEFT (3) must be smaller than the kernel width (2)
//   (D_POOLING_PADDING_CFG=0x00000003, D_POOLING_KERNEL_CFG=0x00000001)
// or nullopt for a legal layer. `rdma` is the PDP_RDMA group for offline
// layers and nullptr for on-the-fly ones (where PDP_RDMA is not used).
std::optional<std::string> check_pdp_layer(const PoolingConfig& pdp, const RdmaSideConfig* rdma,
                                           const HardwareConfig& hw);

}  // namespace acosim::nvdla
