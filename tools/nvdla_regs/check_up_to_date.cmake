# Regenerates the NVDLA register files into WORK_DIR and compares every file
# the generator writes with its checked-in copy under SOURCE_ROOT.
#   cmake -DGENERATOR=<nvdla_regs_gen> -DDESCRIPTIONS=<dir> -DSOURCE_ROOT=<repo>
#         -DWORK_DIR=<scratch dir> -P check_up_to_date.cmake
foreach(var GENERATOR DESCRIPTIONS SOURCE_ROOT WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "check_up_to_date.cmake: -D${var}=... is missing")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${GENERATOR} ${DESCRIPTIONS} ${WORK_DIR}
  RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "nvdla_regs_gen failed:\n${errors}")
endif()

file(GLOB_RECURSE generated RELATIVE ${WORK_DIR} ${WORK_DIR}/*)
list(LENGTH generated count)
if(count EQUAL 0)
  message(FATAL_ERROR "nvdla_regs_gen wrote no file into ${WORK_DIR}")
endif()
set(stale "")
foreach(file IN LISTS generated)
  execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK_DIR}/${file} ${SOURCE_ROOT}/${file}
    RESULT_VARIABLE differs)
  if(NOT differs EQUAL 0)
    list(APPEND stale ${file})
  endif()
endforeach()
if(stale)
  list(JOIN stale "\n  " stale_lines)
  message(FATAL_ERROR "These checked-in files differ from what the descriptions generate:\n"
    "  ${stale_lines}\nrun cmake --build build --target nvdla-regs")
endif()
message(STATUS "${count} generated NVDLA register files match their descriptions")
