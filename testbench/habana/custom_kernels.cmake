# Habana's custom-kernel repository (ACOSIM_CLIENTS_DIR/habana-custom-kernel,
# HabanaAI/Habana_Custom_Kernel) built unmodified by its own CMakeLists.txt,
# as with Habana's tools installed, except that its CACHE variables point at
# acosim: TPC_COMPILER_PATH at acosim's tpc-clang, the test core, simulator
# and ELF reader libraries at libtpc_tests_core.so, TPC_INCLUDE_DIR at
# Habana's gc_interface.h (ACOSIM_CLIENTS_DIR/habana-gc-api) and
# TPC_TESTS_CORE_INCLUDE_DIR at acosim's TensorDescriptor.h.
set(ACOSIM_HABANA_KERNELS_DIR ${ACOSIM_CLIENTS_DIR}/habana-custom-kernel)
set(ACOSIM_HABANA_GC_API_INCLUDE_DIR ${ACOSIM_CLIENTS_DIR}/habana-gc-api/external_includes)

if(NOT EXISTS ${ACOSIM_HABANA_KERNELS_DIR}/CMakeLists.txt OR NOT EXISTS ${ACOSIM_HABANA_GC_API_INCLUDE_DIR}/gc_interface.h)
  add_test(NAME habana_custom_kernels.missing
    COMMAND bash -c "echo 'no Habana custom kernels at ${ACOSIM_HABANA_KERNELS_DIR} (or gc_interface.h at ${ACOSIM_HABANA_GC_API_INCLUDE_DIR}): run scripts/fetch-clients.sh or point ACOSIM_CLIENTS_DIR at a folder with habana-custom-kernel/ and habana-gc-api/'; if [ \"$CI\" = true ]; then exit 1; fi; exit 77")
  set_tests_properties(habana_custom_kernels.missing PROPERTIES LABELS habana SKIP_RETURN_CODE 77)
  return()
endif()

# acosim's TPC test core: tpc_tests::RunSimulation over the SystemC chip.
add_library(tpc_tests_core SHARED
  tpc_test_core/run_simulation.cpp
  tpc_test_core/access_pattern.cpp
  tpc_test_core/simulator.cpp
  tpc_test_core/sc_main.cpp)
target_include_directories(tpc_tests_core PRIVATE tpc_test_core/include)
# Habana's headers (the glue-code interface and the test core's API) are
# compiled as they are, outside acosim's warning flags.
target_include_directories(tpc_tests_core SYSTEM PRIVATE
  ${ACOSIM_HABANA_GC_API_INCLUDE_DIR} ${ACOSIM_HABANA_KERNELS_DIR}/tests)
target_link_libraries(tpc_tests_core PRIVATE acosim_habana_models acosim_warnings)
set_target_properties(tpc_tests_core PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/habana/lib)

include(ExternalProject)
set(acosim_custom_kernels_dir ${CMAKE_BINARY_DIR}/habana/custom_kernel)
ExternalProject_Add(habana_custom_kernels
  SOURCE_DIR ${ACOSIM_HABANA_KERNELS_DIR}
  BINARY_DIR ${acosim_custom_kernels_dir}
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DCMAKE_CXX_COMPILER_LAUNCHER=${ACOSIM_CCACHE}
    # GCC 12 finds a maybe-uninitialized variable in upstream's gaudi2 glue
    # (avg_pool_2d_f32_gaudi2.cpp) that its compiler did not; upstream's
    # -Wall -Werror stays in force for everything else.
    -DCMAKE_CXX_FLAGS=-Wno-error=maybe-uninitialized
    -Wno-dev
    -DTPC_COMPILER_PATH=${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang
    -DTPC_DISASSEMBLER_PATH=${ACOSIM_HABANA_TOOLS_DIR}/tpc-llvm-objdump
    -DTPCSIM_SHARED_LIBRARY=$<TARGET_FILE:tpc_tests_core>
    -DTPC_TEST_CORE_LIBRARY=$<TARGET_FILE:tpc_tests_core>
    -DTPC_ELF_READER_LIBRARY=$<TARGET_FILE:tpc_tests_core>
    -DTPC_INCLUDE_DIR=${ACOSIM_HABANA_GC_API_INCLUDE_DIR}
    -DTPC_TESTS_CORE_INCLUDE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/tpc_test_core/include
  INSTALL_COMMAND ""
  BUILD_ALWAYS ON
  DEPENDS tpc_tests_core acosim_tpc_clang)

# Each Gaudi test of upstream's tests_main.cpp as its own ctest, run as
# upstream runs it (tpc_kernel_tests -t NAME): it passes when the program
# exits 0 after its own CPU-reference comparison and the simulation ran.
set(acosim_custom_kernel_tests
  FilterFwd2DBF16Test SoftMaxBF16Test CastGaudiTest BatchNormF32Test LeakyReluF32GaudiTest
  SparseLengthsBF16Test CustomdivFwdF32Test Relu6FwdF32 Relu6BwdF32 Relu6FwdBF16 Relu6BwdBF16
  ReluFwdF32 ReluBwdF32 ReluFwdBF16 ReluBwdBF16 MatrixMulFwdF32Test SpatialConvF32Test SinF32Test
  AddF32Test AvgPool2DFwdF32Test AvgPool2DBwdF32Test)
foreach(test ${acosim_custom_kernel_tests})
  add_test(NAME habana_custom_kernels.${test}
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/run_custom_kernel_test.sh
      ${acosim_custom_kernels_dir}/tests/tpc_kernel_tests ${test})
  set_tests_properties(habana_custom_kernels.${test} PROPERTIES LABELS habana)
endforeach()
