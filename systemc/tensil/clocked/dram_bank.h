// One DRAM bank of the clocked TCU (DRAM0 or DRAM1), cycle by cycle, as
// Tensil's RTL builds it behind the decoder: the decoder's DRAM part goes
// through a StrideHandler (mem/StrideHandler.scala) into axi.Converter
// (axi/Converter.scala: control queue, RequestSplitter of at most 256 beats,
// read/write exclusion, vector (de)serialisers of bus-width beats, the
// offset register added when an address is issued) and MemBoundarySplitter
// (axi/MemBoundarySplitter.scala: no burst crosses 4 KiB).
//
// Plain C++, no SystemC: the bank reaches memory through a DramTarget, which
// the SystemC TCU binds to its AXI socket.
//
// Handshake convention of every clocked unit: within a cycle the caller
// first asks *_ready()/*_valid() (state at the start of the cycle), then
// pushes/pops, then calls tick() once at the end of the cycle. What is
// pushed in cycle t is visible to the bank's logic from cycle t+1.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "sw/tensil/regs/architecture.h"
#include "systemc/tensil/array/array_engine.h"
#include "systemc/tensil/dram_packing.h"

namespace acosim::tensil::clocked {

// The memory seen by the bank's AXI master: one call per AXI burst as it is
// issued on the bus (after every split), moving the burst's bytes at once.
// Returns the burst's latency in whole TCU cycles from issue to the first
// data beat (read) or to the write response (write), at least 1.
class DramTarget {
 public:
  virtual ~DramTarget() = default;
  virtual uint64_t read_burst(uint64_t byte_address, uint8_t* data, uint32_t bytes) = 0;
  virtual uint64_t write_burst(uint64_t byte_address, const uint8_t* data, uint32_t bytes) = 0;
};

// The decoder's DRAM part of a DataMove (Tensil's MemControlWithStride):
// vectors address, address + 2^stride, ... (size + 1 of them).
struct DramRequest {
  uint64_t address = 0;
  uint64_t size = 0;  // vector count - 1
  uint32_t stride = 0;
  bool write = false;
};

// One burst as it leaves on the AXI bus (AR or AW), for waves, samples and
// tests: len is the AXI length field, beats - 1.
struct AxiBurst {
  uint64_t cycle = 0;
  bool write = false;
  uint64_t byte_address = 0;
  uint32_t len = 0;
};

class DramBank {
 public:
  // bus_bytes: AXI data width in bytes (Tensil's default 64 bits = 8).
  DramBank(const Architecture& arch, unsigned bus_bytes, DramTarget& target);
  // The same, with the bank's name ("DRAM0", "DRAM1") for error messages;
  // the constructor above names it "DRAM".
  DramBank(const Architecture& arch, unsigned bus_bytes, DramTarget& target, std::string name);

  // Decoder side: the DRAM part's OutQueue(1).
  bool request_ready() const;
  void push_request(const DramRequest& request);

  // Read data, one vector at a time, towards local memory port B.
  bool read_data_valid() const;
  const Vector& read_data() const;
  void pop_read_data();

  // Write data, one vector at a time, from local memory port B.
  bool write_data_ready() const;
  void push_write_data(const Vector& vector);

  // Configure of the offset register (bytes, already shifted by 16): used
  // for every address issued from the next cycle on, including requests
  // already queued (the RTL does not order them).
  void set_address_offset(uint64_t bytes);

  // Ends the current cycle.
  void tick();

  // Nothing queued, in flight or awaiting a response.
  bool idle() const;
  // A request (or a chunk or element of one) whose address has not been
  // issued on the bus yet: the offset register it will get is not fixed.
  bool addresses_pending() const;
  // valid/ready of the decoder-side request handshake in the cycle just
  // ended (the sampler's dram0/dram1 pair).
  bool sampled_valid() const;
  bool sampled_ready() const;

  // Called with every burst as it is issued.
  std::function<void(const AxiBurst&)> on_burst;

 private:
  // Largest bus Tensil's Top accepts (-d 1024 bits).
  static constexpr unsigned kMaxBusBytes = 128;

  // A vector request between the StrideHandler and the RequestSplitter.
  struct VectorRequest {
    uint64_t address;
    uint64_t count;
    bool write;
  };
  // A burst as the converter emits it (offset added), before the boundary
  // splitter: `beats` beats from vector-aligned byte address `address`.
  struct ConverterBurst {
    uint64_t address;
    uint32_t beats;
  };
  // One sub-burst of the boundary splitter: beats [first, first + beats) of
  // its converter burst.
  struct Piece {
    uint32_t first;
    uint32_t beats;
  };
  struct Beat {
    std::array<uint8_t, kMaxBusBytes> data{};
    uint32_t bytes = 0;
    bool last = false;
  };
  struct DramReadBeat {
    uint64_t ready_cycle;
    Beat beat;
  };
  // A write sub-burst issued on AW whose data is still being collected.
  struct WritePiece {
    uint64_t address;
    uint32_t beats;
  };
  // The boundary splitter's progress through the burst at the head of its
  // address queue, and which parts of the current sub-burst are done.
  struct SplitState {
    bool active = false;
    std::vector<Piece> pieces;
    size_t index = 0;
    bool address_done = false;
    bool data_queue_done = false;
    bool response_queue_done = false;
  };

  // Queue occupancies and counter states at the start of the cycle: what
  // every non-bypassing stage decides on.
  struct Snapshot {
    size_t control;
    size_t data_out;
    size_t read_queue;
    size_t axi_ar;
    size_t axi_aw;
    size_t axi_w;
    size_t axi_r;
    size_t axi_b;
    size_t write_responses;
    bool can_read;
    bool can_write;
  };

  uint64_t beat_offset(uint64_t beat) const;
  uint32_t beat_bytes(uint64_t beat) const;
  uint64_t piece_address(const ConverterBurst& burst, const Piece& piece) const;
  uint64_t piece_bytes(const Piece& piece) const;
  std::vector<Piece> split(const ConverterBurst& burst) const;
  uint64_t byte_address(uint64_t vector_address, uint64_t count, bool write) const;
  void announce(bool write, uint64_t address, uint32_t beats);

  bool stride_handler_pops() const;
  bool step_read_data(const Snapshot& start);
  void merge_read_beat(const Snapshot& start);
  void step_read_splitter(const Snapshot& start);
  void send_write_beat(const Snapshot& start);
  void step_write_splitter(const Snapshot& start);
  bool step_write_responses(const Snapshot& start);
  void step_converter(const Snapshot& start, bool& read_requested, bool& write_requested);
  void step_requests(const Snapshot& start);
  void refresh_read_vector(bool head_changed);

  std::string m_name;
  DramVectorFormat m_format;
  DramTarget& m_target;
  unsigned m_bus_bytes;
  uint64_t m_vector_bytes;
  uint32_t m_beats_per_vector;
  uint64_t m_max_vectors;  // RequestSplitter chunk, in vectors

  uint64_t m_cycle = 0;
  uint64_t m_offset = 0;
  uint64_t m_next_offset = 0;

  // Inputs of the current cycle, applied by tick().
  bool m_request_pushed = false;
  DramRequest m_pushed_request;
  bool m_read_popped = false;
  bool m_write_pushed = false;
  Vector m_pushed_vector;
  bool m_sampled_valid = false;
  bool m_sampled_ready = false;

  // Decoder OutQueue(1) and the StrideHandler's element counter.
  std::deque<DramRequest> m_out_queue;
  uint64_t m_stride_index = 0;

  // Converter: control Queue(2), RequestSplitter progress, counters.
  std::deque<VectorRequest> m_control;
  uint64_t m_split_offset = 0;
  uint32_t m_reads_outstanding = 0;
  uint32_t m_writes_outstanding = 0;
  bool m_write_address_done = false;
  bool m_write_len_done = false;
  uint32_t m_write_beat_count = 0;  // DataCounter

  // Converter dataOut Queue(2) and VectorSerializer.
  std::deque<Vector> m_data_out;
  bool m_serializer_valid = false;
  std::vector<uint8_t> m_serializer_bytes;
  uint32_t m_serializer_beat = 0;

  // Converter readData Queue(2) and VectorDeserializer.
  std::deque<Beat> m_read_queue;
  bool m_deserializer_valid = false;
  std::vector<uint8_t> m_deserializer_bytes;
  uint32_t m_deserializer_beat = 0;
  Vector m_read_vector;

  // axi.Queue(2) on each channel.
  std::deque<ConverterBurst> m_axi_ar;
  std::deque<ConverterBurst> m_axi_aw;
  std::deque<Beat> m_axi_w;
  std::deque<Beat> m_axi_r;
  size_t m_axi_b = 0;
  size_t m_write_responses = 0;  // converter writeResponse Queue(2)

  // MemBoundarySplitter.
  SplitState m_read_split;
  SplitState m_write_split;
  std::deque<uint32_t> m_read_lengths;     // readDataQueue: beats per converter burst
  uint32_t m_merge_count = 0;              // readMerger's beat counter
  std::deque<WritePiece> m_write_lengths;  // writeDataQueue: one per sub-burst
  uint32_t m_write_split_count = 0;        // writeSplitter's beat counter
  std::vector<uint8_t> m_write_buffer;
  std::deque<bool> m_response_filter;      // writeResponseQueue: forward (last sub-burst) or drop

  // The DRAM side: R beats and B responses, in issue order.
  std::deque<DramReadBeat> m_dram_r;
  std::deque<uint64_t> m_dram_b;  // cycle from which each B is valid
};

}  // namespace acosim::tensil::clocked
