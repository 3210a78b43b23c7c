add_library(acosim_tensil_tcu STATIC
  tcu.cpp
  decoder.cpp
  dram_port.cpp
  simd_alu.cpp
  config_register_file.cpp
  instruction_check.cpp)
target_link_libraries(acosim_tensil_tcu
  PUBLIC acosim_tensil_arrays acosim_core acosim_tensil_regs acosim_root PkgConfig::SYSTEMC
  PRIVATE acosim_warnings)
