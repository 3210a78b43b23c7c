// The DRAM bank as Tensil's RTL builds it (tcu/TCU.scala, zynq/tcu/AXIWrapperTCU.scala):
//
//   decoder part -> OutQueue(1, pipe, flow)          tcu/Decoder.scala
//                -> StrideHandler                    mem/StrideHandler.scala
//                -> converter control Queue(2)       axi/Converter.scala
//                -> RequestSplitter (<= 256 beats)   mem/RequestSplitter.scala
//                -> AR, or AW + DataCounter.len      axi/Converter.scala, util/decoupled/DataCounter.scala
//   write data   -> converter dataOut Queue(2) -> VectorSerializer -> DataCounter -> W
//   R            -> converter readData Queue(2) -> VectorDeserializer -> read data
//   B            -> converter writeResponse Queue(2)
//   converter AXI -> axi.Queue(2) on all five channels (axi/Queue.scala)
//                 -> MemBoundarySplitter(4096, 256) (axi/MemBoundarySplitter.scala) -> DramTarget
//
// Every stage is modelled with its own state, cycle by cycle. Plain queues
// (Chisel Queue without pipe/flow) accept while not full at the start of the
// cycle and show an entry the cycle after it was enqueued. The OutQueue(1)
// and the boundary splitter's readDataQueue/writeDataQueue/writeResponseQueue
// are Queue(2, pipe, flow): they also accept while full when they dequeue in
// the same cycle, and pass an entry through in the cycle it arrives.
//
// Resulting cycle offsets, for a request pushed in cycle h with no stall
// (h+1 and h+2 are the ones Tensil's pipeline gives: converter Queue(2)
// output at h+1, AR on the external port at h+2):
//   h      request passes the OutQueue(1) (flow) and the StrideHandler into
//          the converter's control Queue(2);
//   h+1    the converter emits AR/AW (the offset register is added here)
//          into axi.Queue(2);
//   h+2    the boundary splitter issues it on the bus: on_burst, and for a
//          read DramTarget::read_burst; sub-bursts follow one per cycle.
// Reads: beat k of a sub-burst issued in cycle c is offered from cycle
//   c + latency + k (the DRAM's R channel is in order, one beat per cycle);
//   it takes one cycle through axi.Queue(2) and one through the converter's
//   readData Queue(2); with several beats per vector the deserializer's
//   register adds one more, so a vector whose last beat is offered in cycle
//   r is on read_data_valid from r+3 (r+2 with one beat per vector, where
//   the deserializer is combinational).
// Writes: a vector pushed in cycle p enters the dataOut Queue(2), loads the
//   serializer in p+1, and its beats go to axi.Queue(2) from p+2, one per
//   cycle, while its request is the converter's current one; each beat
//   reaches the bus one cycle later (after the sub-burst's AW). When a
//   sub-burst's last W beat is on the bus in cycle w, DramTarget::write_burst
//   moves its bytes and its response is on the bus from w + latency; the
//   response of the last sub-burst then takes two cycles (axi.Queue(2), the
//   converter's writeResponse Queue(2)) to reach the converter's counter.
// A write request leaves the converter's control queue in the cycle its last
// W beat enters axi.Queue(2) (the DataCounter accepts its length only with
// that beat), so nothing behind it is issued before.
#include "systemc/tensil/clocked/dram_bank.h"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <stdexcept>

#include "sw/common/hex.h"

namespace acosim::tensil::clocked {

namespace {

// AXI bursts never cross a 4 KiB boundary (AMBA AXI A3.4.1); AxLEN allows
// 256 beats (Tensil's axi/Converter.scala maxTransferLength).
constexpr uint64_t kBoundary = 4096;
constexpr uint64_t kMaxBeats = 256;
// Tensil's default AXI configuration has 32-bit addresses (axi/Config.scala).
constexpr uint64_t kAddressSpace = 1ull << 32;
// Depth of every Queue(2) of the converter, axi.Queue and the splitter.
constexpr size_t kQueueDepth = 2;
// Converter numInflightRequests = 256: the counters stop at 255.
constexpr uint32_t kMaxInflight = 255;

}  // namespace

DramBank::DramBank(const Architecture& arch, unsigned bus_bytes, DramTarget& target)
    : DramBank(arch, bus_bytes, target, "DRAM") {}

DramBank::DramBank(const Architecture& arch, unsigned bus_bytes, DramTarget& target, std::string name)
    : m_name(std::move(name)), m_format(arch), m_target(target), m_bus_bytes(bus_bytes) {
  // Tensil's Top accepts AXI data widths of 32 to 1024 bits (zynq/tcu/Top.scala).
  if (bus_bytes < 4 || bus_bytes > kMaxBusBytes || (bus_bytes & (bus_bytes - 1)) != 0) {
    throw std::invalid_argument(m_name + ": the AXI data width must be 4, 8, 16, 32, 64 or 128 bytes, not " +
                                std::to_string(bus_bytes));
  }
  m_vector_bytes = m_format.vector_bytes();
  // A vector travels as whole beats. Tensil's Converter requires vector
  // bytes to be a multiple of the bus width; other shapes round up, each
  // vector starting a new beat.
  m_beats_per_vector = static_cast<uint32_t>((m_vector_bytes + bus_bytes - 1) / bus_bytes);
  // RequestSplitter maxSize = 256 * numScalarsPerWord / n vectors, i.e. the
  // most whole vectors in 256 beats.
  m_max_vectors = kMaxBeats / m_beats_per_vector;
  if (m_max_vectors == 0) {
    throw std::invalid_argument(m_name + ": a vector of " + std::to_string(m_vector_bytes) +
                                " bytes needs more than 256 beats of " + std::to_string(bus_bytes) + " bytes");
  }
  m_serializer_bytes.assign(m_vector_bytes, 0);
  m_deserializer_bytes.assign(m_vector_bytes, 0);
}

// --- Geometry ---------------------------------------------------------------

uint64_t DramBank::beat_offset(uint64_t beat) const {
  return (beat / m_beats_per_vector) * m_vector_bytes + (beat % m_beats_per_vector) * m_bus_bytes;
}

uint32_t DramBank::beat_bytes(uint64_t beat) const {
  const uint64_t start = (beat % m_beats_per_vector) * m_bus_bytes;
  return static_cast<uint32_t>(std::min<uint64_t>(m_bus_bytes, m_vector_bytes - start));
}

uint64_t DramBank::piece_address(const ConverterBurst& burst, const Piece& piece) const {
  return burst.address + beat_offset(piece.first);
}

uint64_t DramBank::piece_bytes(const Piece& piece) const {
  const uint64_t last = piece.first + piece.beats - 1;
  return beat_offset(last) + beat_bytes(last) - beat_offset(piece.first);
}

// MemBoundarySplitter cuts a burst at every 4 KiB line it crosses, each
// sub-burst starting at the first beat of the next 4 KiB page, but only a
// burst its `illegal` test flags (Tensil's axi/MemBoundarySplitter.scala, and
// so the generated Verilog): `len * bytesPerWord > 4096 || addr % 4096 >
// 4097 - len * bytesPerWord` with len the AXI length, beats - 1. A burst
// whose last beat starts exactly on the line is not flagged and goes out
// whole, across the line, against the AXI rule (AMBA AXI A3.4.1). Tensil's
// generated RTL is what this model follows (docs/tensil-clocked.md, "Where
// the RTL and the AXI rules differ"). (For vectors that are not a whole
// number of beats, a configuration Tensil's Converter rejects, a beat
// belongs to the page of its first byte.)
std::vector<DramBank::Piece> DramBank::split(const ConverterBurst& burst) const {
  const uint64_t length_bytes = uint64_t(burst.beats - 1) * m_bus_bytes;
  const bool illegal = length_bytes > kBoundary || burst.address % kBoundary > kBoundary + 1 - length_bytes;
  if (!illegal) return {Piece{0, burst.beats}};
  std::vector<Piece> pieces;
  uint64_t page = 0;
  for (uint32_t b = 0; b < burst.beats; ++b) {
    const uint64_t beat_page = (burst.address + beat_offset(b)) / kBoundary;
    if (pieces.empty() || beat_page != page) {
      pieces.push_back(Piece{b, 0});
      page = beat_page;
    }
    ++pieces.back().beats;
  }
  return pieces;
}

// Converter.scala: AXI address = vector address x vector bytes + the offset
// register as it is in the cycle the AR/AW is emitted. The RTL's 32-bit
// address would wrap silently; the model refuses such a burst.
uint64_t DramBank::byte_address(uint64_t vector_address, uint64_t count, bool write) const {
  const uint64_t bytes = count * m_vector_bytes;
  const std::string what = m_name + (write ? " write" : " read") + " of " + std::to_string(bytes) + " bytes at vector address " +
                           hex(vector_address) + " with offset " + hex(m_offset);
  if (vector_address >= kAddressSpace || m_offset >= kAddressSpace) {
    throw DramError(what + " leaves the 32-bit AXI address space; check the DRAM offset register");
  }
  const uint64_t address = vector_address * m_vector_bytes + m_offset;
  if (address + bytes > kAddressSpace) {
    throw DramError(what + " (byte address " + hex(address) +
                    ") leaves the 32-bit AXI address space; check the DRAM offset register");
  }
  return address;
}

void DramBank::announce(bool write, uint64_t address, uint32_t beats) {
  if (on_burst) on_burst(AxiBurst{m_cycle, write, address, beats - 1});
}

// --- Caller side --------------------------------------------------------------

// The StrideHandler pops the OutQueue's head in this cycle: the control
// Queue(2) has room and the head is a stride-0 request (passed whole) or
// its last element (mem/SizeAndStrideHandler.scala raises in.ready with it).
bool DramBank::stride_handler_pops() const {
  if (m_out_queue.empty() || m_control.size() >= kQueueDepth) return false;
  const DramRequest& head = m_out_queue.front();
  return head.stride == 0 || m_stride_index == head.size;
}

bool DramBank::request_ready() const {
  // OutQueue(1, pipe, flow): ready when empty, or when full and dequeued now.
  return !m_request_pushed && (m_out_queue.empty() || stride_handler_pops());
}

void DramBank::push_request(const DramRequest& request) {
  if (!request_ready()) throw std::logic_error(m_name + ": push_request while the request queue is not ready");
  if (request.stride >= 64) throw std::invalid_argument(m_name + ": DRAM request stride " + std::to_string(request.stride));
  m_request_pushed = true;
  m_pushed_request = request;
}

bool DramBank::read_data_valid() const {
  if (m_read_popped) return false;
  return m_beats_per_vector > 1 ? m_deserializer_valid : !m_read_queue.empty();
}

const Vector& DramBank::read_data() const {
  if (!read_data_valid()) throw std::logic_error(m_name + ": read_data without valid read data");
  return m_read_vector;
}

void DramBank::pop_read_data() {
  if (!read_data_valid()) throw std::logic_error(m_name + ": pop_read_data without valid read data");
  m_read_popped = true;
}

bool DramBank::write_data_ready() const { return !m_write_pushed && m_data_out.size() < kQueueDepth; }

void DramBank::push_write_data(const Vector& vector) {
  if (vector.size() != m_format.lanes) {
    throw std::invalid_argument(m_name + ": write vector of " + std::to_string(vector.size()) + " lanes, expected " +
                                std::to_string(m_format.lanes));
  }
  if (!write_data_ready()) throw std::logic_error(m_name + ": push_write_data while the write queue is full");
  m_write_pushed = true;
  m_pushed_vector = vector;
}

void DramBank::set_address_offset(uint64_t bytes) { m_next_offset = bytes; }

bool DramBank::sampled_valid() const { return m_sampled_valid; }
bool DramBank::sampled_ready() const { return m_sampled_ready; }

bool DramBank::idle() const {
  return !m_request_pushed && !m_write_pushed && m_out_queue.empty() && m_control.empty() &&
         m_reads_outstanding == 0 && m_writes_outstanding == 0 && m_data_out.empty() && !m_serializer_valid &&
         m_read_queue.empty() && !m_deserializer_valid && m_axi_ar.empty() && m_axi_aw.empty() &&
         m_axi_w.empty() && m_axi_r.empty() && m_axi_b == 0 && m_write_responses == 0 && !m_read_split.active &&
         !m_write_split.active && m_read_lengths.empty() && m_write_lengths.empty() &&
         m_response_filter.empty() && m_dram_r.empty() && m_dram_b.empty();
}

bool DramBank::addresses_pending() const {
  if (m_request_pushed || !m_out_queue.empty() || m_control.size() > 1) return true;
  if (m_control.empty()) return false;
  // The converter's head: a read chunk leaves with its AR, so one still at
  // the head is unissued; a write stays until its last data beat, its AW
  // possibly gone already. Chunks after the current one are unissued.
  const VectorRequest& head = m_control.front();
  if (!head.write || !m_write_address_done) return true;
  return head.count - m_split_offset > m_max_vectors;
}

// --- One cycle ----------------------------------------------------------------

// Read data towards the TCU. Returns whether the last beat of a converter
// burst left the readData queue (Converter.scala readResponded).
bool DramBank::step_read_data(const Snapshot& start) {
  bool responded = false;
  if (m_beats_per_vector > 1) {
    // VectorDeserializer: a registered vector, in.ready = !valid || out.ready.
    const bool in_ready = !m_deserializer_valid || m_read_popped;
    if (m_read_popped) m_deserializer_valid = false;
    if (in_ready && start.read_queue > 0) {
      const Beat& beat = m_read_queue.front();
      std::memcpy(&m_deserializer_bytes[size_t(m_deserializer_beat) * m_bus_bytes], beat.data.data(), beat.bytes);
      if (++m_deserializer_beat == m_beats_per_vector) {
        m_deserializer_beat = 0;
        m_deserializer_valid = true;
        m_read_vector = m_format.unpack(m_deserializer_bytes.data());
      }
      responded = beat.last;
      m_read_queue.pop_front();
    }
  } else if (m_read_popped) {
    // One beat per vector: the deserializer is a wire.
    responded = m_read_queue.front().last;
    m_read_queue.pop_front();
  }
  // axi.Queue(2) R -> converter readData Queue(2).
  if (start.axi_r > 0 && start.read_queue < kQueueDepth) {
    m_read_queue.push_back(m_axi_r.front());
    m_axi_r.pop_front();
  }
  return responded;
}

// The boundary splitter's readMerger: DRAM R beats go on under the length of
// their converter burst (readDataQueue), `last` set on its final beat.
void DramBank::merge_read_beat(const Snapshot& start) {
  if (m_read_lengths.empty() || m_dram_r.empty() || m_dram_r.front().ready_cycle > m_cycle ||
      start.axi_r >= kQueueDepth) {
    return;
  }
  Beat beat = m_dram_r.front().beat;
  m_dram_r.pop_front();
  beat.last = m_merge_count + 1 == m_read_lengths.front();
  m_axi_r.push_back(beat);
  if (beat.last) {
    m_read_lengths.pop_front();
    m_merge_count = 0;
  } else {
    ++m_merge_count;
  }
}

// The boundary splitter's read side: one AR per cycle from the burst at the
// head of axi.Queue(2) AR. The first sub-burst also records the burst's
// length in readDataQueue (a MultiEnqueue: the AR goes out even while that
// queue is full, the next sub-burst waits for it).
void DramBank::step_read_splitter(const Snapshot& start) {
  if (start.axi_ar == 0) return;
  SplitState& s = m_read_split;
  const ConverterBurst& burst = m_axi_ar.front();
  if (!s.active) {
    s = SplitState{};
    s.active = true;
    s.pieces = split(burst);
  }
  const Piece& piece = s.pieces[s.index];
  const bool first = s.index == 0;
  if (!s.address_done) {
    const uint64_t address = piece_address(burst, piece);
    const uint64_t bytes = piece_bytes(piece);
    announce(false, address, piece.beats);
    std::vector<uint8_t> data(bytes);
    const uint64_t latency = std::max<uint64_t>(1, m_target.read_burst(address, data.data(), uint32_t(bytes)));
    const uint64_t base = beat_offset(piece.first);
    for (uint32_t k = 0; k < piece.beats; ++k) {
      const uint64_t b = piece.first + k;
      DramReadBeat r{m_cycle + latency + k, Beat{}};
      r.beat.bytes = beat_bytes(b);
      std::memcpy(r.beat.data.data(), &data[beat_offset(b) - base], r.beat.bytes);
      m_dram_r.push_back(r);
    }
    s.address_done = true;
  }
  if (first && !s.data_queue_done && m_read_lengths.size() < kQueueDepth) {
    m_read_lengths.push_back(burst.beats);
    s.data_queue_done = true;
  }
  if (s.address_done && (!first || s.data_queue_done)) {
    s.address_done = false;
    s.data_queue_done = false;
    if (++s.index == s.pieces.size()) {
      s.active = false;
      m_axi_ar.pop_front();
    }
  }
}

// The boundary splitter's writeSplitter: W beats go to the DRAM under the
// length of their sub-burst (writeDataQueue). With the last one the
// sub-burst's bytes are complete and the DramTarget takes them.
void DramBank::send_write_beat(const Snapshot& start) {
  if (m_write_lengths.empty() || start.axi_w == 0) return;
  const Beat& beat = m_axi_w.front();
  m_write_buffer.insert(m_write_buffer.end(), beat.data.begin(), beat.data.begin() + beat.bytes);
  m_axi_w.pop_front();
  if (++m_write_split_count < m_write_lengths.front().beats) return;
  const WritePiece piece = m_write_lengths.front();
  m_write_lengths.pop_front();
  m_write_split_count = 0;
  const uint64_t latency = std::max<uint64_t>(
      1, m_target.write_burst(piece.address, m_write_buffer.data(), uint32_t(m_write_buffer.size())));
  m_write_buffer.clear();
  m_dram_b.push_back(m_cycle + latency);
}

// The boundary splitter's write side: one AW per cycle; every sub-burst also
// enqueues its length (writeDataQueue) and whether its response is the one
// forwarded (writeResponseQueue), a MultiEnqueue of three.
void DramBank::step_write_splitter(const Snapshot& start) {
  if (start.axi_aw == 0) return;
  SplitState& s = m_write_split;
  const ConverterBurst& burst = m_axi_aw.front();
  if (!s.active) {
    s = SplitState{};
    s.active = true;
    s.pieces = split(burst);
  }
  const Piece& piece = s.pieces[s.index];
  const bool last = s.index + 1 == s.pieces.size();
  const uint64_t address = piece_address(burst, piece);
  if (!s.address_done) {
    announce(true, address, piece.beats);
    s.address_done = true;
  }
  if (!s.data_queue_done && m_write_lengths.size() < kQueueDepth) {
    m_write_lengths.push_back(WritePiece{address, piece.beats});
    s.data_queue_done = true;
  }
  if (!s.response_queue_done && m_response_filter.size() < kQueueDepth) {
    m_response_filter.push_back(last);
    s.response_queue_done = true;
  }
  if (s.address_done && s.data_queue_done && s.response_queue_done) {
    s.address_done = s.data_queue_done = s.response_queue_done = false;
    if (++s.index == s.pieces.size()) {
      s.active = false;
      m_axi_aw.pop_front();
    }
  }
}

// B: the splitter's Filter forwards only the last sub-burst's response,
// then axi.Queue(2) B and the converter's writeResponse Queue(2), which is
// always dequeued. Returns whether a response reached the converter
// (Converter.scala writeResponded).
bool DramBank::step_write_responses(const Snapshot& start) {
  bool responded = false;
  if (start.write_responses > 0) {
    --m_write_responses;
    responded = true;
  }
  if (start.axi_b > 0 && start.write_responses < kQueueDepth) {
    --m_axi_b;
    ++m_write_responses;
  }
  if (!m_dram_b.empty() && m_dram_b.front() <= m_cycle && !m_response_filter.empty()) {
    const bool forward = m_response_filter.front();
    if (!forward || start.axi_b < kQueueDepth) {
      if (forward) ++m_axi_b;
      m_response_filter.pop_front();
      m_dram_b.pop_front();
    }
  }
  return responded;
}

// The converter: RequestSplitter on the control queue's head, read/write
// exclusion, AR or {AW, DataCounter.len}, and the write data path
// (dataOut Queue(2), VectorSerializer, DataCounter).
void DramBank::step_converter(const Snapshot& start, bool& read_requested, bool& write_requested) {
  bool serializer_wrapped = false;
  if (start.control > 0) {
    const VectorRequest& head = m_control.front();
    const uint64_t remaining = head.count - m_split_offset;
    const bool last_chunk = remaining <= m_max_vectors;
    const uint64_t count = last_chunk ? remaining : m_max_vectors;
    const uint64_t vector_address = head.address + m_split_offset;
    const uint32_t beats = static_cast<uint32_t>(count * m_beats_per_vector);
    bool advance = false;
    if (!head.write) {
      if (start.can_read && start.axi_ar < kQueueDepth) {
        m_axi_ar.push_back(ConverterBurst{byte_address(vector_address, count, false), beats});
        read_requested = true;
        advance = true;
      }
    } else if (start.can_write) {
      bool len_fire = false;
      if (!m_write_len_done && m_serializer_valid && start.axi_w < kQueueDepth) {
        Beat beat;
        beat.bytes = beat_bytes(m_serializer_beat);
        std::memcpy(beat.data.data(), &m_serializer_bytes[size_t(m_serializer_beat) * m_bus_bytes], beat.bytes);
        m_axi_w.push_back(beat);
        if (++m_serializer_beat == m_beats_per_vector) {
          m_serializer_beat = 0;
          serializer_wrapped = true;
        }
        if (m_write_beat_count + 1 == beats) {
          len_fire = true;
          m_write_beat_count = 0;
        } else {
          ++m_write_beat_count;
        }
      }
      bool address_fire = false;
      if (!m_write_address_done && start.axi_aw < kQueueDepth) {
        m_axi_aw.push_back(ConverterBurst{byte_address(vector_address, count, true), beats});
        address_fire = true;
        write_requested = true;
      }
      if ((m_write_address_done || address_fire) && (m_write_len_done || len_fire)) {
        m_write_address_done = m_write_len_done = false;
        advance = true;
      } else {
        m_write_address_done = m_write_address_done || address_fire;
        m_write_len_done = m_write_len_done || len_fire;
      }
    }
    if (advance) {
      if (last_chunk) {
        m_control.pop_front();
        m_split_offset = 0;
      } else {
        m_split_offset += m_max_vectors;
      }
    }
  }
  // VectorSerializer: in.ready = !valid || wrap.
  if (!m_serializer_valid || serializer_wrapped) {
    if (start.data_out > 0) {
      m_format.pack(m_data_out.front(), m_serializer_bytes.data());
      m_data_out.pop_front();
      m_serializer_valid = true;
      m_serializer_beat = 0;
    } else {
      m_serializer_valid = false;
    }
  }
  if (m_write_pushed) m_data_out.push_back(m_pushed_vector);
}

// OutQueue(1, pipe, flow) and StrideHandler into the control Queue(2).
void DramBank::step_requests(const Snapshot& start) {
  const bool queued = !m_out_queue.empty();
  const DramRequest* head = queued ? &m_out_queue.front() : (m_request_pushed ? &m_pushed_request : nullptr);
  bool popped = false;
  if (head != nullptr && start.control < kQueueDepth) {
    if (head->stride == 0) {
      m_control.push_back(VectorRequest{head->address, head->size + 1, head->write});
      popped = true;
    } else {
      m_control.push_back(VectorRequest{head->address + (m_stride_index << head->stride), 1, head->write});
      if (m_stride_index == head->size) {
        m_stride_index = 0;
        popped = true;
      } else {
        ++m_stride_index;
      }
    }
  }
  if (queued) {
    if (popped) m_out_queue.pop_front();
    if (m_request_pushed) m_out_queue.push_back(m_pushed_request);
  } else if (m_request_pushed && !popped) {
    m_out_queue.push_back(m_pushed_request);
  }
}

// With one beat per vector the read data is the readData queue's head:
// decode it when a new head appears.
void DramBank::refresh_read_vector(bool head_changed) {
  if (m_beats_per_vector == 1 && head_changed && !m_read_queue.empty()) {
    m_read_vector = m_format.unpack(m_read_queue.front().data.data());
  }
}

void DramBank::tick() {
  if (idle()) {
    // Nothing queued, in flight or pushed: the cycle changes nothing but
    // the sampler's view of the request handshake.
    m_sampled_valid = false;
    m_sampled_ready = true;
    return;
  }
  const Snapshot start{m_control.size(),
                       m_data_out.size(),
                       m_read_queue.size(),
                       m_axi_ar.size(),
                       m_axi_aw.size(),
                       m_axi_w.size(),
                       m_axi_r.size(),
                       m_axi_b,
                       m_write_responses,
                       m_writes_outstanding == 0 && m_reads_outstanding < kMaxInflight,
                       m_reads_outstanding == 0 && m_writes_outstanding < kMaxInflight};
  // The sampler sees io.dramX after the StrideHandler (tcu/Decoder.scala).
  m_sampled_valid = !m_out_queue.empty() || m_request_pushed;
  m_sampled_ready = start.control < kQueueDepth;

  // Consumers before producers, so that a queue's pop in this cycle frees a
  // slot for its producer only where the queue is `pipe`; the flow queues of
  // the splitter get a second look once their producer has run.
  const bool read_responded = step_read_data(start);
  const bool read_lengths_empty = m_read_lengths.empty();
  if (!read_lengths_empty) merge_read_beat(start);
  step_read_splitter(start);
  if (read_lengths_empty && !m_read_lengths.empty()) merge_read_beat(start);

  const bool write_responded = step_write_responses(start);
  const bool write_lengths_empty = m_write_lengths.empty();
  if (!write_lengths_empty) send_write_beat(start);
  step_write_splitter(start);
  if (write_lengths_empty && !m_write_lengths.empty()) send_write_beat(start);

  bool read_requested = false;
  bool write_requested = false;
  step_converter(start, read_requested, write_requested);
  step_requests(start);

  // Converter.scala: the counters move by one unless request and response
  // meet in the same cycle; they saturate at 255 and stop at 0.
  if (read_requested && !read_responded && m_reads_outstanding < kMaxInflight) ++m_reads_outstanding;
  if (!read_requested && read_responded && m_reads_outstanding > 0) --m_reads_outstanding;
  if (write_requested && !write_responded && m_writes_outstanding < kMaxInflight) ++m_writes_outstanding;
  if (!write_requested && write_responded && m_writes_outstanding > 0) --m_writes_outstanding;

  // Configure writes the offset register in its head cycle; it is used from
  // the next cycle on (tcu/Decoder.scala).
  m_offset = m_next_offset;
  refresh_read_vector(m_read_popped || start.read_queue == 0);
  m_request_pushed = false;
  m_read_popped = false;
  m_write_pushed = false;
  ++m_cycle;
}

}  // namespace acosim::tensil::clocked
