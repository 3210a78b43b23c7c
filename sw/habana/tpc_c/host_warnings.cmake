# Warnings g++ raises in TPC-C source that Habana's compiler does not: the
# kernels build with -Wall -Werror under tpc-clang, and acosim's tpc-clang
# keeps both flags for everything else. Each entry's reason is in tpc_c.h.
set(ACOSIM_TPC_HOST_WARNING_EXCEPTIONS
  -Wno-unknown-pragmas)
