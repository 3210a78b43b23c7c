// `acosim tensil plot`: a picture of a sample file (tools/tensil/samples.h)
// drawn by gnuplot (Debian package gnuplot-nox, installed by
// scripts/setup.sh). One horizontal track per sampled unit, Instruction at
// the top and Array at the bottom; along each track a bar marks the samples
// where the unit's handshake fired (valid and ready) and another colour the
// ones where it was stalled (valid, not ready). The right axis gives each
// unit's share of both.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace acosim::tensil {

// gnuplot is missing or failed; the message names the cause.
struct PlotError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct PlotOptions {
  // Cycles between samples (the sampleInterval the program configured):
  // non-zero puts cycles (sample index x interval) on the x axis instead of
  // sample indexes.
  uint32_t interval = 0;
  // Plot title; empty = the sample file's name.
  std::string title;
  // The gnuplot to run: a command looked up on PATH, or a path.
  std::string gnuplot = "gnuplot";
};

// Reads `samples_path` (FormatError, sw/tensil/model.h, for a bad file),
// writes the gnuplot script and data to a temporary folder, runs gnuplot
// there and, only if it succeeds and produced an SVG, writes it to
// `svg_path` through a temporary file and a rename, so that a failure
// leaves no file under `svg_path`. Throws PlotError if gnuplot cannot be
// started, exits non-zero or produces no SVG.
void plot_samples(const std::string& samples_path, const std::string& svg_path, const PlotOptions& options = {});

}  // namespace acosim::tensil
