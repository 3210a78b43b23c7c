#include "tools/tensil/plot.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include "sw/tensil/model.h"
#include "tools/tensil/samples.h"

extern char** environ;

namespace acosim::tensil {
namespace {

namespace fs = std::filesystem;

constexpr unsigned kTransferColour = 0x2CA02C;  // green
constexpr unsigned kStalledColour = 0xD62728;   // red

// A private temporary folder, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (fs::temp_directory_path() / "acosim-plot-XXXXXX").string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (::mkdtemp(buffer.data()) == nullptr) {
      throw PlotError("cannot create a temporary folder for gnuplot: " + std::string(std::strerror(errno)));
    }
    m_path = buffer.data();
  }
  ~TempDir() {
    std::error_code ignored;
    fs::remove_all(m_path, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return m_path; }

 private:
  fs::path m_path;
};

// A gnuplot single-quoted string: only the quote itself needs escaping, by
// doubling it.
std::string quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    out += c;
    if (c == '\'') out += '\'';
  }
  return out + "'";
}

// gnuplot applies printf-style formatting to tic labels, so a literal
// percent sign is written twice.
std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%%%", 100.0 * fraction);
  return text;
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw PlotError("cannot write " + path.string());
}

// One rectangle per run of consecutive samples in which a unit stays in the
// same non-idle state: x from the run's first sample to the end of its last
// one, y a band around the unit's track, then the colour.
std::string runs_data(const std::vector<Sample>& samples, double x_scale) {
  std::ostringstream out;
  for (unsigned unit = 0; unit < kSampleUnits; ++unit) {
    size_t i = 0;
    while (i < samples.size()) {
      const bool valid = samples[i].valid(unit);
      const bool ready = samples[i].ready(unit);
      size_t end = i + 1;
      while (end < samples.size() && samples[end].valid(unit) == valid &&
             (!valid || samples[end].ready(unit) == ready)) {
        ++end;
      }
      if (valid) {
        out << static_cast<double>(i) * x_scale << ' ' << static_cast<double>(end) * x_scale << ' ' << unit << ' '
            << unit - 0.35 << ' ' << unit + 0.35 << ' ' << (ready ? kTransferColour : kStalledColour) << '\n';
      }
      i = end;
    }
  }
  return out.str();
}

std::string script(const std::vector<Sample>& samples, const fs::path& data, const fs::path& svg,
                   const std::string& title, uint32_t interval) {
  const double x_scale = interval == 0 ? 1.0 : static_cast<double>(interval);
  const double x_max = samples.empty() ? 1.0 : static_cast<double>(samples.size()) * x_scale;
  const auto utilisation = unit_utilisation(samples);
  std::ostringstream s;
  s << "set terminal svg size 1000,420 dynamic font 'sans,10' noenhanced\n";
  s << "set output " << quoted(svg.string()) << "\n";
  s << "set title " << quoted(title) << "\n";
  s << "set xlabel "
    << quoted(interval == 0 ? std::string("sample") : "cycle (one sample every " + std::to_string(interval) + ")")
    << "\n";
  s << "set xrange [0:" << x_max << "]\n";
  s << "set yrange [-0.6:" << kSampleUnits - 0.4 << "]\n";
  s << "set y2range [-0.6:" << kSampleUnits - 0.4 << "]\n";
  s << "set ytics nomirror (";
  for (unsigned u = 0; u < kSampleUnits; ++u) {
    s << (u ? ", " : "") << quoted(sample_unit_name(u)) << ' ' << u;
  }
  s << ")\n";
  s << "set y2tics (";
  for (unsigned u = 0; u < kSampleUnits; ++u) {
    s << (u ? ", " : "") << quoted("fire " + percent(utilisation[u].transfer_fraction()) + " stall " +
                                   percent(utilisation[u].stalled_fraction()))
      << ' ' << u;
  }
  s << ")\n";
  s << "set grid xtics\n";
  s << "set key outside top center horizontal\n";
  s << "set style fill solid 1.0 noborder\n";
  // The two NaN plots draw nothing; they only put the colours in the key.
  s << "plot " << quoted(data.string())
    << " using (($1+$2)/2):3:1:2:4:5:6 with boxxyerror lc rgb variable notitle, \\\n"
    << "  NaN with boxes lc rgb '#2CA02C' title 'valid & ready', \\\n"
    << "  NaN with boxes lc rgb '#D62728' title 'valid only (stalled)'\n";
  return s.str();
}

std::string tail_of(const fs::path& log) {
  std::ifstream in(log, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (text.size() > 600) text = "..." + text.substr(text.size() - 600);
  return text;
}

// Runs `gnuplot script` with its output in `log`; throws PlotError unless
// it exits with status 0.
void run_gnuplot(const std::string& gnuplot, const fs::path& script_path, const fs::path& log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::string program = gnuplot;
  std::string script_arg = script_path.string();
  char* argv[] = {program.data(), script_arg.data(), nullptr};
  pid_t pid = 0;
  const int spawn_error = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error == ENOENT) {
    throw PlotError("gnuplot not found ('" + gnuplot +
                    "'): install the Debian package gnuplot-nox (bash scripts/setup.sh)");
  }
  if (spawn_error != 0) {
    throw PlotError("cannot run gnuplot ('" + gnuplot + "'): " + std::strerror(spawn_error));
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw PlotError("waiting for gnuplot: " + std::string(std::strerror(errno)));
  }
  if (WIFSIGNALED(status)) {
    throw PlotError("gnuplot was killed by signal " + std::to_string(WTERMSIG(status)));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw PlotError("gnuplot failed with exit status " + std::to_string(WEXITSTATUS(status)) + ": " + tail_of(log));
  }
}

}  // namespace

void plot_samples(const std::string& samples_path, const std::string& svg_path, const PlotOptions& options) {
  const std::vector<Sample> samples = read_samples(samples_path);
  TempDir dir;
  const fs::path data = dir.path() / "runs.dat";
  const fs::path svg = dir.path() / "plot.svg";
  const fs::path script_path = dir.path() / "plot.gp";
  const fs::path log = dir.path() / "gnuplot.log";
  const double x_scale = options.interval == 0 ? 1.0 : static_cast<double>(options.interval);
  write_text(data, runs_data(samples, x_scale));
  const std::string title = options.title.empty() ? fs::path(samples_path).filename().string() : options.title;
  write_text(script_path, script(samples, data, svg, title, options.interval));
  run_gnuplot(options.gnuplot, script_path, log);

  std::vector<uint8_t> bytes;
  try {
    bytes = read_file(svg.string());
  } catch (const FormatError&) {
    throw PlotError("gnuplot wrote no SVG: " + tail_of(log));
  }
  const std::string head(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(bytes.size(), 4096)));
  if (head.find("<svg") == std::string::npos) throw PlotError("gnuplot's output is not an SVG: " + tail_of(log));
  write_file_atomically(svg_path, bytes);
}

}  // namespace acosim::tensil
