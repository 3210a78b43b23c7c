// acosim: the command-line simulation top. One subcommand per accelerator:
//   acosim tensil run|asm|disasm|estimate|plot|build-model ...
//   acosim nvdla trace|firmware ...
//   acosim sophon run PROGRAM ...
//   acosim tpc run|asm PROGRAM.s ...
// Exit status 0 on success; otherwise one line "acosim: error: ..." on
// stderr and status 1 (2 for usage errors).
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <systemc>

#include "testbench/habana/cli.h"
#include "testbench/nvdla/cli.h"
#include "testbench/sophon/cli.h"
#include "testbench/tensil/cli.h"

namespace {

void print_usage() {
  std::cout << "usage: acosim <accelerator> <command> [options]\n"
               "\n"
               "accelerators and commands:\n"
               "  tensil run          run a Tensil model on the co-simulated TCU\n"
               "  tensil asm          assemble a program (.s -> .tprog)\n"
               "  tensil disasm       disassemble a program (.tprog -> text)\n"
               "  tensil estimate     Tensil's compiler latency estimate of a program\n"
               "  tensil plot         draw a run's performance samples as utilisation per unit (SVG)\n"
               "  tensil build-model  build an example model into Tensil's file formats\n"
               "  nvdla trace         play one of NVDLA's trace tests on the NVDLA models\n"
               "  nvdla firmware      run a task of NVDLA's own firmware from a layer description\n"
               "  sophon run          run a host program linked against acosim's libbmlib (Sophon TPU)\n"
               "  tpc run             run an assembled TPC program on a Habana Gaudi chip's TPCs\n"
               "  tpc asm             print a TPC program in the TPC compiler's canonical form\n"
               "\n"
               "`acosim <accelerator> <command> --help` describes each command's options.\n";
}

}  // namespace

int sc_main(int argc, char* argv[]) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    print_usage();
    return args.empty() ? 2 : 0;
  }
  const std::string accelerator = args[0];
  args.erase(args.begin());
  try {
    if (accelerator == "tensil") return acosim::tensil::cli::main(args);
    if (accelerator == "nvdla") return acosim::nvdla::cli::main(args);
    if (accelerator == "sophon") return acosim::sophon::cli::main(args);
    if (accelerator == "tpc") return acosim::habana::cli::main(args);
    std::cerr << "acosim: error: unknown accelerator '" << accelerator
              << "' (known: tensil, nvdla, sophon, tpc)\n";
    return 2;
  } catch (const acosim::tensil::cli::UsageError& e) {
    std::cerr << "acosim: error: " << e.what() << "\n";
    return 2;
  } catch (const acosim::habana::cli::UsageError& e) {
    std::cerr << "acosim: error: " << e.what() << "\n";
    return 2;
  } catch (const acosim::sophon::cli::UsageError& e) {
    std::cerr << "acosim: error: " << e.what() << "\n";
    return 2;
  } catch (const acosim::nvdla::cli::UsageError& e) {
    std::cerr << "acosim: error: " << e.what() << "\n";
    return 2;
  } catch (const sc_core::sc_report& e) {
    std::cerr << "acosim: error: " << e.get_msg() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "acosim: error: " << e.what() << "\n";
    return 1;
  }
}

// SystemC's own main() prints its banner before sc_main runs; a command-line
// tool's output should be its own (SC_COPYRIGHT_MESSAGE=ENABLE brings the
// banner back).
int main(int argc, char* argv[]) {
  setenv("SC_COPYRIGHT_MESSAGE", "DISABLE", 0);
  return sc_core::sc_elab_and_sim(argc, argv);
}
