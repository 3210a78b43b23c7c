# The NVDLA BDMA and PDP drivers running as firmware against the SystemC
# models of the co-simulation top, checked byte for byte against an
# independent pooling reference (testbench/nvdla/reference) and hand
# computations. Each test elaborates its own system: one test per process.
add_library(acosim_nvdla_pooling_reference STATIC
  ${CMAKE_CURRENT_LIST_DIR}/../reference/pooling_reference.cpp)
target_link_libraries(acosim_nvdla_pooling_reference PUBLIC acosim_root PRIVATE acosim_warnings)

acosim_add_gtest(NAME nvdla_driver_model_tests SYSTEMC
  LABELS unit
  SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/test_driver_models.cpp
  LIBS acosim_nvdla_system acosim_nvdla_driver acosim_nvdla_pooling_reference)
