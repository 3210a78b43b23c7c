#include "systemc/tensil/array/array_factory.h"

#include <stdexcept>

#include "systemc/tensil/array/fast_array_engine.h"
#include "systemc/tensil/array/lockstep_array_engine.h"
#include "systemc/tensil/array/rtl_array_engine.h"

namespace acosim::tensil {

std::unique_ptr<ArrayEngine> make_array_engine(ArrayEngineKind kind, const Architecture& arch) {
  switch (kind) {
    case ArrayEngineKind::Rtl:
      return make_rtl_array_engine(arch);
    case ArrayEngineKind::Fast:
      return std::make_unique<FastArray>(arch);
    case ArrayEngineKind::Lockstep:
      return std::make_unique<LockstepArray>(make_rtl_array_engine(arch),
                                             std::make_unique<FastArray>(arch));
  }
  throw std::invalid_argument("unknown array engine kind");
}

}  // namespace acosim::tensil
