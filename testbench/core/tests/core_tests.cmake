# Tests of systemc/core: the sparse memory target, the DMA port and the TLM binding of the
# HAL. SYSTEMC: each case elaborates its own modules in its own process.
acosim_add_gtest(NAME core_tests SYSTEMC LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_memory.cpp ${CMAKE_CURRENT_LIST_DIR}/test_tlm_hal.cpp
    ${CMAKE_CURRENT_LIST_DIR}/test_dma_port.cpp
  LIBS acosim_core)
