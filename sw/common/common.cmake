# sw/common: plain C++ shared by every accelerator's tools.

# NumPy's .npy files of float32 (NEP 1, numpy/lib/format.py).
add_library(acosim_npy STATIC ${CMAKE_CURRENT_LIST_DIR}/npy.cpp)
target_link_libraries(acosim_npy PUBLIC acosim_root PRIVATE acosim_warnings)
