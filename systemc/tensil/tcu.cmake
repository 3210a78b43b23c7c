# The SystemC TCU: the functional decoder (engine fast), the clocked core
# (systemc/tensil/clocked, engines rtl and lockstep) and what both share.
add_library(acosim_tensil_tcu STATIC
  tcu.cpp
  clocked/clocked_execution.cpp
  functional/functional_check.cpp
  functional/decoder.cpp
  dram_port.cpp
  clocked/simd_alu.cpp
  functional/simd_alu.cpp
  config_register_file.cpp
  instruction_check.cpp
  timeline.cpp
  clocked/instruction_ingress.cpp
  clocked/systolic_array.cpp
  clocked/accumulators.cpp
  clocked/decoder.cpp
  clocked/tcu_core.cpp)
target_link_libraries(acosim_tensil_tcu
  PUBLIC acosim_tensil_arrays acosim_tensil_clocked_dram acosim_tensil_clocked_sampler acosim_core
         acosim_tensil_regs acosim_root PkgConfig::SYSTEMC
  PRIVATE acosim_warnings)
