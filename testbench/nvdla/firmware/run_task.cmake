# The one-call runner of NVDLA firmware tasks on the co-simulation (tests,
# `acosim nvdla firmware`). Needs the firmware sources (ACOSIM_CLIENTS_DIR).
if(TARGET acosim_nvdla_firmware)
  add_library(acosim_nvdla_firmware_run STATIC ${CMAKE_CURRENT_LIST_DIR}/run_task.cpp)
  target_link_libraries(acosim_nvdla_firmware_run
    PUBLIC acosim_nvdla_firmware acosim_nvdla_system acosim_nvdla_trace acosim_root
    PRIVATE acosim_warnings)
endif()
