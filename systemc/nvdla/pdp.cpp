#include "systemc/nvdla/pdp.h"

#include <cstdio>

#include "sw/nvdla/regs/pdp.h"
#include "systemc/nvdla/feature_dma.h"
#include "systemc/nvdla/pdp_limits.h"

namespace acosim::nvdla {

namespace r = regs::pdp;

namespace {

RdmaSideConfig rdma_side(const PdpRdmaLayer& layer) {
  RdmaSideConfig side;
  side.width = layer.cube.width;
  side.height = layer.cube.height;
  side.channels = layer.cube.channels;
  side.precision = layer.cube.precision;
  side.stripes = layer.split_num + 1;
  side.first_in = (layer.partial_width_in & 0x3FF) + 1;
  side.last_in = ((layer.partial_width_in >> 10) & 0x3FF) + 1;
  side.mid_in = ((layer.partial_width_in >> 20) & 0x3FF) + 1;
  side.kernel_width = layer.kernel_width;
  side.stride_width = layer.stride_width;
  side.src_base_addr = layer.source.base;
  side.src_line_stride = static_cast<uint32_t>(layer.source.line_stride);
  side.src_surface_stride = static_cast<uint32_t>(layer.source.surface_stride);
  return side;
}

}  // namespace

Pdp::Pdp(sc_core::sc_module_name name, const HardwareConfig& config, const PdpTiming& timing)
    : DmaUnit(name, config, Unit::Pdp, true), rdma("rdma"), sdp("sdp"), done("done"), m_timing(timing) {
  SC_THREAD(run);
}

PoolingConfig Pdp::decode(unsigned g) const {
  auto get = [&](uint32_t offset) { return m_bank.get(offset, g); };
  PoolingConfig c;
  const uint32_t mode = get(r::D_OPERATION_MODE_CFG);
  c.method = static_cast<PdpPoolingMethod>(r::D_OPERATION_MODE_CFG_POOLING_METHOD.get(mode));
  c.on_the_fly = r::D_OPERATION_MODE_CFG_FLYING_MODE.get(mode) == 0;
  c.split.stripes = r::D_OPERATION_MODE_CFG_SPLIT_NUM.get(mode) + 1;
  c.precision = static_cast<Precision>(r::D_DATA_FORMAT_INPUT_DATA.get(get(r::D_DATA_FORMAT)));
  c.nan_to_zero = r::D_NAN_FLUSH_TO_ZERO_NAN_TO_ZERO.get(get(r::D_NAN_FLUSH_TO_ZERO)) != 0;
  c.in_width = get(r::D_DATA_CUBE_IN_WIDTH) + 1;
  c.in_height = get(r::D_DATA_CUBE_IN_HEIGHT) + 1;
  c.in_channels = get(r::D_DATA_CUBE_IN_CHANNEL) + 1;
  c.out_width = get(r::D_DATA_CUBE_OUT_WIDTH) + 1;
  c.out_height = get(r::D_DATA_CUBE_OUT_HEIGHT) + 1;
  c.out_channels = get(r::D_DATA_CUBE_OUT_CHANNEL) + 1;
  const uint32_t kernel = get(r::D_POOLING_KERNEL_CFG);
  c.kernel_width = r::D_POOLING_KERNEL_CFG_KERNEL_WIDTH.get(kernel) + 1;
  c.kernel_height = r::D_POOLING_KERNEL_CFG_KERNEL_HEIGHT.get(kernel) + 1;
  c.stride_width = r::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_WIDTH.get(kernel) + 1;
  c.stride_height = r::D_POOLING_KERNEL_CFG_KERNEL_STRIDE_HEIGHT.get(kernel) + 1;
  const uint32_t pad = get(r::D_POOLING_PADDING_CFG);
  c.pad_left = r::D_POOLING_PADDING_CFG_PAD_LEFT.get(pad);
  c.pad_top = r::D_POOLING_PADDING_CFG_PAD_TOP.get(pad);
  c.pad_right = r::D_POOLING_PADDING_CFG_PAD_RIGHT.get(pad);
  c.pad_bottom = r::D_POOLING_PADDING_CFG_PAD_BOTTOM.get(pad);
  const uint32_t pad_values[7] = {r::D_POOLING_PADDING_VALUE_1_CFG, r::D_POOLING_PADDING_VALUE_2_CFG,
                                  r::D_POOLING_PADDING_VALUE_3_CFG, r::D_POOLING_PADDING_VALUE_4_CFG,
                                  r::D_POOLING_PADDING_VALUE_5_CFG, r::D_POOLING_PADDING_VALUE_6_CFG,
                                  r::D_POOLING_PADDING_VALUE_7_CFG};
  for (size_t n = 0; n < 7; ++n) c.pad_value[n] = get(pad_values[n]);
  c.recip_width = get(r::D_RECIP_KERNEL_WIDTH);
  c.recip_height = get(r::D_RECIP_KERNEL_HEIGHT);
  const uint32_t in = get(r::D_PARTIAL_WIDTH_IN);
  const uint32_t out = get(r::D_PARTIAL_WIDTH_OUT);
  c.split.first_in = r::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_FIRST.get(in) + 1;
  c.split.mid_in = r::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_MID.get(in) + 1;
  c.split.last_in = r::D_PARTIAL_WIDTH_IN_PARTIAL_WIDTH_IN_LAST.get(in) + 1;
  c.split.first_out = r::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_FIRST.get(out) + 1;
  c.split.mid_out = r::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_MID.get(out) + 1;
  c.split.last_out = r::D_PARTIAL_WIDTH_OUT_PARTIAL_WIDTH_OUT_LAST.get(out) + 1;
  // The read side of the stripe overlap comes from PDP_RDMA's kernel
  // register; decode() sets it to PDP's own and run_layer() replaces it
  // with PDP_RDMA's for an offline layer.
  c.split.read_kernel_width = c.kernel_width;
  c.split.read_stride_width = c.stride_width;
  return c;
}

std::string Pdp::registers(unsigned g) const {
  static constexpr const char* kNames[] = {"D_DATA_CUBE_IN_WIDTH", "D_DATA_CUBE_IN_HEIGHT",
                                           "D_DATA_CUBE_IN_CHANNEL", "D_DATA_CUBE_OUT_WIDTH",
                                           "D_DATA_CUBE_OUT_HEIGHT", "D_OPERATION_MODE_CFG",
                                           "D_POOLING_KERNEL_CFG", "D_POOLING_PADDING_CFG",
                                           "D_PARTIAL_WIDTH_IN", "D_PARTIAL_WIDTH_OUT", "D_DATA_FORMAT"};
  std::string text = "group " + std::to_string(g) + ":";
  for (const char* name : kNames) {
    char item[80];
    std::snprintf(item, sizeof item, " %s=0x%x", name, m_bank.get(m_bank.info().find(name)->offset, g));
    text += item;
  }
  return text;
}

void Pdp::run() {
  while (true) {
    while (!m_bank.op_enabled(m_bank.consumer())) sc_core::wait(m_enabled);
    run_layer(m_bank.consumer());
  }
}

void Pdp::run_layer(unsigned g) {
  busy.write(true);
  if (r::D_DATA_FORMAT_INPUT_DATA.get(m_bank.get(r::D_DATA_FORMAT, g)) > 2) {
    error("D_DATA_FORMAT.INPUT_DATA=3 is a reserved encoding (" + registers(g) + ")");
  }
  if (r::D_OPERATION_MODE_CFG_POOLING_METHOD.get(m_bank.get(r::D_OPERATION_MODE_CFG, g)) > 2) {
    error("D_OPERATION_MODE_CFG.POOLING_METHOD=3 is a reserved encoding (" + registers(g) + ")");
  }
  PoolingConfig config = decode(g);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  PackedCube& input = m_input;
  if (config.on_the_fly) {
    if (const auto violation = check_pdp_layer(config, nullptr, m_config)) report(*violation);
    input = sdp->pull_cube();
    if (input.geometry != config.input_geometry(m_config.atom_bytes)) {
      error("D_DATA_CUBE_IN_* / D_DATA_FORMAT do not describe the cube SDP sends (" + registers(g) + ")");
    }
  } else {
    const PdpRdmaLayer layer = rdma->wait_layer();
    const RdmaSideConfig side = rdma_side(layer);
    if (layer.data_format > 2) {
      report("PDP_RDMA: D_DATA_FORMAT.INPUT_DATA=3 is a reserved encoding (group " +
                       std::to_string(layer.group) + ")");
    }
    if (const auto violation = check_pdp_layer(config, &side, m_config)) report(*violation);
    config.split.read_kernel_width = layer.kernel_width;
    config.split.read_stride_width = layer.stride_width;
    delay += rdma->fetch(layer, input);
    sc_core::wait(delay);
    rdma->end_layer();
    delay = sc_core::SC_ZERO_TIME;
  }

  const uint32_t dst = m_bank.get(r::D_DST_RAM_CFG, g);
  core::DmaPort& port = memory(r::D_DST_RAM_CFG_DST_RAM_TYPE.get(dst) == 1, "D_DST_RAM_CFG.DST_RAM_TYPE");
  PoolingStats stats;
  PackedCube& output = m_output;
  try {
    output.geometry = config.output_geometry(m_config.atom_bytes);
    output.geometry.validate();
    output.bytes.assign(output.geometry.total_bytes(), 0);
    const std::vector<Stripe> stripes = plan_stripes(config);
    for (size_t i = 0; i < stripes.size(); ++i) {
      stripe.write(static_cast<uint32_t>(i));
      pool_stripe(config, stripes[i], input, output, &stats);
    }
  } catch (const std::invalid_argument& e) {
    error(std::string(e.what()) + " (" + registers(g) + ")");
  }
  CubeAddress where;
  where.base = uint64_t{m_bank.get(r::D_DST_BASE_ADDR_HIGH, g)} << 32 | m_bank.get(r::D_DST_BASE_ADDR_LOW, g);
  where.line_stride = m_bank.get(r::D_DST_LINE_STRIDE, g);
  where.surface_stride = m_bank.get(r::D_DST_SURFACE_STRIDE, g);
  try {
    delay += write_cube(port, where, output);
  } catch (const core::DmaError& e) {
    error(std::string("group ") + std::to_string(g) + ": " + e.what());
  }
  bytes_written.write(DmaUnit::bytes_written());
  // One cycle per atom in and per atom out (PDP throughput of nv_full and
  // nv_large is 8 elements per cycle; functional timing only).
  const uint64_t atoms = (input.bytes.size() + output.bytes.size()) / m_config.atom_bytes;
  delay += m_timing.clock_period * static_cast<double>(atoms + 1);
  sc_core::wait(delay);

  // FP16 counters load into the finishing group (NV_NVDLA_PDP_reg.v).
  m_bank.set(r::D_NAN_INPUT_NUM, stats.nan_input_num, g);
  m_bank.set(r::D_INF_INPUT_NUM, stats.inf_input_num, g);
  m_bank.set(r::D_NAN_OUTPUT_NUM, stats.nan_output_num, g);
  m_bank.end_layer();
  busy.write(false);
  done->unit_done(done_status_bit(Unit::Pdp, g));
}

}  // namespace acosim::nvdla
