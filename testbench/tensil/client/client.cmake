# Tensil's embedded C driver (Tensil's drivers/embedded/tensil), compiled
# unmodified from ACOSIM_CLIENTS_DIR once per architecture (the driver
# compiles its architecture in from architecture_params.h, generated here
# from the .tarch), and run on acosim's Tensil board through the client
# platform (sw/tensil/client_platform).
#
# For each client NAME (an architecture, or a test configuration):
#   acosim_tensil_client_driver_NAME  the driver (C, upstream's flags only)
#   acosim_tensil_client_NAME         driver + runner (client_board.h,
#                                     tensil_driver.h) + the board's architecture
# and for each architecture ARCH of ACOSIM_TENSIL_CLIENT_ARCHS the example
# program build/acosim-tensil-client-ARCH, which runs a .tmodel through
# Tensil's driver instead of acosim's.
set(ACOSIM_CLIENTS_DIR "${CMAKE_SOURCE_DIR}/../shared/clients" CACHE PATH
    "Folder with the driver clients acosim runs: nvdla-sw/ and tensil/")
set(ACOSIM_TENSIL_CLIENT_DIR ${ACOSIM_CLIENTS_DIR}/tensil/drivers/embedded/tensil)
set(ACOSIM_TENSIL_CLIENT_ARCHS pynqz1 ultra96v2)

if(EXISTS ${ACOSIM_TENSIL_CLIENT_DIR}/driver.c)
  set(ACOSIM_TENSIL_CLIENT_FOUND TRUE)
else()
  set(ACOSIM_TENSIL_CLIENT_FOUND FALSE)
endif()

# acosim_tensil_client(NAME TARCH TARGET PYNQ_Z1|ULTRA96_V2 [NO_SAMPLE_DMA])
# TARGET: the board whose address map and DMA device ids the driver is
# compiled for (Tensil's platform.h: TENSIL_TARGET_PYNQ_Z1, _ULTRA96_V2).
function(acosim_tensil_client name tarch)
  cmake_parse_arguments(C "NO_SAMPLE_DMA" "TARGET" "" ${ARGN})
  if(NOT C_TARGET MATCHES "^(PYNQ_Z1|ULTRA96_V2)$")
    message(FATAL_ERROR "acosim_tensil_client(${name}): TARGET must be PYNQ_Z1 or ULTRA96_V2")
  endif()
  set(sources architecture.c cJSON.c config.c dram.c driver.c driver_tests.c error.c instruction.c
              instruction_buffer.c model.c sample_buffer.c tcu.c)
  list(TRANSFORM sources PREPEND ${ACOSIM_TENSIL_CLIENT_DIR}/)
  set(platform_include ${CMAKE_SOURCE_DIR}/sw/tensil/client_platform/include)

  # What compiles against the driver's headers: the upstream folder, the
  # platform's Xilinx/FatFs headers, and the platform defines (platform.h
  # selects none without a TENSIL_TARGET_*). The driver's structures depend
  # on them, so the runner is compiled with the same.
  set(headers acosim_tensil_client_headers_${name})
  add_library(${headers} INTERFACE)
  target_include_directories(${headers} SYSTEM INTERFACE ${ACOSIM_TENSIL_CLIENT_DIR} ${platform_include})
  target_compile_options(${headers} INTERFACE "SHELL:-include ${platform_include}/tensil_platform_defines.h")
  target_compile_definitions(${headers} INTERFACE ACOSIM_TENSIL_PLATFORM_TARGET_${C_TARGET})
  if(C_NO_SAMPLE_DMA)
    target_compile_definitions(${headers} INTERFACE ACOSIM_TENSIL_PLATFORM_NO_SAMPLE_DMA)
  endif()

  set(gen ${CMAKE_CURRENT_BINARY_DIR}/tensil_client/${name})
  # driver.c includes "../architecture_params.h": relative to an include
  # folder one level below the generated file.
  file(MAKE_DIRECTORY ${gen}/include)
  add_custom_command(
    OUTPUT ${gen}/architecture_params.h
    COMMAND ${CMAKE_COMMAND} -DTARCH=${tarch} -DOUTPUT=${gen}/architecture_params.h
            -P ${CMAKE_SOURCE_DIR}/tools/tensil/architecture_params.cmake
    DEPENDS ${tarch} ${CMAKE_SOURCE_DIR}/tools/tensil/architecture_params.cmake
    COMMENT "Generating Tensil architecture_params.h for ${name}"
    VERBATIM)

  # Upstream C as it is: gnu11, none of our warning flags, no sanitizers;
  # -fexceptions lets simulation errors unwind through its frames.
  set(driver acosim_tensil_client_driver_${name})
  add_library(${driver} STATIC ${sources} ${gen}/architecture_params.h)
  set_target_properties(${driver} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)
  target_include_directories(${driver} PRIVATE ${gen}/include)
  target_compile_options(${driver} PRIVATE -fexceptions -fno-sanitize=all)
  target_link_libraries(${driver} PRIVATE ${headers} PUBLIC acosim_tensil_client_platform m)

  add_library(acosim_tensil_client_${name} STATIC
    ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/client_board.cpp
    ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/tensil_driver.cpp
    ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/compiled_architecture.cpp
    ${gen}/architecture_params.h)
  target_include_directories(acosim_tensil_client_${name} PRIVATE ${gen})
  target_compile_definitions(acosim_tensil_client_${name} PRIVATE ACOSIM_TENSIL_CLIENT_ARCH="${name}")
  target_link_libraries(acosim_tensil_client_${name}
    PUBLIC acosim_tensil_board acosim_tensil_client_platform ${driver} acosim_root
    PRIVATE ${headers} acosim_warnings)
  # The board can host Tensil's generated TCU (ClientBoardOptions::generated)
  # where a build of it was Verilated.
  if(TARGET acosim_tensil_generated_tcu)
    target_link_libraries(acosim_tensil_client_${name} PUBLIC acosim_tensil_generated_tcu)
    target_compile_definitions(acosim_tensil_client_${name} PRIVATE ACOSIM_TENSIL_HAS_GENERATED)
  endif()
endfunction()

if(ACOSIM_TENSIL_CLIENT_FOUND)
  enable_language(C)
  foreach(arch IN LISTS ACOSIM_TENSIL_CLIENT_ARCHS)
    # Each architecture on its own board: Tensil's pynqz1 architecture is
    # built for the PYNQ-Z1 (its address map and DMA device ids), ultra96v2
    # for the Ultra96-V2.
    if(arch STREQUAL "pynqz1")
      set(target PYNQ_Z1)
    else()
      set(target ULTRA96_V2)
    endif()
    acosim_tensil_client(${arch} ${CMAKE_SOURCE_DIR}/examples/tensil/arch/${arch}.tarch TARGET ${target})
    add_executable(acosim-tensil-client-${arch} ${CMAKE_CURRENT_LIST_DIR}/client_main.cpp)
    target_link_libraries(acosim-tensil-client-${arch}
      PRIVATE acosim_tensil_client_${arch} Boost::program_options PkgConfig::SYSTEMC acosim_warnings)
    set_target_properties(acosim-tensil-client-${arch} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  endforeach()
  # driver_tests.c's memory test makes about 2 x accumulator_depth^2 runs of
  # the driver (800,000 on pynqz1, hours on the board itself): it runs on a
  # small architecture, on a board without the sample DMA (whose every run
  # waits for a full block of samples).
  acosim_tensil_client(memtest ${CMAKE_CURRENT_LIST_DIR}/memtest.tarch TARGET ULTRA96_V2 NO_SAMPLE_DMA)

  # Tensil's generated TCU builds (ACOSIM_RTL_DIR/tensil/<build>,
  # systemc/tensil/generated/builds.cmake): a driver and example program per build,
  # for its .tarch. architecture_params.h is generated from the .tarch as
  # for every client; the build's own vivado/.../architecture_params.h (the
  # one Tensil's flow gives its board) is recorded in
  # ACOSIM_TENSIL_CLIENT_BUILD_PARAMS_<build>, and the tests check the two
  # agree. The builds have no sample stream: the driver is compiled without
  # the sample DMA (as for Tensil's Arty A7 target), so that a run ends with
  # its program. speech_robot is a PYNQ-Z1 design (petrohi/speech-robot);
  # the ZCU104 has the Ultra96-V2's address map and DMA device ids in
  # Tensil's platform.h.
  get_property(generated_builds GLOBAL PROPERTY ACOSIM_TENSIL_GENERATED_BUILDS)
  set(ACOSIM_TENSIL_CLIENT_GENERATED_BUILDS "")
  if(TARGET acosim_tensil_generated_tcu)
    foreach(build IN LISTS generated_builds)
      if(build STREQUAL "speech_robot")
        set(tarch ${ACOSIM_RTL_DIR}/tensil/speech_robot/arch/speech_robot.tarch)
        set(params ${ACOSIM_RTL_DIR}/tensil/speech_robot/vivado/architecture_params.h)
        set(target PYNQ_Z1)
      elseif(build STREQUAL "zcu104")
        set(tarch ${ACOSIM_RTL_DIR}/tensil/zcu104/tensil/arch/zcu104.tarch)
        set(params ${ACOSIM_RTL_DIR}/tensil/zcu104/vivado/baseline/architecture_params.h)
        set(target ULTRA96_V2)
      else()
        continue()
      endif()
      acosim_tensil_client(${build} ${tarch} TARGET ${target} NO_SAMPLE_DMA)
      add_executable(acosim-tensil-client-${build} ${CMAKE_CURRENT_LIST_DIR}/client_main.cpp)
      target_link_libraries(acosim-tensil-client-${build}
        PRIVATE acosim_tensil_client_${build} Boost::program_options PkgConfig::SYSTEMC acosim_warnings)
      set_target_properties(acosim-tensil-client-${build} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
      list(APPEND ACOSIM_TENSIL_CLIENT_GENERATED_BUILDS ${build})
      set(ACOSIM_TENSIL_CLIENT_TARCH_${build} ${tarch})
      set(ACOSIM_TENSIL_CLIENT_BUILD_PARAMS_${build} ${params})
    endforeach()
  endif()
endif()
