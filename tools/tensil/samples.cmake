# tools/tensil/samples and plot: reading, summarising and plotting the TCU's
# performance samples (the files Tensil's drivers/embedded/tensil/sample_buffer.c
# writes), for `acosim tensil plot`. Plotting runs gnuplot (gnuplot-nox).
add_library(acosim_tensil_samples STATIC
  ${CMAKE_CURRENT_LIST_DIR}/samples.cpp
  ${CMAKE_CURRENT_LIST_DIR}/plot.cpp)
target_link_libraries(acosim_tensil_samples
  PUBLIC acosim_tensil_sw
  PRIVATE acosim_warnings)
