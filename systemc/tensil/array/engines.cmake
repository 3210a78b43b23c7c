# The array engines behind the TCU's decoder: the functional FastArray, the
# LockstepArray comparing it with the Verilated RTL, and the factory that
# picks one (--engine rtl|fast|lockstep).
add_library(acosim_tensil_arrays STATIC
  array/array_engine.cpp
  array/fast_array_engine.cpp
  array/lockstep_array_engine.cpp
  array/array_factory.cpp)
target_link_libraries(acosim_tensil_arrays
  PUBLIC acosim_tensil_rtl_arrays acosim_tensil_regs acosim_root
  PRIVATE acosim_warnings)
