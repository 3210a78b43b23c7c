// acosim's TPC-C front end: force-included before a Habana TPC-C kernel so
// that g++ (C++17) compiles the kernel unmodified and runs it on the host,
// each intrinsic acting as the Gaudi instruction does and reaching the
// machine only through acosim::habana::KernelServices. entry.h, included
// after the kernel, provides the library's entry point.
//
// Extra compiler flag the driver must pass (the only one):
//   -Wno-unknown-pragmas  TPC-C pragmas (#pragma loop_taken, unroll,
//                       loop_unroll, tpc_printf) mean nothing to g++, and
//                       g++ ignores a diagnostic pragma for this warning.
// TPC-C constructs mapped by macros (see the end of this file): main,
// printf, __global__/__local__. tpc-clang includes the kernel inside
// namespace acosim_tpc_c_kernel, so the kernel's own file-scope names (a
// kernel may typedef int32_t as `long`, 32 bits on TPC) shadow the host's
// instead of clashing with them.
#pragma once

#include <cstdint>
#include <cstdio>

#include "sw/habana/tpc_c/constants.h"
#include "sw/habana/tpc_c/convert.h"
#include "sw/habana/tpc_c/permute.h"
#include "sw/habana/tpc_c/predication.h"
#include "sw/habana/tpc_c/printf.h"
#include "sw/habana/tpc_c/scalar_ops.h"
#include "sw/habana/tpc_c/special.h"
#include "sw/habana/tpc_c/tensor_intrinsics.h"
#include "sw/habana/tpc_c/types.h"
#include "sw/habana/tpc_c/vector_operators.h"
#include "sw/habana/tpc_c/vector_ops.h"

/// The counter value before the kernel: printf expands __COUNTER__, so
/// entry.h can tell at compile time whether the kernel calls printf.
enum { acosim_tpc_c_counter_before_kernel = __COUNTER__ };

// The kernel's `void main(tensor ..., scalars ...)` is an ordinary function
// for the entry glue to call.
#define main acosim_tpc_c_kernel_main

#define printf(...) (static_cast<void>(__COUNTER__), acosim::habana::tpc_c::tpc_printf(__VA_ARGS__))

// Address-space qualifiers: a global pointer's host value is the simulated
// address (tensor_intrinsics.h GlobalAddress); local memory is reached
// only through LD_L/ST_L intrinsics.
#define __global__
#define __global
#define __local__
#define __local
