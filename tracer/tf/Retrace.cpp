// kiln's retrace controls for tf.functions: --explain-retrace says which
// arguments made a call trace again, compared with the nearest earlier
// trace, and --max-traces turns a function traced too often into an error
// that a CI job can fail on. TensorFlow itself only warns after frequent
// retracing (TfFunction::warnFrequentRetracing).
#include "TfFunction.h"
#include "TfVariable.h"

namespace kiln::tf {

using py::Type;

std::vector<ArgumentType>
TfFunction::describeCall(Interpreter &in, const ValueList &args,
                         const std::vector<std::string> &kwNames) {
  std::vector<std::string> names = argumentNames(args.size(), kwNames);
  // A variable as its VariableSpec, which the trace cache keys it by.
  std::vector<const VariableState *> variables;
  auto leaf = [&](const Value &v) -> std::string {
    if (rt.isTensor(v))
      return specRepr(rt.tensor(v).type);
    if (VariableObject *var = asVariable(v)) {
      const VariableState *state = var->state.get();
      return variableSpecText(state->type, state->trainable,
                              variableAlias(variables, state));
    }
    return in.repr(v);
  };
  std::vector<ArgumentType> out;
  for (size_t i = boundSelf ? 1 : 0; i < args.size(); ++i)
    out.push_back({i < names.size() ? names[i] : "args_" + std::to_string(i),
                   structureText(in, args[i], leaf)});
  return out;
}

namespace {

/// The arguments of `now` that differ from `before`, one per line.
std::string differences(const std::vector<ArgumentType> &before,
                        const std::vector<ArgumentType> &now) {
  std::string out;
  for (size_t i = 0; i < now.size(); ++i) {
    if (i < before.size() && before[i].name == now[i].name &&
        before[i].type == now[i].type)
      continue;
    out += "  " + now[i].name + ": " + now[i].type;
    if (i < before.size() && before[i].name == now[i].name)
      out += ", traced for " + before[i].type;
    else
      out += ", not an argument of that trace";
    out += "\n";
  }
  for (size_t i = now.size(); i < before.size(); ++i)
    out += "  " + before[i].name + ": not passed, traced for " +
           before[i].type + "\n";
  return out;
}

std::string ordinal(size_t n) {
  const char *suffix = n % 100 >= 11 && n % 100 <= 13 ? "th"
                       : n % 10 == 1                  ? "st"
                       : n % 10 == 2                  ? "nd"
                       : n % 10 == 3                  ? "rd"
                                                      : "th";
  return std::to_string(n) + suffix;
}

} // namespace

void TfFunction::checkRetrace(Interpreter &in,
                              const std::vector<ArgumentType> &now) {
  if (concretes.empty() || (!rt.explainRetrace && rt.maxTraces <= 0))
    return;
  // The nearest trace: the one with the most arguments in common (the
  // latest among equals).
  const ConcreteFunction *nearest = nullptr;
  size_t bestShared = 0;
  for (auto &c : concretes) {
    size_t shared = 0;
    for (size_t i = 0; i < now.size() && i < c->argTypes.size(); ++i)
      shared += c->argTypes[i].name == now[i].name &&
                c->argTypes[i].type == now[i].type;
    if (!nearest || shared >= bestShared) {
      nearest = c.get();
      bestShared = shared;
    }
  }
  std::string why = nearest->argTypes.empty() && !now.empty()
                        ? "  (the nearest trace was not made by a call)\n"
                        : differences(nearest->argTypes, now);
  size_t count = concretes.size() + 1;
  int line = in.currentFrame() ? in.currentFrame()->line : 0;
  if (rt.maxTraces > 0 && count > static_cast<size_t>(rt.maxTraces)) {
    std::string message =
        "kiln --max-traces=" + std::to_string(rt.maxTraces) +
        ": this call would " + "trace " + name + " a " + ordinal(count) +
        " time; it differs from the nearest trace in:\n" + why;
    message.pop_back();
    in.raise("RuntimeError", message);
  }
  if (rt.explainRetrace)
    in.err() << in.file().path() << ":" << line << ": kiln: tracing " << name
             << " a " << ordinal(count)
             << " time; the call differs from the nearest trace in:\n"
             << why;
}

} // namespace kiln::tf
