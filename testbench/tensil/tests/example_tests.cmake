# Example models: the builder, the independent references, and the examples
# run end to end on the co-simulated TCU.
include(${CMAKE_CURRENT_LIST_DIR}/../reference/reference.cmake)

set(ACOSIM_EXAMPLES_DEFINE ACOSIM_EXAMPLES_DIR="${CMAKE_SOURCE_DIR}/examples/tensil")

acosim_add_gtest(NAME tensil_reference_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_reference.cpp
  LIBS acosim_tensil_reference)
target_compile_definitions(tensil_reference_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE})

acosim_add_gtest(NAME tensil_model_builder_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_model_builder.cpp
  LIBS acosim_tensil_model_builder)
target_compile_definitions(tensil_model_builder_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE})

# End to end through run_model(): the fast engine is quick enough for the
# unit label; the Verilated engines (rtl, lockstep) carry the rtl label.
acosim_add_gtest(NAME tensil_example_fast_tests SYSTEMC LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/example_run.cpp
    ${CMAKE_CURRENT_LIST_DIR}/example_check.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_examples_fast.cpp
  LIBS acosim_tensil_system acosim_tensil_model_builder acosim_tensil_reference)
target_compile_definitions(tensil_example_fast_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE})

acosim_add_gtest(NAME tensil_example_rtl_tests SYSTEMC LABELS rtl
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/example_run.cpp
    ${CMAKE_CURRENT_LIST_DIR}/example_check.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_examples_rtl.cpp
  LIBS acosim_tensil_system acosim_tensil_model_builder acosim_tensil_reference)
target_compile_definitions(tensil_example_rtl_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE})

# Negative controls of check_example_output and of the client tests'
# verdict check (client_verdicts.h): wrong outputs and corrupted
# expectations must fail them. Plain C++, no simulation.
acosim_add_gtest(NAME tensil_checker_controls_tests LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/example_check.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_checker_controls.cpp
  LIBS acosim_tensil_reference)
target_compile_definitions(tensil_checker_controls_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE})
