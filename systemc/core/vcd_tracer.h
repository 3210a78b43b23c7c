// Records sc_signals into a VCD file. SystemC's own VCD writer stamps the
// file with the date and its build time, so two runs never give the same
// bytes; this tracer writes a fixed header and the value changes at their
// simulated time (picoseconds), so the same run gives the same file.
// Signals are added during elaboration; one method process watches them all.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

namespace acosim::core {

// A signal a model exposes for waves. Several processes may write it (the
// CPU's thread through a register access, the unit's own thread), even in
// the same delta cycle; the last write wins, as for a register.
template <typename T>
using ObservedSignal = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;

class VcdTracer : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(VcdTracer);
  // Creates `path` now (an error names the file), writes it at the end.
  VcdTracer(sc_core::sc_module_name name, const std::string& path);
  ~VcdTracer() override;

  // `scope` is a dot-separated hierarchy ("nvdla.pdp"); `name` the signal.
  void add(const std::string& scope, const std::string& name, const ObservedSignal<bool>& signal);
  void add(const std::string& scope, const std::string& name, const ObservedSignal<uint32_t>& signal,
           unsigned width = 32);
  void add(const std::string& scope, const std::string& name, const ObservedSignal<uint64_t>& signal,
           unsigned width = 64);

  // Writes pending changes and closes the file (also done by the destructor).
  void close();
  // Pushes what is written so far to the file, so that a process that dies
  // later (an assert in a host program) leaves the waves up to this point.
  void flush();

 private:
  struct Probe {
    std::string scope, name, id;
    unsigned width;
    std::function<uint64_t()> value;
    const sc_core::sc_event* changed;
    uint64_t last;
  };

  void add_probe(const std::string& scope, const std::string& name, unsigned width,
                 std::function<uint64_t()> value, const sc_core::sc_event& changed);
  void before_end_of_elaboration() override;
  void end_of_elaboration() override;
  void sample();
  void write_header();
  void write_value(const Probe& probe, uint64_t value);

  std::string m_path;
  std::FILE* m_file = nullptr;
  std::vector<Probe> m_probes;
  bool m_header_written = false;
  uint64_t m_last_time_ps = 0;
  bool m_time_written = false;
};

}  // namespace acosim::core
