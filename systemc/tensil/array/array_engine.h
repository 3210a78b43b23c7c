// The systolic array as the TCU's decoder sees it: a weight store loaded one
// row at a time and a stream of input vectors producing output vectors.
// Implementations: RtlArray (the Verilated rtl/tensil array, clocked cycle
// by cycle), FastArray (a C++ functional model) and LockstepArray (both,
// compared vector by vector).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sw/tensil/regs/architecture.h"

namespace acosim::tensil {

class TcuWaves;

// One vector of raw fixed-point lanes, sign-extended to 32 bits.
using Vector = std::vector<int32_t>;

// What the array's control port carries in one cycle (Tensil's
// tcu/SystolicArray.scala control: load, zeroes).
struct ArrayCommand {
  enum class Kind { Idle, Run, Load };
  Kind kind = Kind::Idle;
  bool zeroes = false;            // a zero vector instead of `lanes`
  const Vector* lanes = nullptr;  // the input vector (Run) or weight row (Load)
};

class ArrayEngine {
 public:
  virtual ~ArrayEngine() = default;

  // Shifts one row into the weight store (Tensil's tcu/SystolicArray.scala):
  // the bias row takes `row`, every other row takes its predecessor, the last row falls off.
  // One array cycle. load_zero_weights() shifts in a zero row (the
  // LoadWeights zeroes flag).
  virtual void load_weights(const Vector& row) = 0;
  virtual void load_zero_weights() = 0;

  // Streams `inputs` through the array and returns one output vector per
  // input (Tensil's tcu/InnerSystolicArray.scala), in order: y[i] = MAC chain of bias then
  // x[0..n-1]. Takes inputs.size() + 2n - 1 array cycles (stream, then
  // drain). run_zeroes(count) streams `count` zero vectors (the MatMul
  // zeroes flag: no local memory read).
  virtual std::vector<Vector> run(const std::vector<Vector>& inputs) = 0;
  virtual std::vector<Vector> run_zeroes(size_t count) = 0;
  // run() into a caller's buffer, which an engine may reuse between runs so
  // that streaming allocates nothing (the TCU keeps one buffer per engine).
  virtual void run_into(const std::vector<Vector>& inputs, std::vector<Vector>& outputs) {
    outputs = run(inputs);
  }

  // One clock cycle of the array, for the clocked TCU: `command` on the
  // control port in TCU cycle `cycle` (never earlier than the last call's).
  // A Run is always taken; a Load must wait until no run is left inside the
  // array (the caller's propagation countdown). Returns true and sets
  // `output` when the array presents a result in cycle `cycle` + 1: the
  // result of the Run taken D = 2n - 1 cycles before that. The caller clocks
  // the array in every cycle while a run is inside it; between, cycles may
  // be skipped.
  virtual bool clock(uint64_t cycle, const ArrayCommand& command, Vector& output) = 0;

  // The TCU's clock has reached `cycle` while the array idled; the next
  // operation starts there. Keeps wave timestamps of the array aligned with
  // the TCU (no clocking happens).
  virtual void idle_until(uint64_t cycle) = 0;

  // Array clock cycles actually simulated so far (0 for engines without a
  // clock).
  virtual uint64_t cycles() const = 0;
  virtual const char* name() const = 0;

  // Adds the engine's RTL signals to the wave file (no-op for engines
  // without RTL). Called before the file is opened.
  virtual void attach_waves(TcuWaves& waves) { (void)waves; }
};

// Thrown by LockstepArray when the RTL and the functional array disagree.
struct ArrayMismatch : std::runtime_error {
  ArrayMismatch(size_t vector_index, size_t lane, int32_t rtl, int32_t fast);
  size_t vector_index;
  size_t lane;
  int32_t rtl_value;
  int32_t fast_value;
};

enum class ArrayEngineKind { Rtl, Fast, Lockstep };
const char* array_engine_name(ArrayEngineKind kind);
// The inverse of array_engine_name ("rtl", "fast", "lockstep"); nullopt for
// any other spelling.
std::optional<ArrayEngineKind> parse_array_engine(std::string_view name);

}  // namespace acosim::tensil
