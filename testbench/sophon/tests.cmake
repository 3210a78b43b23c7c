# The Sophon model's own tests: plain C++ where no simulation kernel is
# needed (layouts, the BDC's arithmetic), SystemC where the engines run.
acosim_add_gtest(NAME sophon_datapath_tests LABELS sophon
  SOURCES tests/test_layout.cpp tests/test_bdc_elementwise.cpp tests/test_bdc_tpu_kernel.cpp tests/test_bdc_nn.cpp tests/test_bdc_fixed_point.cpp
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

# BM1684X: the example TPU-Kernel functions (examples/sophon/tpu_kernels),
# linked into a host program and launched by name, and built as a module.
set(acosim_example_tpu_kernels
  ${CMAKE_SOURCE_DIR}/examples/sophon/tpu_kernels/relu.c
  ${CMAKE_SOURCE_DIR}/examples/sophon/tpu_kernels/add.c
  ${CMAKE_SOURCE_DIR}/examples/sophon/tpu_kernels/matmul.c
  ${CMAKE_SOURCE_DIR}/examples/sophon/tpu_kernels/conv2d.c)
add_library(acosim_example_tpu_kernels SHARED ${acosim_example_tpu_kernels})
target_include_directories(acosim_example_tpu_kernels PRIVATE ${ACOSIM_SOPHON_BM1684X_DIR}/include)
target_compile_options(acosim_example_tpu_kernels PRIVATE -Wall -Wextra -Werror -UNDEBUG)
set_target_properties(acosim_example_tpu_kernels PROPERTIES LINKER_LANGUAGE C)

foreach(suite tpu_kernel tpu_kernel_module)
  add_executable(sophon_${suite}_tests tests/test_${suite}.cpp)
  target_include_directories(sophon_${suite}_tests PRIVATE ${ACOSIM_SOPHON_BM1684X_DIR}/include)
  target_link_libraries(sophon_${suite}_tests PRIVATE acosim_bmlib_bm1684x GTest::gtest_main GTest::gtest
    acosim_root acosim_warnings)
  set_target_properties(sophon_${suite}_tests PROPERTIES BUILD_RPATH ${ACOSIM_SOPHON_BM1684X_DIR}/lib)
  gtest_discover_tests(sophon_${suite}_tests PROPERTIES LABELS sophon
    WORKING_DIRECTORY ${CMAKE_BINARY_DIR} DISCOVERY_TIMEOUT 60)
endforeach()
target_sources(sophon_tpu_kernel_tests PRIVATE ${acosim_example_tpu_kernels})
target_compile_definitions(sophon_tpu_kernel_module_tests PRIVATE
  ACOSIM_EXAMPLE_MODULE="$<TARGET_FILE:acosim_example_tpu_kernels>")
add_dependencies(sophon_tpu_kernel_module_tests acosim_example_tpu_kernels)

acosim_add_gtest(NAME sophon_cli_tests LABELS sophon SOURCES tests/test_cli.cpp)
target_compile_definitions(sophon_cli_tests PRIVATE ACOSIM_BINARY="$<TARGET_FILE:acosim>")
add_dependencies(sophon_cli_tests acosim okk_pipeline)
