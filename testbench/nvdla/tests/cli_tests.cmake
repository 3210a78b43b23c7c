# `acosim nvdla ...` as a user runs it: one process per command, exit
# status, stdout report and stderr error line. Tests that start from NVDLA's
# trace tests find them under ACOSIM_CONFORMANCE_DIR/nvdla and skip when
# that folder is missing.
acosim_add_gtest(NAME nvdla_cli_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_nvdla_cli.cpp)
target_compile_definitions(nvdla_cli_tests PRIVATE
  ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
add_dependencies(nvdla_cli_tests acosim)

# Under CI=true the conformance tests fail without their data (the empty
# folder and the expected output are those of trace_tests.cmake).
add_test(NAME nvdla_conformance_missing_fails_under_ci.cli_tests
  COMMAND ${CMAKE_COMMAND} -E env CI=true ACOSIM_CONFORMANCE_DIR=${ACOSIM_NVDLA_EMPTY_CONFORMANCE}
    $<TARGET_FILE:nvdla_cli_tests> --gtest_filter=NvdlaCli.PlaysAConformanceTraceAndPassesItsCrc)
set_tests_properties(nvdla_conformance_missing_fails_under_ci.cli_tests PROPERTIES
  LABELS unit PASS_REGULAR_EXPRESSION "${ACOSIM_NVDLA_MISSING_DATA_FAILS}")
