// The entry point of a kernel library: included after the TPC-C kernel
// (which tpc_c.h renamed to acosim_tpc_c_kernel_main, and tpc-clang put in
// namespace acosim_tpc_c_kernel). The kernel's
// parameters are deduced from its signature: each `tensor` takes the next
// tensor index 0, 1, 2, ...; each scalar the next 32-bit word of the
// scalar parameters (SRF), reinterpreted as the parameter's type.
//
// The kernel's macros are still defined here (main, printf, max,
// ...), so this file avoids those names.
#pragma once

#include <cstring>
#include <type_traits>
#include <utility>

#include "sw/habana/tpc_c/runtime.h"
#include "sw/habana/tpc_c/types.h"

namespace acosim::habana::tpc_c::entry {

template <class P>
constexpr bool is_tensor_v = std::is_same_v<std::remove_cv_t<P>, Tensor>;

template <class R, class... P>
constexpr unsigned tensor_count(R (*)(P...)) {
  return (0u + ... + (is_tensor_v<P> ? 1u : 0u));
}
template <class R, class... P>
constexpr unsigned scalar_count(R (*)(P...)) {
  return (0u + ... + (is_tensor_v<P> ? 0u : 1u));
}

/// How many of the first `position` parameters are tensors (or scalars).
template <class... P>
constexpr unsigned tensors_before(std::size_t position) {
  constexpr bool tensor[] = {is_tensor_v<P>..., false};
  unsigned n = 0;
  for (std::size_t k = 0; k < position; ++k) n += tensor[k] ? 1u : 0u;
  return n;
}

/// A scalar parameter from its SRF word: floats bit-cast, integers of any
/// width from the 32-bit value (TPC's int/long/unsigned are all 32 bits).
template <class P>
P scalar_from_word(unsigned word) {
  using T = std::remove_cv_t<P>;
  if constexpr (std::is_same_v<T, float>) {
    float f;
    std::memcpy(&f, &word, sizeof f);
    return f;
  } else if constexpr (std::is_same_v<T, Bf16>) {
    return Bf16::from_bits(static_cast<unsigned short>(word & 0xffffu));
  } else if constexpr (std::is_same_v<T, bool>) {
    return word != 0;
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(static_cast<int>(word));
  } else {
    static_assert(std::is_integral_v<T>, "kernel scalar parameters must be float, bf16 or integer");
    return static_cast<T>(word);
  }
}

template <class P, std::size_t I, class... All>
P argument(const uint32_t* scalars) {
  if constexpr (is_tensor_v<P>)
    return Tensor{static_cast<int>(tensors_before<All...>(I))};
  else
    return scalar_from_word<P>(scalars[I - tensors_before<All...>(I)]);
}

template <class R, class... P, std::size_t... I>
void call(R (*kernel)(P...), const uint32_t* scalars, std::index_sequence<I...>) {
  kernel(argument<P, I, P...>(scalars)...);
}

template <class R, class... P>
void run(R (*kernel)(P...), KernelServices* services, const uint32_t* scalars, unsigned count_given) {
  set_services(services);
  constexpr unsigned needed = scalar_count(static_cast<R (*)(P...)>(nullptr));
  if (count_given < needed) {
    char message[160];
    std::snprintf(message, sizeof message, "TPC-C kernel: main takes %u scalar parameters, only %u given",
                  needed, count_given);
    services->fail(message);
  }
  call(kernel, scalars, std::index_sequence_for<P...>{});
}

}  // namespace acosim::habana::tpc_c::entry

extern "C" const unsigned acosim_tpc_kernel_tensor_count =
    acosim::habana::tpc_c::entry::tensor_count(&acosim_tpc_c_kernel::acosim_tpc_c_kernel_main);
extern "C" const unsigned acosim_tpc_kernel_scalar_count =
    acosim::habana::tpc_c::entry::scalar_count(&acosim_tpc_c_kernel::acosim_tpc_c_kernel_main);

/// 1 when the kernel calls printf: every printf expansion advanced
/// __COUNTER__ past the value tpc_c.h recorded before the kernel (this
/// line's own use advances it once more).
extern "C" const char acosim_tpc_kernel_uses_printf =
    (__COUNTER__ - acosim_tpc_c_counter_before_kernel) > 1 ? 1 : 0;

static_assert(acosim::habana::tpc_c::entry::tensor_count(&acosim_tpc_c_kernel::acosim_tpc_c_kernel_main) <=
                  acosim::habana::kMaxTensors,
              "a Gaudi TPC kernel takes at most MAX_TENSOR_NR = 16 tensors");
static_assert(!acosim_tpc_kernel_uses_printf ||
                  acosim::habana::tpc_c::entry::tensor_count(&acosim_tpc_c_kernel::acosim_tpc_c_kernel_main) <
                      acosim::habana::kMaxTensors,
              "a Gaudi TPC kernel that uses printf takes at most 15 tensors (the 16th carries the output)");

extern "C" void acosim_tpc_kernel_entry(acosim::habana::KernelServices* services,
                                        const uint32_t* scalar_params, unsigned scalar_count) {
  acosim::habana::tpc_c::entry::run(&acosim_tpc_c_kernel::acosim_tpc_c_kernel_main, services, scalar_params, scalar_count);
}
