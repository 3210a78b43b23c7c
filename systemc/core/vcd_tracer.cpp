#include "systemc/core/vcd_tracer.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <stdexcept>

#include "systemc/core/gtkw.h"

namespace acosim::core {

namespace {

// VCD identifiers: printable characters '!'..'~' in base 94.
std::string identifier(size_t index) {
  std::string id;
  do {
    id.push_back(static_cast<char>('!' + index % 94));
    index /= 94;
  } while (index != 0);
  return id;
}

}  // namespace

VcdTracer::VcdTracer(sc_core::sc_module_name name, const std::string& path) : sc_module(name), m_path(path) {
  m_file = std::fopen(path.c_str(), "wb");
  if (m_file == nullptr) {
    throw std::runtime_error("cannot create VCD file '" + path + "': " + std::strerror(errno));
  }
}

VcdTracer::~VcdTracer() { close(); }

void VcdTracer::add(const std::string& scope, const std::string& name, const ObservedSignal<bool>& signal) {
  add_probe(scope, name, 1, [&signal] { return uint64_t{signal.read()}; }, signal.value_changed_event());
}

void VcdTracer::add(const std::string& scope, const std::string& name,
                    const ObservedSignal<uint32_t>& signal, unsigned width) {
  add_probe(scope, name, width, [&signal] { return uint64_t{signal.read()}; }, signal.value_changed_event());
}

void VcdTracer::add(const std::string& scope, const std::string& name,
                    const ObservedSignal<uint64_t>& signal, unsigned width) {
  add_probe(scope, name, width, [&signal] { return signal.read(); }, signal.value_changed_event());
}

void VcdTracer::add_probe(const std::string& scope, const std::string& name, unsigned width,
                          std::function<uint64_t()> value, const sc_core::sc_event& changed) {
  if (m_header_written) throw std::logic_error("VcdTracer: signals must be added before simulation starts");
  m_probes.push_back(Probe{scope, name, identifier(m_probes.size()), width, std::move(value), &changed, 0});
}

// The sampling process is created once every probe is known, so that it
// starts with its full sensitivity (a method with none would be dropped).
void VcdTracer::before_end_of_elaboration() {
  if (m_probes.empty()) return;
  SC_METHOD(sample);
  for (const Probe& p : m_probes) sensitive << *p.changed;
  dont_initialize();
}

void VcdTracer::end_of_elaboration() { write_header(); }

void VcdTracer::write_header() {
  std::fprintf(m_file, "$timescale 1ps $end\n");
  // Group probes by scope, in the order scopes first appear.
  std::vector<std::string> scopes;
  std::map<std::string, std::vector<const Probe*>> by_scope;
  for (const Probe& p : m_probes) {
    if (by_scope.find(p.scope) == by_scope.end()) scopes.push_back(p.scope);
    by_scope[p.scope].push_back(&p);
  }
  // Scopes nest by their dotted path: close the levels the next scope does
  // not share with the open one, open the levels it adds.
  auto split = [](const std::string& path) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (true) {
      const size_t dot = path.find('.', start);
      parts.push_back(path.substr(start, dot - start));
      if (dot == std::string::npos) return parts;
      start = dot + 1;
    }
  };
  std::vector<std::string> open;
  for (const std::string& scope : scopes) {
    const std::vector<std::string> parts = split(scope);
    size_t common = 0;
    while (common < open.size() && common < parts.size() && open[common] == parts[common]) ++common;
    while (open.size() > common) {
      std::fprintf(m_file, "$upscope $end\n");
      open.pop_back();
    }
    for (size_t i = common; i < parts.size(); ++i) {
      std::fprintf(m_file, "$scope module %s $end\n", parts[i].c_str());
      open.push_back(parts[i]);
    }
    for (const Probe* p : by_scope[scope]) {
      std::fprintf(m_file, "$var wire %u %s %s $end\n", p->width, p->id.c_str(), p->name.c_str());
    }
  }
  for (size_t i = 0; i < open.size(); ++i) std::fprintf(m_file, "$upscope $end\n");
  std::fprintf(m_file, "$enddefinitions $end\n#0\n$dumpvars\n");
  for (Probe& p : m_probes) {
    p.last = p.value();
    write_value(p, p.last);
  }
  std::fprintf(m_file, "$end\n");
  m_header_written = true;
  m_time_written = true;
}

void VcdTracer::write_value(const Probe& probe, uint64_t value) {
  if (probe.width == 1) {
    std::fprintf(m_file, "%c%s\n", (value & 1) ? '1' : '0', probe.id.c_str());
    return;
  }
  char bits[65];
  int n = 0;
  for (int b = static_cast<int>(probe.width) - 1; b >= 0; --b) {
    const bool one = (value >> b) & 1;
    if (n == 0 && !one && b != 0) continue;  // VCD allows dropping leading zeros
    bits[n++] = one ? '1' : '0';
  }
  bits[n] = '\0';
  std::fprintf(m_file, "b%s %s\n", bits, probe.id.c_str());
}

void VcdTracer::sample() {
  if (m_file == nullptr) return;
  const uint64_t now_ps = static_cast<uint64_t>(sc_core::sc_time_stamp().to_seconds() * 1e12 + 0.5);
  bool stamped = m_time_written && now_ps == m_last_time_ps;
  for (Probe& p : m_probes) {
    const uint64_t v = p.value();
    if (v == p.last) continue;
    if (!stamped) {
      std::fprintf(m_file, "#%llu\n", static_cast<unsigned long long>(now_ps));
      m_last_time_ps = now_ps;
      m_time_written = true;
      stamped = true;
    }
    write_value(p, v);
    p.last = v;
  }
}

void VcdTracer::flush() {
  if (m_file != nullptr) std::fflush(m_file);
}

void VcdTracer::close() {
  if (m_file == nullptr) return;
  if (!m_header_written) write_header();
  std::fclose(m_file);
  m_file = nullptr;
  write_gtkw_beside(m_path);
}

}  // namespace acosim::core
