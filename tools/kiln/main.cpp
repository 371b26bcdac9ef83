// The `kiln` command line: option parsing only; the commands live in
// Driver.cpp.
#include "Driver.h"

#include <CLI/CLI.hpp>

#include <iostream>

using namespace kiln;

namespace {

struct Invocation {
  enum class Command { Check, Run, Dump } command;
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
  Invocation inv;

  auto addInput = [&](CLI::App *cmd) {
    cmd->add_option("script", inv.opts.input, "Python source file")
        ->required();
    cmd->add_option_function<std::string>(
           "--diagnostics",
           [&](const std::string &v) { inv.opts.jsonDiagnostics = v == "json"; },
           "Diagnostic format: text or json")
        ->check(CLI::IsMember({"text", "json"}));
  };
  CLI::App *check = app.add_subcommand("check", "Parse and resolve a script");
  addInput(check);
  CLI::App *run = app.add_subcommand("run", "Run a script as Python would");
  addInput(run);
  CLI::App *dump = app.add_subcommand("dump", "Print a compilation stage");
  addInput(dump);
  dump->add_option("--stage", inv.opts.stage, "Stage to print")
      ->check(CLI::IsMember({"ast"}));
  dump->add_option("--format", inv.opts.format, "Output format")
      ->check(CLI::IsMember({"text", "json"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? kExitOk : kExitUsage;
  }
  if (check->parsed())
    inv.command = Invocation::Command::Check;
  else if (run->parsed())
    inv.command = Invocation::Command::Run;
  else
    inv.command = Invocation::Command::Dump;
  int rc = runWithLargeStack(dispatch, &inv);
  std::cout.flush();
  return rc;
}
