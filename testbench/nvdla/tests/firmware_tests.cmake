# NVDLA's own firmware (nvdla/sw kmd/firmware, compiled unmodified from
# ACOSIM_CLIENTS_DIR) running tasks on the SystemC models through the port
# of sw/nvdla/firmware. Each test elaborates its own system: one test per
# process. Without the client sources the suite reports itself skipped
# (failed under CI=true).
if(TARGET acosim_nvdla_firmware)
  acosim_add_gtest(NAME nvdla_firmware_tests SYSTEMC
    LABELS unit
    SOURCES
      ${CMAKE_CURRENT_LIST_DIR}/test_firmware.cpp
    LIBS acosim_nvdla_firmware_run)
  # Negative controls of the second-run comparison of firmware_test_support.h.
  acosim_add_gtest(NAME nvdla_fingerprint_controls_tests SYSTEMC
    LABELS unit
    SOURCES
      ${CMAKE_CURRENT_LIST_DIR}/test_fingerprint_controls.cpp
    LIBS acosim_nvdla_firmware_run)
else()
  add_test(NAME nvdla_firmware_tests
    COMMAND bash -c "echo 'no NVDLA firmware sources at ${ACOSIM_CLIENTS_DIR}/nvdla-sw/kmd: run scripts/fetch-clients.sh or point ACOSIM_CLIENTS_DIR at a folder with nvdla-sw/'; if [ \"$CI\" = true ]; then exit 1; fi; exit 77")
  set_tests_properties(nvdla_firmware_tests PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
endif()
