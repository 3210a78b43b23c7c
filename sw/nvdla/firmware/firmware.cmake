# sw/nvdla/firmware: NVDLA's own firmware (nvdla/sw kmd/firmware), compiled
# unmodified from ACOSIM_CLIENTS_DIR/nvdla-sw, and the port that runs it on
# the HAL.
#
# The firmware picks its register map at compile time (opendla.h: nv_full's
# map by default, the master map of nv_small/nv_large with DLA_2_CONFIG) and
# keeps its state in globals, so one executable that serves every
# configuration holds two builds. Each build is partially linked into one
# object whose only global definitions are the five entry points of
# nvdla_interface.h, renamed per build (acosim_nvdla_fw_<variant>_...); the
# platform functions it calls (dla_reg_read, ...) stay undefined and the
# port defines them once for both.
#
# Without the client folder nothing here is built: there is no target
# acosim_nvdla_firmware, and the tests report themselves skipped.

if(NOT DEFINED ACOSIM_CLIENTS_DIR)
  set(ACOSIM_CLIENTS_DIR "${CMAKE_SOURCE_DIR}/../shared/clients" CACHE PATH
      "Folder with the driver clients acosim runs: nvdla-sw/ and tensil/")
endif()

set(ACOSIM_NVDLA_KMD_DIR ${ACOSIM_CLIENTS_DIR}/nvdla-sw/kmd)
if(NOT EXISTS ${ACOSIM_NVDLA_KMD_DIR}/firmware/scheduler.c)
  message(STATUS "NVDLA firmware: no sources at ${ACOSIM_NVDLA_KMD_DIR} (ACOSIM_CLIENTS_DIR); "
                 "its port and tests are skipped")
  return()
endif()

enable_language(C)
if(ACOSIM_CCACHE)
  set(CMAKE_C_COMPILER_LAUNCHER ${ACOSIM_CCACHE})
endif()
find_program(ACOSIM_OBJCOPY NAMES ${CMAKE_OBJCOPY} objcopy REQUIRED)

set(ACOSIM_NVDLA_FIRMWARE_SHIM ${CMAKE_CURRENT_LIST_DIR}/shim)
# The folders the firmware's own Makefile (kmd/firmware/Makefile) puts on
# the include path, plus nvdla_interface.h's folder and <linux/types.h>.
set(ACOSIM_NVDLA_FIRMWARE_INCLUDES
  ${ACOSIM_NVDLA_FIRMWARE_SHIM}
  ${ACOSIM_NVDLA_KMD_DIR}/firmware/include
  ${ACOSIM_NVDLA_KMD_DIR}/firmware
  ${ACOSIM_NVDLA_KMD_DIR}/include)
set(ACOSIM_NVDLA_FIRMWARE_SOURCES)
foreach(source scheduler engine bdma conv sdp cdp pdp rubik cache common engine_data engine_isr engine_debug)
  list(APPEND ACOSIM_NVDLA_FIRMWARE_SOURCES ${ACOSIM_NVDLA_KMD_DIR}/firmware/${source}.c)
endforeach()

set(ACOSIM_NVDLA_FIRMWARE_ENTRY_POINTS
  dla_register_driver dla_isr_handler dla_process_events dla_clear_task dla_execute_task)

set(firmware_objects)
foreach(variant full master)
  set(objects acosim_nvdla_fw_${variant}_objects)
  add_library(${objects} OBJECT ${ACOSIM_NVDLA_FIRMWARE_SOURCES})
  target_include_directories(${objects} PRIVATE ${ACOSIM_NVDLA_FIRMWARE_INCLUDES})
  # gnu99 as upstream's kernel build; no project warnings (acosim_warnings
  # is not linked) and no sanitizers: the code is upstream's as it is.
  set_target_properties(${objects} PROPERTIES C_STANDARD 99 C_EXTENSIONS ON)
  # -fexceptions: model errors (and the port's deadline) unwind through the
  # firmware's frames back to the caller.
  target_compile_options(${objects} PRIVATE -fno-sanitize=all -fexceptions)
  if(variant STREQUAL "master")
    target_compile_definitions(${objects} PRIVATE DLA_2_CONFIG)
  endif()

  set(renames)
  foreach(entry ${ACOSIM_NVDLA_FIRMWARE_ENTRY_POINTS})
    string(REPLACE "dla_" "acosim_nvdla_fw_${variant}_" renamed ${entry})
    list(APPEND renames --redefine-sym ${entry}=${renamed} --keep-global-symbol=${renamed})
  endforeach()
  set(partial ${CMAKE_CURRENT_BINARY_DIR}/nvdla_firmware_${variant}_partial.o)
  set(linked ${CMAKE_CURRENT_BINARY_DIR}/nvdla_firmware_${variant}.o)
  add_custom_command(OUTPUT ${linked}
    COMMAND ${CMAKE_LINKER} -r -o ${partial} $<TARGET_OBJECTS:${objects}>
    COMMAND ${ACOSIM_OBJCOPY} ${renames} ${partial} ${linked}
    DEPENDS ${objects} $<TARGET_OBJECTS:${objects}>
    COMMAND_EXPAND_LISTS
    COMMENT "Linking NVDLA firmware (${variant} register map) into one object"
    VERBATIM)
  list(APPEND firmware_objects ${linked})
endforeach()
set_source_files_properties(${firmware_objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)

# The port, the task builder and the engine that drives a task, in one
# archive with the two firmware builds (which call back into the port).
add_library(acosim_nvdla_firmware STATIC
  ${CMAKE_CURRENT_LIST_DIR}/port.cpp
  ${CMAKE_CURRENT_LIST_DIR}/engine.cpp
  ${CMAKE_CURRENT_LIST_DIR}/task_builder.cpp
  ${firmware_objects})
target_include_directories(acosim_nvdla_firmware SYSTEM PRIVATE
  ${ACOSIM_NVDLA_FIRMWARE_SHIM}
  ${ACOSIM_NVDLA_KMD_DIR}/firmware/include
  ${ACOSIM_NVDLA_KMD_DIR}/include)
target_link_libraries(acosim_nvdla_firmware
  PUBLIC acosim_nvdla_regs acosim_hal acosim_root
  PRIVATE acosim_warnings)
