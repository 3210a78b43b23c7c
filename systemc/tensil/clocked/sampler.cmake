# systemc/tensil/clocked/sampler: the clocked TCU's performance sampler
# (Tensil's rtl/src/main/scala/tensil/tcu/Sampler.scala). Plain C++.
add_library(acosim_tensil_clocked_sampler STATIC
  ${CMAKE_CURRENT_LIST_DIR}/sampler.cpp)
target_link_libraries(acosim_tensil_clocked_sampler
  PUBLIC acosim_root
  PRIVATE acosim_warnings)
