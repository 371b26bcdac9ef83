# Generates C++ from kiln's ANTLR4 grammars at build time with Debian's
# `antlr4` tool (4.7.2) and links the 4.9 C++ runtime; the pair was checked
# to work together. Generated files live in the build tree only.
find_program(ANTLR4_TOOL antlr4 REQUIRED)
find_path(ANTLR4_INCLUDE_DIR antlr4-runtime.h PATH_SUFFIXES antlr4-runtime REQUIRED)
find_library(ANTLR4_RUNTIME_LIBRARY antlr4-runtime REQUIRED)

add_library(antlr4_runtime SHARED IMPORTED)
set_target_properties(antlr4_runtime PROPERTIES
  IMPORTED_LOCATION ${ANTLR4_RUNTIME_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${ANTLR4_INCLUDE_DIR})

# kiln_antlr_generate(OUT_VAR LEXER_G4 PARSER_G4): sets OUT_VAR to the
# generated sources and adds the rule that produces them.
function(kiln_antlr_generate out_var lexer_g4 parser_g4)
  set(out_dir ${CMAKE_CURRENT_BINARY_DIR}/grammar)
  get_filename_component(lexer_name ${lexer_g4} NAME_WE)
  get_filename_component(parser_name ${parser_g4} NAME_WE)
  set(outputs
    ${out_dir}/${lexer_name}.cpp ${out_dir}/${lexer_name}.h
    ${out_dir}/${parser_name}.cpp ${out_dir}/${parser_name}.h)
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -no-listener -no-visitor
            -package kiln::grammar -Xexact-output-dir -o ${out_dir}
            ${lexer_g4} ${parser_g4}
    DEPENDS ${lexer_g4} ${parser_g4}
    COMMENT "Generating the kiln parser with ANTLR4"
    VERBATIM)
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()
