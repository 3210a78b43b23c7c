# `acosim nvdla ...` as a user runs it: one process per command, exit
# status, stdout report and stderr error line. Tests that start from NVDLA's
# trace tests find them under ACOSIM_CONFORMANCE_DIR/nvdla and skip when
# that folder is missing.
acosim_add_gtest(NAME nvdla_cli_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_nvdla_cli.cpp)
target_compile_definitions(nvdla_cli_tests PRIVATE
  ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
add_dependencies(nvdla_cli_tests acosim)
