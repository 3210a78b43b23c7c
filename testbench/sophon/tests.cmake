# The Sophon model's own tests: plain C++ where no simulation kernel is
# needed (layouts, the BDC's arithmetic), SystemC where the engines run.
acosim_add_gtest(NAME sophon_datapath_tests LABELS sophon
  SOURCES tests/test_layout.cpp tests/test_bdc_elementwise.cpp tests/test_bdc_nn.cpp tests/test_bdc_fixed_point.cpp
  LIBS acosim_sophon_datapath)

acosim_add_gtest(NAME sophon_tpu_tests SYSTEMC LABELS sophon
  SOURCES tests/test_tpu.cpp
  LIBS acosim_sophon_models)

# The drop-in library from a host program's side (its own main()).
add_executable(sophon_bmlib_tests tests/test_bmlib.cpp)
target_link_libraries(sophon_bmlib_tests PRIVATE acosim_bmlib_bm1684 GTest::gtest_main GTest::gtest
  acosim_root acosim_warnings)
set_target_properties(sophon_bmlib_tests PROPERTIES BUILD_RPATH ${ACOSIM_SOPHON_BM1684_DIR}/lib)
gtest_discover_tests(sophon_bmlib_tests PROPERTIES LABELS sophon
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR} DISCOVERY_TIMEOUT 60)
