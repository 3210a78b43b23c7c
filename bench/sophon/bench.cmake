# build/acosim-sophon-bench: speed of the Sophon model (README "Sophon").
add_executable(acosim-sophon-bench ${CMAKE_CURRENT_LIST_DIR}/sophon_bench.cpp)
target_include_directories(acosim-sophon-bench PRIVATE ${CMAKE_BINARY_DIR}/sophon/bm1684/include)
target_link_libraries(acosim-sophon-bench PRIVATE acosim_bmlib_bm1684 acosim_root acosim_warnings)
target_compile_definitions(acosim-sophon-bench PRIVATE
  ACOSIM_OKKERNEL_BIN="${CMAKE_BINARY_DIR}/sophon/bin"
  ACOSIM_OKKERNEL_DIR="${ACOSIM_CLIENTS_DIR}/sophon-okkernel/okkernel")
set_target_properties(acosim-sophon-bench PROPERTIES
  RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}
  BUILD_RPATH ${CMAKE_BINARY_DIR}/sophon/bm1684/lib)
