# The NVDLA register contract: generated tables and header constants against
# the register manuals, the unit windows of both maps, and the generator's
# refusal of broken descriptions (it runs on copies in a temporary folder).
acosim_add_gtest(NAME nvdla_regs_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_regs.cpp
  LIBS acosim_nvdla_regs nlohmann_json::nlohmann_json)
target_compile_definitions(nvdla_regs_tests PRIVATE
  NVDLA_REGS_GEN="$<TARGET_FILE:nvdla_regs_gen>"
  NVDLA_REGS_DESCRIPTIONS="${CMAKE_SOURCE_DIR}/sw/nvdla/regs/descriptions")
add_dependencies(nvdla_regs_tests nvdla_regs_gen)
