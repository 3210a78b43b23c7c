# (to be filled)
include(${CMAKE_CURRENT_LIST_DIR}/fast_array_tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/rtl_array_tests.cmake)
