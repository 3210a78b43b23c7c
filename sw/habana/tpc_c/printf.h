// TPC-C printf: a format and at most one value (a scalar or one vector
// element). Formatted on the host and handed to the services; issues no
// counted instruction. tpc_c.h maps `printf` onto tpc_printf.
#pragma once

#include <cstdio>
#include <type_traits>

#include "sw/habana/tpc_c/runtime.h"
#include "sw/habana/tpc_c/types.h"

namespace acosim::habana::tpc_c {

/// The argument as C's default promotions pass it to a variadic call.
template <class T>
inline auto promoted(T v) {
  if constexpr (std::is_same_v<T, Bf16>)
    return static_cast<double>(to_f32(v));
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<double>(v);
  else if constexpr (std::is_integral_v<T> && sizeof(T) < sizeof(int))
    return static_cast<int>(v);
  else
    return v;
}

/// Formats with the host's snprintf; the format is the kernel's own
/// literal, hence the local suppression of the non-literal warning.
template <class... A>
inline void tpc_printf(const char* format, A... args) {
  static_assert(sizeof...(A) <= 1, "TPC-C printf takes a format and at most one value");
  char text[512];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-security"
  std::snprintf(text, sizeof text, format, promoted(args)...);
#pragma GCC diagnostic pop
  services().print(text);
}

}  // namespace acosim::habana::tpc_c
