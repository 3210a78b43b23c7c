#include <cstdio>

#include <systemc>  // declares sc_main with C linkage

// libsystemc.so's own main() (unused: Habana's test program has its own)
// refers to sc_main, so a library linking SystemC must define it. The
// library owns the simulation and never calls it.
int sc_main(int, char*[]) {
  std::fprintf(stderr, "acosim libtpc_tests_core: sc_main is not an entry point of this library\n");
  return 1;
}
