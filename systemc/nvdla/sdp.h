// SDP: the single data point processor (nvdla/hw vmod/nvdla/sdp/
// NV_NVDLA_SDP_core.v, NV_NVDLA_SDP_wdma.v, cmod/hls/sdp/*): input from
// SDP_RDMA or from the convolution core, the X1 (BS) and X2 (BN) stages with register or memory
// operands, the output converter, and the output either to memory through
// its write DMA (D_DST_*, OUTPUT_DST = MEM) or as the stream to PDP
// (OUTPUT_DST = PDP). When OP_EN of its consumer group rises it checks what
// the group asks for; what is outside the model is reported as not
// modelled, before anything is written. Several batches (nv_full) come
// from CACC, or from SDP_RDMA, which reads the same cube for every batch.
// With FLYING_MODE = ON the input is CACC's output (conv_stage.h), one
// cube per batch; SDP_RDMA then takes part when a stage
// reads its operands from memory, or when its group is enabled (an operand
// DMA no stage reads is then refused). Where the configuration has the EW
// stage, Y and its LUT act too; the LUT tables are written and read through
// S_LUT_ACCESS_CFG / S_LUT_ACCESS_DATA (sdp_lut.h). An EQL compare layer
// writes nothing and reports its result in D_STATUS.STATUS_UNEQUAL. An on-the-fly
// layer runs when PDP pulls its cube (PDP back-pressures SDP in the
// hardware: SDP cannot finish before an on-the-fly PDP layer is enabled); a
// layer to memory runs as soon as SDP_RDMA delivers. At its end OP_EN
// clears, the consumer flips and GLB done bit 0 + group pulses.
#pragma once

#include <cstdint>
#include <string>

#include <systemc>

#include "sw/nvdla/regs/config.h"
#include "systemc/nvdla/conv_stage.h"
#include "systemc/nvdla/interrupts.h"
#include "systemc/nvdla/unit.h"
#include "systemc/nvdla/sdp_datapath.h"
#include "systemc/nvdla/sdp_output.h"
#include "systemc/nvdla/sdp_rdma.h"
#include "systemc/core/vcd_tracer.h"

namespace acosim::nvdla {

class Sdp : public DmaUnit, public SdpOutput {
 public:
  sc_core::sc_port<SdpRdmaSource> rdma;
  sc_core::sc_port<ConvOutputSource> cacc;  ///< input from the convolution core (FLYING_MODE = ON)
  sc_core::sc_export<SdpOutput> pdp_out;  ///< the on-the-fly stream to PDP
  sc_core::sc_port<DoneInterface> done;

  core::ObservedSignal<bool> busy{"busy"};
  core::ObservedSignal<uint64_t> bytes_written{"bytes_written"};

  SC_HAS_PROCESS(Sdp);
  Sdp(sc_core::sc_module_name name, const HardwareConfig& config);

  PackedCube pull_cube() override;

 private:
  uint32_t read_register(uint32_t offset) override;
  uint32_t peek_register(uint32_t offset) override;
  void write_register(uint32_t offset, uint32_t value) override;
  void run();
  SdpConfig decode(unsigned group) const;
  // Fetches the group's input and operands from SDP_RDMA and runs them
  // through the datapath into m_output, taking the datapath's time.
  void process_layer(unsigned group);
  // The same with the convolution core's output as input.
  void process_convolution(unsigned group);
  void record_stats(unsigned group, const SdpConfig& layer, const SdpStats& stats);
  // Writes one output cube through the write DMA; batch b of a multi-batch
  // layer lands b x D_DST_BATCH_STRIDE further.
  void write_output(unsigned group, const PackedCube& output, uint32_t batch = 0);
  void end_layer(unsigned group);

  sc_core::sc_event m_ready, m_layer_done;
  bool m_ready_flag = false;
  SdpConfig m_layer;
  SdpLutTables m_lut;
  PackedCube m_input, m_output;  // kept across layers so their memory is reused
};

}  // namespace acosim::nvdla
