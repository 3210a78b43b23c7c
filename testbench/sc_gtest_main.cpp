// Entry point of SystemC test executables: SystemC's main() calls sc_main,
// which runs the GoogleTest cases selected on the command line (ctest runs
// one case per process, so each gets a fresh SystemC kernel).
#include <gtest/gtest.h>

#include <systemc>

int sc_main(int argc, char* argv[]) {
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
