// SPU slot: 32-bit scalar arithmetic on S registers, scalar predicates,
// int5 index arithmetic on I registers (with SET_INDX, index_ops.h, and
// MOV_IRF_DIM), and control (JMPR, HALT).
// Element rules live in alu.h.
#include "sw/habana/tpc/special_functions.h"
#include "systemc/habana/vliw/alu.h"
#include "systemc/habana/vliw/bit_ops.h"
#include "systemc/habana/vliw/exec.h"
#include "systemc/habana/vliw/index_ops.h"

namespace acosim::habana::vliw {

namespace {

using tpcasm::DataType;

constexpr Consumer kSrc = Consumer::SpuSrc;

bool isCmp(Opcode op) { return op >= Opcode::CmpEq && op <= Opcode::CmpGeq; }
bool isFloat(DataType dt) { return dt == DataType::F32 || dt == DataType::BF16; }
DataType laneType(const Instruction& in) { return in.dt == DataType::None ? DataType::I32 : in.dt; }

bool isIrfOp(Opcode op) {
  switch (op) {
    case Opcode::Mov: case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Min:
    case Opcode::Max: case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not:
    case Opcode::Shl: case Opcode::Shr: case Opcode::Ash: case Opcode::Abs:
      return true;
    default:
      return false;
  }
}

/// SPU integer MUL: the 64-bit product of the (sign- or zero-extended)
/// operands; the low 32 bits, or the high 32 bits with UPPER32
/// (InstructionDB.cpp switch). For 8/16-bit types the exact product fits.
template <class T>
uint32_t mulInt(T a, T b, bool upper) {
  const int64_t p = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  return static_cast<uint32_t>(upper ? static_cast<uint64_t>(p) >> 32 : static_cast<uint64_t>(p));
}

void scalarOp(const Instruction& in, Exec& x) {
  const Opcode op = in.op;
  const unsigned dst = in.ops[0].reg.index;
  uint32_t result = 0;
  withType(laneType(in), [&](auto tag) {
    using T = decltype(tag);
    const T a = fromBits<T>(x.s(in.ops[1], kSrc));
    if (op == Opcode::Mov || op == Opcode::Abs || op == Opcode::Not) {
      T r{};
      unary<T>(op, a, &r);
      result = toBits(r);
      return;
    }
    if (isBitOp(op)) {
      result = bitOp<T>(op, a, in.sw);
      return;
    }
    if (op == Opcode::Convert) {
      const lane::Round mode = lane::round_mode(static_cast<int>(in.sw.get(Sw::Rm) << 16));
      withType(static_cast<DataType>(in.sw.get(Sw::TargetType)), [&](auto dtag) {
        using D = decltype(dtag);
        result = toBits(convert<D, T>(a, mode));
      });
      return;
    }
    const T b = fromBits<T>(x.s(in.ops[2], kSrc));
    if (isCmp(op)) {
      result = compare<T>(op, a, b, in.sw) ? 1 : 0;
      return;
    }
    if (op == Opcode::Mac) {
      result = toBits(mac<T>(a, b, fromBits<T>(x.s(in.ops[0], kSrc)), in.sw));
      return;
    }
    if constexpr (!kIsFloat<T>) {
      if (op == Opcode::Mul) {
        result = mulInt<T>(a, b, in.sw.get(Sw::Upper32) != 0);
        return;
      }
    }
    T r{};
    binary<T>(op, a, b, in.sw, &r);
    result = toBits(r);
  });
  if (isCmp(op)) x.writeSP(dst, result != 0, producerOfSpu(in));
  else x.writeS(dst, result, producerOfSpu(in));
}

/// CALC_FP_SPECIAL S_dst, S_src1, S_src2 (f32): special::calc_fp_special
/// of the FCLASS masks, S_dst's value when not special (as the VPU form).
void calcFpSpecial(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  const float income = lane::bits_f32(x.s(in.ops[0], kSrc));
  const float r = special::calc_fp_special(x.s(in.ops[1], kSrc), x.s(in.ops[2], kSrc),
                                           static_cast<int>(in.sw.get(Sw::Func)), income);
  x.writeS(dst, lane::f32_bits(r), producerOfSpu(in));
}

/// UDIV_4STEP Z, S_denominator: four steps (lane::udiv_4step) from the step
/// switch on the pair Z = (S_n remainder/numerator, S_n+1 quotient), of
/// 32, 16 or 8 bits (u32/u16/u8).
void udiv4step(const Instruction& in, Exec& x) {
  const unsigned z = in.ops[0].reg.index;
  uint32_t remainder = x.pipe->s[z].read(kSrc, x.now, x.lat);
  uint32_t quotient = x.pipe->s[z + 1].read(kSrc, x.now, x.lat);
  lane::udiv_4step(x.s(in.ops[1], kSrc), in.sw.get(Sw::Step), elementBytes(laneType(in)) * 8, remainder,
                   quotient);
  x.writeS(z, remainder, producerOfSpu(in));
  x.writeS(z + 1, quotient, producerOfSpu(in));
}

/// SP destination: logic on scalar predicates (an S source or immediate
/// counts as true when non-zero, acosim's choice).
void predicateOp(const Instruction& in, Exec& x) {
  auto operand = [&](const Operand& o) {
    if (o.isReg(RegFile::SP)) return x.sp(o.reg.index, kSrc);
    return x.s(o, kSrc) != 0;
  };
  const bool a = operand(in.ops[1]);
  bool r = a;
  switch (in.op) {
    case Opcode::Not: r = !a; break;
    case Opcode::And: r = a && operand(in.ops[2]); break;
    case Opcode::Or: r = a || operand(in.ops[2]); break;
    case Opcode::Xor: r = a != operand(in.ops[2]); break;
    default: break;
  }
  x.writeSP(in.ops[0].reg.index, r, producerOfSpu(in));
}

/// I destination: the operation runs on each int5 dimension selected by the
/// mask (bit d = dim d, "b00001" = dim 0); I sources give their own
/// dimension, S sources and immediates are used for every dimension
/// (tpc-intrinsics.h int5 forms: i_i32_add(int5 a, int5 b, dimmask, ...),
/// s/i mixed forms). Other dimensions keep their value.
void irfOp(const Instruction& in, Exec& x) {
  const unsigned dst = in.ops[0].reg.index;
  IReg r{};
  auto value = [&](const Operand& o, unsigned d) -> int32_t {
    if (o.isReg(RegFile::I)) return x.pipe->irf[o.reg.index][d].read(kSrc, x.now, x.lat);
    return static_cast<int32_t>(x.s(o, kSrc));
  };
  for (unsigned d = 0; d < 5; ++d) {
    if (!((static_cast<unsigned>(in.dimMask) >> d) & 1U)) continue;
    const int32_t a = value(in.ops[1], d);
    int32_t o = 0;
    if (in.ops.size() == 2) unary<int32_t>(in.op, a, &o);
    else if (in.op == Opcode::Mul) o = static_cast<int32_t>(mulInt<int32_t>(a, value(in.ops[2], d), false));
    else binary<int32_t>(in.op, a, value(in.ops[2], d), in.sw, &o);
    r.d[d] = o;
  }
  x.writeI(dst, static_cast<unsigned>(in.dimMask), r, Producer::Irf);
}

/// MOV_IRF_DIM <dim> S, I: S = dimension `dim` of I (tpc-intrinsics.h
/// mov_irf_dim). MOV_IRF_DIM is outside the IRF bypass, so it reads I at
/// D2 (Consumer::IrfDim); its S result is an SPU integer result (E3).
void movIrfDim(const Instruction& in, Exec& x) {
  const unsigned dim = in.sw.get(Sw::IrfDim);
  const int32_t v = x.pipe->irf[in.ops[1].reg.index][dim].read(Consumer::IrfDim, x.now, x.lat);
  x.writeS(in.ops[0].reg.index, static_cast<uint32_t>(v), Producer::SpuInt);
}

void movOp(const Instruction& in, Exec& x) {
  const Operand& d = in.ops[0];
  const Operand& s = in.ops[1];
  if (s.isReg(RegFile::Hw)) {  // MOV.FROM_HW_REG S, PC: bundle index
    x.writeS(d.reg.index, static_cast<uint32_t>(x.pc), producerOfSpu(in));
    return;
  }
  if (s.isReg(RegFile::SP)) {
    x.writeS(d.reg.index, x.sp(s.reg.index, kSrc) ? 1 : 0, producerOfSpu(in));
    return;
  }
  scalarOp(in, x);
}

}  // namespace

std::string validateSpu(const Instruction& in) {
  const Opcode op = in.op;
  switch (op) {
    case Opcode::Nop: case Opcode::Halt: case Opcode::Dbg: case Opcode::SetIndx:
    case Opcode::MovIrfDim:
      return "";
    case Opcode::Jmpr:
      // A label is a bundle index here; an S register holds a byte offset
      // into the TPC's instruction memory, which assembled programs do not
      // have.
      return !in.ops.empty() && in.ops[0].kind == OperandKind::Label
                 ? ""
                 : "JMPR to a register (a byte offset) is not executed: only label targets are";
    case Opcode::Jmpa:
      return "JMPA (an absolute instruction address) is not executed: programs have no instruction addresses";
    default:
      break;
  }
  if (in.ops.empty()) return "not executed by the SPU model";
  const Operand& d = in.ops[0];
  if (d.isReg(RegFile::I)) return isIrfOp(op) ? "" : "not executed on I registers";
  if (op == Opcode::Udiv4step) {
    const DataType dt = laneType(in);
    return dt == DataType::U32 || dt == DataType::U16 || dt == DataType::U8
               ? ""
               : "UDIV_4STEP divides u32, u16 or u8 (tpc_llvm u32/u16/u8_udiv_4step)";
  }
  if (d.isReg(RegFile::Z)) return "register-pair (Z) results are not executed";
  if (d.isReg(RegFile::SP) && !isCmp(op)) {
    return op == Opcode::Mov || op == Opcode::Not || op == Opcode::And || op == Opcode::Or ||
                   op == Opcode::Xor
               ? ""
               : "not executed with an SP destination";
  }
  const DataType dt = laneType(in);
  if (elementBytes(dt) == 0) return "data type not executed by the SPU";
  if (isCmp(op)) return "";
  switch (op) {
    case Opcode::Mov: case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Mac:
    case Opcode::Min: case Opcode::Max: case Opcode::Abs:
      return "";
    case Opcode::And: case Opcode::Or: case Opcode::Xor: case Opcode::Not:
      return "";
    case Opcode::Shl: case Opcode::Shr: case Opcode::Ash:
      return isFloat(dt) ? "shifts of float scalars are not executed" : "";
    case Opcode::CalcFpSpecial:
      return dt == DataType::F32 ? "" : "CALC_FP_SPECIAL is executed on f32 scalars only";
    case Opcode::Nearbyint: case Opcode::Popcnt: case Opcode::FindFirst: case Opcode::Brev:
    case Opcode::Fclass: case Opcode::ExtractExp:
      return bitOpRefusal(op, dt);
    case Opcode::Convert:
      return elementBytes(static_cast<DataType>(in.sw.get(Sw::TargetType))) ? ""
                                                                            : "CONVERT target type not executed";
    default:
      return "not executed by the SPU model";
  }
}

Producer producerOfSpu(const Instruction& in) {
  if (in.op == Opcode::MovIrfDim) return Producer::SpuInt;
  if (!in.ops.empty() && in.ops[0].isReg(RegFile::I)) return Producer::Irf;
  if (isCmp(in.op)) return Producer::SpuCmp;
  if (isFloat(laneType(in)) && (in.op == Opcode::Mul || in.op == Opcode::Mac)) return Producer::SpuFloatMul;
  return Producer::SpuInt;
}

void executeSpu(const Instruction& in, Exec& x) {
  switch (in.op) {
    case Opcode::Nop: case Opcode::Dbg: return;
    default: break;
  }
  if (!x.scalarOn(in.pred)) return;
  if (in.op == Opcode::Halt) {
    x.halt = true;
    return;
  }
  if (in.op == Opcode::Jmpr) {
    x.jumpTo = x.branchTarget;
    return;
  }
  if (in.op == Opcode::SetIndx) return setIndx(in, x, kSrc);
  if (in.op == Opcode::MovIrfDim) return movIrfDim(in, x);
  const Operand& d = in.ops[0];
  if (d.isReg(RegFile::I)) return irfOp(in, x);
  if (d.isReg(RegFile::SP) && !isCmp(in.op)) return predicateOp(in, x);
  if (in.op == Opcode::Mov) return movOp(in, x);
  if (in.op == Opcode::CalcFpSpecial) return calcFpSpecial(in, x);
  if (in.op == Opcode::Udiv4step) return udiv4step(in, x);
  scalarOp(in, x);
}

}  // namespace acosim::habana::vliw
