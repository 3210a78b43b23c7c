# The clocked model against Tensil's generated RTL (`acosim tensil run
# --engine lockstep-generated`) on short assembled programs and the example
# models, on the speech_robot build (and the zcu104 build where it is built).
get_property(generated_builds GLOBAL PROPERTY ACOSIM_TENSIL_GENERATED_BUILDS)
if(TARGET acosim_tensil_generated_tcu AND "speech_robot" IN_LIST generated_builds)
  acosim_add_gtest(NAME tensil_clocked_vs_generated_tests LABELS rtl
    SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_clocked_vs_generated.cpp
    LIBS acosim_tensil_model_builder)
  target_compile_definitions(tensil_clocked_vs_generated_tests PRIVATE
    ACOSIM_BINARY="$<TARGET_FILE:acosim>" ACOSIM_SOURCE_DIR="${CMAKE_SOURCE_DIR}"
    ACOSIM_SPEECH_ROBOT_TARCH="${ACOSIM_RTL_DIR}/tensil/speech_robot/arch/speech_robot.tarch")
  # The zcu104 build's 72-bit instructions reach its decoder through a
  # WidthConverter (the speech_robot build's 64-bit ones through a Serializer).
  if("zcu104" IN_LIST generated_builds)
    target_compile_definitions(tensil_clocked_vs_generated_tests PRIVATE
      ACOSIM_ZCU104_TARCH="${ACOSIM_RTL_DIR}/tensil/zcu104/tensil/arch/zcu104.tarch")
  endif()
  add_dependencies(tensil_clocked_vs_generated_tests acosim)
endif()
