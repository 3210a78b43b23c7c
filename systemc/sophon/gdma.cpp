#include "systemc/sophon/gdma.h"

#include <cstring>

#include "systemc/sophon/command_check.h"
#include "systemc/sophon/tensor_access.h"

namespace acosim::sophon {

namespace {

// The source shape of a transposing copy gives the destination's.
Dim4 destination_shape(const GdmaCommand& c) {
  switch (c.op) {
    case GdmaOp::CopyNcTrans: return Dim4{c.shape.c, c.shape.n, c.shape.h, c.shape.w};
    case GdmaOp::CopyCwTrans: return Dim4{c.shape.n, c.shape.w, c.shape.h, c.shape.c};
    default: return c.shape;
  }
}

// Where (n, c, h, w) of the source lands in the destination.
void map_to_destination(GdmaOp op, int64_t& n, int64_t& c, int64_t& h, int64_t& w) {
  (void)h;
  if (op == GdmaOp::CopyNcTrans) std::swap(n, c);
  if (op == GdmaOp::CopyCwTrans) std::swap(c, w);
}

// A walker over one operand's rows: the byte of element (n, c, h, 0) and
// the step between elements of a row, for local or system memory alike.
struct Side {
  bool local;
  LocalGeometry lg;
  SystemGeometry sg;
  Side(const Chip& chip, const Tensor& t)
      : local(t.space == Space::Local), lg(chip, t), sg(t) {}
  uint64_t byte(int64_t n, int64_t c, int64_t h, int64_t w) const {
    return local ? lg.byte(n, c, h, w) : sg.byte(n, c, h, w);
  }
  int64_t step() const { return local ? lg.w_step() : sg.w_step(); }
};

}  // namespace

Gdma::Gdma(sc_core::sc_module_name name, const Chip& chip, HazardMonitor& hazards)
    : Engine<GdmaCommand>(name, chip, EngineId::Gdma, hazards), ddr("ddr"), l2sram("l2sram") {}

void Gdma::check(const GdmaCommand& c) {
  const uint32_t element = dtype_bytes(c.dst.dtype);
  if (c.op == GdmaOp::MatrixS2L || c.op == GdmaOp::MatrixL2S) {
    if (c.rows < 1 || c.cols < 1 || c.cols_per_channel < 1) {
      refuse(c.api, "rows " + std::to_string(c.rows) + ", cols " + std::to_string(c.cols) +
                        " and cols_per_channel " + std::to_string(c.cols_per_channel) +
                        " must be positive");
    }
    if (c.row_stride < c.cols && c.rows > 1) {
      refuse(c.api, "row_stride " + std::to_string(c.row_stride) + " is less than cols " +
                        std::to_string(c.cols));
    }
    const Dim4 local_shape = matrix_local_shape(c.rows, c.cols, c.cols_per_channel);
    check_shape(c.api, "matrix in local memory", local_shape, kNoChannelLimit);
    const bool to_local = c.op == GdmaOp::MatrixS2L;
    const Tensor& l = to_local ? c.dst : c.src;
    const Tensor& s = to_local ? c.src : c.dst;
    check_local(m_chip, c.api, to_local ? "dst" : "src", l, local_shape);
    Tensor row_major = s;
    row_major.stride = Dim4{c.row_stride, 1, 1, 1};
    check_system(m_chip, c.api, to_local ? "src" : "dst", row_major,
                 Dim4{c.rows, c.cols, 1, 1});
    return;
  }
  // No C limit is documented for the GDMA, and Sophgo's own max_pool
  // example moves tensors of C = 131072 (N folded into C).
  check_shape(c.api, "shape", c.shape, kNoChannelLimit);
  if (c.op != GdmaOp::Fill) {
    if (dtype_bytes(c.src.dtype) != element) {
      refuse(c.api, "src and dst element sizes differ");
    }
    check_operand(m_chip, c.api, "src", c.src,
                  c.op == GdmaOp::ChannelBroadcast ? Dim4{c.shape.n, 1, c.shape.h, c.shape.w}
                                                   : c.shape);
  }
  check_operand(m_chip, c.api, "dst", c.dst, destination_shape(c));
  // BM1684's GDMA walks W with a stride of one element only; BM1684X's up
  // to 128 bytes (Sophgo's OKKernel and TPU-Kernel GDMA pages).
  for (const Tensor* t : {&c.src, &c.dst}) {
    if (c.op == GdmaOp::Fill && t == &c.src) continue;
    const uint64_t w_bytes = uint64_t(t->stride.w) * dtype_bytes(t->dtype);
    const bool ok = m_chip.max_gdma_w_stride_bytes == 0 ? t->stride.w == 1
                                                        : w_bytes <= m_chip.max_gdma_w_stride_bytes;
    if (!ok) {
      refuse(c.api, std::string(t == &c.src ? "src" : "dst") + " w stride " +
                        std::to_string(t->stride.w) +
                        (m_chip.max_gdma_w_stride_bytes == 0
                             ? " is not 1 (this GDMA walks W one element at a time)"
                             : " is more than " + std::to_string(m_chip.max_gdma_w_stride_bytes) +
                                   " bytes"));
    }
  }
}

uint8_t* Gdma::pointer(const Tensor& t, uint64_t byte) {
  if (t.space == Space::Local) return local_window() + byte;
  if (byte >= m_chip.l2_sram_start && byte < m_chip.l2_sram_start + m_chip.l2_sram_bytes) {
    if (m_l2 == nullptr) m_l2 = dmi_pointer(l2sram, m_chip.l2_sram_start);
    return m_l2 + (byte - m_chip.l2_sram_start);
  }
  if (m_ddr == nullptr) m_ddr = dmi_pointer(ddr, m_chip.global_mem_start);
  return m_ddr + (byte - m_chip.global_mem_start);
}

uint64_t Gdma::execute(const GdmaCommand& c) {
  uint64_t bytes = 0;
  switch (c.op) {
    case GdmaOp::Copy: bytes = copy(c); break;
    case GdmaOp::Fill: bytes = fill(c); break;
    case GdmaOp::MatrixS2L:
    case GdmaOp::MatrixL2S: bytes = matrix(c); break;
    default: bytes = remap(c); break;
  }
  // A fixed start-up cost per command, then the bytes at the GDMA's width.
  return 32 + (bytes + m_chip.gdma_bytes_per_cycle - 1) / m_chip.gdma_bytes_per_cycle;
}

uint64_t Gdma::copy(const GdmaCommand& c) {
  const Side src(m_chip, c.src), dst(m_chip, c.dst);
  const uint32_t element = dtype_bytes(c.dst.dtype);
  const int64_t src_step = src.step(), dst_step = dst.step();
  const bool rows_contiguous = src_step == element && dst_step == element;
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        const uint8_t* from = pointer(c.src, src.byte(n, ch, h, 0));
        uint8_t* to = pointer(c.dst, dst.byte(n, ch, h, 0));
        if (rows_contiguous) {
          std::memmove(to, from, uint64_t(c.shape.w) * element);
          continue;
        }
        for (int64_t w = 0; w < c.shape.w; ++w) {
          std::memmove(to + w * dst_step, from + w * src_step, element);
        }
      }
    }
  }
  return uint64_t(c.shape.n) * c.shape.c * c.shape.h * c.shape.w * element;
}

uint64_t Gdma::fill(const GdmaCommand& c) {
  const Side dst(m_chip, c.dst);
  const uint32_t element = dtype_bytes(c.dst.dtype);
  const int64_t step = dst.step();
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        uint8_t* to = pointer(c.dst, dst.byte(n, ch, h, 0));
        for (int64_t w = 0; w < c.shape.w; ++w) std::memcpy(to + w * step, &c.constant, element);
      }
    }
  }
  return uint64_t(c.shape.n) * c.shape.c * c.shape.h * c.shape.w * element;
}

// A row-major matrix in system memory against its local tensor
// (rows, ceil(cols / cpc), 1, cpc): piece k of row r -- columns
// [k cpc, min((k + 1) cpc, cols)) -- is local element (r, k, 0, 0..).
uint64_t Gdma::matrix(const GdmaCommand& c) {
  const bool to_local = c.op == GdmaOp::MatrixS2L;
  const Tensor& l = to_local ? c.dst : c.src;
  const Tensor& s = to_local ? c.src : c.dst;
  const LocalGeometry lg(m_chip, l);
  const uint32_t element = dtype_bytes(l.dtype);
  const int64_t lstep = lg.w_step();
  const int64_t pieces = div_up(c.cols, c.cols_per_channel);
  for (int64_t r = 0; r < c.rows; ++r) {
    for (int64_t k = 0; k < pieces; ++k) {
      const int64_t first = k * c.cols_per_channel;
      const int64_t count = std::min<int64_t>(c.cols_per_channel, c.cols - first);
      uint8_t* lp = pointer(l, lg.byte(r, k, 0, 0));
      uint8_t* sp = pointer(s, s.address + uint64_t(r * c.row_stride + first) * element);
      for (int64_t j = 0; j < count; ++j) {
        if (to_local) {
          std::memcpy(lp + j * lstep, sp + j * element, element);
        } else {
          std::memcpy(sp + j * element, lp + j * lstep, element);
        }
      }
    }
  }
  return uint64_t(c.rows) * c.cols * element;
}

// Transposes and broadcasts: element by element through the index map.
uint64_t Gdma::remap(const GdmaCommand& c) {
  const Side src(m_chip, c.src), dst(m_chip, c.dst);
  const uint32_t element = dtype_bytes(c.dst.dtype);
  for (int64_t n = 0; n < c.shape.n; ++n) {
    for (int64_t ch = 0; ch < c.shape.c; ++ch) {
      for (int64_t h = 0; h < c.shape.h; ++h) {
        for (int64_t w = 0; w < c.shape.w; ++w) {
          const int64_t source_c = c.op == GdmaOp::ChannelBroadcast ? 0 : ch;
          int64_t dn = n, dc = ch, dh = h, dw = w;
          map_to_destination(c.op, dn, dc, dh, dw);
          std::memcpy(pointer(c.dst, dst.byte(dn, dc, dh, dw)),
                      pointer(c.src, src.byte(n, source_c, h, w)), element);
        }
      }
    }
  }
  return uint64_t(c.shape.n) * c.shape.c * c.shape.h * c.shape.w * element;
}

}  // namespace acosim::sophon
