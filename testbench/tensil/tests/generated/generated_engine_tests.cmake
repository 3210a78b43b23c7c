# `acosim tensil run --engine generated` as a user runs it, on the
# speech_robot build (the example models compiled for its architecture).
get_property(generated_builds GLOBAL PROPERTY ACOSIM_TENSIL_GENERATED_BUILDS)
if(TARGET acosim_tensil_generated_tcu AND "speech_robot" IN_LIST generated_builds)
  acosim_add_gtest(NAME tensil_generated_engine_tests LABELS rtl
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_generated_engine.cpp
    LIBS acosim_tensil_model_builder)
  target_compile_definitions(tensil_generated_engine_tests PRIVATE
    ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    ACOSIM_SPEECH_ROBOT_TARCH="${ACOSIM_RTL_DIR}/tensil/speech_robot/arch/speech_robot.tarch"
    ACOSIM_SPEECH_ROBOT_MODEL="${ACOSIM_RTL_DIR}/tensil/speech_robot/model/speech_commands_onnx_speech_robot.tmodel")
  if("zcu104" IN_LIST generated_builds)
    target_compile_definitions(tensil_generated_engine_tests PRIVATE
      ACOSIM_ZCU104_TARCH="${ACOSIM_RTL_DIR}/tensil/zcu104/tensil/arch/zcu104.tarch"
      ACOSIM_ZCU104_MODEL="${ACOSIM_RTL_DIR}/tensil/zcu104/sdcard/baseline/resnet20v2_cifar_onnx_zcu104.tmodel")
  endif()
  add_dependencies(tensil_generated_engine_tests acosim)
endif()

# --engine lockstep-generated against deliberately wrong clocked models.
if(TARGET acosim_tensil_generated_tcu AND "speech_robot" IN_LIST generated_builds)
  acosim_add_gtest(NAME tensil_lockstep_generated_tests SYSTEMC LABELS rtl
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_lockstep_generated.cpp
    LIBS acosim_tensil_system)
  target_compile_definitions(tensil_lockstep_generated_tests PRIVATE
    ACOSIM_SPEECH_ROBOT_MODEL="${ACOSIM_RTL_DIR}/tensil/speech_robot/model/speech_commands_onnx_speech_robot.tmodel")
endif()
