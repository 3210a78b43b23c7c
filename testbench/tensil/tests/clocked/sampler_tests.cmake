# The clocked TCU's sampler against Tensil's SamplerSpec and
# AXIWrapperTCUSpec, and the host-side sample tools (tools/tensil/samples,
# plot). Plain GoogleTest, no SystemC.
acosim_add_gtest(NAME tensil_sampler_tests
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_sampler.cpp
  LIBS acosim_tensil_clocked_sampler)
acosim_add_gtest(NAME tensil_samples_tests
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_samples.cpp
  LIBS acosim_tensil_samples)
