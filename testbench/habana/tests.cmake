# The TPC model's own tests: plain C++ where no simulation kernel is needed,
# SystemC where TPCs run.
acosim_add_gtest(NAME habana_tpc_tests LABELS habana
  SOURCES tests/test_index_space.cpp tests/test_tensor_access.cpp tests/test_local_memory.cpp
  LIBS acosim_habana_tpc)

# A kernel written against KernelServices directly, loaded as the glue code
# would hand a kernel over, runs on the SystemC chip.
add_library(habana_abs_kernel MODULE tests/abs_kernel.cpp)
target_link_libraries(habana_abs_kernel PRIVATE acosim_root acosim_warnings)
acosim_add_gtest(NAME habana_chip_tests SYSTEMC LABELS habana
  SOURCES tests/test_chip.cpp
  LIBS acosim_habana_models)
target_compile_definitions(habana_chip_tests PRIVATE ACOSIM_ABS_KERNEL="$<TARGET_FILE:habana_abs_kernel>")
add_dependencies(habana_chip_tests habana_abs_kernel)

# The assembler against the TPC compiler's own round-trip tests (every
# gaudi .s file of ACOSIM_CLIENTS_DIR/tpc-llvm-asm; skipped without it).
acosim_add_gtest(NAME habana_tpc_asm_tests LABELS habana
  SOURCES tests/test_tpc_asm.cpp
  LIBS acosim_habana_asm)
set_property(TARGET habana_tpc_asm_tests APPEND PROPERTY COMPILE_DEFINITIONS
  ACOSIM_TPC_ASM_TESTS_DIR="${ACOSIM_CLIENTS_DIR}/tpc-llvm-asm/clang/test/RC99/asm")

# The special functions and LUT instructions against double-precision
# references (docs/habana-special-functions.md).
acosim_add_gtest(NAME habana_special_function_tests LABELS habana
  SOURCES tests/test_special_functions.cpp
  LIBS acosim_root)

# The TPC-C front end's intrinsics, on fake services, against hand-computed
# values.
acosim_add_gtest(NAME habana_tpc_c_tests LABELS habana
  SOURCES tests/test_tpc_c_intrinsics.cpp
  LIBS acosim_root)
# TPC-C reinterprets vectors through pointer casts, as kernels do; they are
# compiled with -fno-strict-aliasing (tpc-clang), and so is this test.
target_compile_options(habana_tpc_c_tests PRIVATE -fno-strict-aliasing)

# The VLIW core: the exposed pipeline cycle by cycle, predication, each
# instruction class against references in the test, control flow, errors.
acosim_add_gtest(NAME habana_vliw_tests LABELS habana
  SOURCES tests/test_vliw_core.cpp
  LIBS acosim_habana_vliw)

# `acosim tpc` as a user runs it.
acosim_add_gtest(NAME habana_cli_tests LABELS habana SOURCES tests/test_cli.cpp)
target_compile_definitions(habana_cli_tests PRIVATE ACOSIM_BINARY="$<TARGET_FILE:acosim>"
  ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_dependencies(habana_cli_tests acosim)
