# NVDLA trace formats (.cfg, .txn, payload files, CRC-32) and the trace
# player that replays them through the HAL. Plain C++, no SystemC; tested
# against a fake HAL. Tests that read NVDLA's own traces find them under
# ACOSIM_CONFORMANCE_DIR/nvdla and skip when that folder is missing.
set(ACOSIM_NVDLA_TRACE_DIR ${CMAKE_CURRENT_LIST_DIR}/../trace)
add_library(acosim_nvdla_trace STATIC
  ${ACOSIM_NVDLA_TRACE_DIR}/trace_text.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/crc32.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/surface_file.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/unit_names.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/cfg_trace.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/txn_trace.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/interrupt_handler.cpp
  ${ACOSIM_NVDLA_TRACE_DIR}/trace_player.cpp)
target_link_libraries(acosim_nvdla_trace PUBLIC acosim_nvdla_regs acosim_hal acosim_root PRIVATE acosim_warnings)

acosim_add_gtest(NAME nvdla_trace_tests
  LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_trace_formats.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_trace_player.cpp
  LIBS acosim_nvdla_trace)
target_compile_definitions(nvdla_trace_tests PRIVATE ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")

# Under CI=true a missing conformance folder fails the tests that need it
# rather than skipping them: run against an empty folder, the suite must
# fail, naming the folder and the fetch script.
set(ACOSIM_NVDLA_EMPTY_CONFORMANCE ${CMAKE_CURRENT_BINARY_DIR}/empty_conformance)
file(MAKE_DIRECTORY ${ACOSIM_NVDLA_EMPTY_CONFORMANCE})
set(ACOSIM_NVDLA_MISSING_DATA_FAILS
  "not found at ${ACOSIM_NVDLA_EMPTY_CONFORMANCE}/nvdla[^\n]*; fetch it with scripts/fetch-nvdla-conformance.sh.*\\[  FAILED  \\] ")
add_test(NAME nvdla_conformance_missing_fails_under_ci.trace_tests
  COMMAND ${CMAKE_COMMAND} -E env CI=true ACOSIM_CONFORMANCE_DIR=${ACOSIM_NVDLA_EMPTY_CONFORMANCE}
    $<TARGET_FILE:nvdla_trace_tests>
    --gtest_filter=ConformanceTraces.EveryMasterTraceParses:PlayerTest.ConformanceSanityTraces)
set_tests_properties(nvdla_conformance_missing_fails_under_ci.trace_tests PROPERTIES
  LABELS unit PASS_REGULAR_EXPRESSION "${ACOSIM_NVDLA_MISSING_DATA_FAILS}")
