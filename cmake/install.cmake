# `cmake --install build --prefix PREFIX`: the models, the HAL and its
# SystemC binding, the register contracts and a CMake package, so that a
# user's project validates its own driver against the models with
#
#   find_package(acosim REQUIRED)
#   target_link_libraries(my_driver_test PRIVATE acosim::tensil)   # or acosim::nvdla
#
# Headers keep their repository paths under PREFIX/include/acosim
# ("sw/hal/hal.h", "systemc/tensil/tcu.h", "testbench/tensil/board.h"), so
# code moves between this tree and a user's project unchanged.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(ACOSIM_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/acosim)

# The two packages a user links. Each brings the simulation top (board or
# system) with every model, memory and the HAL's TLM binding below it.
add_library(acosim_tensil INTERFACE)
target_link_libraries(acosim_tensil INTERFACE acosim_tensil_board acosim_tensil_sw acosim_hal)
set_target_properties(acosim_tensil PROPERTIES EXPORT_NAME tensil)
add_library(acosim::tensil ALIAS acosim_tensil)

add_library(acosim_nvdla INTERFACE)
target_link_libraries(acosim_nvdla INTERFACE acosim_nvdla_system acosim_nvdla_regs acosim_hal)
set_target_properties(acosim_nvdla PROPERTIES EXPORT_NAME nvdla)
add_library(acosim::nvdla ALIAS acosim_nvdla)

# acosim's own drivers, for users who build on them rather than beside them.
set_target_properties(acosim_tensil_driver PROPERTIES EXPORT_NAME tensil_driver)
set_target_properties(acosim_nvdla_driver PROPERTIES EXPORT_NAME nvdla_driver)

set(acosim_exported_targets
  acosim_tensil acosim_nvdla acosim_tensil_driver acosim_nvdla_driver
  # what they are made of
  acosim_root acosim_warnings acosim_hal acosim_core acosim_gtkw
  acosim_tensil_regs acosim_tensil_sw acosim_tensil_board acosim_tensil_tcu acosim_tensil_arrays
  acosim_tensil_rtl_arrays acosim_tensil_verilated acosim_tensil_clocked_dram acosim_tensil_clocked_sampler
  acosim_nvdla_regs acosim_nvdla_system acosim_nvdla_models acosim_nvdla_datapath)

install(TARGETS ${acosim_exported_targets}
  EXPORT acosimTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT acosimTargets NAMESPACE acosim:: DESTINATION ${ACOSIM_INSTALL_CMAKEDIR})

# Public headers: everything under sw/ (HAL, register contracts, drivers)
# and systemc/ (models, HAL binding), and the two simulation tops. The
# driver clients' ports (sw/nvdla/firmware, sw/tensil/client_platform) are
# built with the clients' sources, which the package does not carry.
foreach(dir sw systemc)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/acosim/${dir}
    FILES_MATCHING PATTERN "*.h"
    PATTERN "sw/nvdla/firmware" EXCLUDE
    PATTERN "sw/tensil/client_platform" EXCLUDE)
endforeach()
install(FILES ${PROJECT_SOURCE_DIR}/testbench/tensil/board.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/acosim/testbench/tensil)
install(FILES ${PROJECT_SOURCE_DIR}/testbench/nvdla/system.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/acosim/testbench/nvdla)

# The register descriptions the NVDLA contract is generated from, and the
# example Tensil architectures, as data.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/sw/nvdla/regs/descriptions/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/acosim/nvdla/registers)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples/tensil/arch/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/acosim/tensil/arch)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/acosimConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/acosimConfig.cmake
  INSTALL_DESTINATION ${ACOSIM_INSTALL_CMAKEDIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/acosimConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/acosimConfig.cmake ${CMAKE_BINARY_DIR}/cmake/acosimConfigVersion.cmake
  DESTINATION ${ACOSIM_INSTALL_CMAKEDIR})
