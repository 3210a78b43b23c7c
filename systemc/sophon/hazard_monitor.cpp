#include "systemc/sophon/hazard_monitor.h"

#include <algorithm>

#include "sw/common/hex.h"
#include "sw/sophon/tpu/command_builders.h"
#include "systemc/sophon/bdc_kernels.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

namespace {

bool overlaps(const Region& a, const Region& b) {
  if (a.space != b.space) return false;
  if (a.space == Space::Local && (a.npus & b.npus) == 0) return false;
  return a.begin < b.end && b.begin < a.end;
}

const Region* first_overlap(const std::vector<Region>& a, const std::vector<Region>& b,
                            const Region** other) {
  for (const Region& x : a) {
    for (const Region& y : b) {
      if (overlaps(x, y)) {
        *other = &y;
        return &x;
      }
    }
  }
  return nullptr;
}

uint64_t all_npus(const Chip& chip) {
  return chip.npu_num >= 64 ? ~uint64_t{0} : (uint64_t{1} << chip.npu_num) - 1;
}

void add(std::vector<Region>& to, const Chip& chip, const Tensor& t, const Dim4& shape) {
  to.push_back(region_of(chip, t, shape));
}


}  // namespace

// Conv weights: fp32 groups of the 4-D tensor (ceil(IC / G), OC, kh, kw),
// strides counting groups (bdc_nn.cpp).
Region pair_weight_region(const Chip& chip, const BdcCommand& c) {
  const Tensor& t = c.conv.weight;
  const int32_t oc = c.conv.output_c;
  const int32_t group = std::max(1, c.conv.weight_ic_group);
  const Dim4 groups{(c.shape.c + group - 1) / group, oc, c.conv.kernel_h, c.conv.kernel_w};
  Region r = region_of(chip, t, Dim4{1, oc, 1, 1});
  r.end = uint64_t(LocalGeometry(chip, t).end_offset(groups, 4 * group));
  return r;
}

Region region_of(const Chip& chip, const Tensor& t, const Dim4& shape) {
  if (t.space == Space::System) {
    const SystemGeometry g(t);
    return Region{Space::System, 0, t.address,
                  g.byte(shape.n - 1, shape.c - 1, shape.h - 1, shape.w - 1) + g.element_bytes};
  }
  const LocalGeometry g(chip, t);
  uint64_t npus = 0;
  if (static_cast<uint64_t>(shape.c) >= chip.npu_num) {
    npus = all_npus(chip);
  } else {
    for (int32_t c = 0; c < shape.c; ++c) npus |= uint64_t{1} << ((g.start_npu + c) % chip.npu_num);
  }
  return Region{Space::Local, npus, g.offset, uint64_t(g.end_offset(shape))};
}

Footprint footprint_of(const Chip& chip, const GdmaCommand& c) {
  Footprint f;
  switch (c.op) {
    case GdmaOp::MatrixS2L:
    case GdmaOp::MatrixL2S: {
      const Dim4 local_shape = matrix_local_shape(c.rows, c.cols, c.cols_per_channel);
      const Tensor& l = c.op == GdmaOp::MatrixS2L ? c.dst : c.src;
      Tensor s = c.op == GdmaOp::MatrixS2L ? c.src : c.dst;
      s.stride = Dim4{c.row_stride, 1, 1, 1};
      const Dim4 system_shape{c.rows, c.cols, 1, 1};
      add(c.op == GdmaOp::MatrixS2L ? f.writes : f.reads, chip, l, local_shape);
      add(c.op == GdmaOp::MatrixS2L ? f.reads : f.writes, chip, s, system_shape);
      break;
    }
    case GdmaOp::Fill: add(f.writes, chip, c.dst, c.shape); break;
    case GdmaOp::ChannelBroadcast:
      add(f.reads, chip, c.src, Dim4{c.shape.n, 1, c.shape.h, c.shape.w});
      add(f.writes, chip, c.dst, c.shape);
      break;
    case GdmaOp::CopyNcTrans:
      add(f.reads, chip, c.src, c.shape);
      add(f.writes, chip, c.dst, Dim4{c.shape.c, c.shape.n, c.shape.h, c.shape.w});
      break;
    case GdmaOp::CopyCwTrans:
      add(f.reads, chip, c.src, c.shape);
      add(f.writes, chip, c.dst, Dim4{c.shape.n, c.shape.w, c.shape.h, c.shape.c});
      break;
    case GdmaOp::Copy:
      add(f.reads, chip, c.src, c.shape);
      add(f.writes, chip, c.dst, c.shape);
      break;
  }
  return f;
}

Footprint footprint_of(const Chip& chip, const BdcCommand& c) {
  Footprint f;
  switch (c.op) {
    case BdcOp::MatMul: {
      const MatMulParams& m = c.mm;
      add(f.reads, chip, m.left, matrix_local_shape(m.left_rows, m.left_cols, m.left_cols_per_channel));
      add(f.reads, chip, m.right, matrix_local_shape(m.left_cols, m.right_cols, m.right_cols_per_channel));
      if (m.has_bias) add(f.reads, chip, m.bias, matrix_local_shape(1, m.right_cols, m.right_cols_per_channel));
      const Dim4 out = matrix_local_shape(m.left_rows, m.right_cols, m.right_cols_per_channel);
      add(f.writes, chip, c.dst, out);
      if (m.result_add) add(f.reads, chip, c.dst, out);
      return f;
    }
    case BdcOp::Conv2d:
    case BdcOp::Depthwise2d:
    case BdcOp::AvgPool2d:
    case BdcOp::MaxPool2d: {
      add(f.reads, chip, c.src[0].tensor, c.shape);
      const int32_t oc = c.op == BdcOp::Conv2d ? c.conv.output_c : c.shape.c;
      const Dim4 out = window_output_shape(c.shape, oc, c.conv);
      if (c.op == BdcOp::Depthwise2d) {
        add(f.reads, chip, c.conv.weight, Dim4{1, oc, c.conv.kernel_h, c.conv.kernel_w});
      } else if (c.op == BdcOp::Conv2d) {
        f.reads.push_back(pair_weight_region(chip, c));
      }
      if (c.op == BdcOp::Conv2d || c.op == BdcOp::Depthwise2d) {
        if (c.conv.has_bias) add(f.reads, chip, c.conv.bias, Dim4{1, oc, 1, 1});
      }
      add(f.writes, chip, c.dst, out);
      if (c.conv.result_add) add(f.reads, chip, c.dst, out);
      return f;
    }
    default: break;
  }
  add(f.writes, chip, c.dst, c.shape);
  if (c.op == BdcOp::Mac || c.op == BdcOp::FixedMac) add(f.reads, chip, c.dst, c.shape);
  for (int i = 0; i < bdc_source_count(c.op); ++i) {
    const Source& s = c.src[i];
    if (s.kind == Source::Kind::Scalar) continue;
    if (c.op == BdcOp::Polynomial && i == 1) {
      // The coefficients at their offset on each NPU the output uses.
      const uint64_t S = chip.local_mem_bytes;
      const uint64_t at = (c.dst.address / S) * S + s.tensor.address % S;
      add(f.reads, chip, Tensor{Space::Local, at, Dim4{1, 1, 1, 1}, DType::FP32},
          Dim4{1, std::min<int32_t>(c.shape.c, int32_t(chip.npu_num)), 1, c.param[0]});
      continue;
    }
    const bool per_channel =
        (c.op == BdcOp::Bias || c.op == BdcOp::Scale || c.op == BdcOp::ScaleBias) && i > 0;
    const Dim4 shape = s.kind == Source::Kind::Vector ? Dim4{1, std::min<int32_t>(c.shape.c, int32_t(chip.npu_num)), 1, 1}
                       : per_channel ? Dim4{1, c.shape.c, 1, 1} : c.shape;
    add(f.reads, chip, s.tensor, shape);
  }
  return f;
}

std::string HazardMonitor::describe(const Region& r) const {
  if (r.space == Space::System) return "system [" + hex(r.begin) + ", " + hex(r.end) + ")";
  return "local offsets [" + hex(r.begin) + ", " + hex(r.end) + ")";
}

std::string HazardMonitor::start(EngineId engine, uint32_t id, const char* api,
                                 const Footprint& footprint) {
  Running& self = m_running[static_cast<int>(engine)];
  self = Running{true, id, api, footprint};
  const Running& other = m_running[1 - static_cast<int>(engine)];
  if (!other.busy) return "";
  const char* names[2] = {"GDMA", "BDC"};
  const char* me = names[static_cast<int>(engine)];
  const char* them = names[1 - static_cast<int>(engine)];
  const Region* theirs = nullptr;
  const Region* mine = nullptr;
  std::string what;
  if ((mine = first_overlap(footprint.writes, other.footprint.reads, &theirs))) {
    what = "writes what it reads";
  } else if ((mine = first_overlap(footprint.reads, other.footprint.writes, &theirs))) {
    what = "reads what it writes";
  } else if ((mine = first_overlap(footprint.writes, other.footprint.writes, &theirs))) {
    what = "writes what it writes";
  } else {
    return "";
  }
  ++m_hazards;
  return std::string(me) + " command " + std::to_string(id) + " (" + api + ") " + what + " (" +
         describe(*mine) + ") while " + them + " command " + std::to_string(other.id) + " (" +
         other.api + ") runs (" + describe(*theirs) +
         "); the chip's result depends on timing, acosim computed program order";
}

void HazardMonitor::finish(EngineId engine) { m_running[static_cast<int>(engine)].busy = false; }

}  // namespace acosim::sophon
