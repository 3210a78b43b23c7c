// Refusal of a TPC assembly source: the message is "file:line:col: error:
// cause" (the layout of tpc_llvm's assembler diagnostics), and the parts stay
// available for callers that report them differently.
#pragma once

#include <string>

#include "sw/habana/tpc/error.h"

namespace acosim::habana::tpcasm {

class AsmError : public TpcError {
 public:
  AsmError(const std::string& file, int line, int col, const std::string& cause)
      : TpcError(format(file, line, col, cause)), file_(file), line_(line), col_(col),
        cause_(cause) {}

  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return col_; }
  const std::string& cause() const { return cause_; }

 private:
  static std::string format(const std::string& file, int line, int col,
                            const std::string& cause) {
    std::string s = file.empty() ? std::string("<input>") : file;
    s += ':' + std::to_string(line);
    if (col > 0) s += ':' + std::to_string(col);
    return s + ": error: " + cause;
  }

  std::string file_;
  int line_;
  int col_;
  std::string cause_;
};

// Where a piece of text came from, for diagnostics; col is 1-based and
// refers to the first character of the text being parsed.
struct SourcePos {
  std::string file;
  int line = 0;
  int col = 1;
};

}  // namespace acosim::habana::tpcasm
