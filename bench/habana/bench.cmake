# build/acosim-habana-bench: speed of the TPC model on Habana's own add_f32
# kernel (README "Speed"); needs the custom-kernel client.
if(EXISTS ${ACOSIM_CLIENTS_DIR}/habana-custom-kernel/kernels/gaudi/add_f32.c)
  set(add_f32_kernel ${CMAKE_BINARY_DIR}/habana/bench/add_f32.o)
  add_custom_command(OUTPUT ${add_f32_kernel}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/habana/bench
    COMMAND ${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang -march=gaudi -O2
      -I${ACOSIM_CLIENTS_DIR}/habana-custom-kernel/kernels/include
      ${ACOSIM_CLIENTS_DIR}/habana-custom-kernel/kernels/gaudi/add_f32.c -c -o ${add_f32_kernel}
    DEPENDS ${ACOSIM_HABANA_TOOLS_DIR}/tpc-clang ${ACOSIM_CLIENTS_DIR}/habana-custom-kernel/kernels/gaudi/add_f32.c
    COMMENT "tpc-clang add_f32.c (benchmark)")
  add_custom_target(habana_bench_kernel DEPENDS ${add_f32_kernel})
  add_executable(acosim-habana-bench ${CMAKE_CURRENT_LIST_DIR}/habana_bench.cpp)
  target_link_libraries(acosim-habana-bench PRIVATE acosim_habana_models acosim_root acosim_warnings)
  target_compile_definitions(acosim-habana-bench PRIVATE ACOSIM_ADD_F32_KERNEL="${add_f32_kernel}"
    ACOSIM_ABS_PROGRAM="${CMAKE_SOURCE_DIR}/examples/habana/abs.s")
  add_dependencies(acosim-habana-bench habana_bench_kernel acosim_tpc_clang)
  set_target_properties(acosim-habana-bench PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
endif()
