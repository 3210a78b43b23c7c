# tools/tensil/estimator: the latency/energy estimate Tensil's compiler
# reports for a program (Tensil tools/src/tensil/tools/compiler/Estimator.scala),
# for `acosim tensil estimate` and `acosim tensil run`.
add_library(acosim_tensil_estimator STATIC
  ${CMAKE_CURRENT_LIST_DIR}/estimator.cpp)
target_link_libraries(acosim_tensil_estimator
  PUBLIC acosim_tensil_sw
  PRIVATE acosim_warnings)
