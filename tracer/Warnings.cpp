// Python's warnings: warn() prints what CPython prints on stderr,
//
//   script.py:12: UserWarning: the learning rate is high
//     warnings.warn("the learning rate is high")
//
// and the filters decide as CPython's do: the first that matches (the
// newest first) gives the action; "default" shows a warning once per
// place, "once" once per text, "error" raises it. CPython's defaults show
// DeprecationWarning in __main__ (a script's own code) and ignore
// PendingDeprecationWarning, ImportWarning and ResourceWarning.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace kiln::py {

namespace {

struct WarningFilter {
  std::string action;
  std::string message; // a regular expression matched at the start; "": any
  ClassPtr category;
  int64_t lineno = 0; // 0: any
};

struct WarningsState {
  std::vector<WarningFilter> filters;
  /// What "default", "module" and "once" have shown (forgotten when the
  /// filters change, as CPython's registries are).
  std::set<std::string> shown;
  /// Inside catch_warnings(record=True): the list that warnings shown are
  /// appended to, as WarningMessages, instead of printed. None otherwise.
  Value log;
};

/// What catch_warnings(record=True) records: warnings.WarningMessage.
struct WarningMessageObject : NativeObject {
  Value message;  // the Warning instance
  Value category; // its class
  std::string filename;
  int64_t lineno = 0;
  std::string typeName() const override { return "WarningMessage"; }
  std::string typeModule() const override { return "warnings"; }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "message")
      out = message;
    else if (attr == "category")
      out = category;
    else if (attr == "filename")
      out = in.str(filename);
    else if (attr == "lineno")
      out = Value::integer(lineno);
    else if (attr == "file" || attr == "line" || attr == "source")
      out = Value();
    else
      return false;
    return true;
  }
  std::string str(Interpreter &in, const Value &) override {
    return "{message : " + in.repr(message) +
           ", category : " + in.repr(in.str(category.as<ClassObject>().name)) +
           ", filename : " + in.repr(in.str(filename)) +
           ", lineno : " + std::to_string(lineno) + ", line : None}";
  }
};

const char *const kActions[] = {"default", "error",  "ignore",
                                "always",  "module", "once"};

std::string actionArg(Interpreter &in, const Value &v) {
  std::string action = in.toStr(v);
  for (const char *a : kActions)
    if (action == a)
      return action;
  in.raise("AssertionError", "invalid action: " + in.repr(v));
}

ClassPtr categoryArg(Interpreter &in, const Value &v) {
  ClassPtr warning = in.builtinClass("Warning");
  if (!v.is(Type::Class) || !v.as<ClassObject>().isSubclassOf(warning.get()))
    in.raise("AssertionError", "category must be a Warning subclass");
  return std::static_pointer_cast<ClassObject>(v.ptr());
}

void addFilter(WarningsState &state, WarningFilter filter, bool append) {
  if (append)
    state.filters.push_back(std::move(filter));
  else
    state.filters.insert(state.filters.begin(), std::move(filter));
  state.shown.clear();
}

void defaultFilters(Interpreter &in, WarningsState &state) {
  state.filters.clear();
  for (const char *category :
       {"ResourceWarning", "ImportWarning", "PendingDeprecationWarning"})
    state.filters.push_back({"ignore", "", in.builtinClass(category), 0});
  // default::DeprecationWarning:__main__ (every warn() here is __main__'s)
  state.filters.insert(
      state.filters.begin(),
      {"default", "", in.builtinClass("DeprecationWarning"), 0});
  state.shown.clear();
}

/// catch_warnings(): the filters as they were, back on exit; with
/// record=True, the warnings shown inside it in the list __enter__ gives.
struct CatchWarningsObject : NativeObject {
  std::shared_ptr<WarningsState> state;
  std::vector<WarningFilter> saved;
  bool record = false;
  Value savedLog;
  std::string typeName() const override { return "catch_warnings"; }
  std::string typeModule() const override { return "warnings"; }
  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override {
    auto *manager = this;
    if (attr == "__enter__")
      out = in.builtin(attr, [self, manager](Interpreter &in, CallArgs &) {
        manager->saved = manager->state->filters;
        manager->savedLog = manager->state->log;
        if (!manager->record)
          return Value();
        manager->state->log = in.list();
        return manager->state->log;
      });
    else if (attr == "__exit__")
      out = in.builtin(attr, [self, manager](Interpreter &, CallArgs &) {
        manager->state->filters = manager->saved;
        manager->state->log = manager->savedLog;
        manager->state->shown.clear();
        return Value::boolean(false);
      });
    else
      return false;
    return true;
  }
};

void warn(Interpreter &in, WarningsState &state, CallArgs &args) {
  ArgParser p(in, args, "warn");
  std::optional<Value> message = p.keyword("message");
  std::optional<Value> category = p.keyword("category");
  std::optional<Value> stacklevel = p.keyword("stacklevel");
  p.keyword("source");
  p.expect(0, 4);
  if (!args.positional.empty())
    message = args.positional[0];
  if (args.positional.size() > 1)
    category = args.positional[1];
  if (args.positional.size() > 2)
    stacklevel = args.positional[2];
  if (!message)
    in.typeError("warn() missing required argument 'message' (pos 1)");
  ClassPtr warning = in.builtinClass("Warning");
  ClassPtr cls = in.builtinClass("UserWarning");
  std::string text;
  if (message->is(Type::Instance) &&
      message->as<InstanceObject>().cls->isSubclassOf(warning.get())) {
    cls = message->as<InstanceObject>().cls;
    text = in.toStr(*message);
  } else {
    text = in.toStr(*message);
    if (category && !category->isNone()) {
      if (!category->is(Type::Class) ||
          !category->as<ClassObject>().isSubclassOf(warning.get()))
        in.typeError("category must be a Warning subclass, not '" +
                     in.typeName(*category) + "'");
      cls = std::static_pointer_cast<ClassObject>(category->ptr());
    }
  }
  // The frame stacklevel - 1 calls up from the one calling warn().
  int64_t level =
      stacklevel && stacklevel->isIntLike() ? stacklevel->asInt() : 1;
  Frame *frame = in.currentFrame();
  for (int64_t k = 1; k < level && frame && frame->parent; ++k)
    frame = frame->parent;
  uint32_t line = frame ? frame->line : 0;
  std::string action = "default";
  for (const WarningFilter &f : state.filters) {
    if (!cls->isSubclassOf(f.category.get()) ||
        (f.lineno != 0 && f.lineno != line))
      continue;
    if (!f.message.empty() &&
        !std::regex_search(text, std::regex(f.message, std::regex::icase),
                           std::regex_constants::match_continuous))
      continue;
    action = f.action;
    break;
  }
  if (action == "ignore")
    return;
  if (action == "error") {
    Value exc =
        in.call(Value::object(Type::Class, cls), ValueList{in.str(text)});
    in.raiseValue(exc);
  }
  std::string key = text + "\n" + cls->name;
  if (action == "default")
    key += "\n" + std::to_string(line);
  if (action != "always" && !state.shown.insert(key).second)
    return;
  if (!state.log.isNone()) {
    auto record = std::make_shared<WarningMessageObject>();
    record->message =
        message->is(Type::Instance)
            ? *message
            : in.call(Value::object(Type::Class, cls), ValueList{in.str(text)});
    record->category = Value::object(Type::Class, cls);
    record->filename = in.scriptPath();
    record->lineno = line;
    state.log.as<ListObject>().items.push_back(
        Value::object(Type::Native, record));
    return;
  }
  std::string source(in.file().line(line));
  size_t first = source.find_first_not_of(" \t");
  source = first == std::string::npos ? "" : source.substr(first);
  in.err() << in.scriptPath() << ":" << line << ": " << cls->name << ": "
           << text << "\n";
  if (!source.empty())
    in.err() << "  " << source << "\n";
}

/// simplefilter(action, category=Warning, lineno=0, append=False) and
/// filterwarnings(action, message="", category=Warning, module="",
/// lineno=0, append=False): parameters `names`, by position or name.
void addFilterCall(Interpreter &in, WarningsState &state, CallArgs &args,
                   const std::string &fname,
                   const std::vector<std::string> &names) {
  std::map<std::string, Value> given;
  if (args.positional.size() > names.size())
    in.typeError(fname + "() takes from 1 to " + std::to_string(names.size()) +
                 " positional arguments but " +
                 std::to_string(args.positional.size()) + " were given");
  for (size_t i = 0; i < args.positional.size(); ++i)
    given[names[i]] = args.positional[i];
  for (auto &[key, v] : args.keywords) {
    if (std::find(names.begin(), names.end(), key) == names.end())
      in.typeError(fname + "() got an unexpected keyword argument '" + key +
                   "'");
    if (!given.emplace(key, v).second)
      in.typeError(fname + "() got multiple values for argument '" + key + "'");
  }
  if (!given.count("action"))
    in.typeError(fname + "() missing 1 required positional argument: 'action'");
  auto arg = [&](const char *name) {
    auto it = given.find(name);
    return it == given.end() ? Value() : it->second;
  };
  Value category = arg("category"), lineno = arg("lineno");
  if (category.isNone())
    category = Value::object(Type::Class, in.builtinClass("Warning"));
  addFilter(state,
            {actionArg(in, arg("action")),
             given.count("message") ? in.toStr(arg("message")) : "",
             categoryArg(in, category),
             lineno.isIntLike() ? lineno.asInt() : 0},
            in.truthy(arg("append")));
}

Value warningsModule(Interpreter &in) {
  Value m = makeModule("warnings");
  auto state = std::make_shared<WarningsState>();
  defaultFilters(in, *state);
  defFunction(in, m, "warn", [state](Interpreter &in, CallArgs &args) {
    warn(in, *state, args);
    return Value();
  });
  defFunction(in, m, "simplefilter", [state](Interpreter &in, CallArgs &args) {
    addFilterCall(in, *state, args, "simplefilter",
                  {"action", "category", "lineno", "append"});
    return Value();
  });
  defFunction(in, m, "filterwarnings",
              [state](Interpreter &in, CallArgs &args) {
                addFilterCall(in, *state, args, "filterwarnings",
                              {"action", "message", "category", "module",
                               "lineno", "append"});
                return Value();
              });
  defFunction(in, m, "resetwarnings", [state](Interpreter &in, CallArgs &args) {
    ArgParser(in, args, "resetwarnings").expect(0, 0);
    state->filters.clear();
    state->shown.clear();
    return Value();
  });
  defFunction(in, m, "catch_warnings",
              [state](Interpreter &in, CallArgs &args) {
                ArgParser p(in, args, "catch_warnings");
                bool record = in.truthy(p.keyword("record").value_or(Value()));
                p.expect(0, 0);
                auto manager = std::make_shared<CatchWarningsObject>();
                manager->state = state;
                manager->record = record;
                return Value::object(Type::Native, manager);
              });
  return m;
}

} // namespace

void installWarnings(Interpreter &in) {
  in.registerModule("warnings", warningsModule);
}

} // namespace kiln::py
