# The latency/energy estimate of Tensil's compiler (tools/tensil/estimator).
# Plain GoogleTest, no SystemC.
acosim_add_gtest(NAME tensil_estimator_tests
  LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_estimator.cpp
  LIBS acosim_tensil_estimator)
