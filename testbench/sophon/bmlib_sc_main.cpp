#include <cstdio>

#include <systemc>  // declares sc_main with C linkage

// libsystemc.so's own main() (unused here: the host program has its own)
// refers to sc_main, so a program linking SystemC must define it. The
// library owns the simulation and never calls it.
int sc_main(int, char*[]) {
  std::fprintf(stderr, "acosim libbmlib: sc_main is not an entry point of this library\n");
  return 1;
}
