# NVDLA's firmware driven from layer descriptions: the JSON layer files of
# `acosim nvdla firmware` and the conversion of NVDLA's pooling trace tests
# into firmware layers (testbench/nvdla/firmware), their unit tests, and the
# conformance suite that runs every offline PDP trace and the fused SDP ->
# PDP traces through the unmodified firmware and checks each trace's golden
# CRC or dump.
#
# The layer library needs only the descriptor types (layer.h), so it and its
# JSON tests build without the firmware sources; the conformance suite needs
# the firmware build (sw/nvdla/firmware/firmware.cmake) and the data under
# ACOSIM_CONFORMANCE_DIR/nvdla.
add_library(acosim_nvdla_firmware_layers STATIC
  ${CMAKE_CURRENT_LIST_DIR}/../firmware/layer_json.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../firmware/trace_layer.cpp)
target_link_libraries(acosim_nvdla_firmware_layers
  PUBLIC acosim_nvdla_trace acosim_nvdla_regs acosim_hal acosim_root
  PRIVATE nlohmann_json::nlohmann_json acosim_warnings)

acosim_add_gtest(NAME nvdla_layer_json_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_layer_json.cpp
  LIBS acosim_nvdla_firmware_layers)
target_compile_definitions(nvdla_layer_json_tests PRIVATE
  ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
# Under CI=true the trace tests fail without their data (the empty folder
# and the expected output are those of trace_tests.cmake).
add_test(NAME nvdla_conformance_missing_fails_under_ci.layer_json_tests
  COMMAND ${CMAKE_COMMAND} -E env CI=true ACOSIM_CONFORMANCE_DIR=${ACOSIM_NVDLA_EMPTY_CONFORMANCE}
    $<TARGET_FILE:nvdla_layer_json_tests> --gtest_filter=TraceLayer.SplitWidthTraceBecomesAPdpDescriptor)
set_tests_properties(nvdla_conformance_missing_fails_under_ci.layer_json_tests PROPERTIES
  LABELS unit PASS_REGULAR_EXPRESSION "${ACOSIM_NVDLA_MISSING_DATA_FAILS}")

# Negative controls of the register comparison of the conformance suite
# and of the pooling reference: wrong programming and wrong poolings must
# be reported.
acosim_add_gtest(NAME nvdla_negative_controls_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_negative_controls.cpp
  LIBS acosim_nvdla_firmware_layers acosim_nvdla_pooling_reference)
target_compile_definitions(nvdla_negative_controls_tests PRIVATE
  ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
add_test(NAME nvdla_conformance_missing_fails_under_ci.negative_controls_tests
  COMMAND ${CMAKE_COMMAND} -E env CI=true ACOSIM_CONFORMANCE_DIR=${ACOSIM_NVDLA_EMPTY_CONFORMANCE}
    $<TARGET_FILE:nvdla_negative_controls_tests> --gtest_filter=CompareProgrammingControl.TheTracesOwnRegistersMatch)
set_tests_properties(nvdla_conformance_missing_fails_under_ci.negative_controls_tests PROPERTIES
  LABELS unit PASS_REGULAR_EXPRESSION "${ACOSIM_NVDLA_MISSING_DATA_FAILS}")

if(TARGET acosim_nvdla_firmware_run)
  acosim_add_gtest(NAME nvdla_firmware_conformance_tests SYSTEMC
    LABELS unit
    SOURCES
      ${CMAKE_CURRENT_LIST_DIR}/test_firmware_conformance.cpp
      ${CMAKE_CURRENT_LIST_DIR}/../firmware/layer_task.cpp
    LIBS acosim_nvdla_firmware_layers acosim_nvdla_firmware_run)
  target_compile_definitions(nvdla_firmware_conformance_tests PRIVATE
    ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
  # `acosim nvdla firmware` runs layer files on the firmware.
  target_sources(acosim_nvdla_cli PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../firmware/layer_task.cpp)
  target_link_libraries(acosim_nvdla_cli PUBLIC acosim_nvdla_firmware_layers acosim_nvdla_firmware_run)
  target_compile_definitions(acosim_nvdla_cli PRIVATE ACOSIM_NVDLA_FIRMWARE=1)

  # `acosim nvdla firmware` as a user runs it, on the layers of examples/nvdla.
  acosim_add_gtest(NAME nvdla_firmware_cli_tests LABELS unit
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_nvdla_firmware_cli.cpp)
  target_compile_definitions(nvdla_firmware_cli_tests PRIVATE
    ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_EXAMPLES_DIR="${CMAKE_SOURCE_DIR}/examples/nvdla")
  add_dependencies(nvdla_firmware_cli_tests acosim)
  # The max-pool example's expected bytes are checked against the
  # independent pooling reference.
  target_link_libraries(nvdla_firmware_cli_tests PRIVATE acosim_nvdla_firmware_layers acosim_nvdla_pooling_reference)
else()
  # Without the firmware sources the suite reports itself skipped (failing
  # under CI=true), naming where the sources come from.
  foreach(suite nvdla_firmware_conformance_tests nvdla_firmware_cli_tests)
    add_test(NAME ${suite}
      COMMAND sh -c "echo 'NVDLA firmware sources not found under ACOSIM_CLIENTS_DIR (${ACOSIM_CLIENTS_DIR}/nvdla-sw); fetch them with scripts/fetch-clients.sh'; if [ \"$CI\" = true ]; then exit 1; fi; exit 77")
    set_tests_properties(${suite} PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
  endforeach()
  target_link_libraries(acosim_nvdla_cli PUBLIC acosim_nvdla_firmware_layers)
endif()
