// GTKWave save files (.gtkw) beside the VCD files acosim writes, so that
// `gtkwave FILE.gtkw` opens the waves with every signal shown, one group per
// unit (SystemC module or Verilated scope). Plain C++, no SystemC: the
// Tensil TCU's Verilated waves and core::VcdTracer both call it once their
// VCD is closed, and it reads the VCD's own declarations (IEEE 1364-2005
// §18.2, $scope/$var/$upscope up to $enddefinitions), so the save file
// names exactly what the file holds.
#pragma once

#include <istream>
#include <string>
#include <vector>

namespace acosim::core {

// One VCD variable as GTKWave names it: the dotted path of its scopes, then
// its reference, then the bit range ("tcu.program_counter[31:0]"). GTKWave's
// VCD reader (vcd.c) gives a vector declared without a range [width-1:0].
struct GtkwSignal {
  std::string name;
  unsigned width = 1;
};

// The variables declared directly in one scope, in declaration order.
struct GtkwGroup {
  std::string scope;  // dotted path, "nvdla.pdp"
  std::vector<GtkwSignal> signals;
};

// Reads the declarations of a VCD (stops at $enddefinitions); scopes
// without variables of their own give no group. Throws std::runtime_error
// for a $var or $scope that is cut short.
std::vector<GtkwGroup> read_vcd_groups(std::istream& vcd);

// The save file's text: the dump file, start time 0, then per group a
// group start (flags 0x800200: TR_GRP_BEGIN|TR_BLANK, open), its signals
// (flags 0x28, TR_RJUSTIFY|TR_BIN, for one bit; 0x22, TR_RJUSTIFY|TR_HEX,
// for vectors; a flag line only where it changes, as GTKWave writes them)
// and a group end (0x1000200: TR_GRP_END|TR_BLANK). Flag values from
// GTKWave's analyzer.h.
std::string gtkw_text(const std::string& dumpfile, const std::vector<GtkwGroup>& groups);

// FILE.vcd -> FILE.gtkw (FILE.gtkw.gtkw for a VCD that is itself named .gtkw).
std::string gtkw_path_for(const std::string& vcd_path);

// Reads the closed VCD at `vcd_path` and writes gtkw_path_for(vcd_path),
// naming the VCD by its absolute path. Throws std::runtime_error naming the
// file that could not be read or written.
void write_gtkw_for(const std::string& vcd_path);

// write_gtkw_for() for the writers' close paths, which also run in
// destructors: a failure is one warning line on stderr (the VCD itself is
// complete), never an exception.
void write_gtkw_beside(const std::string& vcd_path) noexcept;

}  // namespace acosim::core
