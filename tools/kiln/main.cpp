// The `kiln` command line: option parsing only; the commands live in
// Driver.cpp.
#include "Driver.h"
#include "Jit.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <malloc.h>

using namespace kiln;

namespace {

struct Invocation {
  enum class Command { Check, Run, Dump, Compile, Signatures } command;
  DriverOptions opts;
};

int dispatch(void *p) {
  auto &inv = *static_cast<Invocation *>(p);
  try {
    switch (inv.command) {
    case Invocation::Command::Check:
      return runCheck(inv.opts, std::cout, std::cerr);
    case Invocation::Command::Run:
      return runScript(inv.opts, std::cout, std::cerr);
    case Invocation::Command::Dump:
      return runDump(inv.opts, std::cout, std::cerr);
    case Invocation::Command::Compile:
      return runCompile(inv.opts, std::cout, std::cerr);
    case Invocation::Command::Signatures:
      return runSignatures(inv.opts, std::cout, std::cerr);
    }
  } catch (const std::bad_alloc &) {
    std::cout.flush();
    std::cerr << "kiln: error: out of memory\n";
    return kExitUserError;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "kiln: internal error: " << e.what() << "\n";
  } catch (...) {
    std::cout.flush();
    std::cerr << "kiln: internal error: unknown exception\n";
  }
  return kExitInternal;
}

} // namespace

int main(int argc, char **argv) {
  std::ios::sync_with_stdio(false);
  CLI::App app{"kiln: an ahead-of-time compiler for tf.function programs"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "kiln " KILN_VERSION " (LLVM and MLIR " +
                                        std::string(KILN_LLVM_VERSION) + ")");
  Invocation inv;

  auto addInput = [&](CLI::App *cmd) {
    cmd->add_option("script", inv.opts.input, "Python source file")->required();
    cmd->add_option_function<std::string>(
           "--diagnostics",
           [&](const std::string &v) {
             inv.opts.jsonDiagnostics = v == "json";
           },
           "Diagnostic format: text, or json (one object per line)")
        ->check(CLI::IsMember({"text", "json"}));
  };
  CLI::App *check = app.add_subcommand("check", "Parse and resolve a script");
  addInput(check);
  CLI::App *run = app.add_subcommand("run", "Run a script as Python would");
  addInput(run);
  run->add_option("args", inv.opts.scriptArgs,
                  "Arguments for the script's sys.argv: all the words after "
                  "the script (kiln's options go before it)");
  CLI::App *dump = app.add_subcommand("dump", "Print a compilation stage");
  addInput(dump);
  dump->add_option("--stage", inv.opts.stage, "Stage to print")
      ->check(CLI::IsMember(
          {"ast", "autograph", "graph", "kiln", "linalg", "llvm", "ptx"}));
  dump->add_option("--format", inv.opts.format, "Output format")
      ->check(CLI::IsMember({"text", "json", "dot"}));
  dump->add_option("--function", inv.opts.function, "Only this tf.function");
  auto addCodegen = [&](CLI::App *cmd) {
    cmd->add_flag("--print-ir-after-all", inv.opts.printIrAfterAll,
                  "Print the MLIR after every pass");
    cmd->add_option("--print-ir-after", inv.opts.printIrAfter,
                    "Print the MLIR after these passes (kiln-lower-to-linalg, "
                    "canonicalize, ...)")
        ->delimiter(',')
        ->allow_extra_args(false);
  };
  addCodegen(run);
  addCodegen(dump);
  // Commands that run the script trace its functions.
  auto addTracing = [&](CLI::App *cmd) {
    cmd->add_option("--max-traces", inv.opts.maxTraces,
                    "Fail a call that would trace a tf.function more than N "
                    "times")
        ->check(CLI::Validator(
            [](std::string &v) -> std::string {
              char *end = nullptr;
              long n = std::strtol(v.c_str(), &end, 10);
              return *end == '\0' && n > 0
                         ? ""
                         : "needs a positive number of traces";
            },
            "N"));
    cmd->add_flag("--explain-retrace", inv.opts.explainRetrace,
                  "Say on stderr which arguments made each retrace");
  };
  addTracing(run);
  addTracing(dump);
  bool emulateCuda = false;
  run->add_flag("--emulate-cuda", emulateCuda,
                "Compile as --target=cuda does, running the kernels as host "
                "loops (checks the cuda target without a GPU)");
  run->add_flag("--eager", inv.opts.eager,
                "Run tf.function bodies op by op, as after "
                "tf.config.run_functions_eagerly(True)");
  CLI::App *compile = app.add_subcommand(
      "compile", "Compile a script's tf.functions to a library");
  addInput(compile);
  addCodegen(compile);
  addTracing(compile);
  compile
      ->add_option("-o", inv.opts.output,
                   "Output file: a library, an object (NAME.o or -c), or "
                   "--emit text")
      ->required();
  bool objectOnly = false;
  compile->add_flag("-c", objectOnly,
                    "Write an object file instead of a library");
  compile->add_option("--emit", inv.opts.emit, "What to write")
      ->check(CLI::IsMember({"mlir", "llvm", "ptx", "header", "manifest"}));
  // --signature traces a function for `compile`, `dump` and `signatures`
  // alike (a preview of what compile exports).
  auto addSignature = [&](CLI::App *sub) {
    sub->add_option("--signature", inv.opts.signatures,
                    "Trace f for these tensor types: 'f(float32[None,3])' "
                    "('m.f(...)': a method of m); one per option, repeat "
                    "it for more")
        ->allow_extra_args(false);
  };
  addSignature(compile);
  addSignature(dump);
  compile
      ->add_option("--export", inv.opts.exports,
                   "Only these functions: --export f,g or a repeated option")
      ->delimiter(',')
      ->allow_extra_args(false);
  compile
      ->add_option("--prefix", inv.opts.prefix,
                   "Start of the exported C symbols (default kiln_): "
                   "PREFIXlibrary, PREFIXf_0")
      ->check([](const std::string &p) -> std::string {
        bool ok = !p.empty() && !std::isdigit(static_cast<unsigned char>(p[0]));
        for (char ch : p)
          ok =
              ok && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_');
        return ok ? "" : "'" + p + "' is not the start of a C identifier";
      });
  compile->add_option("--header", inv.opts.header,
                      "Also write the C header to this file");
  compile->add_option("--manifest", inv.opts.manifest,
                      "Also write the JSON manifest to this file");
  compile
      ->add_option("--target-cpu", inv.opts.targetCpu,
                   "CPU to generate code for: x86-64-v3 (default: AVX2 and "
                   "FMA), x86-64 (any 64-bit x86), native, or a name")
      ->check([](const std::string &cpu) {
        return cpu.empty() ? "the CPU name is empty" : "";
      });
  compile
      ->add_option("--target", inv.opts.target,
                   "cpu (default), or cuda: kernels as PTX for NVIDIA GPUs")
      ->check(CLI::IsMember({"cpu", "cuda"}));
  // The check that LLVM knows the name is compileAot's (cudaArchProblem).
  CLI::Option *compileArch =
      compile->add_option("--cuda-arch", inv.opts.cudaArch,
                          "GPU architecture for --target=cuda (default sm_90)");
  CLI::Option *dumpArch =
      dump->add_option("--cuda-arch", inv.opts.cudaArch,
                       "GPU architecture for --stage=ptx (default sm_90)");
  compile->footer(
      "  -O0..-O3                    Optimization level (default -O2)\n"
      "  -MF FILE                    Also write a Make rule naming "
      "the script the output depends on");
  run->footer("  -O0..-O3                    Optimization level (default -O2)");
  CLI::App *signatures = app.add_subcommand(
      "signatures", "Print the concrete signatures of every tf.function");
  addInput(signatures);
  addTracing(signatures);
  addSignature(signatures);

  // -O0..-O3 and -MF FILE are GCC-style flags CLI11 cannot name: take them
  // out first.
  std::vector<char *> args;
  bool depfileGiven = false;
  // `kiln run [OPTIONS] SCRIPT ARGS...`: as with `python SCRIPT ARGS...`,
  // everything after the script is the script's (`--epochs 3`, `-O2`), so
  // a `--` goes in after it (one written there already is that `--`).
  // The script is the first word after `run` that is neither an option
  // nor the value of one (of an option CLI11 knows to take one, or -MF).
  static char separator[] = "--";
  int scriptAt = -1;
  if (argc > 1 && std::string(argv[1]) == "run") {
    for (int i = 2; i < argc; ++i) {
      std::string a = argv[i];
      if (a == "--")
        break; // the script comes after it, and the rest with it
      const CLI::Option *option = run->get_option_no_throw(a);
      if (a == "-MF" || (option && option->get_type_size() > 0)) {
        ++i; // its value
        continue;
      }
      if (a.empty() || a[0] != '-') {
        scriptAt = i;
        break;
      }
    }
  }
  for (int i = 0; i < argc; ++i) {
    if (i == scriptAt) {
      args.push_back(argv[i]);
      args.push_back(separator);
      if (i + 1 < argc && std::string(argv[i + 1]) == "--")
        ++i;
      for (++i; i < argc; ++i)
        args.push_back(argv[i]);
      break;
    }
    std::string a = argv[i];
    if (i > 0 && a.size() == 3 && a[0] == '-' && a[1] == 'O' && a[2] >= '0' &&
        a[2] <= '3') {
      inv.opts.optLevel = a[2] - '0';
      continue;
    }
    if (i > 0 && a.compare(0, 3, "-MF") == 0) {
      if (a.size() == 3 && i + 1 == argc) {
        std::cerr << "kiln: error: -MF needs a file name\n";
        return kExitUsage;
      }
      inv.opts.depfile = a.size() > 3 ? a.substr(3) : argv[++i];
      depfileGiven = true;
      continue;
    }
    args.push_back(argv[i]);
  }
  // CLI11 reports a mistyped subcommand as a missing one; name it instead.
  if (args.size() > 1 && args[1][0] != '-') {
    bool known = false;
    for (const CLI::App *sub : app.get_subcommands({}))
      known |= sub->check_name(args[1]);
    if (!known) {
      std::cerr << "kiln: error: unknown subcommand '" << args[1]
                << "'\nRun with --help for the list of subcommands.\n";
      return kExitUsage;
    }
  }
  try {
    app.parse(static_cast<int>(args.size()), args.data());
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  // --export 'f, g' names f and g: the spaces around a name go.
  for (std::string &name : inv.opts.exports) {
    size_t first = name.find_first_not_of(" \t");
    size_t last = name.find_last_not_of(" \t");
    name =
        first == std::string::npos ? "" : name.substr(first, last - first + 1);
  }
  if (check->parsed())
    inv.command = Invocation::Command::Check;
  else if (run->parsed())
    inv.command = Invocation::Command::Run;
  else if (compile->parsed())
    inv.command = Invocation::Command::Compile;
  else if (signatures->parsed())
    inv.command = Invocation::Command::Signatures;
  else
    inv.command = Invocation::Command::Dump;
  if (compile->parsed() && objectOnly) {
    if (!inv.opts.emit.empty()) {
      std::cerr << "kiln: error: -c writes an object file; it cannot be "
                   "combined with --emit="
                << inv.opts.emit << "\n";
      return kExitUsage;
    }
    inv.opts.emit = "obj";
  }
  // Without --emit, the output's extension names what to write: -o NAME.o
  // an object file (as -c does), .h a header, .json a manifest, .mlir and
  // .ll text; anything else a shared library.
  const std::string &out = inv.opts.output;
  auto endsWith = [&](const std::string &suffix) {
    return out.size() > suffix.size() &&
           out.compare(out.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (compile->parsed() && inv.opts.emit.empty())
    for (auto [suffix, emit] : {std::pair{".o", "obj"},
                                {".h", "header"},
                                {".json", "manifest"},
                                {".mlir", "mlir"},
                                {".ll", "llvm"},
                                {".ptx", "ptx"}})
      if (endsWith(suffix))
        inv.opts.emit = emit;
  if (emulateCuda)
    inv.opts.target = "cuda-emulation";
  // `dump --stage=ptx` shows what --target=cuda compiles.
  if (dump->parsed() && inv.opts.stage == "ptx")
    inv.opts.target = "cuda";
  // A pass name that is not in the pipeline would print nothing.
  std::vector<std::string> passes;
  if (!inv.opts.printIrAfter.empty())
    passes = pipelinePassNames(inv.opts.optLevel, inv.opts.target);
  for (auto &name : inv.opts.printIrAfter)
    if (std::find(passes.begin(), passes.end(), name) == passes.end()) {
      std::cerr << "kiln: error: --print-ir-after: no pass '" << name
                << "' in the -O" << inv.opts.optLevel << " pipeline"
                << (inv.opts.target == "cuda"             ? " of --target=cuda"
                    : inv.opts.target == "cuda-emulation" ? " of --emulate-cuda"
                                                          : "")
                << "; it has:";
      for (auto &p : passes)
        std::cerr << " " << p;
      std::cerr << "\n";
      return kExitUsage;
    }
  if (compileArch->count() && inv.opts.target != "cuda") {
    std::cerr << "kiln: error: --cuda-arch goes with --target=cuda\n";
    return kExitUsage;
  }
  if (dumpArch->count() && inv.opts.stage != "ptx") {
    std::cerr << "kiln: error: --cuda-arch goes with --stage=ptx\n";
    return kExitUsage;
  }
  if (depfileGiven && !compile->parsed()) {
    std::cerr << "kiln: error: -MF is an option of kiln compile\n";
    return kExitUsage;
  }
  // The interpreter's threads (one per suspended generator) take turns, so
  // they need no malloc arenas of their own: glibc's default reserves up
  // to 64 MiB of address space per thread for one, which runs a `ulimit -v`
  // out after a few dozen generators. (MLIR's compile threads share the
  // one arena too; compiling is not bound by malloc.)
  mallopt(M_ARENA_MAX, 1);
  int rc = runWithLargeStack(dispatch, &inv);
  // A full disk or a closed pipe on stdout is an error, not a silent
  // success with half the text.
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::cerr << "kiln: error: cannot write to stdout: "
              << std::strerror(errno ? errno : EIO) << "\n";
    return rc == kExitOk ? kExitUserError : rc;
  }
  return rc;
}
