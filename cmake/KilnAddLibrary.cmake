# kiln_add_library(<target> <script.py>
#                  [STATIC | SHARED]
#                  [SIGNATURES <sig>...]   # --signature 'f(float32[None,3])'
#                  [EXPORT <function>...]  # --export
#                  [PREFIX <prefix>]       # --prefix (default kiln_)
#                  [TARGET_CPU <cpu>]      # --target-cpu
#                  [OPTIONS <option>...])  # more kiln compile options (-O3)
#
# Compiles the script's exported concrete functions with `kiln compile -c`
# into one object and makes <target> a library of it (STATIC unless SHARED
# is given) that links kiln::runtime. Its include directory holds
# <target>.h (the typed entry points); <target>.json is the manifest. The
# object is rebuilt when the script or kiln changes (kiln writes a depfile).
function(kiln_add_library target script)
  cmake_parse_arguments(PARSE_ARGV 2 KILN "STATIC;SHARED"
                        "PREFIX;TARGET_CPU" "SIGNATURES;EXPORT;OPTIONS")
  if(KILN_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
            "kiln_add_library: unknown arguments: ${KILN_UNPARSED_ARGUMENTS}")
  endif()
  if(KILN_STATIC AND KILN_SHARED)
    message(FATAL_ERROR "kiln_add_library: give STATIC or SHARED, not both")
  endif()
  get_filename_component(script "${script}" ABSOLUTE)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/kiln/${target}")
  set(object "${dir}/${target}${CMAKE_C_OUTPUT_EXTENSION}")
  set(header "${dir}/${target}.h")
  set(manifest "${dir}/${target}.json")
  set(depfile "${dir}/${target}.d")
  set(args)
  foreach(signature IN LISTS KILN_SIGNATURES)
    list(APPEND args --signature "${signature}")
  endforeach()
  if(KILN_EXPORT)
    list(JOIN KILN_EXPORT "," exports)
    list(APPEND args --export "${exports}")
  endif()
  if(KILN_PREFIX)
    list(APPEND args --prefix "${KILN_PREFIX}")
  endif()
  if(KILN_TARGET_CPU)
    list(APPEND args --target-cpu "${KILN_TARGET_CPU}")
  endif()
  file(MAKE_DIRECTORY "${dir}")
  add_custom_command(
    OUTPUT "${object}" "${header}" "${manifest}"
    COMMAND kiln::kiln compile "${script}" -c -o "${object}"
            --header "${header}" --manifest "${manifest}" -MF "${depfile}"
            ${args} ${KILN_OPTIONS}
    DEPENDS "${script}" kiln::kiln
    DEPFILE "${depfile}"
    COMMENT "kiln: compiling ${script}"
    VERBATIM)
  set(type STATIC)
  if(KILN_SHARED)
    set(type SHARED)
  endif()
  add_library(${target} ${type} "${object}" "${header}")
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE C)
  target_include_directories(${target} PUBLIC "${dir}")
  target_link_libraries(${target} PUBLIC kiln::runtime)
endfunction()
