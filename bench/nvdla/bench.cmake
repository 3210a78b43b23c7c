# build/acosim-nvdla-bench: speed figures of the NVDLA co-simulation (BDMA
# copies, PDP pooling layers, the conformance traces). Plain C++: each
# SystemC case runs in a child process of its own, which the program
# arranges itself. The firmware uses the HAL and the generated register
# headers only, not the driver.
add_executable(acosim-nvdla-bench ${CMAKE_CURRENT_LIST_DIR}/nvdla_bench.cpp)
target_link_libraries(acosim-nvdla-bench PRIVATE acosim_nvdla_system acosim_nvdla_pooling_reference acosim_root acosim_warnings)
target_compile_definitions(acosim-nvdla-bench PRIVATE
  ACOSIM_BINARY="$<TARGET_FILE:acosim>"
  ACOSIM_CONFORMANCE_DIR="${ACOSIM_CONFORMANCE_DIR}")
set_target_properties(acosim-nvdla-bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
# The conformance part runs the acosim command.
add_dependencies(acosim-nvdla-bench acosim)

# Smoke run: small sizes, every case once (results are checked, so a wrong
# copy or pooling fails the test).
add_test(NAME nvdla_bench_quick COMMAND acosim-nvdla-bench --quick)
set_tests_properties(nvdla_bench_quick PROPERTIES LABELS slow TIMEOUT 600)
