// Writing a vector or vector-predicate result under the instruction's
// predicate (tpc-intrinsics.h header comment): with a vector
// predicate, lane i takes the result when VPn[lane i] differs from the
// polarity and keeps the destination's previous value (income) otherwise.
// The income is the destination as visible to this instruction's sources.
#pragma once

#include "systemc/habana/vliw/exec.h"

namespace acosim::habana::vliw {

/// The vector predicate bits of `in`, or null when it has none.
inline const VPReg* vectorPredicate(const Instruction& in, const Exec& x) {
  if (!in.pred.present || !in.pred.vector) return nullptr;
  return &x.vp(in.pred.index, Consumer::VecPred);
}

/// Keeps the bytes of lanes (of `eb`-byte elements) whose predicate is off.
inline void mergeV(VReg& r, const VReg& income, const VPReg& pred, bool negated, unsigned eb) {
  for (unsigned i = 0; i < kVregBytes; ++i)
    if (pred.bit(i - i % eb) == negated) r.b[i] = income.b[i];
}

inline void mergeVP(VPReg& r, const VPReg& income, const VPReg& pred, bool negated) {
  for (unsigned i = 0; i < kVregBytes; ++i)
    if (pred.bit(i) == negated) r.set(i, income.bit(i));
}

/// Writes V register `dst` with the predicate merge of `in`.
inline void writeVector(const Instruction& in, Exec& x, unsigned dst, VReg& r, unsigned eb,
                        Producer p, Consumer incomeAs, unsigned extra = 0) {
  if (const VPReg* pred = vectorPredicate(in, x)) mergeV(r, x.v(dst, incomeAs), *pred, in.pred.negated, eb);
  x.writeV(dst, r, p, extra);
}

inline void writePredicate(const Instruction& in, Exec& x, unsigned dst, VPReg& r, Producer p,
                           unsigned extra = 0) {
  if (const VPReg* pred = vectorPredicate(in, x))
    mergeVP(r, x.vp(dst, Consumer::VecPred), *pred, in.pred.negated);
  x.writeVP(dst, r, p, extra);
}

}  // namespace acosim::habana::vliw
