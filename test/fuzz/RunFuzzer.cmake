# Runs the parser fuzzer for SECONDS seconds over a copy of the seed corpus.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus)
# SEEDS is a list of folders: the fuzz corpus and the conformance scripts.
foreach(dir ${SEEDS})
  file(GLOB seeds ${dir}/*.py)
  file(COPY ${seeds} DESTINATION ${WORK}/corpus)
endforeach()
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=4096
          -max_len=65536 -print_final_stats=1 -artifact_prefix=${WORK}/
          ${WORK}/corpus
  WORKING_DIRECTORY ${WORK}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the parser fuzzer found a problem (exit ${rc}); "
                      "the reproducer is in ${WORK}")
endif()
