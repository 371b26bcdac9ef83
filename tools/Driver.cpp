// Implementation of the kiln commands: read the file, parse, resolve, then
// interpret or dump.
#include "Driver.h"
#include "autograph/Autograph.h"

#include "Aot.h"
#include "CudaTarget.h"
#include "GraphDump.h"
#include "ImportCheck.h"
#include "Interpreter.h"
#include "Jit.h"
#include "kiln/frontend/AstDump.h"
#include "kiln/frontend/Parser.h"
#include "kiln/frontend/Resolver.h"
#include "tf/TfFunction.h"
#include "tf/TfObjects.h"
#include "tf/TfRuntime.h"
#include "tf/TfVariable.h"

#include <nlohmann/json.hpp>
#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace kiln {

namespace {

/// One of kiln's own messages (not about a place in the script): "kiln:
/// error: ..." as text, or DiagnosticEngine's JSON object without a
/// location under --diagnostics=json. Collects what is streamed into it and
/// prints it when the statement ends.
class ToolMessage {
public:
  ToolMessage(const DriverOptions &opts, std::ostream &err,
              const char *severity)
      : opts_(opts), err_(err), severity_(severity) {}
  ~ToolMessage() {
    std::string text = text_.str();
    if (!text.empty() && text.back() == '\n')
      text.pop_back();
    if (opts_.jsonDiagnostics)
      err_ << nlohmann::json{{"file", opts_.input},
                             {"severity", severity_},
                             {"message", text}}
                  .dump(-1, ' ', false,
                        nlohmann::json::error_handler_t::replace)
           << "\n";
    else
      err_ << "kiln: " << severity_ << ": " << text << "\n";
  }
  template <typename T> ToolMessage &operator<<(const T &v) {
    text_ << v;
    return *this;
  }

private:
  const DriverOptions &opts_;
  std::ostream &err_;
  const char *severity_;
  std::ostringstream text_;
};

struct Loaded {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
  autograph::ModuleInfo autograph;
};

/// Under --diagnostics=json, what the script itself writes (print,
/// tf.print, TensorFlow's warnings) as JSON objects of severity "output",
/// one per line, so that every line kiln writes to stderr parses.
class JsonLinesBuf : public std::streambuf {
public:
  JsonLinesBuf(std::ostream &to, std::string file, std::string stream)
      : to_(to), file_(std::move(file)), stream_(std::move(stream)) {}
  ~JsonLinesBuf() override {
    if (!line_.empty())
      emit();
  }

protected:
  int overflow(int c) override {
    if (c == traits_type::eof())
      return 0;
    if (c == '\n')
      emit();
    else
      line_ += static_cast<char>(c);
    return c;
  }
  std::streamsize xsputn(const char *s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i)
      overflow(static_cast<unsigned char>(s[i]));
    return n;
  }

private:
  void emit() {
    to_ << nlohmann::json{{"file", file_},
                          {"severity", "output"},
                          {"stream", stream_},
                          {"message", line_}}
               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
        << "\n";
    line_.clear();
  }
  std::ostream &to_;
  std::string file_, stream_, line_;
};

/// Reads, parses and resolves; prints diagnostics. Returns an exit code
/// (kExitOk when `loaded` is usable). `warnUndefined`: also warn about
/// reads of names nothing binds (resolveNames).
int load(const DriverOptions &opts, std::ostream &err, Loaded &loaded,
         bool convert = true, bool warnUndefined = false) {
  std::string bytes, error;
  if (!SourceFile::read(opts.input, bytes, error)) {
    ToolMessage(opts, err, "error") << error;
    return kExitUserError;
  }
  loaded.file = std::make_unique<SourceFile>(opts.input, std::move(bytes));
  DiagnosticEngine diags(*loaded.file, err,
                         opts.jsonDiagnostics ? DiagnosticEngine::Format::Json
                                              : DiagnosticEngine::Format::Text);
  loaded.module = parseModule(*loaded.file, diags);
  if (loaded.module)
    resolveNames(*loaded.module, diags, warnUndefined);
  if (diags.hasErrors()) {
    diags.printSummary();
    return kExitUserError;
  }
  // Every stage after the AST runs the AutoGraph-converted functions.
  if (convert)
    autograph::convertModule(*loaded.module, loaded.autograph);
  return kExitOk;
}

} // namespace

CompileOptions compileOptions(const DriverOptions &opts) {
  CompileOptions compile;
  compile.fileName = opts.input;
  compile.optLevel = opts.optLevel;
  compile.printIrAfterAll = opts.printIrAfterAll;
  compile.printIrAfter = opts.printIrAfter;
  compile.target = opts.target;
  compile.cudaArch = opts.cudaArch;
  return compile;
}

/// The tensorflow module for a script's run, with the tracing options.
static std::shared_ptr<tf::TfRuntime>
installTensorFlow(py::Interpreter &interp, graph::Executor &executor,
                  const DriverOptions &opts) {
  auto rt = tf::installTensorFlow(interp, executor);
  rt->maxTraces = opts.maxTraces;
  rt->explainRetrace = opts.explainRetrace;
  rt->runFunctionsEagerly = opts.eager;
  return rt;
}

/// Whether the script ended with kiln's own failure to compile what it
/// traced (an InternalError kiln raised: a bug, exit status 3).
bool endedInternally(py::Interpreter &interp) {
  const py::Value &exc = interp.uncaught();
  if (exc.isNone() || interp.typeName(exc) != "InternalError")
    return false;
  return interp.toStr(exc).rfind("kiln ", 0) == 0;
}

int runCheck(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  Loaded loaded;
  if (int rc =
          load(opts, err, loaded, /*convert=*/false, /*warnUndefined=*/true))
    return rc;
  // The modules come from an interpreter set up as `kiln run`'s, which
  // runs nothing.
  py::Interpreter interp(*loaded.file, out, err);
  std::unique_ptr<graph::Executor> executor =
      createJitExecutor(compileOptions(opts));
  installTensorFlow(interp, *executor, opts);
  DiagnosticEngine diags(*loaded.file, err,
                         opts.jsonDiagnostics ? DiagnosticEngine::Format::Json
                                              : DiagnosticEngine::Format::Text);
  checkImports(*loaded.module, interp, diags);
  diags.printSummary();
  return diags.hasErrors() ? kExitUserError : kExitOk;
}

int runScript(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  Loaded loaded;
  if (int rc = load(opts, err, loaded))
    return rc;
  py::Interpreter interp(*loaded.file, out, err);
  interp.setAutograph(&loaded.autograph);
  interp.setScriptArgs(opts.scriptArgs);
  // Run-time errors name the script as CPython's tracebacks do.
  CompileOptions compile = compileOptions(opts);
  compile.fileName = interp.scriptPath();
  std::unique_ptr<graph::Executor> executor = createJitExecutor(compile);
  installTensorFlow(interp, *executor, opts);
  // The script's status: sys.exit(n) sets it, an uncaught exception is 1.
  int rc = interp.runMain(*loaded.module);
  out.flush();
  return endedInternally(interp) ? kExitInternal : rc;
}

namespace {

/// "f(float32[None,3], int32[])" → name and tensor types.
bool parseSignature(const std::string &text, std::string &name,
                    std::vector<graph::TensorType> &types, std::string &error) {
  size_t open = text.find('('), close = text.rfind(')');
  auto blank = [](const std::string &s) {
    return s.find_first_not_of(" \t") == std::string::npos;
  };
  if (open == std::string::npos || close == std::string::npos || close < open ||
      blank(text.substr(0, open)) || !blank(text.substr(close + 1))) {
    error = "bad --signature '" + text + "': expected NAME(dtype[dims], ...)";
    return false;
  }
  name = text.substr(0, open);
  name.erase(0, name.find_first_not_of(" \t"));
  name.erase(name.find_last_not_of(" \t") + 1);
  std::string body = text.substr(open + 1, close - open - 1);
  size_t i = 0;
  bool first = true;
  while (i < body.size()) {
    // Arguments are separated by one comma each.
    while (i < body.size() && body[i] == ' ')
      ++i;
    if (i >= body.size())
      break;
    if (!first) {
      if (body[i] != ',') {
        error = "bad --signature '" + text +
                "': expected ',' between "
                "arguments";
        return false;
      }
      ++i;
      while (i < body.size() && body[i] == ' ')
        ++i;
    }
    first = false;
    if (i >= body.size() || body[i] == ',') {
      error = "bad --signature '" + text + "': an argument is empty";
      return false;
    }
    size_t bracket = body.find('[', i);
    size_t end = body.find(']', i);
    if (bracket == std::string::npos || end == std::string::npos) {
      error = "bad --signature '" + text + "': each argument is dtype[dims]";
      return false;
    }
    std::string dtype = body.substr(i, bracket - i);
    while (!dtype.empty() && dtype.back() == ' ')
      dtype.pop_back();
    // "x: float32[3]", as `kiln signatures` prints it: the name is ignored.
    if (size_t colon = dtype.find(':'); colon != std::string::npos)
      dtype = dtype.substr(dtype.find_first_not_of(' ', colon + 1));
    auto d = tf::dtypeFromName(dtype);
    if (!d) {
      error = "bad --signature '" + text + "': unknown dtype '" + dtype + "'";
      return false;
    }
    graph::TensorType t;
    t.dtype = *d;
    // "[]" is a scalar; otherwise each comma separates two dimensions.
    std::string list = body.substr(bracket + 1, end - bracket - 1);
    std::vector<std::string> dimTexts;
    if (!blank(list))
      for (size_t from = 0;;) {
        size_t comma = list.find(',', from);
        dimTexts.push_back(list.substr(from, comma - from));
        if (comma == std::string::npos)
          break;
        from = comma + 1;
      }
    for (std::string dim : dimTexts) {
      dim.erase(0, dim.find_first_not_of(' '));
      dim.erase(dim.find_last_not_of(' ') + 1);
      if (dim.empty()) {
        error = "bad --signature '" + text + "': a dimension is empty";
        return false;
      }
      if (dim == "None" || dim == "?") {
        t.shape.push_back(-1);
        continue;
      }
      char *rest = nullptr;
      errno = 0;
      long long size = std::strtoll(dim.c_str(), &rest, 10);
      if (*rest != '\0' || size < 0 || errno == ERANGE) {
        error = "bad --signature '" + text + "': dimension '" + dim +
                "' is not a size, None or ?";
        return false;
      }
      t.shape.push_back(size);
    }
    // The runtime sizes buffers in bytes as int64: the largest shape must
    // fit.
    int64_t bytes = py::dtypeSize(t.dtype);
    for (int64_t d : t.shape)
      if (d > 0 && bytes > std::numeric_limits<int64_t>::max() / d) {
        error = "bad --signature '" + text + "': a " + typeText(t) +
                " tensor is too large";
        return false;
      } else if (d > 0) {
        bytes *= d;
      }
    types.push_back(t);
    i = end + 1;
  }
  return true;
}

/// A tf.function defined in a class body and not bound to an instance:
/// its qualified name is Class.method (a nested function's ends in
/// <locals>.name).
/// The subscript path of each output index in a concrete function's output
/// structure (its leaves are the output indices).
void outputPaths(py::Interpreter &in, const py::Value &v,
                 const std::string &path, std::vector<std::string> &out) {
  if (v.is(py::Type::List) || v.is(py::Type::Tuple)) {
    py::ValueList items = in.toList(v);
    for (size_t i = 0; i < items.size(); ++i)
      outputPaths(in, items[i], path + "[" + std::to_string(i) + "]", out);
  } else if (v.is(py::Type::Dict)) {
    for (auto &e : v.as<py::DictObject>().table.entries())
      if (e.live)
        outputPaths(in, e.value, path + "[" + in.repr(e.key) + "]", out);
  } else if (v.isIntLike() && !v.is(py::Type::Bool)) {
    size_t index = static_cast<size_t>(v.asInt());
    if (index < out.size())
      out[index] = path;
  }
}

bool isUnboundMethod(const tf::TfFunction &fn) {
  if (fn.boundSelf || !fn.pyFunc.is(py::Type::Function))
    return false;
  const std::string &q = fn.pyFunc.as<py::FunctionObject>().qualname;
  const std::string locals = "<locals>";
  size_t dot = q.rfind('.');
  return dot != std::string::npos &&
         !(dot >= locals.size() &&
           q.compare(dot - locals.size(), locals.size(), locals) == 0);
}

/// Line `line` of `file` without its indentation and trailing blanks.
SourceRange lineRange(const SourceFile &file, uint32_t line) {
  std::string_view text = file.line(line);
  size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos)
    return {{line, 1}, {line, 1}};
  auto end = static_cast<uint32_t>(text.find_last_not_of(" \t\r") + 2);
  return {{line, static_cast<uint32_t>(first + 1)}, {line, end}};
}

/// Where a traceback entry points: the call or statement that raised, or
/// else its whole line. A range spanning lines ends with the first.
SourceRange entryRange(const SourceFile &file, const py::TracebackEntry &e) {
  if (!e.range.begin.valid())
    return lineRange(file, e.line);
  SourceRange r = e.range;
  if (r.end.line != r.begin.line)
    r.end = {r.begin.line,
             std::max(lineRange(file, e.line).end.col, r.begin.col + 1)};
  return r;
}

/// Where a function is defined: the name after `def`, or the `lambda`.
SourceRange definitionRange(const SourceFile &file,
                            const py::FunctionObject &fn) {
  SourceLoc at = fn.defLoc;
  if (!at.valid())
    return {};
  std::string_view text = file.line(at.line);
  size_t name = at.col - 1;
  if (text.compare(name, 3, "def") == 0) {
    name = text.find_first_not_of(" \t", name + 3);
    if (name == std::string_view::npos ||
        text.compare(name, fn.name.size(), fn.name) != 0)
      return {at, at};
    return {{at.line, static_cast<uint32_t>(name + 1)},
            {at.line, static_cast<uint32_t>(name + 1 + fn.name.size())}};
  }
  return {at, {at.line, at.col + 6}}; // "lambda"
}

/// Where parameter `name` of `fn` is declared, or else where `fn` is.
SourceRange parameterRange(const SourceFile &file, const py::FunctionObject &fn,
                           const std::string &name) {
  const ast::Arguments &a = *fn.args;
  for (auto *list : {&a.posonly, &a.args, &a.kwonly})
    for (const ast::Arg &arg : *list)
      if (arg.name == name)
        return arg.range;
  return definitionRange(file, fn);
}

/// An exception the script raised while kiln compiled it, as compiler
/// diagnostics: an error where it was raised (inside the traced code for
/// TensorFlow's "in user code" errors) and a note at each call that led
/// there. Build tools and editors read these; `kiln run` keeps Python's
/// traceback.
void reportException(py::Interpreter &interp, const py::Value &exc,
                     DiagnosticEngine &diags) {
  auto &inst = exc.as<py::InstanceObject>();
  std::vector<py::TracebackEntry> frames = inst.userFrames;
  frames.insert(frames.end(), inst.traceback.begin(), inst.traceback.end());
  // An error re-raised from traced code reports what the code raised.
  std::string message = inst.userMessage;
  if (inst.userClass.empty()) {
    try {
      message = interp.toStr(exc);
    } catch (py::PyException &) {
      message = "<exception str() failed>";
    }
  }
  message = (inst.userClass.empty() ? inst.cls->name : inst.userClass) +
            (message.empty() ? "" : ": " + message);
  const SourceFile &file = interp.file();
  diags.error(frames.empty() ? SourceRange{} : entryRange(file, frames[0]),
              message);
  // A call repeated at one place (recursion) is one note with a count,
  // as CPython's traceback collapses repeated lines.
  for (size_t k = 1; k < frames.size();) {
    size_t same = k + 1;
    while (same < frames.size() && frames[same].line == frames[k].line &&
           frames[same].function == frames[k].function &&
           frames[same - 1].function == frames[k - 1].function)
      ++same;
    std::string note = "'" + frames[k - 1].function + "' called from here";
    if (same - k > 1)
      note += " (" + std::to_string(same - k) + " times)";
    diags.report(Severity::Note, entryRange(file, frames[k]), note);
    k = same;
  }
}

/// The module name the script runs under for compile, signatures and
/// dump: not "__main__", so that a script's `if __name__ == "__main__":`
/// block (its tests, its demo) does not run, and all three see the same
/// concrete functions.
constexpr const char *kCompileModule = "__kiln_compile__";

/// What collectFunctions found: the concrete functions to export, the
/// variables they use, and the script (for diagnostics that point into it).
struct Collected {
  std::vector<ExportedFunction> functions;
  std::vector<ExportedVariable> variables;
  std::unique_ptr<SourceFile> source;
};

/// For `kiln compile` and `kiln signatures`: refuse, where the script made
/// them, the functions and variables a library cannot hold.
enum class Purpose { Library, Inspection };

/// Runs the script (as a module, not __main__), then collects every
/// concrete function: traced by the script, from input_signatures, and
/// from --signature options.
int collectFunctions(const DriverOptions &opts, std::ostream &err,
                     Collected &collected, Purpose purpose,
                     std::ostream &scriptOut) {
  std::vector<ExportedFunction> &exported = collected.functions;
  std::vector<ExportedVariable> &variables = collected.variables;
  Loaded loaded;
  if (int rc = load(opts, err, loaded))
    return rc;
  JsonLinesBuf outLines(err, opts.input, "stdout"),
      errLines(err, opts.input, "stderr");
  std::ostream outJson(&outLines), errJson(&errLines);
  bool json = opts.jsonDiagnostics;
  py::Interpreter interp(*loaded.file, json ? outJson : scriptOut,
                         json ? errJson : err);
  interp.setAutograph(&loaded.autograph);
  DiagnosticEngine diags(*loaded.file, err,
                         opts.jsonDiagnostics ? DiagnosticEngine::Format::Json
                                              : DiagnosticEngine::Format::Text);
  interp.setUncaughtHandler(
      [&](const py::Value &exc) { reportException(interp, exc, diags); });
  // Run-time errors name the script as CPython's tracebacks do.
  CompileOptions compile = compileOptions(opts);
  compile.fileName = interp.scriptPath();
  std::unique_ptr<graph::Executor> executor = createJitExecutor(compile);
  auto rt = installTensorFlow(interp, *executor, opts);
  if (interp.runMain(*loaded.module, kCompileModule) != 0 || diags.hasErrors())
    return endedInternally(interp) ? kExitInternal : kExitUserError;
  // A method with an input_signature exports for each instance the
  // script's globals hold (as a SavedModel of that object would).
  for (size_t i = 0, n = rt->functions.size(); i < n; ++i) {
    py::Value v = rt->functions[i];
    auto &fn = static_cast<tf::TfFunction &>(v.as<py::NativeObject>());
    if ((!fn.inputSignature && !fn.nestedSignature) || !isUnboundMethod(fn))
      continue;
    // In the order of the globals' names, so that exports are stable.
    std::map<std::string, py::Value> globals(interp.globals().begin(),
                                             interp.globals().end());
    for (auto &[name, global] : globals) {
      if (!global.is(py::Type::Instance))
        continue;
      const py::Value *attr =
          global.as<py::InstanceObject>().cls->lookup(fn.name);
      py::Value bound;
      if (attr && attr->raw() == v.raw())
        fn.bindTo(interp, v, global, bound);
    }
  }
  // Each tf.function's value by its Python name.
  std::map<std::string, py::Value> byName;
  for (auto &v : rt->functions) {
    auto &fn = static_cast<tf::TfFunction &>(v.as<py::NativeObject>());
    byName[fn.name] = v;
    // A method defined with an input_signature traces for an instance
    // (its bound copy, also listed); the class's own needs a self.
    // (--export leaves the functions it does not name untraced, so that
    // one kiln cannot compile does not stop the others.)
    bool exported = opts.exports.empty() ||
                    std::find(opts.exports.begin(), opts.exports.end(),
                              fn.name) != opts.exports.end();
    if (exported && (fn.inputSignature || fn.nestedSignature) &&
        fn.concretes.empty() && !isUnboundMethod(fn)) {
      try {
        if (fn.nestedSignature) {
          py::CallArgs none;
          fn.getConcreteFunction(interp, v, none);
        } else {
          fn.concreteFor(interp, *fn.inputSignature);
        }
      } catch (py::PyException &e) {
        reportException(interp, e.exc, diags);
        return kExitUserError;
      }
    }
  }
  for (auto &name : opts.exports)
    if (!byName.count(name)) {
      ToolMessage(opts, err, "error")
          << "--export names '" << name << "', which is not a tf.function of "
          << opts.input << "\n";
      return kExitUserError;
    }
  for (auto &text : opts.signatures) {
    std::string name, error;
    std::vector<graph::TensorType> types;
    if (!parseSignature(text, name, types, error)) {
      ToolMessage(opts, err, "error") << error << "\n";
      return kExitUsage;
    }
    // A method of an instance: 'm.f(...)' names the instance's bound
    // tf.function (a global, or attributes of one).
    py::Value target;
    size_t dot = name.rfind('.');
    if (dot != std::string::npos) {
      std::string path = name.substr(0, dot), part;
      std::istringstream parts(path);
      py::Value object;
      bool found = false;
      try {
        while (std::getline(parts, part, '.')) {
          if (!found) {
            auto global = interp.globals().find(part);
            if (global == interp.globals().end())
              break;
            object = global->second;
            found = true;
          } else {
            object = interp.getAttr(object, part);
          }
        }
        if (found)
          target = interp.getAttr(object, name.substr(dot + 1));
      } catch (py::PyException &) {
        target = py::Value();
      }
      if (!target.is(py::Type::Native) ||
          !dynamic_cast<tf::TfFunction *>(target.raw())) {
        ToolMessage(opts, err, "error")
            << "--signature names '" << name
            << "', which is not a tf.function of an object of " << opts.input
            << "\n";
        return kExitUserError;
      }
    } else {
      auto it = byName.find(name);
      if (it == byName.end()) {
        ToolMessage(opts, err, "error")
            << "--signature names '" << name
            << "', which is not a tf.function of " << opts.input << "\n";
        return kExitUserError;
      }
      target = it->second;
      auto &named =
          static_cast<tf::TfFunction &>(target.as<py::NativeObject>());
      if (isUnboundMethod(named) && !named.inputSignature) {
        ToolMessage(opts, err, "error")
            << "--signature names the method '" << name
            << "': name the object it is called on, as --signature '"
            << "OBJECT." << text << "'\n";
        return kExitUserError;
      }
    }
    auto &fn = static_cast<tf::TfFunction &>(target.as<py::NativeObject>());
    try {
      // A function with an input_signature has its one concrete function:
      // the signature must fit it, as get_concrete_function checks.
      if (fn.inputSignature) {
        py::CallArgs specs;
        for (auto &t : types)
          specs.positional.push_back(tf::tensorSpec(t));
        fn.getConcreteFunction(interp, target, specs);
      } else {
        fn.concreteFor(interp, types);
      }
    } catch (py::PyException &e) {
      reportException(interp, e.exc, diags);
      return kExitUserError;
    }
  }
  // Variables, numbered in order of first use; their values are those the
  // script left them with.
  std::map<const tf::VariableState *, int> variableIndex;
  auto indexOf = [&](const std::shared_ptr<tf::VariableState> &var) {
    auto [it, added] = variableIndex.emplace(var.get(), variables.size());
    if (added) {
      ExportedVariable v;
      v.name = var->name;
      v.type = var->value->type;
      v.initialValue = var->value->bytes;
      v.trainable = var->trainable;
      variables.push_back(std::move(v));
    }
    return it->second;
  };
  // Export names must be unique C identifiers. Several tf.functions may
  // share a Python name (two instances' methods, two closures from one
  // factory), and concrete functions of one tf.function may take the same
  // tensors (they differ in Python arguments, which a C caller cannot
  // pass): the later ones export as NAME_1, NAME_2, ..., skipping names
  // the script's own functions have. A lambda exports as "lambda".
  auto cName = [](std::string name) {
    if (name == "<lambda>")
      return std::string("lambda");
    // Other characters become '_'; bytes of non-ASCII letters their hex
    // value too, so that 'aé' and 'a__' export under different names.
    std::string out;
    for (char ch : name) {
      auto byte = static_cast<unsigned char>(ch);
      if (std::isalnum(byte)) {
        out += ch;
      } else if (byte >= 0x80) {
        static const char hex[] = "0123456789abcdef";
        out += {'_', hex[byte >> 4], hex[byte & 15]};
      } else {
        out += '_';
      }
    }
    // C and C++ reserve identifiers with "__" (and the prefix may end in
    // '_'): runs of '_' become one, and none leads or trails ("__call__"
    // exports as "call"). freshName() keeps the results unique.
    std::string squeezed;
    for (char ch : out)
      if (ch != '_' || (!squeezed.empty() && squeezed.back() != '_'))
        squeezed += ch;
    while (!squeezed.empty() && squeezed.back() == '_')
      squeezed.pop_back();
    return squeezed.empty() ? std::string("function") : squeezed;
  };
  std::set<std::string> taken;
  for (auto &v : rt->functions)
    taken.insert(
        cName(static_cast<tf::TfFunction &>(v.as<py::NativeObject>()).name));
  std::set<std::string> assigned;
  auto freshName = [&](const std::string &base) {
    if (!assigned.count(base)) {
      assigned.insert(base);
      return base;
    }
    for (int k = 1;; ++k) {
      std::string name = base + "_" + std::to_string(k);
      if (!taken.count(name) && !assigned.count(name)) {
        assigned.insert(name);
        return name;
      }
    }
  };
  // A function --export names must have something to export.
  for (auto &name : opts.exports) {
    bool traced = false;
    for (auto &v : rt->functions) {
      auto &fn = static_cast<tf::TfFunction &>(v.as<py::NativeObject>());
      traced |= fn.name == name && !fn.concretes.empty();
    }
    if (!traced) {
      ToolMessage(opts, err, "error")
          << "--export names '" << name
          << "', which has no concrete function to export: give it an "
             "input_signature, call get_concrete_function, or pass "
             "--signature\n";
      return kExitUserError;
    }
  }
  // Where each exported function is defined (null for a callable that is
  // not a Python function).
  std::vector<const py::FunctionObject *> definitions;
  for (auto &v : rt->functions) {
    auto &fn = static_cast<tf::TfFunction &>(v.as<py::NativeObject>());
    if (!opts.exports.empty() &&
        std::find(opts.exports.begin(), opts.exports.end(), fn.name) ==
            opts.exports.end())
      continue;
    if (fn.concretes.empty())
      continue;
    const py::FunctionObject *definition =
        fn.pyFunc.is(py::Type::Function) ? &fn.pyFunc.as<py::FunctionObject>()
                                         : nullptr;
    // Each export name of this tf.function, with the tensor inputs of the
    // concrete functions it has.
    std::vector<
        std::pair<std::string, std::vector<std::vector<graph::TensorType>>>>
        names;
    for (size_t i = 0; i < fn.concretes.size(); ++i) {
      auto &c = *fn.concretes[i];
      size_t slot = 0;
      while (slot < names.size() &&
             std::find(names[slot].second.begin(), names[slot].second.end(),
                       c.tensorTypes) != names[slot].second.end())
        ++slot;
      if (slot == names.size()) {
        names.emplace_back(freshName(cName(fn.name)),
                           std::vector<std::vector<graph::TensorType>>{});
        if (slot > 0) {
          std::string args;
          for (auto &[param, text] : c.params)
            if (text.rfind("Literal[", 0) == 0) // Literal[5]: the value
              args += (args.empty() ? "" : ", ") + param + "=" +
                      text.substr(8, text.size() - 9);
          ToolMessage(opts, err, "note")
              << opts.input << ": a concrete function of '" << fn.name << "' ("
              << args
              << ") takes the same tensors as one before it; it exports as '"
              << names.back().first << "'\n";
        }
      }
      names[slot].second.push_back(c.tensorTypes);
      const std::string &exportName = names[slot].first;
      ExportedFunction e;
      e.exportName = exportName;
      e.functionName = fn.name;
      e.symbol =
          exportName + "_" + std::to_string(names[slot].second.size() - 1);
      e.graph = c.graph;
      e.graph.name = e.symbol;
      // A library has no interpreter to print the tensors a top-level
      // tf.print leaves as the first results: its prints run inside the
      // compiled code, as prints in staged loops do.
      e.graph.results.erase(e.graph.results.begin(),
                            e.graph.results.begin() + c.firstOutput);
      e.graph.hostPrints = true;
      // A failed call leaves the library's variables as they were
      // (runtime/Call.c): no write's value needs choosing.
      e.graph.variableResults.clear();
      // The library ABI gives each variable one fixed shape (abi.h).
      for (auto &var : c.captures) {
        if (var->type.isStatic())
          continue;
        diags.error(var->loc.valid() ? lineRange(*loaded.file, var->loc.line)
                                     : SourceRange{},
                    "tf.Variable '" + var->name + "' has shape " +
                        var->type.shapeString() +
                        ", which is not fully defined: a compiled library "
                        "holds variables of fixed shapes only (kiln run "
                        "takes this script)");
        if (definition)
          diags.report(Severity::Note,
                       definitionRange(*loaded.file, *definition),
                       "'" + fn.name + "' uses it");
        return kExitUserError;
      }
      for (auto &var : c.captures)
        e.captures.push_back(indexOf(var));
      for (auto &[var, index] : c.writes)
        e.writes.push_back(indexOf(var));
      // The caller's view: variables are held by the library, not passed.
      std::string sig = exportName + "(";
      for (size_t k = 0; k < e.numInputs(); ++k) {
        const graph::Node &p = c.graph.nodes[c.graph.args[k]];
        sig += (k ? ", " : "") + p.name + ": " + typeText(p.outputs[0]);
      }
      sig += ") -> ";
      if (e.numOutputs() != 1)
        sig += "(";
      for (size_t k = 0; k < e.numOutputs(); ++k)
        sig += (k ? ", " : "") + typeText(e.graph.typeOf(e.graph.results[k]));
      if (e.numOutputs() != 1)
        sig += ")";
      e.signature = sig;
      e.outputPaths.resize(e.numOutputs());
      outputPaths(interp, c.outputTemplate, "", e.outputPaths);
      exported.push_back(std::move(e));
      definitions.push_back(definition);
    }
  }
  // What cannot cross a library's C interface, at the parameter (or the
  // definition) to blame.
  for (size_t i = 0; purpose == Purpose::Library && i < exported.size(); ++i) {
    const ExportedFunction &e = exported[i];
    int input = -1;
    std::string problem = libraryInterfaceProblem(e, &input);
    if (problem.empty())
      continue;
    if (exported.size() > 1)
      problem += " (--export the other functions to build a library "
                 "without '" +
                 e.functionName + "')";
    SourceRange where;
    if (definitions[i])
      where = input >= 0
                  ? parameterRange(*loaded.file, *definitions[i],
                                   e.graph.nodes[e.graph.args[input]].name)
                  : definitionRange(*loaded.file, *definitions[i]);
    diags.error(where, e.signature + ": " + problem);
    return kExitUserError;
  }
  collected.source = std::move(loaded.file);
  return kExitOk;
}

/// An error of compiling the script's code: at the line of the op to blame
/// when `loc` is valid, else kiln's own message.
void reportCompileError(const DriverOptions &opts, std::ostream &err,
                        const SourceFile &source, SourceLoc loc,
                        const std::string &message) {
  if (!loc.valid()) {
    ToolMessage(opts, err, "error") << message << "\n";
    return;
  }
  DiagnosticEngine diags(source, err,
                         opts.jsonDiagnostics ? DiagnosticEngine::Format::Json
                                              : DiagnosticEngine::Format::Text);
  diags.error(lineRange(source, loc.line), message);
}

} // namespace

/// Why `path` cannot be written (the file, or the folder it would go in);
/// empty when it looks writable.
static std::string unwritableReason(const std::string &path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p(path);
  if (fs::exists(p, ec)) {
    if (fs::is_directory(p, ec))
      return std::strerror(EISDIR);
    return access(path.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
  }
  fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(dir, ec))
    return std::strerror(fs::exists(dir, ec) ? ENOTDIR : ENOENT);
  return access(dir.c_str(), W_OK) == 0 ? "" : std::strerror(errno);
}

/// Whether two paths name one file, whether or not it exists yet.
static bool sameFile(const std::string &a, const std::string &b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec))
    return true;
  // Made absolute first: libstdc++ leaves a relative path whose first
  // part does not exist as it is ("h.h" but "/cwd/h.h" for "./h.h").
  auto normal = [](const std::string &p) {
    std::error_code ec;
    auto abs = std::filesystem::absolute(p, ec);
    return std::filesystem::weakly_canonical(abs, ec).lexically_normal();
  };
  return normal(a) == normal(b);
}

int runCompile(const DriverOptions &opts, std::ostream &out,
               std::ostream &err) {
  // A typo in a build rule must not replace the script with a library, or
  // write two outputs to one file.
  std::error_code ec;
  const std::pair<const std::string *, const char *> outputs[] = {
      {&opts.output, "-o"},
      {&opts.header, "--header"},
      {&opts.manifest, "--manifest"},
      {&opts.depfile, "-MF"}};
  for (size_t i = 0; i < std::size(outputs); ++i) {
    auto [path, option] = outputs[i];
    if (path->empty())
      continue;
    // Only -o takes "-" (stdout); elsewhere it would name a file "-".
    if (*path == "-" && i > 0) {
      ToolMessage(opts, err, "error")
          << option << " - is not stdout: give a file (for the text alone "
          << "on stdout, use --emit=header or --emit=manifest with -o -)";
      return kExitUsage;
    }
    if (std::filesystem::equivalent(*path, opts.input, ec)) {
      ToolMessage(opts, err, "error")
          << "output file '" << *path
          << "' is the input script; choose another " << option << "\n";
      return kExitUsage;
    }
    for (size_t j = 0; j < i; ++j)
      if (!outputs[j].first->empty() && sameFile(*outputs[j].first, *path)) {
        ToolMessage(opts, err, "error")
            << outputs[j].second << " and " << option << " name the same file '"
            << *path << "'\n";
        return kExitUsage;
      }
  }
  bool extras = !opts.header.empty() || !opts.manifest.empty();
  if (extras && !(opts.emit.empty() || opts.emit == "obj")) {
    ToolMessage(opts, err, "error")
        << "--header and --manifest go with a library or an "
           "object; --emit="
        << opts.emit << " writes one text file\n";
    return kExitUsage;
  }
  // `-o -`: text to stdout; a library or an object needs a file.
  bool toStdout = opts.output == "-";
  bool text = opts.emit == "mlir" || opts.emit == "llvm" ||
              opts.emit == "ptx" || opts.emit == "header" ||
              opts.emit == "manifest";
  if (toStdout && !text) {
    ToolMessage(opts, err, "error")
        << "-o - writes text to stdout: use it with "
           "--emit=mlir|llvm|ptx|header|manifest, and a file for a library or "
           "an object\n";
    return kExitUsage;
  }
  if (opts.emit == "ptx" && opts.target != "cuda") {
    ToolMessage(opts, err, "error")
        << "--emit=ptx (or -o NAME.ptx) writes the kernels of "
           "--target=cuda; add that option\n";
    return kExitUsage;
  }
  if (toStdout && !opts.depfile.empty()) {
    ToolMessage(opts, err, "error") << "-MF needs an output file, not -o -\n";
    return kExitUsage;
  }
  Collected collected;
  // The script's own output goes to stderr: stdout may be a pipe a build
  // system reads.
  if (int rc = collectFunctions(opts, err, collected, Purpose::Library, err))
    return rc;
  const std::vector<ExportedFunction> &functions = collected.functions;
  const std::vector<ExportedVariable> &variables = collected.variables;
  if (functions.empty()) {
    ToolMessage(opts, err, "error")
        << opts.input
        << " defines no concrete function to export: give a tf.function an "
           "input_signature, call get_concrete_function, or pass --signature\n";
    return kExitUserError;
  }
  // An output that cannot be written fails the build before any is
  // touched, so that a good set from before stays.
  for (auto [path, option] : outputs) {
    std::string why = path->empty() || (toStdout && path == &opts.output)
                          ? ""
                          : unwritableReason(*path);
    if (!why.empty()) {
      ToolMessage(opts, err, "error")
          << "cannot write '" << *path << "': " << why << "\n";
      return kExitUserError;
    }
  }
  AotOptions aot;
  aot.compile = compileOptions(opts);
  aot.output = opts.output;
  // Text for stdout goes through a file named after the script (its name
  // shows in a header's include guard: model.py gives KILN_GENERATED_MODEL_H)
  // in a temporary folder, removed after.
  std::filesystem::path temporary;
  if (toStdout) {
    std::string folder =
        (std::filesystem::temp_directory_path(ec) / "kiln-XXXXXX").string();
    if (!mkdtemp(folder.data())) {
      ToolMessage(opts, err, "error")
          << "cannot make a temporary folder: " << std::strerror(errno) << "\n";
      return kExitUserError;
    }
    temporary = std::filesystem::path(folder) /
                std::filesystem::path(opts.input).stem().concat(".h");
    aot.output = temporary.string();
  }
  aot.emit = opts.emit;
  aot.targetCpu = opts.targetCpu;
  aot.prefix = opts.prefix;
  std::string error;
  // The library (or object, or text), then the header, the manifest and the
  // dependency file. One that still fails takes all of them with it, so
  // that no mix of new and old outputs is left for a build tool.
  // (Through a symbolic link: the file it points to.)
  auto removeOutputs = [&] {
    for (auto [path, option] : outputs)
      if (!path->empty() && !(toStdout && path == &opts.output) &&
          std::filesystem::is_regular_file(*path, ec))
        std::filesystem::remove(std::filesystem::canonical(*path, ec), ec);
  };
  SourceLoc errorLoc;
  if (!compileAot(functions, variables, aot, error, &errorLoc)) {
    if (toStdout)
      std::filesystem::remove_all(temporary.parent_path(), ec);
    reportCompileError(opts, err, *collected.source, errorLoc, error);
    // Invalid IR from kiln's own lowering is a bug, not the script's.
    return error.find("internal error") != std::string::npos ? kExitInternal
                                                             : kExitUserError;
  }
  bool written = true;
  for (auto [path, emit] : {std::pair{&opts.header, "header"},
                            std::pair{&opts.manifest, "manifest"}}) {
    AotOptions extra = aot;
    extra.emit = emit;
    extra.output = *path;
    written = written &&
              (path->empty() || compileAot(functions, variables, extra, error));
  }
  std::vector<std::string> targets{opts.output};
  for (const std::string *extra : {&opts.header, &opts.manifest})
    if (!extra->empty())
      targets.push_back(*extra);
  written =
      written && (opts.depfile.empty() ||
                  writeDepfile(opts.depfile, targets, {opts.input}, error));
  if (!written) {
    removeOutputs();
    ToolMessage(opts, err, "error") << error << "\n";
    return kExitUserError;
  }
  if (toStdout) {
    std::ifstream in(temporary, std::ios::binary);
    out << in.rdbuf();
    in.close();
    std::filesystem::remove_all(temporary.parent_path(), ec);
    out.flush();
    return kExitOk;
  }
  return kExitOk;
}

int runSignatures(const DriverOptions &opts, std::ostream &out,
                  std::ostream &err) {
  Collected collected;
  if (int rc = collectFunctions(opts, err, collected, Purpose::Library, err))
    return rc;
  for (auto &f : collected.functions)
    out << f.signature << "\n";
  return kExitOk;
}

/// Every function definition of the module, methods included, in order.
static void functionDefs(const ast::StmtList &body,
                         std::vector<const ast::FunctionDefStmt *> &out) {
  for (auto &s : body) {
    if (s->kind == ast::StmtKind::FunctionDef) {
      out.push_back(&ast::as<ast::FunctionDefStmt>(*s));
      functionDefs(ast::as<ast::FunctionDefStmt>(*s).body, out);
    } else if (s->kind == ast::StmtKind::ClassDef) {
      functionDefs(ast::as<ast::ClassDefStmt>(*s).body, out);
    }
  }
}

int runDump(const DriverOptions &opts, std::ostream &out, std::ostream &err) {
  if (opts.format == "json" && opts.stage != "ast" && opts.stage != "graph") {
    ToolMessage(opts, err, "error")
        << "--format=json is implemented for --stage=ast and --stage=graph "
           "only\n";
    return kExitUsage;
  }
  if (opts.format == "dot" && opts.stage != "graph") {
    ToolMessage(opts, err, "error")
        << "--format=dot is implemented for --stage=graph only\n";
    return kExitUsage;
  }
  if (opts.stage == "autograph") {
    // The converted Python of each function; no tracing needed.
    Loaded loaded;
    if (int rc = load(opts, err, loaded))
      return rc;
    std::vector<const ast::FunctionDefStmt *> defs;
    functionDefs(loaded.module->body, defs);
    bool first = true;
    for (auto *f : defs) {
      if (!opts.function.empty() && f->name != opts.function)
        continue;
      if (!first)
        out << "\n";
      first = false;
      autograph::printConverted(*f, loaded.autograph, out);
    }
    if (first && !opts.function.empty()) {
      ToolMessage(opts, err, "error")
          << "no function named '" << opts.function << "'\n";
      return kExitUserError;
    }
    return kExitOk;
  }
  if (opts.stage != "ast") {
    Collected collected;
    if (int rc =
            collectFunctions(opts, err, collected, Purpose::Inspection, err))
      return rc;
    std::vector<ExportedFunction> &functions = collected.functions;
    bool found = opts.function.empty();
    std::vector<DotFunction> dot;
    for (auto &f : functions) {
      if (!opts.function.empty() && f.functionName != opts.function &&
          f.exportName != opts.function)
        continue;
      found = true;
      if (opts.format == "dot" || opts.format == "json") {
        dot.push_back({f.signature, &f.graph});
        continue;
      }
      out << "// " << f.signature << "\n";
      if (opts.stage == "graph") {
        dumpGraphText(f.graph, out);
        continue;
      }
      std::string text, error;
      SourceLoc errorLoc;
      if (opts.stage == "ptx")
        error = cudaArchProblem(opts.cudaArch);
      if (!error.empty()) {
        ToolMessage(opts, err, "error") << error << "\n";
        return kExitUserError;
      }
      if (!dumpGraphStage(f.graph, opts.stage, compileOptions(opts), text,
                          error, &errorLoc)) {
        reportCompileError(opts, err, *collected.source, errorLoc,
                           f.signature + ": " + error);
        return kExitUserError;
      }
      out << text;
    }
    if (!found) {
      ToolMessage(opts, err, "error")
          << "no concrete function named '" << opts.function << "' in "
          << opts.input << "\n";
      return kExitUserError;
    }
    if (opts.format == "dot")
      dumpGraphsDot(dot, out);
    if (opts.format == "json")
      dumpGraphsJson(dot, out);
    return kExitOk;
  }
  Loaded loaded;
  if (int rc = load(opts, err, loaded, /*convert=*/false))
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
