#include "testbench/tensil/board_impl.h"

namespace acosim::tensil {

template class BasicBoard<Tcu>;

}  // namespace acosim::tensil
