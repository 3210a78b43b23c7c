// Hexadecimal text of a value for error messages ("0x7b0000"), the one
// spelling every part of acosim uses.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>

namespace acosim {

inline std::string hex(uint64_t value) {
  std::ostringstream text;
  text << "0x" << std::hex << value;
  return text.str();
}

}  // namespace acosim
