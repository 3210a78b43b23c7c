#include "systemc/tensil/array/array_engine.h"

namespace acosim::tensil {

ArrayMismatch::ArrayMismatch(size_t vector, size_t lane_index, int32_t rtl, int32_t fast)
    : std::runtime_error("array mismatch at vector " + std::to_string(vector) + ", lane " +
                         std::to_string(lane_index) + ": rtl " + std::to_string(rtl) + ", fast " +
                         std::to_string(fast)),
      vector_index(vector),
      lane(lane_index),
      rtl_value(rtl),
      fast_value(fast) {}

const char* array_engine_name(ArrayEngineKind kind) {
  switch (kind) {
    case ArrayEngineKind::Rtl:
      return "rtl";
    case ArrayEngineKind::Fast:
      return "fast";
    case ArrayEngineKind::Lockstep:
      return "lockstep";
  }
  return "unknown";
}

std::optional<ArrayEngineKind> parse_array_engine(std::string_view name) {
  for (ArrayEngineKind kind :
       {ArrayEngineKind::Rtl, ArrayEngineKind::Fast, ArrayEngineKind::Lockstep}) {
    if (name == array_engine_name(kind)) return kind;
  }
  return std::nullopt;
}

}  // namespace acosim::tensil
