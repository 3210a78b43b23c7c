#include "sw/habana/tpc/tensor_access.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <type_traits>

#include "sw/habana/tpc/error.h"

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

uint64_t TensorUnit::element_address(int id, const int coord[kTensorDims]) {
  const TensorDescriptor& t = tensor(id);
  return t.base + static_cast<uint64_t>(element_offset(t, coord) * static_cast<int64_t>(t.element_bytes()));
}

void TensorUnit::load_global(uint64_t address, void* dst, unsigned bytes) {
  std::memcpy(dst, host(address, bytes, "a global load (LD_G)"), bytes);
}

void TensorUnit::store_global(uint64_t address, const void* src, unsigned bytes) {
  std::memcpy(host(address, bytes, "a global store (ST_G)"), src, bytes);
}

namespace {

// bf16 is the high half of an fp32; the memory unit's bf16 sum is rounded
// back to nearest, ties to even (as VPU bf16 arithmetic rounds).
float bf16_to_f32(uint16_t v) {
  const uint32_t bits = uint32_t{v} << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t f32_to_bf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if (std::isnan(f)) return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7FFF + ((bits >> 16) & 1);
  return static_cast<uint16_t>(bits >> 16);
}

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
// bf16 to nearest even.
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
      m = f32_to_bf16(combine(bf16_to_f32(m), bf16_to_f32(v), op));
      std::memcpy(memory, &m, 2);
      break;
    }
  }
}

}  // namespace acosim::habana
