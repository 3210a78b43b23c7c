# sw/tensil/model_builder: compiles the example model sources
# (examples/tensil/models/*.json) into Tensil's .tmodel/.tprog/.tdata.
add_library(acosim_tensil_model_builder STATIC
  ${CMAKE_CURRENT_LIST_DIR}/model_builder.cpp)
target_link_libraries(acosim_tensil_model_builder
  PUBLIC acosim_tensil_sw
  PRIVATE acosim_warnings nlohmann_json::nlohmann_json)
