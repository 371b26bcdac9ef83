// Python's logging as TensorFlow scripts use it: levels, named loggers in
// their dotted hierarchy (a logger's level and handlers default to its
// nearest ancestor's), basicConfig (its format, level and stream),
// StreamHandlers with their own level and Formatter, logging.exception's
// traceback, and TensorFlow's own "tensorflow" logger. Its output follows
// CPython's: a record no handler takes goes to the last-resort handler
// (the message alone, WARNING and up, on stderr); basicConfig and
// TensorFlow's logger print "LEVEL:name:message".
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>
#include <map>
#include <sstream>
#include <thread>
#include <unistd.h>

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

std::string levelName(int level) {
  auto it = levelNames().find(level);
  return it != levelNames().end() ? it->second
                                  : "Level " + std::to_string(level);
}

/// A level argument: an int, or a level's name.
int levelArg(Interpreter &in, const Value &v);

/// A LogRecord: what a call logs and where the script made it.
struct Record {
  int level = 0;
  std::string logger;
  Value msg, args; // args: a tuple, or a dict given alone
  std::string message;
  uint32_t line = 0;
  std::string function;  // "<module>" at the top level
  std::string traceback; // logging.exception's, "" for none
  double created = 0;
};

/// The script's path, base name and module name, as a record gives them.
struct ScriptNames {
  std::string path, file, module;
  explicit ScriptNames(const std::string &scriptPath) : path(scriptPath) {
    file = path.substr(path.rfind('/') + 1);
    module = file.substr(0, file.rfind('.'));
  }
};

/// The local time of `created` as Formatter.formatTime writes it:
/// "2024-05-01 12:00:00,123".
std::string asctime(double created) {
  std::time_t seconds = static_cast<std::time_t>(created);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  char millis[8];
  std::snprintf(millis, sizeof millis, ",%03d",
                static_cast<int>((created - static_cast<double>(seconds)) *
                                 1000));
  return std::string(text) + millis;
}

/// logging.Formatter: a %-style format applied to the record's
/// attributes, as PercentStyle applies it (`fmt % record.__dict__`).
struct FormatterObject : NativeObject {
  explicit FormatterObject(std::string format) : format(std::move(format)) {}
  std::string format;
  std::string typeName() const override { return "Formatter"; }
  std::string typeModule() const override { return "logging"; }
  std::string formatRecord(Interpreter &in, const Record &r) const {
    ScriptNames names(in.scriptPath());
    Value d = in.dict();
    auto set = [&](const char *key, Value v) { in.setItem(d, in.str(key), v); };
    set("name", in.str(r.logger));
    set("msg", r.msg);
    set("args", r.args);
    set("levelname", in.str(levelName(r.level)));
    set("levelno", Value::integer(r.level));
    set("pathname", in.str(names.path));
    set("filename", in.str(names.file));
    set("module", in.str(names.module));
    set("exc_info", Value());
    set("exc_text", Value());
    set("stack_info", Value());
    set("lineno", Value::integer(r.line));
    set("funcName", in.str(r.function));
    set("created", Value::floating(r.created));
    set("msecs", Value::floating(
                     std::floor((r.created - std::floor(r.created)) * 1000)));
    set("relativeCreated", Value::floating(0.0));
    set("thread", Value::integer(static_cast<int64_t>(
                      std::hash<std::thread::id>()(std::this_thread::get_id()) &
                      0x7fffffffffff)));
    set("threadName", in.str("MainThread"));
    set("processName", in.str("MainProcess"));
    set("process", Value::integer(static_cast<int64_t>(getpid())));
    set("message", in.str(r.message));
    if (format.find("%(asctime)") != std::string::npos)
      set("asctime", in.str(asctime(r.created)));
    std::string text;
    try {
      text = in.toStr(in.binary(ast::BinaryOp::Mod, in.str(format), d));
    } catch (PyException &e) {
      if (in.typeName(e.exc) != "KeyError")
        throw;
      in.valueError("Formatting field not found in record: " +
                    in.repr(in.getItem(in.getAttr(e.exc, "args"),
                                       Value::integer(0))));
    }
    if (!r.traceback.empty()) {
      if (!text.empty() && text.back() != '\n')
        text += "\n";
      text += r.traceback;
      if (!text.empty() && text.back() == '\n')
        text.pop_back();
    }
    return text;
  }
};

/// logging.StreamHandler: records at or above its level, formatted, to
/// its stream's write() (sys.stderr when none was given).
struct HandlerObject : NativeObject {
  Value stream; // None: sys.stderr
  std::shared_ptr<FormatterObject> formatter =
      std::make_shared<FormatterObject>("%(message)s");
  int level = 0;
  std::string typeName() const override { return "StreamHandler"; }
  std::string typeModule() const override { return "logging"; }
  std::string repr(Interpreter &in, const Value &) override {
    std::string name = "<stderr>";
    Value streamName;
    if (!stream.isNone())
      name = in.tryGetAttr(stream, "name", streamName) ? in.toStr(streamName)
                                                       : in.repr(stream);
    return "<StreamHandler " + name + " (" + levelName(level) + ")>";
  }
  void emit(Interpreter &in, const Record &r) {
    if (r.level < level)
      return;
    std::string text = formatter->formatRecord(in, r) + "\n";
    if (stream.isNone())
      in.err() << text;
    else
      in.call(in.getAttr(stream, "write"), ValueList{in.str(text)});
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    auto *handler = this;
    if (attr == "level") {
      out = Value::integer(level);
    } else if (attr == "stream") {
      out = stream.isNone() ? in.getAttr(in.importModule("sys"), "stderr")
                            : stream;
    } else if (attr == "formatter") {
      out = Value::object(Type::Native, formatter);
    } else if (attr == "setLevel") {
      out = in.builtin(attr, [self, handler](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "setLevel").expect(1, 1);
        handler->level = levelArg(in, args.positional[0]);
        return Value();
      });
    } else if (attr == "setFormatter") {
      out = in.builtin(attr, [self, handler](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "setFormatter").expect(1, 1);
        const Value &f = args.positional[0];
        auto *formatter = f.is(Type::Native)
                              ? dynamic_cast<FormatterObject *>(f.raw())
                              : nullptr;
        if (!formatter)
          in.raise("AttributeError",
                   "'" + in.typeName(f) + "' object has no attribute 'format'");
        handler->formatter = std::static_pointer_cast<FormatterObject>(f.ptr());
        return Value();
      });
    } else {
      return false;
    }
    return true;
  }
};

Value makeHandler(Value stream, const std::string &format) {
  auto h = std::make_shared<HandlerObject>();
  h->stream = std::move(stream);
  h->formatter = std::make_shared<FormatterObject>(format);
  return Value::object(Type::Native, h);
}

struct LoggerObject : NativeObject {
  LoggerObject(std::string name, std::shared_ptr<LoggingState> state)
      : name(std::move(name)), state(std::move(state)) {}
  std::string name;
  int level = 0;
  bool propagate = true;
  std::vector<Value> handlers; // HandlerObjects
  std::shared_ptr<LoggingState> state;

  std::string typeName() const override { return "Logger"; }
  std::string typeModule() const override { return "logging"; }
  std::string repr(Interpreter &, const Value &) override {
    std::string kind = name == "root" ? "RootLogger" : "Logger";
    return "<" + kind + " " + name + " (" + levelName(effectiveLevel()) + ")>";
  }
  LoggerObject &root() const {
    return state->loggers.at("root").as<LoggerObject>();
  }
  /// The nearest existing logger above this one in the dotted names
  /// ("model" for "model.sub"), the root at the top; null for the root.
  LoggerObject *parent() const {
    if (name == "root")
      return nullptr;
    for (size_t dot = name.rfind('.'); dot != std::string::npos;
         dot = dot ? name.rfind('.', dot - 1) : std::string::npos) {
      auto it = state->loggers.find(name.substr(0, dot));
      if (it != state->loggers.end())
        return &it->second.as<LoggerObject>();
      if (dot == 0)
        break;
    }
    return &root();
  }
  int effectiveLevel() const {
    for (const LoggerObject *l = this; l; l = l->parent())
      if (l->level != 0)
        return l->level;
    return 0;
  }
  bool enabledFor(int at) const {
    return at > state->disabledUpTo && at >= effectiveLevel();
  }
  /// Handler.emit for each handler from this logger up its ancestors
  /// while records propagate; the last-resort handler when there is none.
  /// `withTraceback`: logging.exception's, the handled exception's
  /// traceback after the message.
  void log(Interpreter &in, int at, const Value &msg, const ValueList &args,
           bool withTraceback = false) {
    if (!enabledFor(at))
      return;
    Record r;
    r.level = at;
    r.logger = name;
    r.msg = msg;
    r.args =
        args.size() == 1 && args[0].is(Type::Dict) ? args[0] : in.tuple(args);
    r.message = in.toStr(msg);
    if (!args.empty())
      r.message = in.toStr(in.binary(ast::BinaryOp::Mod, msg, r.args));
    if (const Frame *f = in.currentFrame()) {
      r.line = f->line;
      r.function = f->name.empty() ? "<module>" : f->name;
    }
    r.created = std::chrono::duration<double>(
                    std::chrono::system_clock::now().time_since_epoch())
                    .count();
    Value handled = in.handledException();
    if (withTraceback && handled.is(Type::Instance)) {
      std::ostringstream text;
      in.printException(handled, text);
      r.traceback = text.str();
    } else if (withTraceback) {
      r.traceback = "NoneType: None\n";
    }
    bool emitted = false;
    for (LoggerObject *l = this; l; l = l->propagate ? l->parent() : nullptr) {
      for (const Value &h : l->handlers) {
        h.as<HandlerObject>().emit(in, r);
        emitted = true;
      }
    }
    if (!emitted && at >= 30) {
      std::string text = r.message;
      if (!r.traceback.empty())
        text += "\n" + r.traceback.substr(0, r.traceback.size() - 1);
      in.err() << text << "\n";
    }
  }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
  bool setAttr(Interpreter &in, const Value &, const std::string &attr,
               const Value &value) override {
    if (attr == "propagate") {
      propagate = in.truthy(value);
      return true;
    }
    if (attr == "level") {
      level = levelArg(in, value);
      return true;
    }
    return false;
  }
};

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
    // exception() logs the handled exception's traceback, as does any
    // call with exc_info=True.
    bool exception = attr == "exception";
    method([self, logger, at, exception](Interpreter &in, CallArgs &args) {
      bool traceback = exception;
      for (auto &[key, v] : args.keywords)
        if (key == "exc_info")
          traceback = in.truthy(v);
      args.keywords.clear(); // stacklevel, extra: no effect here
      if (args.positional.empty())
        in.typeError("Logger.log() missing 1 required positional argument: "
                     "'msg'");
      ValueList rest(args.positional.begin() + 1, args.positional.end());
      logger->log(in, at, args.positional[0], rest, traceback);
      return Value();
    });
  } else if (attr == "handlers") {
    out = in.list(handlers);
  } else if (attr == "addHandler" || attr == "removeHandler") {
    bool add = attr == "addHandler";
    method([self, logger, add](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, add ? "addHandler" : "removeHandler").expect(1, 1);
      const Value &h = args.positional[0];
      if (!h.is(Type::Native) || !dynamic_cast<HandlerObject *>(h.raw()))
        in.typeError("kiln's logging takes StreamHandlers only, not " +
                     in.repr(h));
      auto &list = logger->handlers;
      auto at = std::find_if(list.begin(), list.end(),
                             [&](const Value &v) { return v.identical(h); });
      if (add && at == list.end())
        list.push_back(h);
      if (!add && at != list.end())
        list.erase(at);
      return Value();
    });
  } else if (attr == "hasHandlers") {
    method([self, logger](Interpreter &, CallArgs &) {
      for (LoggerObject *l = logger; l; l = l->propagate ? l->parent() : nullptr)
        if (!l->handlers.empty())
          return Value::boolean(true);
      return Value::boolean(false);
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
    Value stream;
    ValueList given;
    for (auto &[key, v] : args.keywords) {
      if (key == "level")
        root.level = levelArg(in, v);
      else if (key == "format")
        format = in.toStr(v);
      else if (key == "stream")
        stream = v;
      else if (key == "handlers")
        given = in.toList(v);
      else if (key == "filename")
        in.raise("NotImplementedError",
                 "kiln's logging does not write files (basicConfig's "
                 "filename)");
      else if (key != "force" && key != "datefmt" && key != "style")
        in.valueError("Unrecognised argument(s): " + key);
    }
    if (!stream.isNone() && !given.empty())
      in.valueError("'stream' and 'handlers' should not be specified "
                    "together");
    root.handlers.clear();
    if (given.empty())
      given.push_back(makeHandler(stream, format));
    for (const Value &h : given) {
      if (!h.is(Type::Native) || !dynamic_cast<HandlerObject *>(h.raw()))
        in.typeError("kiln's logging takes StreamHandlers only, not " +
                     in.repr(h));
      root.handlers.push_back(h);
    }
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
      return in.str(levelName(static_cast<int>(v.asInt())));
    for (auto &[level, name] : levelNames())
      if (v.is(Type::Str) && in.toStr(v) == name)
        return Value::integer(level);
    return in.str("Level " + in.toStr(v));
  });
  defFunction(in, logging, "StreamHandler",
              [](Interpreter &in, CallArgs &args) {
                ArgParser p(in, args, "StreamHandler");
                Value stream = p.keyword("stream").value_or(Value());
                p.expect(0, 1);
                if (!args.positional.empty())
                  stream = args.positional[0];
                return makeHandler(stream, "%(message)s");
              });
  defFunction(in, logging, "Formatter", [](Interpreter &in, CallArgs &args) {
    ArgParser p(in, args, "Formatter");
    Value fmt = p.keyword("fmt").value_or(Value());
    p.keyword("datefmt");
    p.keyword("style");
    p.expect(0, 3);
    if (!args.positional.empty())
      fmt = args.positional[0];
    return Value::object(Type::Native,
                         std::make_shared<FormatterObject>(
                             fmt.isNone() ? "%(message)s" : in.toStr(fmt)));
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

} // namespace

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
      tf.handlers.push_back(makeHandler(Value(), kBasicFormat));
  }
  return logger;
}

void tensorflowLog(Interpreter &in, int level, const std::string &message) {
  tensorflowLogger(in).as<LoggerObject>().log(in, level, in.str(message), {});
}

void installLogging(Interpreter &in) {
  in.registerModule("logging", loggingModule);
}

} // namespace kiln::py
