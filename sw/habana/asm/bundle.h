// Typed representation of TPC VLIW bundles, produced by the assembler and
// meant to be run by an execution core. Each bundle holds one instruction per
// issue slot (load, SPU, VPU, store - slot ids from tpc_llvm
// llvm/lib/Target/TPC/latencies.h); LOOP is a whole-bundle instruction of its
// own (tpc_llvm TPCInstrFormats.td, TypeLOOP). Nothing here depends on
// Habana's binary encoding.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace acosim::habana::tpcasm {

enum class Slot : uint8_t { Load = 0, Spu = 1, Vpu = 2, Store = 3 };
constexpr int kSlotCount = 4;

// Element type of an instruction (".f32" suffix). Values follow the OpType
// numbering of tpc_llvm MCTargetDesc/InstructionDB.h so that switch values
// that embed a type (CONVERT target_type) use the same numbers.
enum class DataType : uint8_t {
  F32 = 0, BF16 = 1, I32 = 2, U32 = 3, I8 = 4, U8 = 5, B = 6, I16 = 7,
  U16 = 8, I4 = 9, U4 = 10, F16 = 11, F8_152 = 12, F8_143 = 13, I64 = 14,
  None = 0xff
};

// Register files visible to Gaudi programs (tpc_llvm TPCRegisterInfo.td).
// D is a pair of vector registers named by its even member, Z a pair of
// scalar registers; Hw is a hardware register such as PC.
enum class RegFile : uint8_t { V, VP, S, SP, I, AD, D, Z, Hw };

enum class HwReg : uint8_t { PC = 0 };

struct Reg {
  RegFile file = RegFile::S;
  uint8_t index = 0;
  bool operator==(const Reg& o) const { return file == o.file && index == o.index; }
};

// LOOP comparison, in the order tpc_llvm's printComparison spells them.
enum class LoopCmp : uint8_t { Gt, Ge, Lt, Le, Eq, Ne };

enum class OperandKind : uint8_t { Reg, Imm, Label, Cmp };

// An immediate keeps its 32-bit pattern; the instruction's data type says
// how the execution core interprets it (integer, fp32 bits, ...).
struct Operand {
  OperandKind kind = OperandKind::Imm;
  Reg reg;
  uint32_t imm = 0;
  std::string label;
  LoopCmp cmp = LoopCmp::Gt;

  static Operand makeReg(RegFile f, unsigned idx) {
    Operand o;
    o.kind = OperandKind::Reg;
    o.reg = Reg{f, static_cast<uint8_t>(idx)};
    return o;
  }
  static Operand makeImm(uint32_t v) {
    Operand o;
    o.kind = OperandKind::Imm;
    o.imm = v;
    return o;
  }
  bool isReg(RegFile f) const { return kind == OperandKind::Reg && reg.file == f; }
};

// Predicate: the instruction takes effect when the predicate bit differs from
// `negated` (tpc-intrinsics.h contract). SP0/VP0 without '!' is the always-true
// predicate, so it is stored as "no predicate".
struct Predicate {
  bool present = false;
  bool vector = false;  // VPRF (per lane) instead of SPRF
  uint8_t index = 0;
  bool negated = false;
};

// Named instruction switches. Names and meanings are those of tpc_llvm
// MCTargetDesc/InstructionDB.cpp (AllSwitches); values are small integers in
// the switch's own domain, not encoded bit positions.
enum class Sw : uint8_t {
  Sat,          // st / sat: saturate integer result
  Neg,          // negate product (MAC) or result (SUB)
  AccFp32,      // bf16 MUL/MAC accumulating in fp32
  Upper32,      // SPU MUL: upper 32 bits of the product
  MaskEqZero,   // CMP_EQ: compare (a & b) with zero
  Rhu,          // ASH: round half up
  Rm,           // rounding mode (RoundMode)
  TargetType,   // CONVERT destination type (DataType value)
  LaneSel,      // vector CONVERT*: source lane group 0..3
  AllLanes,     // vector CONVERT f32->bf16: all lanes instead of one
  To16,         // CONVERT_[U]INT32: 0 = to_8, 1 = to_16
  Set,          // POPCNT/FIND_FIRST: count/find ones (1) or zeros (0)
  StartMsb,     // FIND_FIRST: search from the MSB
  Func,         // CALC_FP_SPECIAL function (FpFunc)
  LutBv,        // LOOKUP*: 0 = BV32, 1 = BV16
  UpperHalf,    // LOOKUP*: upper half of the table
  Pack,         // ST_TNSR*: pack according to the tensor's data type
  Partial,      // LD_TNSR/ST_TNSR: partial access, offset/size in S30/S31
  RmwSel,       // ST_TNSR*: read-modify-write, control in S29
  Mmio,         // LD_L/ST_L: MMIO space instead of SLM
  Dec,          // ASO: decrement
  AsoVpu,       // ASO: VPU semaphore
  FromHwReg,    // MOV: source is a hardware register
  Step,         // UDIV_4STEP: step number
  LoopFlag,     // LOOP trailing immediate
  MdgAll,       // MOV_DG.ALL
  Src, Dst, WrLg, WrUg,                    // MOV_DG single dual-group
  Sdg0, Sdg1, Sdg2, Sdg3,                  // MOV_DG.ALL source dual groups
  Weg0, Weg1, Weg2, Weg3,                  // MOV_DG.ALL write enables
  GEn, DgEn,                               // MOV_G group / dual-group enables
  Biased,       // EXTRACT_EXP: keep the exponent biased
  SourceGroup,  // PACK/UNPACK: source group 0..1
  ElementStride,  // PACK/UNPACK: 0 = stride 2, 1 = stride 4
  GroupHalf,    // UNPACK: destination group half 0..1
  LutFunc,      // GET_LUT_ENTRY_AND_INTERVAL_START function (LutFunc)
  ExpAddBias,   // FORM_FP_NUM: add the exponent bias
  ForceSign0,   // FORM_FP_NUM: force the sign to 0
  ForceSign1,   // FORM_FP_NUM: force the sign to 1
  ExpIsNum,     // FORM_FP_NUM: the exponent operand is a number
  SignLsb,      // FORM_FP_NUM: take the sign from the LSB
  IrfDim,       // MOV_IRF_DIM: I-register dimension 0..4
  Count
};
constexpr int kSwitchCount = static_cast<int>(Sw::Count);
static_assert(kSwitchCount <= 64, "Switches::given holds one bit per switch");

// Rounding modes with the numbers of tpc_llvm InstructionDB.h (SW_RHNE...).
enum RoundMode : uint32_t { kRhne = 0, kRz = 1, kRu = 2, kRd = 3, kSr = 4, kCsr = 5, kRhaz = 6 };
enum FpFunc : uint32_t { kRecip = 0, kRsqrt, kSqrt, kLog, kExp, kTanh, kDiv, kPow };
// GET_LUT_ENTRY_AND_INTERVAL_START functions (InstructionDB.h SW_LUT_TANH...
// shifted down to their own field); 0 is "no function".
enum LutFunc : uint32_t { kLutNone = 0, kLutTanh = 1, kLutSqrtRsqrt = 2, kLutSinCos = 3, kLutLog = 4 };

struct Switches {
  std::array<uint32_t, kSwitchCount> value{};
  uint64_t given = 0;  // switches written explicitly in the source
  uint32_t get(Sw s) const { return value[static_cast<int>(s)]; }
  bool explicitlySet(Sw s) const { return (given >> static_cast<int>(s)) & 1U; }
  void set(Sw s, uint32_t v) {
    value[static_cast<int>(s)] = v;
    given |= uint64_t{1} << static_cast<int>(s);
  }
};

// Every mnemonic the assembler knows. One enum for all slots: a mnemonic such
// as MOV or ADD exists in several slots, and the slot stored in Instruction
// tells the execution core which unit runs it; opcodes.cpp lists which
// opcodes each slot accepts.
enum class Opcode : uint8_t {
  Nop, Halt, Dbg, Loop, Jmpr,
  // load slot
  LdTnsr, LdTnsrLow, LdTnsrHigh, LdL, LdLV, LdLVLow, LdLVHigh,
  Lookup, Lookup1c, Lookup2c, Prefetch,
  // arithmetic (SPU and/or VPU)
  Mov, Add, Sub, Mul, Mac, And, Or, Xor, Not, Min, Max, Shl, Shr, Ash, Abs,
  CmpEq, CmpNeq, CmpLess, CmpLeq, CmpGrt, CmpGeq,
  Convert, ConvertInt16, ConvertUint16, ConvertInt32, ConvertUint32,
  Nearbyint, Popcnt, FindFirst, Brev, Fclass, ExtractExp, CalcFpSpecial,
  Udiv4step,
  SelEq, SelNeq, SelLess, SelLeq, SelGrt, SelGeq,
  Sel2Less, Sel2Leq, Sel2Grt, Sel2Geq,
  MovDg, MovG,
  // store slot
  Aso, StL, StLV, StLVLow, StLVHigh, StTnsr, StTnsrLow, StTnsrHigh,
  // Appended after the first set so that the values above keep their
  // numbers. Index-register ops (load, SPU and/or store slots):
  SetIndx, PrmtIndx, GenAddr, MovIrfDim,
  // global memory through an AD address (load / store slot)
  LdG, StG,
  // VPU
  Shuffle, Pack, Unpack, GetLutEntryAndIntervalStart, FormFpNum,
  // store slot
  CacheFlush, CacheInvalidate,
  // SPU absolute jump
  Jmpa,
  Count
};

struct Instruction {
  Opcode op = Opcode::Nop;
  Slot slot = Slot::Load;
  DataType dt = DataType::None;
  bool dtGiven = false;
  int dimMask = -1;  // int5 IRF lanes written (b10001 ...; SET_INDX's mask operand), -1 = none
  std::vector<Operand> ops;
  Switches sw;
  Predicate pred;
};

// One line of machine code: either a 4-slot bundle or a LOOP (whose body runs
// from the next bundle up to and including the bundle before its end label).
struct Bundle {
  bool isLoop = false;
  std::array<Instruction, kSlotCount> slot;
  Instruction loop;
  int line = 0;
};

// Raw key/value of the .tpc_metadata section, kept so that it can be
// reproduced; the model does not interpret it.
struct MetadataField {
  std::string key;
  std::string type;   // DB / DW / DD
  std::string value;
};

// Program in source order: bundles interleaved with label definitions.
struct ProgramItem {
  enum Kind { kBundle, kLabel } kind = kBundle;
  Bundle bundle;
  std::string label;
};

struct Program {
  std::vector<ProgramItem> items;
  std::vector<MetadataField> metadata;
  bool hasMetadataSection = false;
};

}  // namespace acosim::habana::tpcasm
