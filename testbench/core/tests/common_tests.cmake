# Tests of the plain C++ file formats every accelerator shares: NumPy's .npy
# (sw/common/npy) and GTKWave save files beside the VCDs (systemc/core/gtkw).
acosim_add_gtest(NAME npy_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_npy.cpp
  LIBS acosim_npy)
acosim_add_gtest(NAME gtkw_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gtkw.cpp
  LIBS acosim_gtkw)

# Every command that writes waves leaves a .gtkw beside its VCD (Tensil's
# Verilated writer and core::VcdTracer, here through Habana's `tpc run`).
acosim_add_gtest(NAME gtkw_cli_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_gtkw_cli.cpp)
target_compile_definitions(gtkw_cli_tests PRIVATE
  ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_dependencies(gtkw_cli_tests acosim)
