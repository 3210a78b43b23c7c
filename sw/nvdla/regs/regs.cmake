# sw/nvdla/regs: the NVDLA hardware/software register contract. The register
# maps are described once in descriptions/*.json; nvdla_regs_gen turns them
# into the driver headers <unit>.h, the model tables <unit>.cpp and
# docs/nvdla-registers.md, which are checked in.

add_executable(nvdla_regs_gen ${CMAKE_SOURCE_DIR}/tools/nvdla_regs/nvdla_regs_gen.cpp)
target_link_libraries(nvdla_regs_gen PRIVATE nlohmann_json::nlohmann_json acosim_warnings)

set(ACOSIM_NVDLA_REGS_DESCRIPTIONS ${CMAKE_CURRENT_LIST_DIR}/descriptions)

# After editing a description: cmake --build build --target nvdla-regs
add_custom_target(nvdla-regs
  COMMAND nvdla_regs_gen ${ACOSIM_NVDLA_REGS_DESCRIPTIONS} ${CMAKE_SOURCE_DIR}
  COMMENT "Regenerating the NVDLA register headers, tables and docs from their descriptions"
  VERBATIM)

add_library(acosim_nvdla_regs STATIC
  ${CMAKE_CURRENT_LIST_DIR}/config.cpp
  ${CMAKE_CURRENT_LIST_DIR}/register_info.cpp
  ${CMAKE_CURRENT_LIST_DIR}/register_map.cpp
  ${CMAKE_CURRENT_LIST_DIR}/glb.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp_rdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pdp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sdp_rdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sdp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cdp_rdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cdp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cdma.cpp
  ${CMAKE_CURRENT_LIST_DIR}/csc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cmac_a.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cmac_b.cpp
  ${CMAKE_CURRENT_LIST_DIR}/cacc.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rubik.cpp)
target_link_libraries(acosim_nvdla_regs PUBLIC acosim_root PRIVATE acosim_warnings)

# The checked-in generated files must be what the descriptions produce.
add_test(NAME nvdla_regs_up_to_date
  COMMAND ${CMAKE_COMMAND}
    -DGENERATOR=$<TARGET_FILE:nvdla_regs_gen>
    -DDESCRIPTIONS=${ACOSIM_NVDLA_REGS_DESCRIPTIONS}
    -DSOURCE_ROOT=${CMAKE_SOURCE_DIR}
    -DWORK_DIR=${CMAKE_BINARY_DIR}/nvdla_regs_up_to_date
    -P ${CMAKE_SOURCE_DIR}/tools/nvdla_regs/check_up_to_date.cmake)
set_tests_properties(nvdla_regs_up_to_date PROPERTIES LABELS unit)
