// Python's `argparse`, as training scripts read their command line
// (`kiln run train.py --epochs 3 --lr 0.01`): ArgumentParser with
// add_argument (the store, store_const, store_true/false, append,
// append_const, count, help and version actions; nargs, type, choices,
// default, required, dest, metavar, help), set_defaults, parse_args and
// parse_known_args into a Namespace, and argparse's usage line, help text
// and "prog: error:" messages (exit status 2) as CPython 3.11 formats them
// for an 80-column terminal.
#include "Interpreter.h"
#include "Native.h"
#include "StdlibModules.h"

#include <algorithm>
#include <sstream>

namespace kiln::py {

namespace {

/// argparse's width: $COLUMNS (80 when unset) less 2.
size_t helpWidth() {
  const char *columns = std::getenv("COLUMNS");
  long n = columns ? std::strtol(columns, nullptr, 10) : 0;
  return static_cast<size_t>(n > 0 ? n : 80) - 2;
}

/// textwrap.wrap of `text` with its whitespace collapsed, as argparse's
/// HelpFormatter splits help and description text.
std::vector<std::string> wrapText(const std::string &text, size_t width) {
  std::istringstream words(text);
  std::vector<std::string> lines;
  std::string line, word;
  while (words >> word) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty())
    lines.push_back(line);
  return lines;
}

std::string join(const std::vector<std::string> &parts,
                 const std::string &separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? separator : "") + parts[i];
  return out;
}

/// The str() (or repr()) of each item of an iterable (choices).
std::vector<std::string> itemTexts(Interpreter &in, const Value &items,
                                   bool reprs = false) {
  std::vector<std::string> out;
  for (const Value &v : in.toList(items))
    out.push_back(reprs ? in.repr(v) : in.toStr(v));
  return out;
}

/// One add_argument(): what its option strings or position take and
/// where the value goes.
struct ActionObject : NativeObject {
  enum class Kind {
    Store,
    StoreConst,
    StoreTrue,
    StoreFalse,
    Append,
    AppendConst,
    Count,
    Help,
    Version
  };
  Kind kind = Kind::Store;
  std::vector<std::string> optionStrings; // empty: a positional
  std::string dest;
  Value nargs; // None, '?', '*', '+' or an int
  Value constValue, defaultValue, type, choices, help, metavar, version;
  bool required = false;
  bool suppressDefault = false; // help and version: no attribute

  std::string typeName() const override {
    static const char *const names[] = {
        "_StoreAction",      "_StoreConstAction", "_StoreTrueAction",
        "_StoreFalseAction", "_AppendAction",     "_AppendConstAction",
        "_CountAction",      "_HelpAction",       "_VersionAction"};
    return names[static_cast<int>(kind)];
  }
  std::string typeModule() const override { return "argparse"; }
  bool positional() const { return optionStrings.empty(); }
  /// nargs when it is one of '?', '*' and '+'; "" otherwise.
  std::string nargsCode() const {
    return nargs.is(Type::Str) ? nargs.as<StrObject>().s : "";
  }
  /// How many values the action takes: nargs as [min, max] (max -1: no
  /// limit).
  std::pair<int64_t, int64_t> arity() const {
    switch (kind) {
    case Kind::Store:
    case Kind::Append:
      break;
    default:
      return {0, 0};
    }
    if (nargs.isNone())
      return {1, 1};
    if (nargs.isIntLike())
      return {nargs.asInt(), nargs.asInt()};
    std::string n = nargsCode();
    return n == "?"   ? std::pair<int64_t, int64_t>{0, 1}
           : n == "*" ? std::pair<int64_t, int64_t>{0, -1}
                      : std::pair<int64_t, int64_t>{1, -1};
  }
  bool getAttr(Interpreter &in, const Value &, const std::string &attr,
               Value &out) override {
    if (attr == "dest")
      out = in.str(dest);
    else if (attr == "option_strings") {
      ValueList items;
      for (auto &s : optionStrings)
        items.push_back(in.str(s));
      out = in.list(std::move(items));
    } else if (attr == "nargs")
      out = nargs;
    else if (attr == "const")
      out = constValue;
    else if (attr == "default")
      out = defaultValue;
    else if (attr == "type")
      out = type;
    else if (attr == "choices")
      out = choices;
    else if (attr == "required")
      out = Value::boolean(required);
    else if (attr == "help")
      out = help;
    else if (attr == "metavar")
      out = metavar;
    else
      return false;
    return true;
  }
};
using ActionPtr = std::shared_ptr<ActionObject>;

/// The name a type= callable goes by in "invalid int value".
std::string callableName(Interpreter &in, const Value &type) {
  Value name;
  if (in.tryGetAttr(type, "__name__", name) && name.is(Type::Str))
    return in.toStr(name);
  return in.repr(type);
}

struct ParserObject : NativeObject {
  std::string prog;
  Value description, epilog;
  std::vector<ActionPtr> actions;
  std::vector<std::pair<std::string, Value>> parserDefaults;
  Value namespaceClass;

  std::string typeName() const override { return "ArgumentParser"; }
  std::string typeModule() const override { return "argparse"; }

  // ---- formatting ----

  std::string metavarOf(Interpreter &in, const ActionObject &a) const {
    if (!a.metavar.isNone())
      return in.toStr(a.metavar);
    if (!a.choices.isNone())
      return "{" + join(itemTexts(in, a.choices), ",") + "}";
    if (a.positional())
      return a.dest;
    std::string upper = a.dest;
    for (char &c : upper)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper;
  }

  /// The values part of an action's usage: "M", "[M]", "[M ...]",
  /// "M [M ...]" or "M M".
  std::string argsFormat(Interpreter &in, const ActionObject &a) const {
    std::string m = metavarOf(in, a);
    if (a.arity().second == 0)
      return "";
    if (a.nargs.isNone())
      return m;
    if (a.nargs.isIntLike()) {
      std::string out;
      for (int64_t i = 0; i < a.nargs.asInt(); ++i)
        out += (i ? " " : "") + m;
      return out;
    }
    std::string n = a.nargsCode();
    return n == "?"   ? "[" + m + "]"
           : n == "*" ? "[" + m + " ...]"
                      : m + " [" + m + " ...]";
  }

  std::string usage(Interpreter &in) const {
    std::vector<std::string> optParts, posParts;
    for (const ActionPtr &a : actions) {
      if (a->positional()) {
        posParts.push_back(argsFormat(in, *a));
        continue;
      }
      std::string part = a->optionStrings[0];
      std::string args = argsFormat(in, *a);
      if (!args.empty())
        part += " " + args;
      optParts.push_back(a->required ? part : "[" + part + "]");
    }
    std::string all = prog;
    for (auto *parts : {&optParts, &posParts})
      for (const std::string &p : *parts)
        if (!p.empty())
          all += " " + p;
    const std::string prefix = "usage: ";
    size_t textWidth = helpWidth();
    if (prefix.size() + all.size() <= textWidth)
      return prefix + all + "\n";
    // Too long: argparse's wrapping, optionals after the program name and
    // positionals on lines of their own, both indented under it (or, for
    // a long program name, on the lines after it).
    auto lines = [&](std::vector<std::string> parts, const std::string &indent,
                     bool withPrefix) {
      std::vector<std::string> out, line;
      size_t len = (withPrefix ? prefix.size() : indent.size()) - 1;
      for (const std::string &part : parts) {
        if (len + 1 + part.size() > textWidth && !line.empty()) {
          out.push_back(indent + join(line, " "));
          line.clear();
          len = indent.size() - 1;
        }
        line.push_back(part);
        len += part.size() + 1;
      }
      if (!line.empty())
        out.push_back(indent + join(line, " "));
      if (withPrefix && !out.empty())
        out[0] = out[0].substr(indent.size());
      return out;
    };
    std::vector<std::string> result;
    if (prefix.size() + prog.size() <= 0.75 * textWidth) {
      std::string indent(prefix.size() + prog.size() + 1, ' ');
      std::vector<std::string> first{prog};
      if (!optParts.empty()) {
        first.insert(first.end(), optParts.begin(), optParts.end());
        result = lines(first, indent, true);
        auto more = lines(posParts, indent, false);
        result.insert(result.end(), more.begin(), more.end());
      } else {
        first.insert(first.end(), posParts.begin(), posParts.end());
        result = lines(first, indent, true);
      }
    } else {
      std::string indent(prefix.size(), ' ');
      result = {prog};
      for (auto *parts : {&optParts, &posParts}) {
        auto more = lines(*parts, indent, false);
        result.insert(result.end(), more.begin(), more.end());
      }
    }
    return prefix + join(result, "\n") + "\n";
  }

  std::string invocation(Interpreter &in, const ActionObject &a) const {
    if (a.positional())
      return metavarOf(in, a);
    std::string args = argsFormat(in, a);
    std::vector<std::string> forms;
    for (const std::string &s : a.optionStrings)
      forms.push_back(s + (args.empty() ? "" : " " + args));
    return join(forms, ", ");
  }

  /// An action's help with argparse's %(name)s fields filled in.
  std::string expandHelp(Interpreter &in, const ActionObject &a) const {
    std::string text = in.toStr(a.help);
    if (text.find('%') == std::string::npos)
      return text;
    Value params = in.dict();
    auto put = [&](const char *name, const Value &v) {
      Value shown = v;
      Value name_;
      if (!v.is(Type::Str) && in.tryGetAttr(v, "__name__", name_))
        shown = name_;
      in.setItem(params, in.str(name), shown);
    };
    put("dest", in.str(a.dest));
    put("nargs", a.nargs);
    put("const", a.constValue);
    if (!a.suppressDefault)
      put("default", a.defaultValue);
    put("type", a.type);
    put("required", Value::boolean(a.required));
    put("help", a.help);
    put("metavar", a.metavar);
    put("prog", in.str(prog));
    put("choices", a.choices.isNone()
                       ? Value()
                       : in.str(join(itemTexts(in, a.choices), ", ")));
    return in.toStr(in.binary(ast::BinaryOp::Mod, in.str(text), params));
  }

  std::string help(Interpreter &in) const {
    size_t width = helpWidth();
    std::string out = usage(in) + "\n";
    if (!description.isNone()) {
      for (const std::string &line : wrapText(in.toStr(description), width))
        out += line + "\n";
      out += "\n";
    }
    size_t maxLength = 0;
    for (const ActionPtr &a : actions)
      maxLength = std::max(maxLength, invocation(in, *a).size() + 2);
    size_t helpPosition = std::min<size_t>(maxLength + 2, 24);
    size_t helpWidthCol = std::max<size_t>(width - helpPosition, 11);
    size_t actionWidth = helpPosition - 2 - 2;
    for (bool positionals : {true, false}) {
      std::string section;
      for (const ActionPtr &a : actions) {
        if (a->positional() != positionals)
          continue;
        std::string header = invocation(in, *a);
        size_t indentFirst = 0;
        if (a->help.isNone()) {
          section += "  " + header + "\n";
          continue;
        }
        if (header.size() <= actionWidth) {
          header.resize(actionWidth, ' ');
          section += "  " + header + "  ";
        } else {
          section += "  " + header + "\n";
          indentFirst = helpPosition;
        }
        auto lines = wrapText(expandHelp(in, *a), helpWidthCol);
        for (size_t i = 0; i < lines.size(); ++i)
          section += std::string(i ? helpPosition : indentFirst, ' ') +
                     lines[i] + "\n";
        if (lines.empty())
          section += "\n";
      }
      if (!section.empty())
        out += std::string(positionals ? "positional arguments:\n"
                                       : "options:\n") +
               section + "\n";
    }
    if (!epilog.isNone()) {
      for (const std::string &line : wrapText(in.toStr(epilog), width))
        out += line + "\n";
    }
    while (out.size() > 1 && out.back() == '\n' && out[out.size() - 2] == '\n')
      out.pop_back();
    return out;
  }

  // ---- parsing ----

  [[noreturn]] void exit(Interpreter &in, int64_t status) const {
    Value exc = in.makeException("SystemExit", "");
    exc.as<InstanceObject>().args.push_back(Value::integer(status));
    in.raiseValue(exc);
  }

  [[noreturn]] void error(Interpreter &in, const std::string &message) const {
    in.err() << usage(in) << prog << ": error: " << message << "\n";
    exit(in, 2);
  }

  static std::string actionName(const ActionObject &a, const std::string &mv) {
    return a.positional() ? mv : join(a.optionStrings, "/");
  }

  /// type(string), then the choices check, with argparse's errors.
  Value convert(Interpreter &in, const ActionObject &a,
                const Value &arg) const {
    Value v = arg;
    std::string name = actionName(a, metavarOf(in, a));
    if (!a.type.isNone() && arg.is(Type::Str)) {
      if (!in.isCallable(a.type))
        in.valueError(in.repr(a.type) + " is not callable");
      try {
        v = in.call(a.type, ValueList{arg});
      } catch (PyException &e) {
        std::string cls = in.typeName(e.exc);
        if (cls == "ArgumentTypeError")
          error(in, "argument " + name + ": " + in.toStr(e.exc));
        if (cls != "TypeError" && cls != "ValueError")
          throw;
        error(in, "argument " + name + ": invalid " + callableName(in, a.type) +
                      " value: " + in.repr(arg));
      }
    }
    if (!a.choices.isNone() && !in.contains(a.choices, v))
      error(in, "argument " + name + ": invalid choice: " + in.repr(v) +
                    " (choose from " +
                    join(itemTexts(in, a.choices, true), ", ") + ")");
    return v;
  }

  /// What `values` (the strings an action matched) make it store.
  Value valueOf(Interpreter &in, const ActionObject &a,
                const std::vector<std::string> &values, bool forPositional) {
    std::string n = a.nargsCode();
    if (values.empty() && n == "?")
      return forPositional ? (a.defaultValue.is(Type::Str)
                                  ? convert(in, a, a.defaultValue)
                                  : a.defaultValue)
                           : a.constValue;
    if (values.empty() && n == "*" && forPositional)
      return a.defaultValue.isNone() ? in.list({}) : a.defaultValue;
    if (a.nargs.isNone() || n == "?")
      return convert(in, a, in.str(values.at(0)));
    ValueList items;
    for (const std::string &s : values)
      items.push_back(convert(in, a, in.str(s)));
    return in.list(std::move(items));
  }

  void apply(Interpreter &in, const ActionObject &a, const Value &ns,
             const Value &value) {
    using K = ActionObject::Kind;
    Value current;
    switch (a.kind) {
    case K::Store:
      in.setAttr(ns, a.dest, value);
      break;
    case K::StoreConst:
    case K::StoreTrue:
    case K::StoreFalse:
      in.setAttr(ns, a.dest, a.constValue);
      break;
    case K::Append:
    case K::AppendConst: {
      ValueList items;
      if (in.tryGetAttr(ns, a.dest, current) && !current.isNone())
        items = in.toList(current);
      items.push_back(a.kind == K::Append ? value : a.constValue);
      in.setAttr(ns, a.dest, in.list(std::move(items)));
      break;
    }
    case K::Count: {
      int64_t n = in.tryGetAttr(ns, a.dest, current) && current.isIntLike()
                      ? current.asInt()
                      : 0;
      in.setAttr(ns, a.dest, Value::integer(n + 1));
      break;
    }
    case K::Help:
      in.out() << help(in);
      exit(in, 0);
    case K::Version: {
      Value params = in.dict();
      in.setItem(params, in.str("prog"), in.str(prog));
      in.out() << in.toStr(in.binary(ast::BinaryOp::Mod, a.version, params))
               << "\n";
      exit(in, 0);
    }
    }
  }

  static bool looksNegative(const std::string &s) {
    if (s.size() < 2 || s[0] != '-')
      return false;
    bool digits = false, dot = false;
    for (size_t i = 1; i < s.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(s[i])))
        digits = true;
      else if (s[i] == '.' && !dot)
        dot = true;
      else
        return false;
    }
    return digits;
  }

  /// parse_known_args: the namespace and the strings nothing took.
  std::pair<Value, std::vector<std::string>>
  parse(Interpreter &in, const std::vector<std::string> &argv, Value ns) {
    if (ns.isNone())
      ns = in.call(namespaceClass, ValueList{});
    Value existing;
    for (const ActionPtr &a : actions)
      if (!a->suppressDefault && !in.tryGetAttr(ns, a->dest, existing))
        in.setAttr(ns, a->dest, a->defaultValue);
    for (auto &[name, v] : parserDefaults)
      if (!in.tryGetAttr(ns, name, existing))
        in.setAttr(ns, name, v);
    bool negativeOptions = false;
    for (const ActionPtr &a : actions)
      for (const std::string &s : a->optionStrings)
        negativeOptions |= looksNegative(s);
    std::vector<char> kinds; // 'O' an option, 'A' an argument
    bool rest = false;
    for (const std::string &s : argv) {
      if (rest) {
        kinds.push_back('A');
      } else if (s == "--") {
        kinds.push_back('-');
        rest = true;
      } else {
        bool option = s.size() > 1 && s[0] == '-' &&
                      (negativeOptions || !looksNegative(s));
        kinds.push_back(option ? 'O' : 'A');
      }
    }
    std::vector<std::string> extras;
    std::vector<const ActionObject *> seen;
    std::vector<ActionObject *> posActions;
    for (const ActionPtr &a : actions)
      if (a->positional())
        posActions.push_back(a.get());
    size_t nextPositional = 0;
    // argparse's consume_positionals: the positionals not yet filled take
    // a run of argument strings (the ones before the next option), as many
    // of them as can match it, each as many strings as it can while
    // leaving the ones after it their least; what is left over is extra.
    auto consumePositionals = [&](const std::vector<std::string> &run) {
      size_t count = posActions.size() - nextPositional;
      for (; count > 0; --count) {
        int64_t least = 0;
        for (size_t k = 0; k < count; ++k)
          least += posActions[nextPositional + k]->arity().first;
        if (least <= static_cast<int64_t>(run.size()))
          break;
      }
      size_t used = 0;
      for (size_t k = 0; k < count; ++k) {
        ActionObject *a = posActions[nextPositional + k];
        int64_t reserved = 0;
        for (size_t j = k + 1; j < count; ++j)
          reserved += posActions[nextPositional + j]->arity().first;
        auto [least, most] = a->arity();
        int64_t available = static_cast<int64_t>(run.size() - used) - reserved;
        int64_t take = most < 0 ? available : std::min(most, available);
        take = std::max(take, least);
        std::vector<std::string> values(run.begin() + used,
                                        run.begin() + used + take);
        used += take;
        seen.push_back(a);
        apply(in, *a, ns, valueOf(in, *a, values, true));
      }
      nextPositional += count;
      extras.insert(extras.end(), run.begin() + used, run.end());
    };
    auto find = [&](const std::string &s) -> ActionObject * {
      for (const ActionPtr &a : actions)
        for (const std::string &o : a->optionStrings)
          if (o == s)
            return a.get();
      return nullptr;
    };
    for (size_t i = 0; i < argv.size(); ++i) {
      if (kinds[i] != 'O') {
        std::vector<std::string> run;
        for (; i < argv.size() && kinds[i] != 'O'; ++i)
          if (kinds[i] == 'A')
            run.push_back(argv[i]);
        --i;
        consumePositionals(run);
        continue;
      }
      std::string token = argv[i];
      std::optional<std::string> explicitArg;
      ActionObject *a = find(token);
      if (!a && token.find('=') != std::string::npos) {
        size_t eq = token.find('=');
        if ((a = find(token.substr(0, eq))))
          explicitArg = token.substr(eq + 1);
        token = token.substr(0, eq);
      }
      if (!a && token.rfind("--", 0) == 0) {
        std::vector<std::pair<ActionObject *, std::string>> matches;
        for (const ActionPtr &c : actions)
          for (const std::string &o : c->optionStrings)
            if (o.rfind(token, 0) == 0)
              matches.push_back({c.get(), o});
        if (matches.size() > 1) {
          std::vector<std::string> names;
          for (auto &m : matches)
            names.push_back(m.second);
          error(in, "ambiguous option: " + token + " could match " +
                        join(names, ", "));
        }
        if (matches.size() == 1) {
          a = matches[0].first;
          token = matches[0].second;
          size_t eq = argv[i].find('=');
          if (eq != std::string::npos)
            explicitArg = argv[i].substr(eq + 1);
        }
      }
      if (!a && token.size() > 2 && token[1] != '-' &&
          (a = find(token.substr(0, 2)))) {
        explicitArg = token.substr(2);
        token = token.substr(0, 2);
      }
      if (!a) {
        extras.push_back(argv[i]);
        continue;
      }
      // Flags clustered behind a single dash: -vq is -v -q.
      while (a->arity().second == 0 && explicitArg && !explicitArg->empty() &&
             token[1] != '-') {
        seen.push_back(a);
        apply(in, *a, ns, Value());
        std::string next = "-" + explicitArg->substr(0, 1);
        ActionObject *b = find(next);
        if (!b)
          error(in, "argument " + actionName(*a, "") +
                        ": ignored explicit argument '" + *explicitArg + "'");
        explicitArg = explicitArg->size() > 1
                          ? std::optional<std::string>(explicitArg->substr(1))
                          : std::nullopt;
        a = b;
        token = next;
      }
      auto [least, most] = a->arity();
      std::string name = actionName(*a, "");
      std::vector<std::string> values;
      if (explicitArg) {
        if (most == 0)
          error(in, "argument " + name + ": ignored explicit argument '" +
                        *explicitArg + "'");
        values.push_back(*explicitArg);
      } else {
        while ((most < 0 || static_cast<int64_t>(values.size()) < most) &&
               i + 1 < argv.size() && kinds[i + 1] == 'A')
          values.push_back(argv[++i]);
      }
      if (static_cast<int64_t>(values.size()) < least) {
        std::string n =
            a->nargs.is(Type::Str) ? a->nargs.as<StrObject>().s : "";
        error(in,
              "argument " + name + ": " +
                  (n == "+" ? "expected at least one argument"
                   : a->nargs.isNone()
                       ? "expected one argument"
                       : "expected " + std::to_string(least) + " arguments"));
      }
      seen.push_back(a);
      apply(in, *a, ns, most == 0 ? Value() : valueOf(in, *a, values, false));
    }
    consumePositionals({}); // the ones that may take none get their default
    std::vector<std::string> missing;
    for (const ActionPtr &a : actions) {
      bool required = a->required || (a->positional() && a->arity().first > 0);
      if (required &&
          std::find(seen.begin(), seen.end(), a.get()) == seen.end())
        missing.push_back(actionName(*a, metavarOf(in, *a)));
    }
    if (!missing.empty())
      error(in, "the following arguments are required: " + join(missing, ", "));
    // A string default of an option not given goes through type= too.
    for (const ActionPtr &a : actions) {
      if (std::find(seen.begin(), seen.end(), a.get()) != seen.end() ||
          !a->defaultValue.is(Type::Str) || a->suppressDefault)
        continue;
      Value current;
      if (in.tryGetAttr(ns, a->dest, current) &&
          current.identical(a->defaultValue))
        in.setAttr(ns, a->dest, convert(in, *a, a->defaultValue));
    }
    return {ns, extras};
  }

  Value addArgument(Interpreter &in, CallArgs &args);

  bool getAttr(Interpreter &in, const Value &self, const std::string &attr,
               Value &out) override;
};

Value ParserObject::addArgument(Interpreter &in, CallArgs &args) {
  auto a = std::make_shared<ActionObject>();
  for (const Value &v : args.positional) {
    if (!v.is(Type::Str))
      in.typeError("add_argument() names must be strings, not " +
                   in.typeName(v));
    a->optionStrings.push_back(in.toStr(v));
  }
  bool positional =
      a->optionStrings.size() == 1 && a->optionStrings[0].rfind("-", 0) != 0;
  if (a->optionStrings.empty())
    in.typeError("add_argument() missing required argument: 'dest'");
  for (const std::string &s : a->optionStrings)
    if (!positional && s.rfind("-", 0) != 0)
      in.valueError("invalid option string '" + s +
                    "': must start with a character '-'");
  std::string action = "store";
  for (auto &[key, v] : args.keywords) {
    if (key == "action")
      action = in.toStr(v);
    else if (key == "nargs")
      a->nargs = v;
    else if (key == "const")
      a->constValue = v;
    else if (key == "default")
      a->defaultValue = v;
    else if (key == "type")
      a->type = v;
    else if (key == "choices")
      a->choices = v;
    else if (key == "required")
      a->required = in.truthy(v);
    else if (key == "help")
      a->help = v;
    else if (key == "metavar")
      a->metavar = v;
    else if (key == "dest")
      a->dest = in.toStr(v);
    else if (key == "version")
      a->version = v;
    else
      in.typeError("ArgumentParser.add_argument() got an unexpected keyword "
                   "argument '" +
                   key + "'");
  }
  using K = ActionObject::Kind;
  static const std::pair<const char *, K> kinds[] = {
      {"store", K::Store},          {"store_const", K::StoreConst},
      {"store_true", K::StoreTrue}, {"store_false", K::StoreFalse},
      {"append", K::Append},        {"append_const", K::AppendConst},
      {"count", K::Count},          {"help", K::Help},
      {"version", K::Version}};
  auto kind = std::find_if(std::begin(kinds), std::end(kinds),
                           [&](auto &k) { return action == k.first; });
  if (kind == std::end(kinds))
    in.valueError("unknown action \"" + action + "\"");
  a->kind = kind->second;
  if (positional) {
    a->dest = a->optionStrings[0];
    a->optionStrings.clear();
    if (a->required)
      in.typeError("'required' is an invalid argument for positionals");
  } else if (a->dest.empty()) {
    std::string best = a->optionStrings[0];
    for (const std::string &s : a->optionStrings)
      if (s.rfind("--", 0) == 0) {
        best = s;
        break;
      }
    best = best.substr(best.find_first_not_of('-'));
    std::replace(best.begin(), best.end(), '-', '_');
    a->dest = best;
  }
  if (a->kind == K::StoreTrue || a->kind == K::StoreFalse) {
    bool t = a->kind == K::StoreTrue;
    a->constValue = Value::boolean(t);
    if (!std::any_of(args.keywords.begin(), args.keywords.end(),
                     [](auto &kw) { return kw.first == "default"; }))
      a->defaultValue = Value::boolean(!t);
  }
  if (a->kind == K::Help || a->kind == K::Version) {
    a->suppressDefault = true;
    if (a->help.isNone())
      a->help = in.str(a->kind == K::Help ? "show this help message and exit"
                                          : "show program's version number "
                                            "and exit");
  }
  if (!a->nargs.isNone()) {
    if (a->kind != K::Store && a->kind != K::Append)
      in.typeError(a->typeName() +
                   ".__init__() got an unexpected keyword argument 'nargs'");
    std::string n = a->nargsCode();
    if (n == "..." || n == "A...")
      in.raise("NotImplementedError",
               "kiln's argparse has no nargs=argparse.REMAINDER yet");
    bool valid = n == "?" || n == "*" || n == "+" ||
                 (a->nargs.isIntLike() && a->nargs.asInt() >= 0);
    if (!valid)
      in.valueError("invalid nargs value");
  }
  if (a->kind == K::Store && a->nargs.isIntLike() && a->nargs.asInt() == 0)
    in.valueError("nargs for store actions must be != 0; if you have nothing "
                  "to store, actions such as store true or store const may be "
                  "more appropriate");
  for (const ActionPtr &other : actions)
    for (const std::string &s : other->optionStrings)
      for (const std::string &mine : a->optionStrings)
        if (s == mine)
          in.raise("ArgumentError", "argument " + actionName(*a, "") +
                                        ": conflicting option string: " + s);
  actions.push_back(a);
  return Value::object(Type::Native, a);
}

bool ParserObject::getAttr(Interpreter &in, const Value &self,
                           const std::string &attr, Value &out) {
  auto *me = this;
  auto argvOf = [](Interpreter &in, CallArgs &args, const char *fname) {
    ArgParser p(in, args, fname);
    std::optional<Value> given = p.keyword("args"), ns = p.keyword("namespace");
    p.expect(0, 2);
    if (!args.positional.empty())
      given = args.positional[0];
    if (args.positional.size() > 1)
      ns = args.positional[1];
    std::vector<std::string> argv;
    if (given && !given->isNone()) {
      for (const Value &v : in.toList(*given))
        argv.push_back(in.toStr(v));
    } else {
      Value sysArgv = in.getAttr(in.importModule("sys"), "argv");
      ValueList all = in.toList(sysArgv);
      for (size_t i = 1; i < all.size(); ++i)
        argv.push_back(in.toStr(all[i]));
    }
    return std::pair{argv, ns ? *ns : Value()};
  };
  if (attr == "add_argument") {
    out =
        in.builtin("add_argument", [me, self](Interpreter &in, CallArgs &args) {
          return me->addArgument(in, args);
        });
  } else if (attr == "parse_args" || attr == "parse_known_args") {
    bool known = attr == "parse_known_args";
    out = in.builtin(
        attr, [me, self, known, argvOf](Interpreter &in, CallArgs &args) {
          auto [argv, ns] =
              argvOf(in, args, known ? "parse_known_args" : "parse_args");
          auto [result, extras] = me->parse(in, argv, ns);
          if (known) {
            ValueList rest;
            for (const std::string &s : extras)
              rest.push_back(in.str(s));
            return in.tuple({result, in.list(std::move(rest))});
          }
          if (!extras.empty())
            me->error(in, "unrecognized arguments: " + join(extras, " "));
          return result;
        });
  } else if (attr == "set_defaults") {
    out =
        in.builtin("set_defaults", [me, self](Interpreter &in, CallArgs &args) {
          if (!args.positional.empty())
            in.typeError("ArgumentParser.set_defaults() takes 1 positional "
                         "argument but " +
                         std::to_string(args.positional.size() + 1) +
                         " were given");
          for (auto &[name, v] : args.keywords) {
            bool forAction = false;
            for (const ActionPtr &a : me->actions)
              if (a->dest == name) {
                a->defaultValue = v;
                forAction = true;
              }
            if (!forAction)
              me->parserDefaults.emplace_back(name, v);
          }
          return Value();
        });
  } else if (attr == "format_help" || attr == "format_usage") {
    bool usage = attr == "format_usage";
    out = in.builtin(attr, [me, self, usage](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, usage ? "format_usage" : "format_help").expect(0, 0);
      return in.str(usage ? me->usage(in) : me->help(in));
    });
  } else if (attr == "print_help" || attr == "print_usage") {
    bool usage = attr == "print_usage";
    out = in.builtin(attr, [me, self, usage](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, usage ? "print_usage" : "print_help").expect(0, 0);
      in.out() << (usage ? me->usage(in) : me->help(in));
      return Value();
    });
  } else if (attr == "error") {
    out = in.builtin("error",
                     [me, self](Interpreter &in, CallArgs &args) -> Value {
                       ArgParser(in, args, "error").expect(1, 1);
                       me->error(in, in.toStr(args.positional[0]));
                     });
  } else if (attr == "prog") {
    out = in.str(prog);
  } else if (attr == "description") {
    out = description;
  } else if (attr == "epilog") {
    out = epilog;
  } else if (attr == "add_argument_group" ||
             attr == "add_mutually_exclusive_group" ||
             attr == "add_subparsers") {
    in.raise("NotImplementedError",
             "kiln's argparse has no " + attr + "() yet");
  } else {
    return false;
  }
  return true;
}

/// argparse.Namespace: attributes from keywords, printed in the order
/// they were set (Python 3.11's _AttributeHolder).
ClassPtr namespaceClass(Interpreter &in) {
  auto cls = std::make_shared<ClassObject>();
  cls->name = "Namespace";
  cls->module = "argparse";
  cls->dict["__init__"] =
      in.builtin("__init__", [](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, "Namespace").expect(1, 1);
        for (auto &[name, v] : args.keywords)
          in.setAttr(args.positional[0], name, v);
        return Value();
      });
  cls->dict["__repr__"] =
      in.builtin("__repr__", [](Interpreter &in, CallArgs &args) {
        auto &inst = args.positional.at(0).as<InstanceObject>();
        std::vector<std::string> names = inst.attrNames();
        std::string out = inst.cls->name + "(";
        for (size_t i = 0; i < names.size(); ++i)
          out += (i ? ", " : "") + names[i] + "=" +
                 in.repr(*inst.findAttr(in, names[i]));
        return in.str(out + ")");
      });
  cls->dict["__eq__"] =
      in.builtin("__eq__", [](Interpreter &in, CallArgs &args) {
        const Value &a = args.positional.at(0), &b = args.positional.at(1);
        if (!b.is(Type::Instance) ||
            b.as<InstanceObject>().cls != a.as<InstanceObject>().cls)
          return Value::boolean(false);
        return Value::boolean(
            in.equals(in.getAttr(a, "__dict__"), in.getAttr(b, "__dict__")));
      });
  cls->dict["__hash__"] = Value();
  cls->dict["__contains__"] = in.builtin("__contains__", [](Interpreter &in,
                                                            CallArgs &args) {
    auto &inst = args.positional.at(0).as<InstanceObject>();
    return Value::boolean(inst.hasAttr(in, in.toStr(args.positional.at(1))));
  });
  return cls;
}

Value argparseModule(Interpreter &in) {
  Value m = makeModule("argparse");
  ClassPtr ns = namespaceClass(in);
  Value nsValue = Value::object(Type::Class, ns);
  m.as<ModuleObject>().dict["Namespace"] = nsValue;
  ClassPtr typeError = in.defineExceptionClass(
      "ArgumentTypeError", in.builtinClass("Exception"), "argparse");
  in.registerClass("ArgumentTypeError", typeError);
  m.as<ModuleObject>().dict["ArgumentTypeError"] =
      Value::object(Type::Class, typeError);
  ClassPtr argError = in.defineExceptionClass(
      "ArgumentError", in.builtinClass("Exception"), "argparse");
  in.registerClass("ArgumentError", argError);
  m.as<ModuleObject>().dict["ArgumentError"] =
      Value::object(Type::Class, argError);
  m.as<ModuleObject>().dict["SUPPRESS"] = in.str("==SUPPRESS==");
  defFunction(
      in, m, "ArgumentParser", [nsValue](Interpreter &in, CallArgs &args) {
        ArgParser p(in, args, "ArgumentParser");
        std::optional<Value> prog = p.keyword("prog"),
                             description = p.keyword("description"),
                             epilog = p.keyword("epilog"),
                             addHelp = p.keyword("add_help");
        p.keyword("formatter_class"); // kiln formats as the default one does
        p.keyword("allow_abbrev");
        for (const char *unsupported :
             {"fromfile_prefix_chars", "argument_default", "conflict_handler",
              "exit_on_error", "parents", "prefix_chars", "usage"})
          if (p.keyword(unsupported))
            in.raise("NotImplementedError",
                     std::string("kiln's ArgumentParser does not take ") +
                         unsupported + "= yet");
        p.expect(0, 0);
        auto parser = std::make_shared<ParserObject>();
        parser->namespaceClass = nsValue;
        if (prog && !prog->isNone()) {
          parser->prog = in.toStr(*prog);
        } else {
          std::string script = in.toStr(in.getItem(
              in.getAttr(in.importModule("sys"), "argv"), Value::integer(0)));
          parser->prog = script.substr(script.rfind('/') + 1);
        }
        parser->description = description ? *description : Value();
        parser->epilog = epilog ? *epilog : Value();
        if (!addHelp || in.truthy(*addHelp)) {
          CallArgs helpArgs;
          helpArgs.positional = {in.str("-h"), in.str("--help")};
          helpArgs.keywords.emplace_back("action", in.str("help"));
          parser->addArgument(in, helpArgs);
        }
        return Value::object(Type::Native, parser);
      });
  return m;
}

} // namespace

void installArgparse(Interpreter &in) {
  in.registerModule("argparse", argparseModule);
}

} // namespace kiln::py
