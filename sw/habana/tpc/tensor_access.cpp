#include "sw/habana/tpc/tensor_access.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>

#include "sw/habana/tpc/error.h"
#include "sw/habana/tpc/lane_ops.h"

namespace acosim::habana {

void AccessBox::add(const int coord[kTensorDims], int first0, int last0) {
  if (!any) {
    any = true;
    for (int d = 0; d < kTensorDims; ++d) low[d] = high[d] = coord[d];
    low[0] = first0;
    high[0] = last0;
    return;
  }
  for (int d = 1; d < kTensorDims; ++d) {
    low[d] = std::min(low[d], coord[d]);
    high[d] = std::max(high[d], coord[d]);
  }
  low[0] = std::min(low[0], first0);
  high[0] = std::max(high[0], last0);
}

TensorUnit::TensorUnit(GlobalWindow window, std::vector<TensorDescriptor> tensors)
    : m_window(window), m_tensors(std::move(tensors)),
      m_reads(m_tensors.size()), m_writes(m_tensors.size()) {
  if (m_tensors.size() > static_cast<size_t>(kMaxTensors)) {
    throw TpcError("a TPC has " + std::to_string(kMaxTensors) + " tensor slots; the kernel was given " +
                   std::to_string(m_tensors.size()) + " tensors");
  }
}

TensorDescriptor& TensorUnit::tensor(int id) {
  if (id < 0 || static_cast<size_t>(id) >= m_tensors.size()) {
    throw TpcError("the kernel uses tensor " + std::to_string(id) + " but was given " +
                   std::to_string(m_tensors.size()) + " tensors");
  }
  return m_tensors[static_cast<size_t>(id)];
}

void TensorUnit::clear_access_log() {
  std::fill(m_reads.begin(), m_reads.end(), AccessBox{});
  std::fill(m_writes.begin(), m_writes.end(), AccessBox{});
}

void TensorUnit::lanes_inside(const TensorDescriptor& t, const int coord[kTensorDims], unsigned lanes,
                              int& first, int& last) const {
  first = last = 0;
  for (int d = 1; d < kTensorDims; ++d) {
    if (coord[d] < 0 || coord[d] >= t.bound(d)) return;
  }
  const long long c0 = coord[0];
  const long long lo = std::max<long long>(0, -c0);
  const long long hi = std::min<long long>(lanes, static_cast<long long>(t.bound(0)) - c0);
  if (hi > lo) {
    first = static_cast<int>(lo);
    last = static_cast<int>(hi);
  }
}

uint8_t* TensorUnit::host(uint64_t address, uint64_t bytes, const char* what) {
  if (address < m_window.base || address - m_window.base > m_window.size ||
      bytes > m_window.size - (address - m_window.base)) {
    std::ostringstream out;
    out << what << " at 0x" << std::hex << address << std::dec << " (" << bytes
        << " bytes) is outside global memory [0x" << std::hex << m_window.base << ", 0x"
        << m_window.base + m_window.size << ")";
    throw TpcError(out.str());
  }
  return m_window.data + (address - m_window.base);
}

static int64_t element_offset(const TensorDescriptor& t, const int coord[kTensorDims]) {
  int64_t offset = 0;
  for (int d = 0; d < kTensorDims; ++d) offset += static_cast<int64_t>(coord[d]) * t.stride[d];
  return offset;
}

void TensorUnit::load(int id, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes,
                      void* dst) {
  TensorDescriptor& t = tensor(id);
  if (t.element_bytes() != element_bytes) {
    mixed_width(id, coord, element_bytes, lanes, static_cast<uint8_t*>(dst), nullptr, nullptr);
    return;
  }
  int first, last;
  lanes_inside(t, coord, lanes, first, last);
  auto* out = static_cast<uint8_t*>(dst);
  // The pad value is one dword with 8- and 16-bit values replicated across
  // it; a lane takes its low element_bytes bytes.
  if (first > 0 || static_cast<unsigned>(last) < lanes) {
    for (unsigned lane = 0; lane < lanes; ++lane) {
      std::memcpy(out + lane * element_bytes, &t.pad, element_bytes);
    }
  }
  if (first == last) return;
  const int64_t start = element_offset(t, coord) + first * static_cast<int64_t>(t.stride[0]);
  const uint64_t address = t.base + static_cast<uint64_t>(start) * element_bytes;
  const unsigned count = static_cast<unsigned>(last - first);
  if (t.stride[0] == 1) {
    std::memcpy(out + first * element_bytes, host(address, uint64_t{count} * element_bytes, "a tensor load"),
                uint64_t{count} * element_bytes);
  } else {
    for (unsigned i = 0; i < count; ++i) {
      const uint64_t a = address + static_cast<uint64_t>(static_cast<int64_t>(i) * t.stride[0] * element_bytes);
      std::memcpy(out + (first + i) * element_bytes, host(a, element_bytes, "a tensor load"), element_bytes);
    }
  }
  m_reads[static_cast<size_t>(id)].add(coord, coord[0] + first, coord[0] + last - 1);
}

void TensorUnit::store(int id, const int coord[kTensorDims], unsigned element_bytes, unsigned lanes,
                       const void* src, const uint8_t* lane_enable, RmwOp rmw, RmwType rmw_type) {
  TensorDescriptor& t = tensor(id);
  if (t.element_bytes() != element_bytes) {
    if (rmw != RmwOp::None) {
      throw TpcError("tensor " + std::to_string(id) + ": a read-modify-write store of " + std::to_string(element_bytes) +
                     "-byte lanes to a tensor of " + std::to_string(t.element_bytes()) + "-byte elements");
    }
    mixed_width(id, coord, element_bytes, lanes, nullptr, static_cast<const uint8_t*>(src), lane_enable);
    return;
  }
  int first, last;
  lanes_inside(t, coord, lanes, first, last);
  if (first == last) return;
  const auto* in = static_cast<const uint8_t*>(src);
  const int64_t start = element_offset(t, coord) + first * static_cast<int64_t>(t.stride[0]);
  const uint64_t address = t.base + static_cast<uint64_t>(start) * element_bytes;
  const unsigned count = static_cast<unsigned>(last - first);
  int written_first = -1, written_last = -1;
  if (t.stride[0] == 1 && lane_enable == nullptr && rmw == RmwOp::None) {
    std::memcpy(host(address, uint64_t{count} * element_bytes, "a tensor store"), in + first * element_bytes,
                uint64_t{count} * element_bytes);
    written_first = first;
    written_last = last - 1;
  } else {
    for (unsigned i = 0; i < count; ++i) {
      const unsigned lane = static_cast<unsigned>(first) + i;
      if (lane_enable != nullptr && lane_enable[lane] == 0) continue;
      const uint64_t a = address + static_cast<uint64_t>(static_cast<int64_t>(i) * t.stride[0] * element_bytes);
      uint8_t* memory = host(a, element_bytes, "a tensor store");
      if (rmw == RmwOp::None) {
        std::memcpy(memory, in + lane * element_bytes, element_bytes);
      } else {
        rmw_element(memory, in + lane * element_bytes, rmw, rmw_type);
      }
      if (written_first < 0) written_first = static_cast<int>(lane);
      written_last = static_cast<int>(lane);
    }
  }
  if (written_first >= 0) {
    m_writes[static_cast<size_t>(id)].add(coord, coord[0] + written_first, coord[0] + written_last);
  }
}

// Lanes narrower or wider than the tensor's elements (an f32 load of a bf16
// tensor, as Habana's sparse-lengths kernel reads the fp32 scale stored in
// its bf16 rows): the address is the descriptor's (coordinates in its
// elements), and lane i covers the `lane_bytes` bytes from there plus
// i * lane_bytes. A lane is inside when all its bytes lie within dim 0's
// size0 * element bytes (the other dims as usual); outside lanes read the
// pad value's low bytes and are not written. acosim's rule: Habana documents
// no mixed widths. Needs a dense dim 0 (stride 1).
void TensorUnit::mixed_width(int id, const int coord[kTensorDims], unsigned lane_bytes, unsigned lanes, uint8_t* dst,
                             const uint8_t* src, const uint8_t* lane_enable) {
  const TensorDescriptor& t = tensor(id);
  const unsigned element = t.element_bytes();
  if (t.stride[0] != 1) {
    throw TpcError("tensor " + std::to_string(id) + ": " + std::to_string(lane_bytes) + "-byte lanes on " +
                   std::to_string(element) + "-byte elements need a dense dim 0 (stride 1, not " +
                   std::to_string(t.stride[0]) + ")");
  }
  bool rows_inside = true;
  for (int d = 1; d < kTensorDims; ++d) rows_inside = rows_inside && coord[d] >= 0 && coord[d] < t.bound(d);
  const int64_t row_bytes = static_cast<int64_t>(t.bound(0)) * element;
  int64_t row_offset = 0;
  for (int d = 1; d < kTensorDims; ++d) row_offset += static_cast<int64_t>(coord[d]) * t.stride[d];
  int first_byte = -1, last_byte = -1;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    const int64_t byte = static_cast<int64_t>(coord[0]) * element + static_cast<int64_t>(lane) * lane_bytes;
    const bool inside = rows_inside && byte >= 0 && byte + lane_bytes <= row_bytes;
    if (dst != nullptr) {
      if (inside) {
        std::memcpy(dst + lane * lane_bytes, host(t.base + static_cast<uint64_t>(row_offset * element + byte), lane_bytes,
                                                  "a tensor load"), lane_bytes);
      } else {
        std::memcpy(dst + lane * lane_bytes, &t.pad, std::min(lane_bytes, 4u));
      }
    } else if (inside && (lane_enable == nullptr || lane_enable[lane] != 0)) {
      std::memcpy(host(t.base + static_cast<uint64_t>(row_offset * element + byte), lane_bytes, "a tensor store"),
                  src + lane * lane_bytes, lane_bytes);
    } else {
      continue;
    }
    if (!inside) continue;
    if (first_byte < 0) first_byte = static_cast<int>(byte);
    last_byte = static_cast<int>(byte + lane_bytes - 1);
  }
  if (first_byte >= 0) {
    std::vector<AccessBox>& log = dst != nullptr ? m_reads : m_writes;
    log[static_cast<size_t>(id)].add(coord, first_byte / static_cast<int>(element), last_byte / static_cast<int>(element));
  }
}

uint64_t TensorUnit::element_address(int id, const int coord[kTensorDims]) {
  const TensorDescriptor& t = tensor(id);
  return t.base + static_cast<uint64_t>(element_offset(t, coord) * static_cast<int64_t>(t.element_bytes()));
}

void TensorUnit::load_global(uint64_t address, void* dst, unsigned bytes) {
  std::memcpy(dst, host(address, bytes, "a global load (LD_G)"), bytes);
  log_global(address, bytes, m_reads);
}

void TensorUnit::store_global(uint64_t address, const void* src, unsigned bytes) {
  std::memcpy(host(address, bytes, "a global store (ST_G)"), src, bytes);
  log_global(address, bytes, m_writes);
}

void TensorUnit::log_global(uint64_t address, unsigned bytes, std::vector<AccessBox>& log) {
  for (size_t id = 0; id < m_tensors.size(); ++id) {
    const TensorDescriptor& t = m_tensors[id];
    const unsigned size = t.element_bytes();
    if (size == 0 || address < t.base || address - t.base >= t.extent_bytes()) continue;
    // Peel coordinates off the element offset, largest stride first.
    std::array<int, kTensorDims> order{0, 1, 2, 3, 4};
    std::sort(order.begin(), order.end(), [&](int a, int b) { return t.stride[a] > t.stride[b]; });
    int64_t offset = static_cast<int64_t>((address - t.base) / size);
    int coord[kTensorDims] = {0, 0, 0, 0, 0};
    for (int d : order) {
      if (t.stride[d] <= 0 || t.bound(d) <= 1) continue;
      coord[d] = static_cast<int>(std::min<int64_t>(offset / t.stride[d], t.bound(d) - 1));
      offset -= static_cast<int64_t>(coord[d]) * t.stride[d];
    }
    const int elements = static_cast<int>(std::max(1u, bytes / size));
    log[id].add(coord, coord[0], std::min(coord[0] + elements - 1, t.bound(0) - 1));
    return;
  }
}

namespace {

// Integers are combined in 64 bits and wrapped back to their width.
template <typename T>
T combine(T memory, T value, RmwOp op) {
  using Wide = std::conditional_t<std::is_integral_v<T>, int64_t, T>;
  const Wide m = memory, v = value;
  switch (op) {
    case RmwOp::Add: return static_cast<T>(m + v);
    case RmwOp::Sub: return static_cast<T>(m - v);
    case RmwOp::Min: return static_cast<T>(std::min(m, v));
    case RmwOp::Max: return static_cast<T>(std::max(m, v));
    case RmwOp::Max0Add: return static_cast<T>(std::max<Wide>(0, m + v));
    case RmwOp::None: break;
  }
  return value;
}

template <typename T>
void rmw_as(uint8_t* memory, const uint8_t* value, RmwOp op) {
  T m, v;
  std::memcpy(&m, memory, sizeof(T));
  std::memcpy(&v, value, sizeof(T));
  m = combine(m, v, op);
  std::memcpy(memory, &m, sizeof(T));
}

}  // namespace

// Integer RMW wraps (two's complement); fp32 RMW is one IEEE operation
// rounded to nearest even; bf16 RMW is computed in fp32 and rounded back to
// bf16 to nearest even (lane_ops.h, as VPU bf16 arithmetic rounds).
void rmw_element(uint8_t* memory, const uint8_t* value, RmwOp op, RmwType type) {
  switch (type) {
    case RmwType::I8: rmw_as<int8_t>(memory, value, op); break;
    case RmwType::U8: rmw_as<uint8_t>(memory, value, op); break;
    case RmwType::I16: rmw_as<int16_t>(memory, value, op); break;
    case RmwType::U16: rmw_as<uint16_t>(memory, value, op); break;
    case RmwType::I32: rmw_as<int32_t>(memory, value, op); break;
    case RmwType::U32: rmw_as<uint32_t>(memory, value, op); break;
    case RmwType::F32: rmw_as<float>(memory, value, op); break;
    case RmwType::BF16: {
      uint16_t m, v;
      std::memcpy(&m, memory, 2);
      std::memcpy(&v, value, 2);
      m = lane::f32_to_bf16(combine(lane::bf16_to_f32(m), lane::bf16_to_f32(v), op));
      std::memcpy(memory, &m, 2);
      break;
    }
  }
}

}  // namespace acosim::habana
