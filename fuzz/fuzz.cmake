# libFuzzer targets for the Tensil front end (fuzz/tensil/), built when
# ACOSIM_FUZZ is ON. Each target is one executable compiled by clang with
# -fsanitize=fuzzer,address,undefined; the code under test is compiled again
# into the target with the same instrumentation, so libFuzzer sees its
# coverage and the sanitizers see its memory accesses.
#
# Seed corpora are made at build time in ${CMAKE_BINARY_DIR}/fuzz/seeds/<target>
# from examples/tensil/arch/*.tarch and the example models the build compiles
# (examples/CMakeLists.txt). What a run finds goes to
# ${CMAKE_BINARY_DIR}/fuzz/corpus/<target>, crashes to
# ${CMAKE_BINARY_DIR}/fuzz/artifacts/. ctest's `fuzz` label runs every target
# for ACOSIM_FUZZ_SECONDS; scripts/fuzz.sh configures, builds and runs it all.
option(ACOSIM_FUZZ "Build the libFuzzer targets of fuzz/ (needs clang)" OFF)
if(ACOSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR
      "ACOSIM_FUZZ needs clang (libFuzzer), but the C++ compiler is ${CMAKE_CXX_COMPILER_ID} "
      "(${CMAKE_CXX_COMPILER}). Configure a separate build folder with -DCMAKE_CXX_COMPILER=clang++, "
      "as scripts/fuzz.sh does.")
  endif()
  set(ACOSIM_FUZZ_SECONDS 60 CACHE STRING "Seconds each fuzz target runs under ctest -L fuzz")

  set(fuzz_dir ${CMAKE_BINARY_DIR}/fuzz)
  set(fuzz_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g)

  # The code under test, instrumented for coverage (fuzzer-no-link) and the
  # sanitizers. Header-only parts (fixed_point.h, vector_memory.h) come with
  # the sources that include them.
  add_library(acosim_fuzz_tensil_sw OBJECT
    ${CMAKE_SOURCE_DIR}/sw/tensil/regs/architecture.cpp
    ${CMAKE_SOURCE_DIR}/sw/tensil/regs/isa.cpp
    ${CMAKE_SOURCE_DIR}/sw/tensil/regs/config_registers.cpp
    ${CMAKE_SOURCE_DIR}/sw/tensil/model.cpp
    ${CMAKE_SOURCE_DIR}/sw/tensil/assembler.cpp)
  add_library(acosim_fuzz_tensil_tcu OBJECT
    ${CMAKE_SOURCE_DIR}/systemc/tensil/functional/decoder.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/functional/simd_alu.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/dram_port.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/config_register_file.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/instruction_check.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/array/array_engine.cpp
    ${CMAKE_SOURCE_DIR}/systemc/tensil/array/fast_array_engine.cpp)
  target_link_libraries(acosim_fuzz_tensil_sw PRIVATE acosim_root acosim_warnings nlohmann_json::nlohmann_json)
  target_link_libraries(acosim_fuzz_tensil_tcu PRIVATE acosim_root acosim_warnings PkgConfig::SYSTEMC)
  foreach(lib acosim_fuzz_tensil_sw acosim_fuzz_tensil_tcu)
    target_compile_options(${lib} PRIVATE -fsanitize=fuzzer-no-link ${fuzz_sanitizers})
  endforeach()

  # Seed corpora. The execution target reads its first byte as the mode
  # (instruction_execution.cpp): '0' runs the rest on the PYNQ-Z1
  # architecture, '2' on the Ultra96-V2 one, '1' and '3' the same under
  # --lenient, so each example program becomes four seeds that run as
  # compiled.
  set(example_dir ${CMAKE_BINARY_DIR}/examples/tensil)
  get_directory_property(example_models DIRECTORY ${CMAKE_SOURCE_DIR}/examples
                         DEFINITION ACOSIM_TENSIL_EXAMPLE_MODELS)
  get_directory_property(example_archs DIRECTORY ${CMAKE_SOURCE_DIR}/examples
                         DEFINITION ACOSIM_TENSIL_EXAMPLE_ARCHS)
  foreach(mode 0 1 2 3)
    file(WRITE ${fuzz_dir}/mode_${mode} "${mode}")
  endforeach()
  set(seed_commands)
  set(seed_outputs)
  foreach(target tarch_reader tmodel_reader tprog_reader instruction_execution)
    list(APPEND seed_commands COMMAND ${CMAKE_COMMAND} -E make_directory ${fuzz_dir}/seeds/${target})
    file(MAKE_DIRECTORY ${fuzz_dir}/corpus/${target})
  endforeach()
  file(MAKE_DIRECTORY ${fuzz_dir}/artifacts)
  foreach(arch IN LISTS example_archs)
    list(APPEND seed_commands COMMAND ${CMAKE_COMMAND} -E copy
         ${CMAKE_SOURCE_DIR}/examples/tensil/arch/${arch}.tarch ${fuzz_dir}/seeds/tarch_reader/)
    if(arch STREQUAL "pynqz1")
      set(modes 0 1)
    elseif(arch STREQUAL "ultra96v2")
      set(modes 2 3)
    else()
      set(modes)
    endif()
    foreach(model IN LISTS example_models)
      set(name ${model}_${arch})
      list(APPEND seed_commands
        COMMAND ${CMAKE_COMMAND} -E copy ${example_dir}/${name}.tmodel ${fuzz_dir}/seeds/tmodel_reader/
        COMMAND ${CMAKE_COMMAND} -E copy ${example_dir}/${name}.tprog ${example_dir}/${name}.s
                ${fuzz_dir}/seeds/tprog_reader/)
      foreach(mode IN LISTS modes)
        list(APPEND seed_commands COMMAND sh -c "cat \"$0\" \"$1\" > \"$2\"" ${fuzz_dir}/mode_${mode}
             ${example_dir}/${name}.tprog ${fuzz_dir}/seeds/instruction_execution/${mode}_${name})
      endforeach()
      list(APPEND seed_outputs ${example_dir}/${name}.tmodel ${example_dir}/${name}.tprog ${example_dir}/${name}.s)
    endforeach()
  endforeach()
  add_custom_command(
    OUTPUT ${fuzz_dir}/seeds.stamp
    ${seed_commands}
    COMMAND ${CMAKE_COMMAND} -E touch ${fuzz_dir}/seeds.stamp
    DEPENDS examples ${seed_outputs}
    COMMENT "Fuzz seed corpora from the example architectures and models"
    VERBATIM)
  add_custom_target(fuzz_seeds DEPENDS ${fuzz_dir}/seeds.stamp)

  add_custom_target(fuzz)
  set(fuzz_dictionary_tarch_reader ${CMAKE_SOURCE_DIR}/fuzz/tensil/tensil_json.dict)
  set(fuzz_dictionary_tmodel_reader ${CMAKE_SOURCE_DIR}/fuzz/tensil/tensil_json.dict)
  set(fuzz_dictionary_tprog_reader ${CMAKE_SOURCE_DIR}/fuzz/tensil/tensil_assembly.dict)
  foreach(target tarch_reader tmodel_reader tprog_reader instruction_execution)
    set(exe fuzz_${target})
    add_executable(${exe} ${CMAKE_SOURCE_DIR}/fuzz/tensil/${target}.cpp)
    target_compile_options(${exe} PRIVATE -fsanitize=fuzzer ${fuzz_sanitizers})
    target_link_options(${exe} PRIVATE -fsanitize=fuzzer,address,undefined)
    target_link_libraries(${exe} PRIVATE acosim_fuzz_tensil_sw nlohmann_json::nlohmann_json acosim_root acosim_warnings)
    if(target STREQUAL "instruction_execution")
      target_link_libraries(${exe} PRIVATE acosim_fuzz_tensil_tcu PkgConfig::SYSTEMC)
    endif()
    set_target_properties(${exe} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${fuzz_dir})
    add_dependencies(${exe} fuzz_seeds)
    add_dependencies(fuzz ${exe})

    set(options -max_total_time=${ACOSIM_FUZZ_SECONDS} -print_final_stats=1 -timeout=10 -rss_limit_mb=2048
                -artifact_prefix=${fuzz_dir}/artifacts/${target}-)
    if(DEFINED fuzz_dictionary_${target})
      list(APPEND options -dict=${fuzz_dictionary_${target}})
    endif()
    # The first folder collects what the run finds; the seeds are read only.
    add_test(NAME fuzz_${target}
             COMMAND ${exe} ${options} ${fuzz_dir}/corpus/${target} ${fuzz_dir}/seeds/${target})
    math(EXPR fuzz_timeout "${ACOSIM_FUZZ_SECONDS} + 300")
    set_tests_properties(fuzz_${target} PROPERTIES LABELS fuzz TIMEOUT ${fuzz_timeout})
  endforeach()
endif()
