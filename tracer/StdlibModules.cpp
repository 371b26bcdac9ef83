// os, time, logging and warnings: what the set-up lines of TensorFlow
// scripts use ("os.environ['TF_CPP_MIN_LOG_LEVEL'] = '3'",
// "tf.get_logger().setLevel('ERROR')", a logger for progress messages).
// Their output follows CPython's: a record no handler takes goes to the
// last-resort handler (the message alone, WARNING and up); basicConfig and
// TensorFlow's own logger print "LEVEL:name:message".
#include "StdlibModules.h"
#include "Interpreter.h"
#include "Native.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <thread>

extern char **environ;

namespace kiln::py {

namespace {

const std::map<int, std::string> &levelNames() {
  static const std::map<int, std::string> names = {
      {0, "NOTSET"},   {10, "DEBUG"}, {20, "INFO"},
      {30, "WARNING"}, {40, "ERROR"}, {50, "CRITICAL"}};
  return names;
}

/// CPython's logging.BASIC_FORMAT.
const char *const kBasicFormat = "%(levelname)s:%(name)s:%(message)s";

/// The state logging's module functions and loggers share.
struct LoggingState {
  std::map<std::string, Value> loggers;
  int disabledUpTo = 0; // logging.disable(level)
  bool configuredTensorflow = false;
};

struct LoggerObject : NativeObject {
  LoggerObject(std::string name, std::shared_ptr<LoggingState> state)
      : name(std::move(name)), state(std::move(state)) {}
  std::string name;
  int level = 0;
  bool propagate = true;
  /// The format of each handler (all write to stderr).
  std::vector<std::string> handlers;
  std::shared_ptr<LoggingState> state;

  std::string typeName() const override { return "Logger"; }
  std::string typeModule() const override { return "logging"; }
  std::string repr(Interpreter &, const Value &) override {
    std::string kind = name == "root" ? "RootLogger" : "Logger";
    return "<" + kind + " " + name + " (" + levelName(effectiveLevel()) + ")>";
  }
  static std::string levelName(int level) {
    auto it = levelNames().find(level);
    return it != levelNames().end() ? it->second
                                    : "Level " + std::to_string(level);
  }
  LoggerObject &root() const {
    return state->loggers.at("root").as<LoggerObject>();
  }
  int effectiveLevel() const {
    if (level != 0 || name == "root")
      return level;
    return root().level;
  }
  bool enabledFor(int at) const {
    return at > state->disabledUpTo && at >= effectiveLevel();
  }
  /// Handler.emit for each handler from this logger up to the root while
  /// records propagate; the last-resort handler when there is none.
  void log(Interpreter &in, int at, const Value &msg, const ValueList &args) {
    if (!enabledFor(at))
      return;
    std::string message = in.toStr(msg);
    if (!args.empty()) {
      Value params =
          args.size() == 1 && args[0].is(Type::Dict) ? args[0] : in.tuple(args);
      message = in.toStr(in.binary(ast::BinaryOp::Mod, msg, params));
    }
    bool handled = false;
    for (LoggerObject *l = this; l;
         l = l->propagate && l != &root() ? &root() : nullptr) {
      for (const std::string &format : l->handlers) {
        in.err() << formatRecord(format, at, message) << "\n";
        handled = true;
      }
    }
    if (!handled && at >= 30)
      in.err() << message << "\n";
  }
  std::string formatRecord(const std::string &format, int at,
                           const std::string &message) const {
    std::string out = format;
    auto replace = [&](const std::string &key, const std::string &value) {
      for (size_t pos = out.find(key); pos != std::string::npos;
           pos = out.find(key, pos + value.size()))
        out.replace(pos, key.size(), value);
    };
    replace("%(levelname)s", levelName(at));
    replace("%(levelno)s", std::to_string(at));
    replace("%(levelno)d", std::to_string(at));
    replace("%(name)s", name);
    replace("%(message)s", message);
    return out;
  }

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
};

/// A level argument: an int, or a level's name.
int levelArg(Interpreter &in, const Value &v) {
  if (v.is(Type::Str)) {
    std::string name = in.toStr(v);
    for (auto &[level, levelName] : levelNames())
      if (levelName == name)
        return level;
    if (name == "WARN")
      return 30;
    if (name == "FATAL")
      return 50;
    in.valueError("Unknown level: '" + name + "'");
  }
  if (!v.isIntLike())
    in.typeError("Level not an integer or a valid string: " + in.repr(v));
  return static_cast<int>(v.asInt());
}

bool LoggerObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &attr, Value &out) {
  // The bound methods hold `self`, so that the logger outlives them.
  auto *logger = this;
  auto method = [&](BuiltinFn fn) { out = in.builtin(attr, std::move(fn)); };
  static const std::map<std::string, int> logAt = {
      {"debug", 10}, {"info", 20},      {"warning", 30},  {"warn", 30},
      {"error", 40}, {"exception", 40}, {"critical", 50}, {"fatal", 50}};
  if (attr == "name") {
    out = in.str(name);
  } else if (attr == "level") {
    out = Value::integer(level);
  } else if (attr == "propagate") {
    out = Value::boolean(propagate);
  } else if (attr == "disabled") {
    out = Value::boolean(false);
  } else if (attr == "setLevel") {
    method([self, logger](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "setLevel").expect(1, 1);
      logger->level = levelArg(in, args.positional[0]);
      return Value();
    });
  } else if (attr == "getEffectiveLevel") {
    method([self, logger](Interpreter &, CallArgs &) {
      return Value::integer(logger->effectiveLevel());
    });
  } else if (attr == "isEnabledFor") {
    method([self, logger](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "isEnabledFor").expect(1, 1);
      return Value::boolean(
          logger->enabledFor(levelArg(in, args.positional[0])));
    });
  } else if (auto it = logAt.find(attr); it != logAt.end()) {
    int at = it->second;
    method([self, logger, at](Interpreter &in, CallArgs &args) {
      args.keywords.clear(); // exc_info, stacklevel, extra: no effect here
      if (args.positional.empty())
        in.typeError("Logger.log() missing 1 required positional argument: "
                     "'msg'");
      ValueList rest(args.positional.begin() + 1, args.positional.end());
      logger->log(in, at, args.positional[0], rest);
      return Value();
    });
  } else if (attr == "log") {
    method([self, logger](Interpreter &in, CallArgs &args) {
      args.keywords.clear();
      if (args.positional.size() < 2)
        in.typeError("Logger.log() missing required positional arguments: "
                     "'level' and 'msg'");
      ValueList rest(args.positional.begin() + 2, args.positional.end());
      logger->log(in, levelArg(in, args.positional[0]), args.positional[1],
                  rest);
      return Value();
    });
  } else {
    return false;
  }
  return true;
}

/// A str argument of os.path's functions.
std::string pathArg(Interpreter &in, const Value &v, const char *fname) {
  if (!v.is(Type::Str))
    in.typeError(std::string(fname) + "() argument must be str, not " +
                 in.typeName(v));
  return in.toStr(v);
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
  defFunction(in, os, "cpu_count", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "cpu_count").expect(0, 0);
    return Value::integer(std::max(1u, std::thread::hardware_concurrency()));
  });
  Value path = makeModule("posixpath");
  defFunction(in, path, "join", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "join").expect(1, SIZE_MAX);
    std::string out;
    for (const Value &part : args.positional) {
      std::string p = pathArg(in, part, "join");
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
    std::string p = pathArg(in, args.positional[0], "dirname");
    size_t slash = p.rfind('/');
    if (slash == std::string::npos)
      return in.str("");
    std::string head = p.substr(0, slash + 1);
    while (head.size() > 1 && head.back() == '/')
      head.pop_back();
    return in.str(head);
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

Value loggingModule(Interpreter &in) {
  Value logging = makeModule("logging");
  auto &dict = logging.as<ModuleObject>().dict;
  for (auto &[level, name] : levelNames())
    dict[name] = Value::integer(level);
  dict["WARN"] = Value::integer(30);
  dict["FATAL"] = Value::integer(50);
  dict["BASIC_FORMAT"] = in.str(kBasicFormat);
  auto state = std::make_shared<LoggingState>();
  auto rootLogger = std::make_shared<LoggerObject>("root", state);
  rootLogger->level = 30;
  Value root = Value::object(Type::Native, rootLogger);
  state->loggers["root"] = root;
  dict["root"] = root;
  defFunction(in, logging, "getLogger",
              [state](Interpreter &in, CallArgs &args) {
                ArgParser(in, args, "getLogger").expect(0, 1);
                if (args.positional.empty() || args.positional[0].isNone())
                  return state->loggers.at("root");
                std::string name = in.toStr(args.positional[0]);
                if (name.empty())
                  return state->loggers.at("root");
                auto it = state->loggers.find(name);
                if (it != state->loggers.end())
                  return it->second;
                Value logger = Value::object(
                    Type::Native, std::make_shared<LoggerObject>(name, state));
                state->loggers[name] = logger;
                return logger;
              });
  auto basicConfig = [state](Interpreter &in, CallArgs &args) {
    if (!args.positional.empty())
      in.typeError("basicConfig() takes 0 positional arguments but " +
                   std::to_string(args.positional.size()) + " were given");
    LoggerObject &root = state->loggers.at("root").as<LoggerObject>();
    bool force = false;
    for (auto &[key, v] : args.keywords)
      if (key == "force")
        force = in.truthy(v);
    if (!root.handlers.empty() && !force)
      return Value();
    std::string format = kBasicFormat;
    for (auto &[key, v] : args.keywords) {
      if (key == "level")
        root.level = levelArg(in, v);
      else if (key == "format")
        format = in.toStr(v);
    }
    root.handlers = {format};
    return Value();
  };
  defFunction(in, logging, "basicConfig", basicConfig);
  defFunction(in, logging, "disable", [state](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "disable").expect(0, 1);
    state->disabledUpTo =
        args.positional.empty() ? 50 : levelArg(in, args.positional[0]);
    return Value();
  });
  defFunction(in, logging, "getLevelName", [](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "getLevelName").expect(1, 1);
    const Value &v = args.positional[0];
    if (v.isIntLike())
      return in.str(LoggerObject::levelName(static_cast<int>(v.asInt())));
    for (auto &[level, name] : levelNames())
      if (v.is(Type::Str) && in.toStr(v) == name)
        return Value::integer(level);
    return in.str("Level " + in.toStr(v));
  });
  // The module's own debug() ... critical(): the root logger's, after a
  // basicConfig() when the root has no handler yet.
  for (const char *name : {"debug", "info", "warning", "warn", "error",
                           "exception", "critical", "fatal", "log"}) {
    std::string method = name;
    defFunction(in, logging, name,
                [state, method, basicConfig](Interpreter &in, CallArgs &args) {
                  Value root = state->loggers.at("root");
                  if (root.as<LoggerObject>().handlers.empty()) {
                    CallArgs none;
                    basicConfig(in, none);
                  }
                  return in.call(in.getAttr(root, method), args);
                });
  }
  return logging;
}

/// warnings: the filters change nothing kiln prints (it raises no Python
/// warnings of its own).
Value warningsModule(Interpreter &in) {
  Value warnings = makeModule("warnings");
  for (const char *name : {"filterwarnings", "simplefilter", "resetwarnings"})
    defFunction(in, warnings, name,
                [](Interpreter &, CallArgs &) { return Value(); });
  return warnings;
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

Value tensorflowLogger(Interpreter &in) {
  Value logging = in.importModule("logging");
  Value logger = in.call(in.getAttr(logging, "getLogger"),
                         ValueList{in.str("tensorflow")});
  // tf_logging.get_logger's first call: its own handler, unless the root
  // logger has one already.
  auto &tf = logger.as<LoggerObject>();
  if (!tf.state->configuredTensorflow) {
    tf.state->configuredTensorflow = true;
    if (tf.root().handlers.empty())
      tf.handlers.push_back(kBasicFormat);
  }
  return logger;
}

void tensorflowLog(Interpreter &in, int level, const std::string &message) {
  tensorflowLogger(in).as<LoggerObject>().log(in, level, in.str(message), {});
}

void installStdlibModules(Interpreter &interp) {
  interp.registerModule("os", osModule);
  interp.registerModule("time", timeModule);
  interp.registerModule("logging", loggingModule);
  interp.registerModule("warnings", warningsModule);
  installDataclasses(interp);
  installFunctools(interp);
  installItertools(interp);
}

} // namespace kiln::py
