# The acosim command as a user runs it (one process per command).
foreach(suite IN ITEMS cli cli_waves)
  if(suite STREQUAL "cli")
    set(label unit)
  else()
    set(label rtl)
  endif()
  acosim_add_gtest(NAME tensil_${suite}_tests LABELS ${label}
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_${suite}.cpp
    LIBS acosim_tensil_model_builder)
  target_compile_definitions(tensil_${suite}_tests PRIVATE
    ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_dependencies(tensil_${suite}_tests acosim)
endforeach()
