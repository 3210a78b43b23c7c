# The Tensil software contract: layout, ISA, numerics, file formats,
# assembler. Plain GoogleTest, no SystemC.
acosim_add_gtest(NAME tensil_sw_tests
  LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_layout.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_isa.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_fixed.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_model.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_assembler.cpp
  LIBS acosim_tensil_sw)
