#include "sw/habana/asm/opcodes.h"

#include <map>
#include <stdexcept>

namespace acosim::habana::tpcasm {

namespace {

constexpr unsigned kLd = slotBit(Slot::Load);
constexpr unsigned kSpu = slotBit(Slot::Spu);
constexpr unsigned kVpu = slotBit(Slot::Vpu);
constexpr unsigned kSt = slotBit(Slot::Store);
constexpr unsigned kAll = kLd | kSpu | kVpu | kSt;

// Switch spellings, values and defaults: tpc_llvm InstructionDB.cpp
// (AllSwitches). Round-mode numbers are the Gaudi ones (SW_RHNE.. SW_RHAZ).
const std::vector<SwitchDef>& switchTable() {
  static const std::vector<SwitchDef> table = {
      {Sw::Sat, "st", "sat", SwStyle::Flag, {}, 1},
      {Sw::Neg, "neg", nullptr, SwStyle::Flag, {}, 1},
      {Sw::AccFp32, "acc_fp32", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Upper32, "upper32", nullptr, SwStyle::Flag, {}, 1},
      {Sw::MaskEqZero, "mask_eq_zero", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Rhu, "rhu", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Rm, "rm", nullptr, SwStyle::Enum,
       {{"rhne", kRhne}, {"rne", kRhne}, {"rz", kRz}, {"ru", kRu}, {"rd", kRd},
        {"sr", kSr}, {"default", kCsr}, {"rhaz", kRhaz}}, 0},
      {Sw::TargetType, "target_type", nullptr, SwStyle::KeyEnum,
       {{"fp32", 0}, {"bf16", 1}, {"int32", 2}, {"uint32", 3}, {"int8", 4},
        {"uint8", 5}, {"int16", 7}, {"uint16", 8}}, 0},
      {Sw::LaneSel, "lane_sel", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::AllLanes, "num_lanes", nullptr, SwStyle::Enum,
       {{"single_lane", 0}, {"all_lanes", 1}}, 0},
      {Sw::To16, "to", nullptr, SwStyle::Enum, {{"to_8", 0}, {"to_16", 1}}, 0},
      {Sw::Set, "set", nullptr, SwStyle::KeyNum, {}, 1},
      {Sw::StartMsb, "direction", nullptr, SwStyle::Enum,
       {{"start_lsb", 0}, {"start_msb", 1}}, 0},
      {Sw::Func, "func", nullptr, SwStyle::KeyEnum,
       {{"recip", kRecip}, {"rsqrt", kRsqrt}, {"sqrt", kSqrt}, {"log", kLog},
        {"exp", kExp}, {"tanh", kTanh}, {"div", kDiv}, {"pow", kPow}}, 0},
      {Sw::LutBv, "dt", nullptr, SwStyle::EnumUpper, {{"BV32", 0}, {"BV16", 1}}, 0},
      {Sw::UpperHalf, "upper_half", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Pack, "pack", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Partial, "partial", nullptr, SwStyle::Flag, {}, 1},
      {Sw::RmwSel, "rmw_sel", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Mmio, "mmio", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Dec, "dec", nullptr, SwStyle::Flag, {}, 1},
      {Sw::AsoVpu, "vpu", nullptr, SwStyle::Flag, {}, 1},
      {Sw::FromHwReg, "from_hw_reg", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Step, "step", nullptr, SwStyle::BareHex, {}, 0xffff},
      {Sw::LoopFlag, "loop_flag", nullptr, SwStyle::BareHex, {}, 0xffff},
      {Sw::MdgAll, "all", nullptr, SwStyle::Flag, {}, 1},
      {Sw::Src, "src", "src_dual_group", SwStyle::KeyNum, {}, 3},
      {Sw::Dst, "dst", "dst_dual_group", SwStyle::KeyNum, {}, 3},
      {Sw::WrLg, "wr_lg", "wr_lower_group", SwStyle::KeyHex, {}, 1},
      {Sw::WrUg, "wr_ug", "wr_upper_group", SwStyle::KeyHex, {}, 1},
      {Sw::Sdg0, "sdg0", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Sdg1, "sdg1", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Sdg2, "sdg2", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Sdg3, "sdg3", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Weg0, "weg0", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Weg1, "weg1", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Weg2, "weg2", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::Weg3, "weg3", nullptr, SwStyle::KeyNum, {}, 3},
      {Sw::GEn, "g_en", "group_en", SwStyle::KeyBin, {}, 3},
      {Sw::DgEn, "dg_en", "dual_group_en", SwStyle::KeyBin, {}, 15},
      {Sw::Biased, "biased", nullptr, SwStyle::Flag, {}, 1},
      // PACK/UNPACK print the numeric value names; the GROUP_0 / STRIDE_2
      // spellings are accepted as well.
      {Sw::SourceGroup, "source_group", nullptr, SwStyle::KeyEnum,
       {{"0", 0}, {"1", 1}, {"group_0", 0}, {"group_1", 1}}, 0},
      {Sw::ElementStride, "element_stride", nullptr, SwStyle::KeyEnum,
       {{"2", 0}, {"4", 1}, {"stride_2", 0}, {"stride_4", 1}}, 0},
      {Sw::GroupHalf, "group_half", nullptr, SwStyle::KeyEnum,
       {{"0", 0}, {"1", 1}, {"group_half_0", 0}, {"group_half_1", 1}}, 0},
      {Sw::LutFunc, "funcid", nullptr, SwStyle::Enum,
       {{"tanh", kLutTanh}, {"sqrt_rsqrt", kLutSqrtRsqrt}, {"sin_cos", kLutSinCos},
        {"log", kLutLog}}, kLutLog},
      {Sw::ExpAddBias, "exp_add_bias", nullptr, SwStyle::Flag, {}, 1},
      {Sw::ForceSign0, "force_sign0", nullptr, SwStyle::Flag, {}, 1},
      {Sw::ForceSign1, "force_sign1", nullptr, SwStyle::Flag, {}, 1},
      {Sw::ExpIsNum, "exp_is_num", nullptr, SwStyle::Flag, {}, 1},
      {Sw::SignLsb, "sign_lsb", nullptr, SwStyle::Flag, {}, 1},
      // An IRF register has five dimensions (TPCRegisterInfo.td, IRF: int5).
      {Sw::IrfDim, "dim", nullptr, SwStyle::BareHex, {}, 4},
  };
  return table;
}

using U = SwitchUse;
constexpr SwPrint kAlways = SwPrint::Always;
constexpr SwPrint kIfSet = SwPrint::IfNotDefault;
constexpr SwPrint kNever = SwPrint::Never;

// Operand classes of each form: tpc_llvm TPCInstrInfo.td / TPCInstrFormats.td.
// SPU integer forms with an IRF destination carry a dimension mask.
const std::vector<OpForm>& formTable() {
  static const std::vector<OpForm> t = [] {
    std::vector<OpForm> v = {
        {Opcode::Nop, "nop", kAll, "", {}},
        {Opcode::Halt, "halt", kSpu | kVpu, "", {}},
        {Opcode::Dbg, "dbg", kSpu | kVpu, "", {}},
        {Opcode::Loop, "loop", kSpu, "Si,Si,Si,C,L", {{Sw::LoopFlag, kIfSet, 0}}},
        // JMPR/JMPA take a label or, for an indirect jump, an S register
        // (TPCInstrInfo.td JMPR/JMPA and JMPRr/JMPAr).
        {Opcode::Jmpr, "jmpr", kSpu, "SL", {}},
        {Opcode::Jmpa, "jmpa", kSpu, "SL", {}},

        {Opcode::LdTnsr, "ld_tnsr", kLd, "VP,Si,I,S?", {{Sw::Partial, kNever, 0}}},
        {Opcode::LdTnsrLow, "ld_tnsr_low", kLd, "VP,Si,I,S?", {{Sw::Partial, kNever, 0}}},
        {Opcode::LdTnsrHigh, "ld_tnsr_high", kLd, "VP,Si,I,S?", {{Sw::Partial, kNever, 0}}},
        {Opcode::LdL, "ld_l", kLd, "SQ,Si", {{Sw::Mmio, kIfSet, 0}}},
        {Opcode::LdLV, "ld_l_v", kLd, "VP,Si", {}},
        {Opcode::LdLVLow, "ld_l_v_low", kLd, "VP,Si", {}},
        {Opcode::LdLVHigh, "ld_l_v_high", kLd, "VP,Si", {}},
        {Opcode::Lookup, "lookup", kLd, "V,V,i",
         {{Sw::LutBv, kAlways, 0}, {Sw::UpperHalf, kIfSet, 0}}},
        {Opcode::Lookup1c, "lookup_1c", kLd, "V,V,i",
         {{Sw::LutBv, kAlways, 0}, {Sw::UpperHalf, kIfSet, 0}}},
        {Opcode::Lookup2c, "lookup_2c", kLd, "D,V,i",
         {{Sw::LutBv, kAlways, 0}, {Sw::UpperHalf, kIfSet, 0}}},
        {Opcode::Prefetch, "prefetch", kLd, "A", {}},
        {Opcode::Mov, "mov", kLd, "VPSQ,VPSQiH", {{Sw::FromHwReg, kNever, 0}}},

        {Opcode::Mov, "mov", kSpu, "SQIZ,SQIiH", {{Sw::FromHwReg, kNever, 0}}, true},
        {Opcode::Mov, "mov", kVpu, "VP,VPSi", {}},
        {Opcode::Add, "add", kSpu, "SI,SIi,SIi", {{Sw::Sat, kIfSet, 0}}, true},
        {Opcode::Add, "add", kVpu, "V,V,VSi", {{Sw::Sat, kIfSet, 0}}},
        {Opcode::Sub, "sub", kSpu, "SI,SIi,SIi",
         {{Sw::Neg, kIfSet, 0}, {Sw::Sat, kIfSet, 0}}, true},
        {Opcode::Sub, "sub", kVpu, "V,V,VSi", {{Sw::Neg, kIfSet, 0}, {Sw::Sat, kIfSet, 0}}},
        {Opcode::Mul, "mul", kSpu, "SI,SIi,SIi",
         {{Sw::AccFp32, kIfSet, 0}, {Sw::Upper32, kIfSet, 0}}, true},
        {Opcode::Mul, "mul", kVpu, "VD,V,VSi", {{Sw::AccFp32, kIfSet, 0}}},
        {Opcode::Mac, "mac", kSpu, "S,S,Si",
         {{Sw::Neg, kIfSet, 0}, {Sw::AccFp32, kIfSet, 0}, {Sw::Sat, kIfSet, 0}}},
        {Opcode::Mac, "mac", kVpu, "VD,V,VSi",
         {{Sw::Neg, kIfSet, 0}, {Sw::AccFp32, kIfSet, 0}, {Sw::Sat, kIfSet, 0}}},
        {Opcode::Abs, "abs", kSpu, "SI,SIi", {}, true},
        {Opcode::Abs, "abs", kVpu, "V,VSi", {}},
        {Opcode::Not, "not", kSpu, "SQI,SQIi", {}, true},
        {Opcode::Not, "not", kVpu, "VP,VPSi", {}},
        // Gaudi's EXTRACT_EXP switch is "biased" (InstructionDB.cpp, FeatureBF16);
        // subtract_bias is Goya's and pre_log Gaudi2's.
        {Opcode::ExtractExp, "extract_exp", kSpu, "S,Si", {{Sw::Biased, kIfSet, 0}}},
        {Opcode::ExtractExp, "extract_exp", kVpu, "V,VSi", {{Sw::Biased, kIfSet, 0}}},
        {Opcode::Brev, "brev", kSpu, "S,Si", {}},
        {Opcode::Brev, "brev", kVpu, "V,VSi", {}},
        {Opcode::Fclass, "fclass", kSpu, "S,Si", {}},
        {Opcode::Fclass, "fclass", kVpu, "V,VSi", {}},
        {Opcode::Nearbyint, "nearbyint", kSpu, "S,Si", {{Sw::Rm, kIfSet, kCsr}}},
        {Opcode::Nearbyint, "nearbyint", kVpu, "V,VSi", {{Sw::Rm, kIfSet, kCsr}}},
        {Opcode::Popcnt, "popcnt", kSpu, "S,Si", {{Sw::Set, kAlways, 0}}, false, Sw::Set},
        {Opcode::Popcnt, "popcnt", kVpu, "V,VSi", {{Sw::Set, kAlways, 0}}, false, Sw::Set},
        {Opcode::FindFirst, "find_first", kSpu, "S,Si",
         {{Sw::Set, kAlways, 0}, {Sw::StartMsb, kAlways, 0}}, false, Sw::Set},
        {Opcode::FindFirst, "find_first", kVpu, "V,VSi",
         {{Sw::Set, kAlways, 0}, {Sw::StartMsb, kAlways, 0}}, false, Sw::Set},
        {Opcode::CalcFpSpecial, "calc_fp_special", kSpu, "S,S,S", {{Sw::Func, kAlways, 0}}},
        {Opcode::CalcFpSpecial, "calc_fp_special", kVpu, "V,V,V", {{Sw::Func, kAlways, 0}}},
        {Opcode::Udiv4step, "udiv_4step", kSpu, "Z,S", {{Sw::Step, kAlways, 0}}, false,
         Sw::Step},
        {Opcode::Convert, "convert", kSpu, "S,S",
         {{Sw::TargetType, kAlways, 0}, {Sw::Rm, kIfSet, kCsr}}},
        {Opcode::Convert, "convert", kVpu, "V,V",
         {{Sw::LaneSel, kIfSet, 0}, {Sw::AllLanes, kIfSet, 0}, {Sw::TargetType, kAlways, 0},
          {Sw::Rm, kIfSet, kCsr}}},
        {Opcode::MovDg, "mov_dg", kVpu, "V,V,Si",
         {{Sw::MdgAll, kNever, 0}, {Sw::Src, kAlways, 0}, {Sw::Dst, kAlways, 0},
          {Sw::WrLg, kAlways, 0}, {Sw::WrUg, kAlways, 0}, {Sw::Sdg0, kAlways, 0},
          {Sw::Sdg1, kAlways, 0}, {Sw::Sdg2, kAlways, 0}, {Sw::Sdg3, kAlways, 0},
          {Sw::Weg0, kAlways, 0}, {Sw::Weg1, kAlways, 0}, {Sw::Weg2, kAlways, 0},
          {Sw::Weg3, kAlways, 0}}},
        {Opcode::MovG, "mov_g", kVpu, "V,V,Si", {{Sw::GEn, kAlways, 0}, {Sw::DgEn, kAlways, 0}}},

        {Opcode::Aso, "aso", kSt, "", {{Sw::Dec, kIfSet, 0}, {Sw::AsoVpu, kIfSet, 0}}},
        {Opcode::StL, "st_l", kSt, "Si,SQ", {{Sw::Mmio, kIfSet, 0}}},
        {Opcode::StLV, "st_l_v", kSt, "Si,VP", {}},
        {Opcode::StLVLow, "st_l_v_low", kSt, "Si,VP", {}},
        {Opcode::StLVHigh, "st_l_v_high", kSt, "Si,VP", {}},
        {Opcode::StTnsr, "st_tnsr", kSt, "Si,I,VP,S?,S?",
         {{Sw::Pack, kIfSet, 0}, {Sw::RmwSel, kNever, 0}, {Sw::Partial, kNever, 0}}},
        {Opcode::StTnsrLow, "st_tnsr_low", kSt, "Si,I,VP,S?,S?",
         {{Sw::Pack, kIfSet, 0}, {Sw::RmwSel, kNever, 0}, {Sw::Partial, kNever, 0}}},
        {Opcode::StTnsrHigh, "st_tnsr_high", kSt, "Si,I,VP,S?,S?",
         {{Sw::Pack, kIfSet, 0}, {Sw::RmwSel, kNever, 0}, {Sw::Partial, kNever, 0}}},

        // Index-register and global-memory forms. The load and store slot
        // variants take a scalar predicate only (TPCInstrFormats.td:
        // LoadInst_SET_INDX, LoadInstrPRMT_INDX, LoadInst_GEN_ADDR and
        // LoadInst_LD_G with SPred; LD_G's vector-predicated forms are
        // Gaudi2's). SET_INDX: I destination, dimension mask, S or immediate
        // value; PRMT_INDX: I destination, I source, S permutation; GEN_ADDR:
        // AD destination, tensor number (i8imm), I coordinates.
        {Opcode::SetIndx, "set_indx", kLd | kSpu | kSt, "I,Si", {}, false, Sw::Count, true, true},
        {Opcode::PrmtIndx, "prmt_indx", kLd | kSt, "I,I,S", {}, false, Sw::Count, false, true},
        {Opcode::GenAddr, "gen_addr", kLd | kSt, "A,i,I", {}, false, Sw::Count, false, true},
        // LD_G / ST_G: S, SP or (LD_G only) V data through an AD address;
        // Gaudi has none of their switches (all Greco/Gaudi2 and later).
        {Opcode::LdG, "ld_g", kLd, "SQV,A", {}, false, Sw::Count, false, true},
        {Opcode::StG, "st_g", kSt, "A,SQ", {}},
        // MOV_IRF_DIM <dim> S, I: one dimension of an I register to S.
        {Opcode::MovIrfDim, "mov_irf_dim", kSpu, "S,I", {{Sw::IrfDim, kAlways, 0}}, false,
         Sw::IrfDim},
        // SHUFFLE's S and immediate selectors are Gaudi2's (SHUFFLEvs/vi).
        {Opcode::Shuffle, "shuffle", kVpu, "V,V,V", {}},
        {Opcode::Pack, "pack", kVpu, "V,V",
         {{Sw::SourceGroup, kAlways, 0}, {Sw::ElementStride, kAlways, 0}}},
        {Opcode::Unpack, "unpack", kVpu, "V,V",
         {{Sw::SourceGroup, kAlways, 0}, {Sw::ElementStride, kAlways, 0},
          {Sw::GroupHalf, kAlways, 0}}},
        // D destination (interval start and LUT entry), V source, shift
        // (i8imm); a number after the operands is the function
        // (TPCAsmParser.cpp, getSwitchForIntegerOperand: funcid).
        {Opcode::GetLutEntryAndIntervalStart, "get_lut_entry_and_interval_start", kVpu, "D,V,i",
         {{Sw::LutFunc, kIfSet, kLutNone}}, false, Sw::Count, false, false, Sw::LutFunc},
        {Opcode::FormFpNum, "form_fp_num", kVpu, "V,VSi,V,V",
         {{Sw::ExpAddBias, kIfSet, 0}, {Sw::ForceSign0, kIfSet, 0}, {Sw::ForceSign1, kIfSet, 0},
          {Sw::ExpIsNum, kIfSet, 0}, {Sw::SignLsb, kIfSet, 0}}},
        {Opcode::CacheFlush, "cache_flush", kSt, "", {}},
        {Opcode::CacheInvalidate, "cache_invalidate", kSt, "", {}},
    };
    // Two-source integer/bitwise/shift forms share one shape per slot.
    struct Bin { Opcode op; const char* name; bool bitwise; bool rhu; };
    const Bin bins[] = {
        {Opcode::And, "and", true, false}, {Opcode::Or, "or", true, false},
        {Opcode::Xor, "xor", true, false}, {Opcode::Min, "min", false, false},
        {Opcode::Max, "max", false, false}, {Opcode::Shl, "shl", false, false},
        {Opcode::Shr, "shr", false, false}, {Opcode::Ash, "ash", false, true},
    };
    for (const Bin& b : bins) {
      std::vector<SwitchUse> sw;
      if (b.rhu) sw.push_back({Sw::Rhu, kIfSet, 0});
      v.push_back({b.op, b.name, kSpu, b.bitwise ? "SQI,SQIi,SQIi" : "SI,SIi,SIi", sw, true});
      v.push_back({b.op, b.name, kVpu, b.bitwise ? "VP,VP,VPSi" : "V,V,VSi", sw});
    }
    struct Cmp { Opcode op; const char* name; };
    const Cmp cmps[] = {{Opcode::CmpEq, "cmp_eq"},   {Opcode::CmpNeq, "cmp_neq"},
                        {Opcode::CmpLess, "cmp_less"}, {Opcode::CmpLeq, "cmp_leq"},
                        {Opcode::CmpGrt, "cmp_grt"},   {Opcode::CmpGeq, "cmp_geq"}};
    for (const Cmp& c : cmps) {
      std::vector<SwitchUse> sw;
      if (c.op == Opcode::CmpEq) sw.push_back({Sw::MaskEqZero, kIfSet, 0});
      v.push_back({c.op, c.name, kSpu, "Q,S,Si", sw});
      v.push_back({c.op, c.name, kVpu, "P,V,VSi", sw});
    }
    const Cmp sels[] = {{Opcode::SelEq, "sel_eq"},   {Opcode::SelNeq, "sel_neq"},
                        {Opcode::SelLess, "sel_less"}, {Opcode::SelLeq, "sel_leq"},
                        {Opcode::SelGrt, "sel_grt"},   {Opcode::SelGeq, "sel_geq"}};
    for (const Cmp& c : sels) {
      std::vector<SwitchUse> sw;
      if (c.op == Opcode::SelEq) sw.push_back({Sw::MaskEqZero, kIfSet, 0});
      v.push_back({c.op, c.name, kVpu, "V,V,VSi,V,VSi", sw});
    }
    const Cmp sel2s[] = {{Opcode::Sel2Less, "sel2_less"}, {Opcode::Sel2Leq, "sel2_leq"},
                         {Opcode::Sel2Grt, "sel2_grt"},   {Opcode::Sel2Geq, "sel2_geq"}};
    for (const Cmp& c : sel2s) v.push_back({c.op, c.name, kVpu, "D,V,VSi,V,VSi", {}});
    // CONVERT_[U]INT16/32: round mode and (32-bit) width always printed;
    // lane_sel always printed in the vector slot (InstructionDB.cpp,
    // OptPrintAlways for Gaudi).
    struct Cv { Opcode op; const char* name; bool to; };
    const Cv cvs[] = {{Opcode::ConvertInt16, "convert_int16", false},
                      {Opcode::ConvertUint16, "convert_uint16", false},
                      {Opcode::ConvertInt32, "convert_int32", true},
                      {Opcode::ConvertUint32, "convert_uint32", true}};
    for (const Cv& c : cvs) {
      std::vector<SwitchUse> s = {{Sw::Rm, kAlways, kRhne}};
      if (c.to) s.push_back({Sw::To16, kAlways, 0});
      v.push_back({c.op, c.name, kSpu, "S,S,Si", s});
      std::vector<SwitchUse> vs = {{Sw::LaneSel, kAlways, 0}};
      vs.insert(vs.end(), s.begin(), s.end());
      v.push_back({c.op, c.name, kVpu, "V,V,VSi", vs});
    }
    return v;
  }();
  return t;
}

const std::map<std::string, std::string>& aliases() {
  static const std::map<std::string, std::string> a = {
      {"mov_group", "mov_g"}, {"mov_dual_group", "mov_dg"}};
  return a;
}

std::string canonical(const std::string& m) {
  auto it = aliases().find(m);
  return it == aliases().end() ? m : it->second;
}

}  // namespace

const SwitchDef& switchDef(Sw id) {
  for (const SwitchDef& d : switchTable())
    if (d.id == id) return d;
  throw std::logic_error("switch without definition");
}

const OpForm* findForm(const std::string& mnemonic, Slot slot) {
  const std::string m = canonical(mnemonic);
  for (const OpForm& f : formTable())
    if (m == f.name && (f.slots & slotBit(slot))) return &f;
  return nullptr;
}

unsigned slotsOf(const std::string& mnemonic) {
  const std::string m = canonical(mnemonic);
  unsigned s = 0;
  for (const OpForm& f : formTable())
    if (m == f.name) s |= f.slots;
  return s;
}

// Mnemonics of tpc_llvm InstructionDB.cpp (AllOpCodes) that Gaudi does not
// have: the TPCInstrInfo.td definitions require a feature the gaudi
// processor lacks (TPC.td, Proc<"gaudi">): UDIV_STEP is Gen1 (Goya), MSAC
// needs MULI8 (Goya, Greco, Gaudi2), MADD needs FeatureMADD (Greco, Gaudi2).
std::string otherGenerationOf(const std::string& mnemonic) {
  static const std::map<std::string, std::string> other = {
      {"lookup_c0", "Goya"},        {"lookup_c1c2", "Goya"},
      {"udiv_step", "Goya"},        {"msac", "Goya/Greco/Gaudi2"},
      {"madd", "Greco/Gaudi2"},
      {"convert_int8", "Gaudi2"},   {"convert_uint8", "Gaudi2"},
      {"convert_fp_flex", "Gaudi2"}, {"ld_tnsr_cnvrt", "Gaudi2"},
      {"st_tnsr_sqz", "Gaudi2"},    {"st_tnsr_s", "Gaudi2"},
      {"event", "Gaudi2"},          {"udiv", "Gaudi2"},
      {"thread_sync", "Doron1"},
  };
  auto it = other.find(mnemonic);
  return it == other.end() ? std::string() : it->second;
}

// Switches of InstructionDB.cpp (AllSwitches) whose feature the gaudi
// processor lacks, for the instructions modelled here; value names that are
// written alone (inc_1, unpack_lane_0) are listed as keys too.
std::string otherGenerationSwitchOf(const std::string& mnemonic, const std::string& key) {
  struct Entry { const char* mnemonic; const char* key; const char* gen; };
  static const Entry kOther[] = {
      {"extract_exp", "subtract_bias", "Goya"},
      {"extract_exp", "pre_log", "Gaudi2"},
      {"mov_dg", "pack", "Greco/Gaudi2"},       // MOV_DUAL_GROUP_PACK: Gen3Plus
      {"mov_dg", "unpack", "GaudiB/Gaudi2"},    // MOV_DUAL_GROUP_UNPACK: MovDGUnpack
      {"mov_dg", "pack_type", "Greco/Gaudi2"},
      {"mov_dg", "unpack_type", "GaudiB/Gaudi2"},
      {"udiv_4step", "x2", "Greco"},
      {"ld_g", "ev_hint", "Greco/Gaudi2"},      {"ld_g", "l0cs", "Greco/Gaudi2"},
      {"ld_g", "bv64", "Greco/Gaudi2"},         {"ld_g", "partial", "Greco/Gaudi2"},
      {"ld_g", "inc_val", "Greco/Gaudi2"},      {"ld_g", "auto_inc", "Greco"},
      {"ld_g", "inc_1", "Greco/Gaudi2"},        {"ld_g", "inc_2", "Greco/Gaudi2"},
      {"ld_g", "inc_4", "Greco/Gaudi2"},        {"ld_g", "inc_8", "Greco/Gaudi2"},
      {"ld_g", "exc", "Gaudi2"},                {"ld_g", "pd", "Gaudi2"},
      {"st_g", "ev_hint", "Gaudi2"},            {"st_g", "l0cs", "Greco/Gaudi2"},
      {"st_g", "inc_val", "Gaudi2"},            {"st_g", "exc", "Gaudi2"},
      {"st_g", "pd", "Gaudi2"},                 {"st_g", "bv64", "Doron1"},
      {"unpack", "unpack_lane", "GaudiB/Gaudi2"},
      {"unpack", "unpack_lane_0", "GaudiB/Gaudi2"}, {"unpack", "unpack_lane_1", "GaudiB/Gaudi2"},
      {"get_lut_entry_and_interval_start", "opt", "Greco/Gaudi2"},
      {"get_lut_entry_and_interval_start", "exp0", "Greco/Gaudi2"},
      {"form_fp_num", "special_func", "Gaudi2"},
      {"gen_addr", "dt", "Greco/Gaudi2"},       {"gen_addr", "dt_override", "Greco/Gaudi2"},
      {"set_indx", "high", "Gaudi2"},           {"mov_irf_dim", "both", "Gaudi2"},
      {"cache_flush", "cl", "Doron1"},          {"cache_flush", "no_inv", "Doron1"},
      {"cache_invalidate", "sb", "Greco/Gaudi2"}, {"cache_invalidate", "d", "Gaudi2"},
      {"cache_invalidate", "lu", "Gaudi2"},     {"cache_invalidate", "rst_lu", "Gaudi2"},
      {"cache_invalidate", "rst_d_pref", "Gaudi2"},
  };
  const std::string m = canonical(mnemonic);
  for (const Entry& e : kOther)
    if (m == e.mnemonic && key == e.key) return e.gen;
  return std::string();
}

const OpForm& formOf(Opcode op, Slot slot) {
  for (const OpForm& f : formTable())
    if (f.op == op && (f.slots & slotBit(slot))) return f;
  throw std::logic_error("opcode without a form in this slot");
}

const char* slotName(Slot s) {
  switch (s) {
    case Slot::Load: return "load";
    case Slot::Spu: return "SPU";
    case Slot::Vpu: return "VPU";
    case Slot::Store: return "store";
  }
  return "?";
}

// Spellings and order of tpc_llvm TPCInstPrinter.cpp (printDataType).
namespace {
const char* const kDtNames[] = {"f32", "bf16", "i32",  "u32",    "i8",     "u8",  "b", "i16",
                                "u16", "i4",   "u4",   "f16",    "f8_152", "f8_143", "i64"};
}

const char* dataTypeName(DataType dt) {
  const unsigned i = static_cast<unsigned>(dt);
  return i < sizeof(kDtNames) / sizeof(kDtNames[0]) ? kDtNames[i] : "";
}

bool parseDataType(const std::string& lower, DataType* out) {
  for (unsigned i = 0; i < sizeof(kDtNames) / sizeof(kDtNames[0]); ++i) {
    if (lower == kDtNames[i]) {
      *out = static_cast<DataType>(i);
      return true;
    }
  }
  return false;
}

// fp16, fp8, int4 and int64 arrive with Gaudi2 and later (InstructionDB.cpp
// feature gates FeatureFP16 / FeatureFP8 / FeatureGen4Plus).
bool dataTypeOnGaudi(DataType dt) {
  return static_cast<unsigned>(dt) <= static_cast<unsigned>(DataType::U16);
}

unsigned regFileSize(RegFile f) {
  switch (f) {
    case RegFile::V: return 40;
    case RegFile::VP: return 16;
    case RegFile::S: return 36;
    case RegFile::SP: return 16;
    case RegFile::I: return 32;
    case RegFile::AD: return 8;
    case RegFile::D: return 40;
    case RegFile::Z: return 36;
    case RegFile::Hw: return 1;
  }
  return 0;
}

const char* regFilePrefix(RegFile f) {
  switch (f) {
    case RegFile::V: return "V";
    case RegFile::VP: return "VP";
    case RegFile::S: return "S";
    case RegFile::SP: return "SP";
    case RegFile::I: return "I";
    case RegFile::AD: return "AD";
    case RegFile::D: return "D";
    case RegFile::Z: return "Z";
    case RegFile::Hw: return "";
  }
  return "";
}

}  // namespace acosim::habana::tpcasm
