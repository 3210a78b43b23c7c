# tools/tensil: the host-side model builder. Reads the example model sources
# (examples/tensil/models/*.json) and compiles them into Tensil's
# .tmodel/.tprog/.tdata; `acosim tensil build-model` runs it.
add_library(acosim_tensil_model_builder STATIC
  ${CMAKE_CURRENT_LIST_DIR}/model_source.cpp
  ${CMAKE_CURRENT_LIST_DIR}/model_compiler.cpp)
target_link_libraries(acosim_tensil_model_builder
  PUBLIC acosim_tensil_sw
  PRIVATE acosim_warnings nlohmann_json::nlohmann_json)
