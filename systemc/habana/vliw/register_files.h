// Architectural register files of the Gaudi TPC core. Sizes are those the
// assembler accepts for Gaudi (sw/habana/asm/opcodes.cpp regFileSize, from
// tpc_llvm Disassembler/TPCDisassembler.cpp): V0-V39 of 256 bytes, VP0-VP15
// of 256 bits, S0-S35 of 32 bits, SP0-SP15, I0-I31 of int5, AD0-AD7 of 64
// bits. SP0/VP0 are the always-true predicates (the assembler stores them
// as "no predicate"); the core also reads them as all ones when named as an
// operand.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

namespace acosim::habana::vliw {

constexpr unsigned kVregBytes = 256;
constexpr unsigned kNumV = 40, kNumVP = 16, kNumS = 36, kNumSP = 16, kNumI = 32, kNumAD = 8;

struct VReg {
  alignas(16) uint8_t b[kVregBytes];
};

/// One predicate bit per byte of a vector: a lane of an e-byte element type
/// uses bit i*e. A VPU compare writes all e bits of a lane, so a predicate
/// computed at one width can be used at any other (acosim's choice: the
/// VPRF is 256 bits wide on every generation, tpc_llvm TPCRegisterInfo.td,
/// and TPC-C's bool256/bool128/bool64 view the same register).
struct VPReg {
  uint64_t w[4];
  bool bit(unsigned i) const { return (w[i >> 6] >> (i & 63)) & 1U; }
  void set(unsigned i, bool v) {
    const uint64_t m = uint64_t{1} << (i & 63);
    w[i >> 6] = v ? (w[i >> 6] | m) : (w[i >> 6] & ~m);
  }
};

/// int5: five 32-bit coordinates, dim 0 first.
struct IReg {
  int32_t d[5];
};

inline VPReg allTrue() { return VPReg{{~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}, ~uint64_t{0}}}; }

}  // namespace acosim::habana::vliw
