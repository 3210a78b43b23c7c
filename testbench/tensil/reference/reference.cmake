# Independent references for the example models (bit-exact fixed point and
# double precision); plain C++, no SystemC.
add_library(acosim_tensil_reference STATIC
  ${CMAKE_CURRENT_LIST_DIR}/source_model.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fixed_reference.cpp
  ${CMAKE_CURRENT_LIST_DIR}/float_reference.cpp)
target_link_libraries(acosim_tensil_reference
  PUBLIC acosim_root
  PRIVATE acosim_warnings nlohmann_json::nlohmann_json)
