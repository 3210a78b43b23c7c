// VPU slot: 2048-bit SIMD arithmetic, compare, select, move and convert
// (TPC User Guide, Processor Architectural Overview; operand forms of sw/habana/asm/opcodes.cpp from tpc_llvm
// TPCInstrInfo.td). Element rules live in alu.h and bit_ops.h; pair and
// width-changing results in vpu_wide.h.
#include "sw/habana/tpc/special_functions.h"
#include "sw/habana/tpc/vector_permute.h"
#include "systemc/habana/vliw/alu.h"
#include "systemc/habana/vliw/bit_ops.h"
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/vector_result.h"
#include "systemc/habana/vliw/vpu_wide.h"

namespace acosim::habana::vliw {

namespace {

using tpcasm::DataType;

constexpr Consumer kSrc = Consumer::VpuSrc;

bool isCmp(Opcode op) { return op >= Opcode::CmpEq && op <= Opcode::CmpGeq; }
bool isSel(Opcode op) { return op >= Opcode::SelEq && op <= Opcode::SelGeq; }
bool isSel2(Opcode op) { return op >= Opcode::Sel2Less && op <= Opcode::Sel2Geq; }
bool isInt32(DataType dt) { return dt == DataType::I32 || dt == DataType::U32; }
bool isFloat(DataType dt) { return dt == DataType::F32 || dt == DataType::BF16; }

/// MUL/MAC writing a register pair in the ALL_LANES layout (vpu_wide.h).
bool isPairMulMac(const Instruction& in) {
  return (in.op == Opcode::Mul || in.op == Opcode::Mac) &&
         ((in.dt == DataType::BF16 && in.sw.get(Sw::AccFp32)) || in.dt == DataType::I16 ||
          in.dt == DataType::U16);
}

std::string pairDestinationRefusal(const Instruction& in) {
  return in.ops[0].reg.index % 2 ? "the pair result needs an even destination register" : "";
}

// The lane type of an instruction; f32 when no type is written (the
// assembler's default for untyped vector forms such as "mov V1, V2").
DataType laneType(const Instruction& in) { return in.dt == DataType::None ? DataType::F32 : in.dt; }

/// Second source: a V register, or an S register / immediate broadcast.
template <class T>
struct SrcB {
  const VReg* v = nullptr;
  T scalar{};
  SrcB(const Operand& o, const Exec& x) {
    if (o.isReg(RegFile::V)) v = &x.v(o.reg.index, kSrc);
    else scalar = fromBits<T>(x.s(o, kSrc));
  }
  T at(unsigned i) const { return v ? getLane<T>(v->b, i) : scalar; }
};

template <class T>
void binaryOp(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const SrcB<T> b(in.ops[2], x);
  VReg r;
  for (unsigned i = 0; i < n; ++i) {
    T o{};
    binary<T>(in.op, getLane<T>(a.b, i), b.at(i), in.sw, &o);
    setLane(r.b, i, o);
  }
  writeVector(in, x, in.ops[0].reg.index, r, sizeof(T), producerOf(in), kSrc);
}

template <class T>
void unaryOp(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const SrcB<T> a(in.ops[1], x);
  VReg r;
  for (unsigned i = 0; i < n; ++i) {
    T o{};
    unary<T>(in.op, a.at(i), &o);
    setLane(r.b, i, o);
  }
  writeVector(in, x, in.ops[0].reg.index, r, sizeof(T), producerOf(in), kSrc);
}

template <class T>
void macOp(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const unsigned dst = in.ops[0].reg.index;
  const VReg& acc = x.v(dst, Consumer::VpuAcc);
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const SrcB<T> b(in.ops[2], x);
  VReg r;
  for (unsigned i = 0; i < n; ++i)
    setLane(r.b, i, mac<T>(getLane<T>(a.b, i), b.at(i), getLane<T>(acc.b, i), in.sw));
  writeVector(in, x, dst, r, sizeof(T), producerOf(in), Consumer::VpuAcc);
}

/// 32-bit integer MUL: the 64-bit products go to the register pair Vd
/// (low halves) and Vd+1 (high halves). tpc-intrinsics.h gives v_i32_mul_b
/// a double-width int128 result; the order of the halves in the pair is
/// acosim's choice.
template <class T>
void mulInt32(const Instruction& in, Exec& x) {
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const SrcB<T> b(in.ops[2], x);
  VReg lo, hi;
  for (unsigned i = 0; i < 64; ++i) {
    const int64_t p = static_cast<int64_t>(getLane<T>(a.b, i)) * static_cast<int64_t>(b.at(i));
    setLane(lo.b, i, static_cast<uint32_t>(static_cast<uint64_t>(p)));
    setLane(hi.b, i, static_cast<uint32_t>(static_cast<uint64_t>(p) >> 32));
  }
  const unsigned dst = in.ops[0].reg.index;
  writeVector(in, x, dst, lo, 4, producerOf(in), kSrc);
  writeVector(in, x, dst + 1, hi, 4, producerOf(in), kSrc);
}

template <class T>
void cmpOp(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const SrcB<T> b(in.ops[2], x);
  VPReg r{};
  for (unsigned i = 0; i < n; ++i) {
    const bool c = compare<T>(in.op, getLane<T>(a.b, i), b.at(i), in.sw);
    for (unsigned k = 0; k < sizeof(T); ++k) r.set(i * sizeof(T) + k, c);
  }
  writePredicate(in, x, in.ops[0].reg.index, r, producerOf(in));
}

/// SEL_cc dst, a, b, c, d: dst = (a cc b) ? c : d. SEL2_cc writes the pair
/// (c, a) or (d, b) (tpc-intrinsics.h SEL_LESS / SEL2_LESS).
template <class T>
void selOp(const Instruction& in, Exec& x, bool pair) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const SrcB<T> b(in.ops[2], x);
  const VReg& c = x.v(in.ops[3].reg.index, kSrc);
  const SrcB<T> d(in.ops[4], x);
  VReg r, r2;
  for (unsigned i = 0; i < n; ++i) {
    const bool take = compare<T>(in.op, getLane<T>(a.b, i), b.at(i), in.sw);
    setLane(r.b, i, take ? getLane<T>(c.b, i) : d.at(i));
    if (pair) setLane(r2.b, i, take ? getLane<T>(a.b, i) : b.at(i));
  }
  const unsigned dst = in.ops[0].reg.index;
  writeVector(in, x, dst, r, sizeof(T), producerOf(in), kSrc);
  if (pair) writeVector(in, x, dst + 1, r2, sizeof(T), producerOf(in), kSrc);
}

/// CONVERT between types of one width (lane i to lane i).
template <class S>
void convertOp(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(S);
  const auto target = static_cast<DataType>(in.sw.get(Sw::TargetType));
  const lane::Round mode = lane::round_mode(static_cast<int>(in.sw.get(Sw::Rm) << 16));
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  VReg r;
  withType(target, [&](auto tag) {
    using D = decltype(tag);
    // Width-changing conversions go to widthConvert; the guard keeps the
    // lane loop inside the register for every instantiation.
    if constexpr (sizeof(D) == sizeof(S)) {
      for (unsigned i = 0; i < n; ++i) setLane(r.b, i, convert<D, S>(getLane<S>(a.b, i), mode));
    }
  });
  writeVector(in, x, in.ops[0].reg.index, r, sizeof(S), producerOf(in), kSrc);
}

/// NEARBYINT, POPCNT, FIND_FIRST, BREV, FCLASS, EXTRACT_EXP (bit_ops.h).
template <class T>
void bitOpVpu(const Instruction& in, Exec& x) {
  constexpr unsigned n = kVregBytes / sizeof(T);
  const SrcB<T> a(in.ops[1], x);
  VReg r;
  for (unsigned i = 0; i < n; ++i) {
    const uint32_t bits = bitOp<T>(in.op, a.at(i), in.sw);
    std::memcpy(r.b + i * sizeof(T), &bits, sizeof(T));
  }
  writeVector(in, x, in.ops[0].reg.index, r, sizeof(T), producerOf(in), kSrc);
}

/// CALC_FP_SPECIAL dst, src1, src2: per lane special::calc_fp_special of the
/// FCLASS masks in src1/src2, the destination's value (income) for lanes
/// that are not special (tpc-intrinsics.h CALC_FP_SPECIAL; f32 only, as the
/// TPC-C intrinsic).
void calcFpSpecial(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  const VReg& income = x.v(dst, kSrc);
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const VReg& b = x.v(in.ops[2].reg.index, kSrc);
  VReg r;
  for (unsigned i = 0; i < 64; ++i)
    setLane(r.b, i,
            special::calc_fp_special(getLane<uint32_t>(a.b, i), getLane<uint32_t>(b.b, i),
                                     static_cast<int>(in.sw.get(Sw::Func)), getLane<float>(income.b, i)));
  writeVector(in, x, dst, r, 4, producerOf(in), kSrc);
}

/// MOV_DG dst, src, mask (MOV_DUAL_GROUP, + ALL) and MOV_G dst, src, mask
/// (MOV_GROUP): the byte rules of sw/habana/tpc/vector_permute.h on the
/// destination's previous contents. Switches: src/dst/wr_lg/wr_ug, or with
/// ALL sdg0..3 / weg0..3 (bit 0 lower, bit 1 upper group); g_en / dg_en.
void movGroups(const Instruction& in, Exec& x, unsigned eb) {
  const unsigned dst = in.ops[0].reg.index;
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const uint32_t mask = x.s(in.ops[2], kSrc);
  VReg r = x.v(dst, kSrc);
  const Switches& sw = in.sw;
  if (in.op == Opcode::MovG) {
    permute::mov_group(a.b, r.b, mask, sw.get(Sw::GEn), sw.get(Sw::DgEn));
  } else if (sw.get(Sw::MdgAll)) {
    const unsigned sdg[4] = {sw.get(Sw::Sdg0), sw.get(Sw::Sdg1), sw.get(Sw::Sdg2), sw.get(Sw::Sdg3)};
    const unsigned weg[4] = {sw.get(Sw::Weg0), sw.get(Sw::Weg1), sw.get(Sw::Weg2), sw.get(Sw::Weg3)};
    permute::mov_dual_group_all(a.b, r.b, mask, sdg, weg);
  } else {
    permute::mov_dual_group(a.b, r.b, mask, sw.get(Sw::Src), sw.get(Sw::Dst), sw.get(Sw::WrLg) != 0,
                            sw.get(Sw::WrUg) != 0);
  }
  writeVector(in, x, dst, r, eb, producerOf(in), kSrc);
}

/// SHUFFLE dst, a, select; PACK / UNPACK dst, a: the rules of
/// sw/habana/tpc/vector_permute.h that the TPC-C intrinsics
/// (v_<t>_shuffle_b, v_<t>_pack_b, v_<t>_unpack_b) use. SHUFFLE starts from
/// the destination (lanes whose select byte has bit 7 clear keep it);
/// PACK / UNPACK zero the lanes they do not write. Switches: source_group
/// (group 0/1), element_stride (0: 2, 1: 4), group_half (UNPACK).
template <unsigned EB>
void permuteOp(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const unsigned group = in.sw.get(Sw::SourceGroup), stride = in.sw.get(Sw::ElementStride) ? 4 : 2;
  VReg r;
  if (in.op == Opcode::Shuffle) {
    r = x.v(dst, kSrc);
    permute::shuffle<EB>(a.b, x.v(in.ops[2].reg.index, kSrc).b, r.b);
  } else if (in.op == Opcode::Pack) {
    permute::pack<EB>(a.b, r.b, group, stride);
  } else {
    permute::unpack<EB>(a.b, r.b, group, stride, in.sw.get(Sw::GroupHalf) != 0);
  }
  writeVector(in, x, dst, r, EB, producerOf(in), kSrc);
}

void permuteOp(const Instruction& in, Exec& x) {
  switch (elementBytes(laneType(in))) {
    case 4: return permuteOp<4>(in, x);
    case 2: return permuteOp<2>(in, x);
    default: return permuteOp<1>(in, x);
  }
}

/// GET_LUT_ENTRY_AND_INTERVAL_START.f32 D, src, shift [funcid]: per lane
/// special::get_lut_entry_and_interval_start (the rule of the TPC-C
/// v_f32_get_lut_entry_and_interval_start_b): the interval (u32) into the
/// pair's first register, its start (f32) into the second, as the
/// intrinsic's uint64_float64 pair (v1, v2). The funcid switch is the
/// variant (kLutTanh.. = special's kVariantTanh..; none = default).
void getLutEntry(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  const VReg& a = x.v(in.ops[1].reg.index, kSrc);
  const int shift = static_cast<int>(in.ops[2].imm);
  const int variant = static_cast<int>(in.sw.get(Sw::LutFunc));
  VReg r[2];
  for (unsigned i = 0; i < 64; ++i) {
    const special::LutEntry e =
        special::get_lut_entry_and_interval_start(getLane<float>(a.b, i), shift, variant);
    setLane(r[0].b, i, e.interval);
    setLane(r[1].b, i, e.interval_start);
  }
  writeVector(in, x, dst, r[0], 4, producerOf(in), kSrc);
  writeVector(in, x, dst + 1, r[1], 4, producerOf(in), kSrc);
}

/// FORM_FP_NUM.f32 dst, exponent, sign, mantissa: per lane
/// special::form_fp_num (the rule of v_f32_form_fp_num_b): exponent from
/// src1 (a V register, or an S register / immediate for every lane), sign
/// from src2, mantissa from src3; the switches map onto special's
/// kSwAddBias.. bits.
void formFpNum(const Instruction& in, Exec& x) {
  const SrcB<uint32_t> exponent(in.ops[1], x);
  const VReg& sign = x.v(in.ops[2].reg.index, kSrc);
  const VReg& mantissa = x.v(in.ops[3].reg.index, kSrc);
  const Switches& sw = in.sw;
  const unsigned bits = (sw.get(Sw::ExpAddBias) ? special::kSwAddBias : 0u) |
                        (sw.get(Sw::ForceSign0) ? special::kSwForceSign0 : 0u) |
                        (sw.get(Sw::ForceSign1) ? special::kSwForceSign1 : 0u) |
                        (sw.get(Sw::ExpIsNum) ? special::kSwExpIsNum : 0u) |
                        (sw.get(Sw::SignLsb) ? special::kSwSignLsb : 0u);
  VReg r;
  for (unsigned i = 0; i < 64; ++i)
    setLane(r.b, i,
            special::form_fp_num(exponent.at(i), getLane<float>(sign.b, i), getLane<float>(mantissa.b, i), bits));
  writeVector(in, x, in.ops[0].reg.index, r, 4, producerOf(in), kSrc);
}

/// Predicate logic and moves: VP operands, or a scalar whose non-zero
/// value sets every bit (acosim's choice for "mov VPn, S/imm").
void predicateOp(const Instruction& in, Exec& x) {
  auto operand = [&](const Operand& o) {
    if (o.isReg(RegFile::VP)) return x.vp(o.reg.index, Consumer::VecPred);
    return x.s(o, kSrc) ? allTrue() : VPReg{};
  };
  const VPReg a = operand(in.ops[1]);
  VPReg r{};
  if (in.op == Opcode::Mov || in.op == Opcode::Not) {
    for (unsigned k = 0; k < 4; ++k) r.w[k] = in.op == Opcode::Not ? ~a.w[k] : a.w[k];
  } else {
    const VPReg b = operand(in.ops[2]);
    for (unsigned k = 0; k < 4; ++k)
      r.w[k] = in.op == Opcode::And ? (a.w[k] & b.w[k])
               : in.op == Opcode::Or ? (a.w[k] | b.w[k]) : (a.w[k] ^ b.w[k]);
  }
  writePredicate(in, x, in.ops[0].reg.index, r, producerOf(in));
}

}  // namespace

std::string validateVpu(const Instruction& in) {
  const DataType dt = laneType(in);
  const Opcode op = in.op;
  if (op == Opcode::Nop || op == Opcode::Halt || op == Opcode::Dbg) return "";
  if (!in.ops.empty() && in.ops[0].isReg(RegFile::VP) && !isCmp(op)) {
    if (op == Opcode::Mov || op == Opcode::Not || op == Opcode::And || op == Opcode::Or ||
        op == Opcode::Xor)
      return "";
  }
  if (elementBytes(dt) == 0) return "data type not executed by the VPU";
  switch (op) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Min: case Opcode::Max:
    case Opcode::Mov: case Opcode::Abs:
      return "";
    case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not:
    case Opcode::Shl: case Opcode::Shr: case Opcode::Ash:
      return isFloat(dt) && op != Opcode::And && op != Opcode::Or && op != Opcode::Xor &&
                     op != Opcode::Not
                 ? "shifts of float lanes are not executed"
                 : "";
    case Opcode::Mul: case Opcode::Mac:
      if (in.sw.get(Sw::AccFp32))
        return dt == DataType::BF16 ? pairDestinationRefusal(in) : "ACC_FP32 applies to bf16 MUL/MAC only";
      if (isFloat(dt) || (isInt32(dt) && op == Opcode::Mac)) return "";
      if (isInt32(dt)) return in.ops[0].reg.index % 2 ? "32-bit integer MUL needs an even destination pair" : "";
      if (isPairMulMac(in)) return pairDestinationRefusal(in);
      return op == Opcode::Mul
                 ? "8-bit vector MUL is not a Gaudi instruction (tpc-intrinsics.h declares v_i8_mul_b for Goya only)"
                 : "8-bit MAC accumulates into a register quad (int256, ARF), which the assembler does not name";
    case Opcode::Convert: {
      const auto target = static_cast<DataType>(in.sw.get(Sw::TargetType));
      if (elementBytes(target) != elementBytes(dt)) return widthConvertRefusal(in, dt);
      return elementBytes(target) ? "" : "CONVERT target type not executed";
    }
    case Opcode::MovDg: case Opcode::MovG: case Opcode::Shuffle:
      return "";
    case Opcode::Pack: case Opcode::Unpack:
      return elementBytes(dt) < 4 ? ""
                                  : "PACK / UNPACK take 8- or 16-bit lanes (tpc-intrinsics.h v_<t>_pack_b, "
                                    "v_<t>_unpack_b)";
    case Opcode::GetLutEntryAndIntervalStart:
      if (dt != DataType::F32)
        return "GET_LUT_ENTRY_AND_INTERVAL_START is executed on f32 only (the bf16 form has no rule in "
               "special_functions.h)";
      if (in.sw.get(Sw::LutFunc) == tpcasm::kLutLog)
        return "GET_LUT_ENTRY_AND_INTERVAL_START with the LOG variant is not executed (no rule in "
               "special_functions.h)";
      if (in.ops[2].imm > 23) return "GET_LUT_ENTRY_AND_INTERVAL_START shift must be 0-23";
      return pairDestinationRefusal(in);
    case Opcode::FormFpNum:
      return dt == DataType::F32 ? ""
                                 : "FORM_FP_NUM is executed on f32 only (the bf16 form has no rule in "
                                   "special_functions.h)";
    case Opcode::CalcFpSpecial:
      return dt == DataType::F32 ? "" : "CALC_FP_SPECIAL is executed on f32 lanes only";
    default:
      break;
  }
  if (isBitOp(op)) return bitOpRefusal(op, dt);
  if (isCmp(op) || isSel(op)) return "";
  if (isSel2(op)) return in.ops[0].reg.index % 2 ? "SEL2 needs an even destination pair" : "";
  return "not executed by the VPU model";
}

Producer producerOfVpu(const Instruction& in) {
  if (isCmp(in.op)) return Producer::VpuCmp;
  // SHUFFLE / PACK / UNPACK commit at E4 (latenciesGen2.cpp).
  if (in.op == Opcode::Shuffle || in.op == Opcode::Pack || in.op == Opcode::Unpack)
    return Producer::VpuPermute;
  if (isFloat(laneType(in)) && in.op == Opcode::Mul) return Producer::VpuFloatMul;
  if (isFloat(laneType(in)) && in.op == Opcode::Mac) return Producer::VpuFloatMac;
  return Producer::VpuInt;
}

void executeVpu(const Instruction& in, Exec& x) {
  const Opcode op = in.op;
  if (op == Opcode::Nop || op == Opcode::Dbg) return;
  if (!x.scalarOn(in.pred)) return;
  if (op == Opcode::Halt) {
    x.halt = true;
    return;
  }
  if (in.ops[0].isReg(RegFile::VP) && !isCmp(op)) {
    predicateOp(in, x);
    return;
  }
  if (isPairMulMac(in)) return pairMulMac(in, x);
  if (op == Opcode::CalcFpSpecial) return calcFpSpecial(in, x);
  if (op == Opcode::MovDg || op == Opcode::MovG) return movGroups(in, x, elementBytes(laneType(in)));
  if (op == Opcode::Shuffle || op == Opcode::Pack || op == Opcode::Unpack) return permuteOp(in, x);
  if (op == Opcode::GetLutEntryAndIntervalStart) return getLutEntry(in, x);
  if (op == Opcode::FormFpNum) return formFpNum(in, x);
  withType(laneType(in), [&](auto tag) {
    using T = decltype(tag);
    if (isBitOp(op)) return bitOpVpu<T>(in, x);
    if (isCmp(op)) return cmpOp<T>(in, x);
    if (isSel(op)) return selOp<T>(in, x, false);
    if (isSel2(op)) return selOp<T>(in, x, true);
    switch (op) {
      case Opcode::Mov: case Opcode::Abs: case Opcode::Not: return unaryOp<T>(in, x);
      case Opcode::Mac: return macOp<T>(in, x);
      case Opcode::Convert:
        if (elementBytes(static_cast<DataType>(in.sw.get(Sw::TargetType))) != sizeof(T))
          return widthConvert<T>(in, x);
        return convertOp<T>(in, x);
      case Opcode::Mul:
        if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t>)
          return mulInt32<T>(in, x);
        else
          return binaryOp<T>(in, x);
      default: return binaryOp<T>(in, x);
    }
  });
}

}  // namespace acosim::habana::vliw
