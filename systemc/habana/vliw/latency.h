// Result latencies of the exposed pipeline: a result written by an
// instruction issued at cycle t is seen by a consumer operand issued at
// t + latency(producer class, consumer class); earlier consumers read the
// previous value. Values (docs/habana.md) evaluate tpc_llvm's
// formula (llvm/lib/Target/TPC/latencies.cpp) over its Gaudi database
// (latenciesGen2.cpp). Pairs missing from the table default to 4, the
// compiler's default and the "most prevalent latency" of Habana's TPC User
// Guide (Processor Architectural Overview, MUL example).
#pragma once

#include <cstdint>

namespace acosim::habana::vliw {

/// Who produced a register value (stage where the result is ready).
enum class Producer : uint8_t {
  VpuInt,     // VPU integer / logic / move / fp ADD, SUB, MIN, MAX... (E3)
  VpuFloatMul,// VPU fp32/bf16 MUL (E5)
  VpuFloatMac,// VPU fp32/bf16 MAC (E5, accumulator forwarding)
  VpuCmp,     // VPU CMP -> VPRF (E2)
  Load,       // load slot: LD_TNSR, LD_L_V, LD_L, LD_G, MOV (E3)
  SpuInt,     // SPU integer / logic / move (E3)
  SpuFloatMul,// SPU fp MUL / MAC (E5)
  SpuCmp,     // SPU CMP -> SPRF (E2)
  Irf,        // SPU op with an IRF destination, SET_INDX in any slot (E1)
  IrfPermute, // PRMT_INDX (E3, outside the IRF bypass)
  AddrGen,    // GEN_ADDR -> ADRF (E6)
  VpuPermute, // VPU SHUFFLE / PACK / UNPACK (E4)
  Control,    // LOOP iterator updates (visible next cycle)
  Count
};

/// How a consumer reads an operand (stage where it is read / latest stage).
enum class Consumer : uint8_t {
  VpuSrc,     // VPU source operand (D2 / E3)
  VpuAcc,     // MAC accumulator (the destination read back)
  VecPred,    // vector predicate of a VPU/load instruction (E1)
  ScalarPred, // scalar predicate of any slot
  SpuSrc,     // SPU source operand (D2)
  LoadSrc,    // load-slot scalar source (address, tensor id)
  StoreSrc,   // store-slot scalar source (address, value)
  StoreData,  // ST_TNSR data operand, read late (E6)
  StoreLvData,// ST_L_V data operand (E6)
  Coord,      // IRF coordinate of LD_TNSR / ST_TNSR / GEN_ADDR / PRMT_INDX (E1, IRF bypass)
  IrfDim,     // MOV_IRF_DIM's I source (D2: no IRF bypass)
  GlobalAddr, // ADRF address of LD_G into S/SP, of ST_G (D2)
  GlobalAddrV,// ADRF address of LD_G into V (E6)
  GlobalData, // ST_G value (D2, store_c_g: E6 / E2 for an SP value)
  Count
};

constexpr unsigned kProducers = static_cast<unsigned>(Producer::Count);
constexpr unsigned kConsumers = static_cast<unsigned>(Consumer::Count);
constexpr unsigned kDefaultLatency = 4;
/// Longest latency in the table: after it every consumer sees a write.
constexpr unsigned kMaxLatency = 7;

unsigned latency(Producer p, Consumer c);

/// Flat table for the hot path: table()[p * kConsumers + c].
const uint8_t* latencyTable();

}  // namespace acosim::habana::vliw
