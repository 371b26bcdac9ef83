// The commands of the `kiln` tool as library functions, so tests can call
// them without spawning a process. Each returns the process exit code:
// 0 success, 1 an error in the user's input, 2 a usage error, 3 an internal
// error (a bug).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace kiln {

enum ExitCode {
  kExitOk = 0,
  kExitUserError = 1,
  kExitUsage = 2,
  kExitInternal = 3
};

struct DriverOptions {
  std::string input;
  /// `kiln run SCRIPT ARGS...`: what the script reads after its path in
  /// sys.argv.
  std::vector<std::string> scriptArgs;
  bool jsonDiagnostics = false;
  std::string stage = "ast";   // for dump
  std::string format = "text"; // for dump: text, json (ast), dot (graph)
  std::string function;        // dump --function
  // compile
  std::string output;
  std::string emit;
  std::vector<std::string> signatures; // --signature 'f(float32[None,3])'
  std::vector<std::string> exports;    // --export f,g
  std::string targetCpu;
  /// --target: "cpu", or "cuda" (kernels as PTX for --cuda-arch; also
  /// dump --stage=ptx); "cuda-emulation" for run --emulate-cuda.
  std::string target = "cpu";
  std::string cudaArch = "sm_90";
  /// --prefix: the start of the exported C symbols (NAMElibrary, the typed
  /// entry points NAMEf_0), so that two kiln outputs link into one program.
  std::string prefix = "kiln_";
  std::string depfile; // -MF: a Make rule naming the output's inputs
  // --header, --manifest: also write these beside a library or an object,
  // in the same run.
  std::string header;
  std::string manifest;
  int optLevel = 2;
  bool printIrAfterAll = false;
  std::vector<std::string> printIrAfter; // --print-ir-after=PASS,...
  // Tracing (commands that run the script).
  int maxTraces = 0; // --max-traces: 0 is no limit
  bool explainRetrace = false;
  /// run --eager: tf.function bodies run op by op from the start, as after
  /// tf.config.run_functions_eagerly(True).
  bool eager = false;
};

int runCheck(const DriverOptions &opts, std::ostream &out, std::ostream &err);
int runScript(const DriverOptions &opts, std::ostream &out, std::ostream &err);
int runDump(const DriverOptions &opts, std::ostream &out, std::ostream &err);
int runCompile(const DriverOptions &opts, std::ostream &out, std::ostream &err);
int runSignatures(const DriverOptions &opts, std::ostream &out,
                  std::ostream &err);

/// Runs `body` on a thread with a large stack, so deep (but legal) nesting
/// and Python's recursion limit never overflow the C++ stack.
int runWithLargeStack(int (*body)(void *), void *arg);

} // namespace kiln
