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

# The README's main job with an argument of the user's: arguments given to
# scripts/run.sh replace its defaults (here --engine rtl) instead of
# clashing with them.
add_test(NAME tensil_run_script_takes_the_users_engine
  COMMAND bash -c "out=$(bash scripts/run.sh --engine fast) && echo \"$out\" && echo \"$out\" | grep -q '^engine *fast$'"
  WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
set_tests_properties(tensil_run_script_takes_the_users_engine PROPERTIES
  LABELS unit
  ENVIRONMENT "ACOSIM_BUILD_DIR=${CMAKE_BINARY_DIR};ACOSIM_WAVES_DIR=${CMAKE_BINARY_DIR}/run_script_waves")

# `acosim tensil run` with NumPy .npy inputs and outputs.
acosim_add_gtest(NAME tensil_cli_npy_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_cli_npy.cpp
  LIBS acosim_tensil_model_builder)
target_compile_definitions(tensil_cli_npy_tests PRIVATE
  ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
add_dependencies(tensil_cli_npy_tests acosim)
