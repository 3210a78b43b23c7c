// Static tables of the TPC assembler: mnemonics, the slots that can hold
// each one, operand signatures and the switches each accepts, for Gaudi.
// Facts come from tpc_llvm llvm/lib/Target/TPC/MCTargetDesc/InstructionDB.h
// (opcodes per slot), InstructionDB.cpp (switch names, values, defaults and
// print options) and TPCInstrInfo.td (operand classes).
#pragma once

#include <string>
#include <vector>

#include "sw/habana/asm/bundle.h"

namespace acosim::habana::tpcasm {

// How a switch is written and printed.
enum class SwStyle : uint8_t {
  Flag,       // "neg"
  Enum,       // value names: "rz", "to_16" (printed lower case)
  EnumUpper,  // value names printed as written in tpc_llvm: "BV32"
  KeyEnum,    // "target_type=int32"; the bare value name is accepted too
  KeyNum,     // "lane_sel=1"
  KeyHex,     // "wr_lg=0x1"
  KeyBin,     // "g_en=0b11"
  BareHex     // a number written before the operands: "0x5"
};

struct SwValue {
  const char* name;
  uint32_t value;
};

struct SwitchDef {
  Sw id;
  const char* key;     // canonical (printed) key, lower case
  const char* alias;   // accepted alternative key, or nullptr
  SwStyle style;
  std::vector<SwValue> values;  // Enum styles; first name of a value prints
  uint32_t maxValue;            // numeric styles
};

const SwitchDef& switchDef(Sw id);

enum class SwPrint : uint8_t { Always, IfNotDefault, Never };

struct SwitchUse {
  Sw id;
  SwPrint print;
  uint32_t def;
};

// Operand signature letters: V vector, P vector predicate, S scalar,
// Q scalar predicate, I index (int5), A address, D vector pair, Z scalar pair,
// H hardware register, i immediate, L label, C loop comparison. Positions are
// separated by ','; a trailing '?' marks an optional position.
struct OpForm {
  Opcode op;
  const char* name;       // canonical lower-case mnemonic
  unsigned slots;         // bit (1 << Slot) for each slot that may hold it
  const char* sig;
  std::vector<SwitchUse> switches;  // in print order
  bool dimMask = false;   // SPU int5 form: "b10001 I1, ..."
  Sw leadingNumber = Sw::Count;  // bare number before operands sets it
  bool maskOperand = false;      // dimension mask written as operand 2 (SET_INDX)
  bool scalarPredOnly = false;   // SPRF predicate only, even in the load/VPU slot
  Sw trailingNumber = Sw::Count;  // bare number after all operands sets it
};

constexpr unsigned slotBit(Slot s) { return 1U << static_cast<unsigned>(s); }

// The form of `mnemonic` (lower case, aliases resolved) for `slot`, or null.
const OpForm* findForm(const std::string& mnemonic, Slot slot);
// Slots in which `mnemonic` exists at all (0 when unknown).
unsigned slotsOf(const std::string& mnemonic);
// Non-empty for instructions of other TPC generations (Goya, Gaudi2...),
// naming the generation, so that they get a precise refusal.
std::string otherGenerationOf(const std::string& mnemonic);
// Non-empty when `key` (lower case) is a switch that `mnemonic` has on other
// TPC generations only, naming them.
std::string otherGenerationSwitchOf(const std::string& mnemonic, const std::string& key);
const OpForm& formOf(Opcode op, Slot slot);

const char* slotName(Slot s);
const char* dataTypeName(DataType dt);  // "f32", ...; "" for None
bool parseDataType(const std::string& lower, DataType* out);
bool dataTypeOnGaudi(DataType dt);

// Gaudi register-file sizes (tpc_llvm Disassembler/TPCDisassembler.cpp,
// RegisterTableSPU/VPU: S0-S35, V0-V39, I0-I31, AD0-AD7; VPRF/SPRF 16).
unsigned regFileSize(RegFile f);
const char* regFilePrefix(RegFile f);

}  // namespace acosim::habana::tpcasm
