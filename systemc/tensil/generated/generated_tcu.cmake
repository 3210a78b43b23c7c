# GeneratedTcu: Tensil's generated Verilog of a whole TCU (the builds of
# builds.cmake) clocked under SystemC behind the TCU's TLM side, for
# `acosim tensil run --engine generated`. Only where a build was Verilated;
# the testbench then defines ACOSIM_TENSIL_HAS_GENERATED.
if(TARGET acosim_tensil_generated)
  add_library(acosim_tensil_generated_tcu STATIC ${CMAKE_CURRENT_LIST_DIR}/generated_tcu.cpp)
  target_link_libraries(acosim_tensil_generated_tcu
    PUBLIC acosim_tensil_tcu acosim_tensil_sw acosim_core acosim_tensil_regs acosim_root PkgConfig::SYSTEMC
    PRIVATE acosim_tensil_generated acosim_warnings)
  # The builds present, for the test bench's directory.
  set_property(GLOBAL PROPERTY ACOSIM_TENSIL_GENERATED_BUILDS ${ACOSIM_TENSIL_GENERATED_BUILDS})
endif()
