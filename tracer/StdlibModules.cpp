// os and time: what the set-up lines of TensorFlow scripts use
// ("os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'", timing a training loop);
// each other module kiln provides has a file of its own.
#include "StdlibModules.h"
#include "Interpreter.h"
#include "Native.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace kiln::py {

namespace {

/// A str argument of os.path's functions, with os.fspath's TypeError
/// (join's own for an argument after the first).
std::string pathArg(Interpreter &in, const Value &v, const char *fname,
                    bool laterJoinArg = false) {
  if (!v.is(Type::Str))
    in.typeError(laterJoinArg ? std::string(fname) +
                                    "() argument must be str, bytes, or "
                                    "os.PathLike object, not '" +
                                    in.typeName(v) + "'"
                              : "expected str, bytes or os.PathLike object, "
                                "not " +
                                    in.typeName(v));
  return in.toStr(v);
}

/// posixpath.split: the head (trailing slashes stripped unless it is all
/// slashes) and the last component.
std::pair<std::string, std::string> splitPath(const std::string &p) {
  size_t i = p.rfind('/') + 1; // 0 when there is no slash
  std::string head = p.substr(0, i), tail = p.substr(i);
  if (head.find_first_not_of('/') != std::string::npos)
    while (!head.empty() && head.back() == '/')
      head.pop_back();
  return {head, tail};
}

/// posixpath.normpath: no empty or "." components, ".." folded into its
/// parent where there is one, and POSIX's two leading slashes kept.
std::string normPath(const std::string &p) {
  if (p.empty())
    return ".";
  size_t initialSlashes = p.rfind("//", 0) == 0 && p.rfind("///", 0) != 0 ? 2
                          : p[0] == '/'                                   ? 1
                                                                          : 0;
  std::vector<std::string> comps;
  size_t start = 0;
  while (start <= p.size()) {
    size_t end = std::min(p.find('/', start), p.size());
    std::string comp = p.substr(start, end - start);
    start = end + 1;
    if (comp.empty() || comp == ".")
      continue;
    if (comp != ".." || (!initialSlashes && comps.empty()) ||
        (!comps.empty() && comps.back() == ".."))
      comps.push_back(comp);
    else if (!comps.empty())
      comps.pop_back();
  }
  std::string out(initialSlashes, '/');
  for (size_t i = 0; i < comps.size(); ++i)
    out += (i ? "/" : "") + comps[i];
  return out.empty() ? "." : out;
}

Value osModule(Interpreter &in) {
  Value os = makeModule("os");
  auto &dict = os.as<ModuleObject>().dict;
  // A copy of the process's environment: assignments change what the
  // script reads back, not kiln's own behavior.
  Value environ_ = in.dict();
  for (char **e = environ; e && *e; ++e) {
    std::string entry = *e;
    size_t eq = entry.find('=');
    if (eq != std::string::npos)
      in.setItem(environ_, in.str(entry.substr(0, eq)),
                 in.str(entry.substr(eq + 1)));
  }
  dict["environ"] = environ_;
  dict["name"] = in.str("posix");
  dict["sep"] = in.str("/");
  dict["linesep"] = in.str("\n");
  defFunction(in, os, "getenv", [environ_](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getenv").expect(1, 2);
    if (in.contains(environ_, args.positional[0]))
      return in.getItem(environ_, args.positional[0]);
    return args.positional.size() > 1 ? args.positional[1] : Value();
  });
  defFunction(in, os, "getcwd", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getcwd").expect(0, 0);
    return in.str(std::filesystem::current_path().string());
  });
  defFunction(in, os, "getpid", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getpid").expect(0, 0);
    return Value::integer(static_cast<int64_t>(::getpid()));
  });
  defFunction(in, os, "cpu_count", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cpu_count").expect(0, 0);
    return Value::integer(std::max(1u, std::thread::hardware_concurrency()));
  });
  Value path = makeModule("posixpath");
  defFunction(in, path, "join", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "join").expect(1, SIZE_MAX);
    std::string out;
    for (const Value &part : args.positional) {
      std::string p = pathArg(in, part, "join", &part != &args.positional[0]);
      if (!p.empty() && p[0] == '/')
        out = p;
      else if (out.empty() || out.back() == '/')
        out += p;
      else
        out += "/" + p;
    }
    return in.str(out);
  });
  defFunction(in, path, "basename", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "basename").expect(1, 1);
    std::string p = pathArg(in, args.positional[0], "basename");
    return in.str(p.substr(p.rfind('/') + 1));
  });
  defFunction(in, path, "dirname", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "dirname").expect(1, 1);
    return in.str(splitPath(pathArg(in, args.positional[0], "dirname")).first);
  });
  defFunction(in, path, "split", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "split").expect(1, 1);
    auto [head, tail] = splitPath(pathArg(in, args.positional[0], "split"));
    return in.tuple({in.str(head), in.str(tail)});
  });
  defFunction(in, path, "isabs", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "isabs").expect(1, 1);
    std::string p = pathArg(in, args.positional[0], "isabs");
    return Value::boolean(!p.empty() && p[0] == '/');
  });
  defFunction(in, path, "normpath", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "normpath").expect(1, 1);
    return in.str(normPath(pathArg(in, args.positional[0], "normpath")));
  });
  defFunction(in, path, "abspath", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "abspath").expect(1, 1);
    std::string p = pathArg(in, args.positional[0], "abspath");
    if (p.empty() || p[0] != '/')
      p = std::filesystem::current_path().string() + "/" + p;
    return in.str(normPath(p));
  });
  defFunction(in, path, "splitext", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "splitext").expect(1, 1);
    std::string p = pathArg(in, args.positional[0], "splitext");
    size_t slash = p.rfind('/'), dot = p.rfind('.');
    size_t start = slash == std::string::npos ? 0 : slash + 1;
    // A name of leading dots only (".bashrc") has no extension.
    size_t first = p.find_first_not_of('.', start);
    if (dot == std::string::npos || dot < start || first == std::string::npos ||
        dot < first)
      return in.tuple({in.str(p), in.str("")});
    return in.tuple({in.str(p.substr(0, dot)), in.str(p.substr(dot))});
  });
  // posixpath.relpath: `p` from `start` (the current directory), both
  // made absolute and normalized first.
  defFunction(in, path, "relpath", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "relpath");
    std::optional<Value> start = p.keyword("start");
    p.expect(1, 2);
    if (!start && args.positional.size() > 1)
      start = args.positional[1];
    std::string target = pathArg(in, args.positional[0], "relpath");
    if (target.empty())
      in.valueError("no path specified");
    std::string from =
        start && !start->isNone() ? pathArg(in, *start, "relpath") : ".";
    auto absolute = [](const std::string &s) {
      return normPath(
          s[0] == '/' ? s : std::filesystem::current_path().string() + "/" + s);
    };
    auto parts = [](const std::string &s) {
      std::vector<std::string> out;
      size_t at = 0;
      while (at <= s.size()) {
        size_t end = s.find('/', at);
        if (end == std::string::npos)
          end = s.size();
        if (end > at)
          out.push_back(s.substr(at, end - at));
        at = end + 1;
      }
      return out;
    };
    std::vector<std::string> t = parts(absolute(target)),
                             f = parts(absolute(from));
    size_t common = 0;
    while (common < t.size() && common < f.size() && t[common] == f[common])
      ++common;
    std::string out;
    for (size_t i = common; i < f.size(); ++i)
      out += out.empty() ? ".." : "/..";
    for (size_t i = common; i < t.size(); ++i)
      out += (out.empty() ? "" : "/") + t[i];
    return in.str(out.empty() ? "." : out);
  });
  for (const char *name : {"exists", "isfile", "isdir"}) {
    std::string which = name;
    defFunction(in, path, name, [which](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, which.c_str()).expect(1, 1);
      std::error_code ec;
      std::filesystem::path p(pathArg(in, args.positional[0], which.c_str()));
      bool is = which == "exists"   ? std::filesystem::exists(p, ec)
                : which == "isfile" ? std::filesystem::is_regular_file(p, ec)
                                    : std::filesystem::is_directory(p, ec);
      return Value::boolean(is && !ec);
    });
  }
  addOsFileFunctions(in, os, path);
  dict["path"] = path;
  return os;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

Value timeModule(Interpreter &in) {
  Value time = makeModule("time");
  defFunction(in, time, "time", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "time").expect(0, 0);
    return Value::floating(
        std::chrono::duration<double>(
            std::chrono::system_clock::now().time_since_epoch())
            .count());
  });
  defFunction(in, time, "time_ns", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "time_ns").expect(0, 0);
    return Value::integer(
        std::chrono::duration_cast<std::chrono::nanoseconds>(
            std::chrono::system_clock::now().time_since_epoch())
            .count());
  });
  for (const char *name : {"perf_counter", "monotonic"}) {
    std::string fname = name;
    defFunction(in, time, name, [fname](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, fname.c_str()).expect(0, 0);
      static const auto start = std::chrono::steady_clock::now();
      return Value::floating(secondsSince(start));
    });
  }
  defFunction(in, time, "process_time", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "process_time").expect(0, 0);
    return Value::floating(static_cast<double>(std::clock()) / CLOCKS_PER_SEC);
  });
  defFunction(in, time, "sleep", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "sleep").expect(1, 1);
    if (!args.positional[0].isNumber())
      in.typeError("'" + in.typeName(args.positional[0]) +
                   "' object cannot be interpreted as an integer");
    double s = args.positional[0].toDouble();
    if (s < 0)
      in.valueError("sleep length must be non-negative");
    std::this_thread::sleep_for(std::chrono::duration<double>(s));
    return Value();
  });
  return time;
}

} // namespace

Value makeModule(const std::string &name) {
  auto m = std::make_shared<ModuleObject>();
  m->name = name;
  return Value::object(Type::Module, m);
}

void defFunction(Interpreter &in, Value &module, const std::string &name,
                 BuiltinFn fn) {
  module.as<ModuleObject>().dict[name] = in.builtin(name, std::move(fn));
}

void installStdlibModules(Interpreter &interp) {
  interp.registerModule("os", osModule);
  interp.registerModule("time", timeModule);
  installFileSystemModules(interp);
  installLogging(interp);
  installWarnings(interp);
  installDataclasses(interp);
  installFunctools(interp);
  installItertools(interp);
  installRandomModule(interp);
  installOperatorModule(interp);
  installJsonModule(interp);
  installCopyModule(interp);
  installHeapq(interp);
  installBisect(interp);
  installContextlib(interp);
  installAbc(interp);
  installEnum(interp);
  installArgparse(interp);
}

} // namespace kiln::py
