# Habana's custom-kernel repository (ACOSIM_CLIENTS_DIR/habana-custom-kernel,
# HabanaAI/Habana_Custom_Kernel) built unmodified by its own CMakeLists.txt,
# as with Habana's tools installed, except that its CACHE variables point at
# acosim: TPC_COMPILER_PATH at acosim's tpc-clang, the test core, simulator
# and ELF reader libraries at libtpc_tests_core.so, TPC_INCLUDE_DIR at
# Habana's gc_interface.h (ACOSIM_CLIENTS_DIR/habana-gc-api) and
# TPC_TESTS_CORE_INCLUDE_DIR at acosim's TensorDescriptor.h.
set(ACOSIM_HABANA_KERNELS_DIR ${ACOSIM_CLIENTS_DIR}/habana-custom-kernel)
set(ACOSIM_HABANA_GC_API_INCLUDE_DIR ${ACOSIM_CLIENTS_DIR}/habana-gc-api/external_includes)

# tpc-clang refuses a kernel calling an intrinsic TPC-C lacks, and one with
# sixteen tensors that uses printf, naming the cause. These need only
# acosim's own tools and kernels, so they run without the clients folder.
foreach(case "unknown_intrinsic|v_f32_frobnicate_b" "printf_16_tensors|uses printf takes at most 15 tensors")
  string(REPLACE "|" ";" parts "${case}")
  list(GET parts 0 kernel)
  list(GET parts 1 cause)
  add_test(NAME habana_tpc_clang_refuses.${kernel}
    COMMAND bash -c "out=$(${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang -march=gaudi -Wall -Werror ${CMAKE_CURRENT_SOURCE_DIR}/tests/kernels/${kernel}.c -c -o /dev/null 2>&1); status=$?; echo \"$out\" | tail -5; [ $status -ne 0 ] && grep -q '${cause}' <<<\"$out\"")
  set_tests_properties(habana_tpc_clang_refuses.${kernel} PROPERTIES LABELS habana)
endforeach()

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
# GCC 12 finds a maybe-uninitialized variable in upstream's gaudi2 glue
# (avg_pool_2d_f32_gaudi2.cpp) that its compiler did not; upstream's -Wall
# -Werror stays in force for everything else. A sanitizer build instruments
# the glue code and tests as it does acosim (the test program must load the
# sanitizer runtime first, before libtpc_tests_core.so), except for
# alignment: upstream's sparse-lengths test stores fp32 scales at 2-byte
# aligned addresses of its bf16 rows (sparse_lengths_sum_bf16_test.cpp,
# line 117), which x86 allows.
set(acosim_custom_kernels_flags -Wno-error=maybe-uninitialized)
set(acosim_custom_kernels_link_flags "")
if(ACOSIM_SANITIZE)
  string(APPEND acosim_custom_kernels_flags
    " -fsanitize=address,undefined -fno-sanitize=alignment --param=asan-stack=0 -fno-omit-frame-pointer")
  set(acosim_custom_kernels_link_flags -fsanitize=address,undefined)
endif()
ExternalProject_Add(habana_custom_kernels
  SOURCE_DIR ${ACOSIM_HABANA_KERNELS_DIR}
  BINARY_DIR ${acosim_custom_kernels_dir}
  CMAKE_ARGS
    -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_C_COMPILER=${CMAKE_C_COMPILER}
    -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
    -DCMAKE_CXX_COMPILER_LAUNCHER=${ACOSIM_CCACHE}
    -DCMAKE_CXX_FLAGS=${acosim_custom_kernels_flags}
    -DCMAKE_EXE_LINKER_FLAGS=${acosim_custom_kernels_link_flags}
    -DCMAKE_SHARED_LINKER_FLAGS=${acosim_custom_kernels_link_flags}
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

# RunSimulation on kernels of acosim's own, and the errors of tpc-clang.
set(acosim_test_kernels_dir ${CMAKE_BINARY_DIR}/habana/test_kernels)
function(acosim_test_kernel name source march)
  set(out ${acosim_test_kernels_dir}/${name}.o)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${acosim_test_kernels_dir}
    COMMAND ${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang -march=${march} -O2 -Wall -Werror
      ${CMAKE_CURRENT_SOURCE_DIR}/tests/kernels/${source}.c -c -o ${out}
    DEPENDS ${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang ${CMAKE_CURRENT_SOURCE_DIR}/tests/kernels/${source}.c)
  set(acosim_test_kernel_outputs ${acosim_test_kernel_outputs} ${out} PARENT_SCOPE)
endfunction()
acosim_test_kernel(scale_f32 scale_f32 gaudi)
acosim_test_kernel(scale_f32_gaudi2 scale_f32 gaudi2)
acosim_test_kernel(slm_misaligned slm_misaligned gaudi)
acosim_test_kernel(vlm_after_lookup vlm_after_lookup gaudi)
add_custom_target(habana_test_kernels DEPENDS ${acosim_test_kernel_outputs})

add_executable(habana_run_simulation_tests tests/test_run_simulation.cpp)
target_include_directories(habana_run_simulation_tests PRIVATE tpc_test_core/include)
target_include_directories(habana_run_simulation_tests SYSTEM PRIVATE
  ${ACOSIM_HABANA_GC_API_INCLUDE_DIR} ${ACOSIM_HABANA_KERNELS_DIR}/tests)
target_link_libraries(habana_run_simulation_tests PRIVATE tpc_tests_core GTest::gtest_main GTest::gtest acosim_warnings)
target_compile_definitions(habana_run_simulation_tests PRIVATE
  ACOSIM_KERNEL_SCALE="${acosim_test_kernels_dir}/scale_f32.o"
  ACOSIM_KERNEL_SCALE_GAUDI2="${acosim_test_kernels_dir}/scale_f32_gaudi2.o"
  ACOSIM_KERNEL_SLM_MISALIGNED="${acosim_test_kernels_dir}/slm_misaligned.o"
  ACOSIM_KERNEL_VLM_AFTER_LOOKUP="${acosim_test_kernels_dir}/vlm_after_lookup.o")
add_dependencies(habana_run_simulation_tests habana_test_kernels)
gtest_discover_tests(habana_run_simulation_tests PROPERTIES LABELS habana
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR} DISCOVERY_TIMEOUT 60)

# Habana's printf_test kernel through its own glue code.
add_executable(habana_printf_kernel_tests tests/test_printf_kernel.cpp)
target_include_directories(habana_printf_kernel_tests PRIVATE tpc_test_core/include)
target_include_directories(habana_printf_kernel_tests SYSTEM PRIVATE
  ${ACOSIM_HABANA_GC_API_INCLUDE_DIR} ${ACOSIM_HABANA_KERNELS_DIR}/tests)
target_link_libraries(habana_printf_kernel_tests PRIVATE tpc_tests_core GTest::gtest_main GTest::gtest
  ${CMAKE_DL_LIBS} acosim_warnings)
target_compile_definitions(habana_printf_kernel_tests PRIVATE
  ACOSIM_CUSTOM_KERNEL_LIBRARY="${acosim_custom_kernels_dir}/src/libcustom_tpc_perf_lib.so")
add_dependencies(habana_printf_kernel_tests habana_custom_kernels)
gtest_discover_tests(habana_printf_kernel_tests PROPERTIES LABELS habana
  WORKING_DIRECTORY ${CMAKE_BINARY_DIR} DISCOVERY_TIMEOUT 60)
