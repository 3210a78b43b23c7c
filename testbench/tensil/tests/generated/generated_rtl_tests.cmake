# Tensil's generated Verilog of whole TCUs (ACOSIM_RTL_DIR), Verilated and
# driven at its pins. Without the folder: one stand-in test, skipped and
# naming the fetch script (failing under CI=true).
if(TARGET acosim_tensil_generated)
  acosim_add_gtest(NAME tensil_generated_rtl_tests LABELS rtl
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_generated_rtl.cpp
    LIBS acosim_tensil_generated acosim_tensil_sw)
else()
  add_test(NAME tensil_generated_rtl.missing
    COMMAND bash -c "echo 'no Tensil generated RTL under ${ACOSIM_RTL_DIR}/tensil: run scripts/fetch-tensil-rtl.sh or point the CMake option ACOSIM_RTL_DIR at such a folder'; if [ \"$CI\" = true ]; then exit 1; fi; exit 77")
  set_tests_properties(tensil_generated_rtl.missing PROPERTIES LABELS rtl SKIP_RETURN_CODE 77)
endif()
