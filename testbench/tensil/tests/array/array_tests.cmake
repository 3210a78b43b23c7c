# The array engines: FastArray and the Verilated RTL array, alone and in
# lockstep (systemc/tensil/array/).
include(${CMAKE_CURRENT_LIST_DIR}/fast_array_tests.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/rtl_array_tests.cmake)
