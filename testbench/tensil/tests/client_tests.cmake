# Tensil's embedded driver on acosim's Tensil board (testbench/tensil/client).
# One test executable per architecture, as the driver compiles its
# architecture in. Without the client sources every test stands in as one
# that reports itself skipped (failed under CI=true), naming how to get them.
acosim_add_gtest(NAME tensil_client_platform_tests LABELS unit
  SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_client_platform.cpp
  LIBS acosim_tensil_client_platform)

if(ACOSIM_TENSIL_CLIENT_FOUND)
  foreach(arch IN LISTS ACOSIM_TENSIL_CLIENT_ARCHS)
    # Example models, driver_tests.c memory/array/SIMD, bad input.
    acosim_add_gtest(NAME tensil_client_tests_${arch} SYSTEMC LABELS unit
      SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_client.cpp ${CMAKE_CURRENT_LIST_DIR}/example_check.cpp
      LIBS acosim_tensil_client_${arch} acosim_tensil_model_builder acosim_tensil_reference)
    target_compile_definitions(tensil_client_tests_${arch} PRIVATE ${ACOSIM_EXAMPLES_DEFINE}
                               ACOSIM_CLIENT_ARCH_TOKEN=${arch})
    # driver_tests.c's sampling test: 64 Mi NoOps through the clocked TCU.
    acosim_add_gtest(NAME tensil_client_sampling_tests_${arch} SYSTEMC LABELS slow
      SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_client_sampling.cpp
      LIBS acosim_tensil_client_${arch} acosim_tensil_model_builder)
    target_compile_definitions(tensil_client_sampling_tests_${arch} PRIVATE ${ACOSIM_EXAMPLES_DEFINE}
                               ACOSIM_CLIENT_ARCH_TOKEN=${arch})

    # The example program: a missing model is a one-line error.
    add_test(NAME tensil_client_program_${arch}.missing_model
      COMMAND acosim-tensil-client-${arch} --model ${CMAKE_BINARY_DIR}/no_such_model.tmodel)
    set_tests_properties(tensil_client_program_${arch}.missing_model PROPERTIES LABELS unit
      PASS_REGULAR_EXPRESSION "acosim-tensil-client: error: .*no_such_model.tmodel: no such file")
    # ... and runs the XOR example the build made (the examples target), with
    # outputs equal byte for byte to acosim's own driver's.
    if(arch STREQUAL "pynqz1")
      set(n 8)
    else()
      set(n 16)
    endif()
    add_test(NAME tensil_client_program_${arch}.xor
      COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/../client/run_xor_example.sh $<TARGET_FILE:acosim-tensil-client-${arch}>
              ${CMAKE_BINARY_DIR}/examples/tensil/xor_${arch}.tmodel ${n}
              ${CMAKE_CURRENT_BINARY_DIR}/client_program_${arch}
              $<TARGET_FILE:acosim> ${CMAKE_SOURCE_DIR}/examples/tensil/arch/${arch}.tarch)
    set_tests_properties(tensil_client_program_${arch}.xor PROPERTIES LABELS unit
      PASS_REGULAR_EXPRESSION "y\\[0000\\]=   0.0000 [^\n]*\ny\\[0001\\]=   1.0000 [^\n]*\ny\\[0002\\]=   1.0000 [^\n]*\ny\\[0003\\]=   0.0000 .*outputs equal to acosim's own driver's")
  endforeach()

  # Tensil's generated TCU builds (client.cmake): the build's own network
  # through Tensil's driver on the generated Verilog, against acosim's own
  # driver (`acosim tensil run --engine generated`) on the same.
  foreach(build IN LISTS ACOSIM_TENSIL_CLIENT_GENERATED_BUILDS)
    if(build STREQUAL "speech_robot")
      set(model ${ACOSIM_RTL_DIR}/tensil/speech_robot/model/speech_commands_onnx_speech_robot.tmodel)
    else()
      set(model ${ACOSIM_RTL_DIR}/tensil/zcu104/sdcard/baseline/resnet20v2_cifar_onnx_zcu104.tmodel)
    endif()
    acosim_add_gtest(NAME tensil_client_generated_tests_${build} SYSTEMC LABELS rtl
      SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_client_generated.cpp
      LIBS acosim_tensil_client_${build} acosim_tensil_model_builder)
    target_compile_definitions(tensil_client_generated_tests_${build} PRIVATE ${ACOSIM_EXAMPLES_DEFINE}
      ACOSIM_CLIENT_ARCH_TOKEN=${build}
      ACOSIM_BINARY="$<TARGET_FILE:acosim>"
      ACOSIM_CLIENT_GENERATED_TARCH="${ACOSIM_TENSIL_CLIENT_TARCH_${build}}"
      ACOSIM_CLIENT_GENERATED_MODEL="${model}"
      ACOSIM_CLIENT_GENERATED_PARAMS="${CMAKE_CURRENT_BINARY_DIR}/tensil_client/${build}/architecture_params.h"
      ACOSIM_CLIENT_BUILD_PARAMS="${ACOSIM_TENSIL_CLIENT_BUILD_PARAMS_${build}}")
    add_dependencies(tensil_client_generated_tests_${build} acosim)
    add_test(NAME tensil_client_program_${build}.missing_model
      COMMAND acosim-tensil-client-${build} --model ${CMAKE_BINARY_DIR}/no_such_model.tmodel --engine generated)
    set_tests_properties(tensil_client_program_${build}.missing_model PROPERTIES LABELS unit
      PASS_REGULAR_EXPRESSION "acosim-tensil-client: error: .*no_such_model.tmodel: no such file")
  endforeach()

  acosim_add_gtest(NAME tensil_client_memory_tests SYSTEMC LABELS unit
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_client_memory.cpp
    LIBS acosim_tensil_client_memtest acosim_tensil_model_builder)
  target_compile_definitions(tensil_client_memory_tests PRIVATE ${ACOSIM_EXAMPLES_DEFINE}
                             ACOSIM_CLIENT_ARCH_TOKEN=memtest)
else()
  foreach(arch IN LISTS ACOSIM_TENSIL_CLIENT_ARCHS ITEMS memtest)
    add_test(NAME tensil_client_tests_${arch}
      COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/../client/missing_client.sh ${ACOSIM_CLIENTS_DIR}/tensil)
    set_tests_properties(tensil_client_tests_${arch} PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
  endforeach()
endif()
