// Implementation of the kiln commands: read the file, parse, resolve, then
// interpret or dump.
#include "Driver.h"

#include "Interpreter.h"
#include "Jit.h"
#include "tf/TfRuntime.h"
#include "kiln/frontend/AstDump.h"
#include "kiln/frontend/Parser.h"
#include "kiln/frontend/Resolver.h"

#include <nlohmann/json.hpp>
#include <pthread.h>

#include <iostream>
#include <memory>

namespace kiln {

namespace {

struct Loaded {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
};

/// Reads, parses and resolves; prints diagnostics. Returns an exit code
/// (kExitOk when `loaded` is usable).
int load(const DriverOptions &opts, std::ostream &err, Loaded &loaded) {
  std::string bytes, error;
  if (!SourceFile::read(opts.input, bytes, error)) {
    if (opts.jsonDiagnostics)
      err << "{\"file\":" << nlohmann::json(opts.input).dump()
          << ",\"severity\":\"error\",\"message\":"
          << nlohmann::json(error).dump() << "}\n";
    else
      err << "kiln: error: " << error << "\n";
    return kExitUserError;
  }
  loaded.file = std::make_unique<SourceFile>(opts.input, std::move(bytes));
  DiagnosticEngine diags(*loaded.file, err,
                         opts.jsonDiagnostics ? DiagnosticEngine::Format::Json
                                              : DiagnosticEngine::Format::Text);
  loaded.module = parseModule(*loaded.file, diags);
  if (loaded.module)
    resolveNames(*loaded.module, diags);
  if (diags.hasErrors()) {
    diags.printSummary();
    return kExitUserError;
  }
  return kExitOk;
}

} // namespace

int runCheck(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  Loaded loaded;
  return load(opts, err, loaded);
}

int runScript(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  Loaded loaded;
  if (int rc = load(opts, err, loaded))
    return rc;
  py::Interpreter interp(*loaded.file, out, err);
  CompileOptions compile;
  compile.fileName = opts.input;
  std::unique_ptr<graph::Executor> executor = createJitExecutor(compile);
  tf::installTensorFlow(interp, *executor);
  int rc = interp.runMain(*loaded.module);
  out.flush();
  return rc == 0 ? kExitOk : kExitUserError;
}

int runDump(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  Loaded loaded;
  if (int rc = load(opts, err, loaded))
    return rc;
  if (opts.format == "json")
    dumpAstJson(*loaded.module, out);
  else
    dumpAstText(*loaded.module, out);
  return kExitOk;
}

int runWithLargeStack(int (*body)(void *), void *arg) {
  struct Call {
    int (*body)(void *);
    void *arg;
    int result;
  } call{body, arg, kExitInternal};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  // Virtual reservation only: pages are touched as the stack grows.
  pthread_attr_setstacksize(&attr, size_t(1) << 30);
  pthread_t thread;
  auto trampoline = [](void *p) -> void * {
    auto *c = static_cast<Call *>(p);
    c->result = c->body(c->arg);
    return nullptr;
  };
  if (pthread_create(&thread, &attr, trampoline, &call) != 0) {
    pthread_attr_destroy(&attr);
    return body(arg); // fall back to the main thread's stack
  }
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  return call.result;
}

} // namespace kiln
