// Python's `math` module: the constants and the functions scripts use for
// learning-rate schedules and the like, computed with the C library as
// CPython computes them, with CPython's errors ("math domain error").
// gamma and lgamma are left out: CPython has its own algorithms for them.
#include "Interpreter.h"
#include "Native.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

namespace kiln::py {

namespace {

/// A float argument: a number, or an object float() converts.
double floatArg(Interpreter &in, const Value &v, const char *fname) {
  if (v.isNumber())
    return v.toDouble();
  if (v.is(Type::Native) || v.is(Type::Tensor)) {
    Value n;
    if (v.as<NativeObject>().toNumber(in, v, n) && n.isNumber())
      return n.toDouble();
  }
  Value result;
  if (in.callDunder(v, "__float__", {}, result) && result.isNumber())
    return result.toDouble();
  (void)fname;
  in.typeError("must be real number, not " + in.typeName(v));
}

/// An integer result (floor, ceil, trunc): CPython's errors for NaN and
/// infinities, which have none.
Value integral(Interpreter &in, double v) {
  if (std::isnan(v))
    in.valueError("cannot convert float NaN to integer");
  if (std::isinf(v))
    in.raise("OverflowError", "cannot convert float infinity to integer");
  if (v >= 9223372036854775808.0 || v < -9223372036854775808.0)
    in.raise("OverflowError", "kiln's integers are 64-bit");
  return Value::integer(static_cast<int64_t>(v));
}

/// CPython's check of a libm result: NaN from a number is a domain error,
/// an infinity from a finite number an overflow.
Value checked(Interpreter &in, double x, double r) {
  if (std::isnan(r) && !std::isnan(x))
    in.valueError("math domain error");
  if (std::isinf(r) && std::isfinite(x))
    in.raise("OverflowError", "math range error");
  return Value::floating(r);
}

} // namespace

void installMathModule(Interpreter &interp) {
  interp.registerModule("math", [](Interpreter &in) {
    auto m = std::make_shared<ModuleObject>();
    m->name = "math";
    m->dict["pi"] = Value::floating(M_PI);
    m->dict["e"] = Value::floating(M_E);
    m->dict["tau"] = Value::floating(2 * M_PI);
    m->dict["inf"] = Value::floating(std::numeric_limits<double>::infinity());
    m->dict["nan"] = Value::floating(std::numeric_limits<double>::quiet_NaN());
    auto def = [&](const std::string &name, BuiltinFn fn) {
      m->dict[name] = in.builtin(name, std::move(fn));
    };
    // One-argument functions of libm, domain-checked as CPython does.
    struct Unary {
      const char *name;
      double (*fn)(double);
    };
    for (Unary u : {Unary{"sqrt", std::sqrt},   Unary{"exp", std::exp},
                    Unary{"log2", std::log2},   Unary{"log10", std::log10},
                    Unary{"log1p", std::log1p}, Unary{"expm1", std::expm1},
                    Unary{"sin", std::sin},     Unary{"cos", std::cos},
                    Unary{"tan", std::tan},     Unary{"asin", std::asin},
                    Unary{"acos", std::acos},   Unary{"atan", std::atan},
                    Unary{"sinh", std::sinh},   Unary{"cosh", std::cosh},
                    Unary{"tanh", std::tanh},   Unary{"asinh", std::asinh},
                    Unary{"acosh", std::acosh}, Unary{"atanh", std::atanh},
                    Unary{"fabs", std::fabs},   Unary{"erf", std::erf},
                    Unary{"erfc", std::erfc},   Unary{"cbrt", std::cbrt},
                    Unary{"exp2", std::exp2}})
      def(u.name, [u](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, u.name).expect(1, 1);
        double x = floatArg(in, args.positional[0], u.name);
        // log of 0 and of negatives is a domain error, not -inf or NaN.
        if ((std::string(u.name) == "log2" || std::string(u.name) == "log10" ||
             std::string(u.name) == "log1p") &&
            x <= (std::string(u.name) == "log1p" ? -1.0 : 0.0))
          in.valueError("math domain error");
        return checked(in, x, u.fn(x));
      });
    def("log", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "log").expect(1, 2);
      double x = floatArg(in, args.positional[0], "log");
      if (x <= 0)
        in.valueError("math domain error");
      double r = std::log(x);
      if (args.positional.size() == 2) {
        double base = floatArg(in, args.positional[1], "log");
        if (base <= 0)
          in.valueError("math domain error");
        double lb = std::log(base);
        if (lb == 0)
          in.raise("ZeroDivisionError", "float division by zero");
        r /= lb;
      }
      return Value::floating(r);
    });
    for (const char *name : {"floor", "ceil", "trunc"})
      def(name, [name = std::string(name)](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, name.c_str()).expect(1, 1);
        const Value &v = args.positional[0];
        if (v.isIntLike())
          return Value::integer(v.asInt());
        // trunc, unlike floor and ceil, does not fall back to __float__:
        // only floats (np.float64 is one) and types with __trunc__.
        if (name == "trunc" && !v.is(Type::Float) &&
            !(isNative(v) && v.as<NativeObject>().builtinBase() == "float")) {
          Value result;
          if (v.is(Type::Instance) && in.callDunder(v, "__trunc__", {}, result))
            return result;
          in.typeError("type " + in.cTypeName(v) +
                       " doesn't define __trunc__ method");
        }
        double x = floatArg(in, v, name.c_str());
        return integral(in, name == "floor"  ? std::floor(x)
                            : name == "ceil" ? std::ceil(x)
                                             : std::trunc(x));
      });
    struct Binary {
      const char *name;
      double (*fn)(double, double);
    };
    for (Binary b : {Binary{"pow", std::pow}, Binary{"atan2", std::atan2},
                     Binary{"fmod", std::fmod}, Binary{"hypot", std::hypot},
                     Binary{"copysign", std::copysign}})
      def(b.name, [b](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, b.name).expect(2, 2);
        double x = floatArg(in, args.positional[0], b.name);
        double y = floatArg(in, args.positional[1], b.name);
        if (std::string(b.name) == "pow" && x == 0 && y < 0)
          in.valueError("math domain error");
        if (std::string(b.name) == "fmod" && y == 0 && !std::isnan(x))
          in.valueError("math domain error");
        double r = b.fn(x, y);
        if (std::isnan(r) && !std::isnan(x) && !std::isnan(y))
          in.valueError("math domain error");
        if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
          in.raise("OverflowError", "math range error");
        return Value::floating(r);
      });
    struct Test {
      const char *name;
      bool (*fn)(double);
    };
    for (Test t : {Test{"isnan", [](double x) { return std::isnan(x); }},
                   Test{"isinf", [](double x) { return std::isinf(x); }},
                   Test{"isfinite", [](double x) { return std::isfinite(x); }}})
      def(t.name, [t](Interpreter &in, CallArgs &args) {
        ArgParser(in, args, t.name).expect(1, 1);
        return Value::boolean(t.fn(floatArg(in, args.positional[0], t.name)));
      });
    def("isclose", [](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, "isclose");
      auto rel = p.keyword("rel_tol"), abs = p.keyword("abs_tol");
      p.expect(2, 2);
      double a = floatArg(in, args.positional[0], "isclose");
      double b = floatArg(in, args.positional[1], "isclose");
      double rt = rel ? floatArg(in, *rel, "isclose") : 1e-09;
      double at = abs ? floatArg(in, *abs, "isclose") : 0.0;
      if (rt < 0 || at < 0)
        in.valueError("tolerances must be non-negative");
      if (a == b)
        return Value::boolean(true);
      if (std::isinf(a) || std::isinf(b))
        return Value::boolean(false);
      double diff = std::fabs(b - a);
      return Value::boolean(diff <= std::fabs(rt * b) ||
                            diff <= std::fabs(rt * a) || diff <= at);
    });
    def("degrees", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "degrees").expect(1, 1);
      return Value::floating(floatArg(in, args.positional[0], "degrees") *
                             (180.0 / M_PI));
    });
    def("radians", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "radians").expect(1, 1);
      return Value::floating(floatArg(in, args.positional[0], "radians") *
                             (M_PI / 180.0));
    });
    // Integer combinatorics, exact while the result fits kiln's 64 bits.
    auto count = [](Interpreter &in, int64_t n, int64_t k, bool ordered) {
      if (n < 0)
        in.valueError("n must be a non-negative integer");
      if (k < 0)
        in.valueError("k must be a non-negative integer");
      if (k > n)
        return Value::integer(0);
      if (!ordered)
        k = std::min(k, n - k);
      // comb: r = r * (n - i) / (i + 1) stays an integer at each step.
      __int128 r = 1;
      for (int64_t i = 0; i < k; ++i) {
        r *= n - i;
        if (!ordered)
          r /= i + 1;
        if (r > INT64_MAX)
          in.raise("OverflowError", "kiln's integers are 64-bit");
      }
      return Value::integer(static_cast<int64_t>(r));
    };
    def("comb", [count](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "comb").expect(2, 2);
      return count(in, in.toIndex(args.positional[0]),
                   in.toIndex(args.positional[1]), false);
    });
    def("perm", [count](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "perm").expect(1, 2);
      int64_t n = in.toIndex(args.positional[0]);
      int64_t k = args.positional.size() == 2 && !args.positional[1].isNone()
                      ? in.toIndex(args.positional[1])
                      : n;
      return count(in, n, k, true);
    });
    def("lcm", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "lcm").expect(0, 64);
      int64_t l = 1;
      for (auto &v : args.positional) {
        int64_t x = in.toIndex(v);
        x = x < 0 ? -x : x;
        if (x == 0 || l == 0) {
          l = 0;
          continue;
        }
        if (__builtin_mul_overflow(l / std::gcd(l, x), x, &l))
          in.raise("OverflowError", "kiln's integers are 64-bit");
      }
      return Value::integer(l);
    });
    def("isqrt", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "isqrt").expect(1, 1);
      int64_t n = in.toIndex(args.positional[0]);
      if (n < 0)
        in.valueError("isqrt() argument must be nonnegative");
      auto r = static_cast<int64_t>(std::sqrt(static_cast<double>(n)));
      while (static_cast<__int128>(r) * r > n)
        --r;
      while (static_cast<__int128>(r + 1) * (r + 1) <= n)
        ++r;
      return Value::integer(r);
    });
    def("frexp", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "frexp").expect(1, 1);
      double x = floatArg(in, args.positional[0], "frexp");
      int e = 0;
      double m = std::isfinite(x) ? std::frexp(x, &e) : x;
      return in.tuple({Value::floating(m), Value::integer(e)});
    });
    def("ldexp", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "ldexp").expect(2, 2);
      double x = floatArg(in, args.positional[0], "ldexp");
      if (!args.positional[1].isIntLike())
        in.typeError("Expected an int as second argument to ldexp.");
      int64_t e = args.positional[1].asInt();
      double r = std::ldexp(
          x, static_cast<int>(std::clamp<int64_t>(e, INT32_MIN, INT32_MAX)));
      if (std::isinf(r) && std::isfinite(x))
        in.raise("OverflowError", "math range error");
      return Value::floating(r);
    });
    def("modf", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "modf").expect(1, 1);
      double x = floatArg(in, args.positional[0], "modf");
      if (std::isinf(x)) // CPython: (±0.0, ±inf)
        return in.tuple(
            {Value::floating(std::copysign(0.0, x)), Value::floating(x)});
      double whole = 0;
      double frac = std::modf(x, &whole);
      return in.tuple({Value::floating(frac), Value::floating(whole)});
    });
    def("remainder", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "remainder").expect(2, 2);
      double x = floatArg(in, args.positional[0], "remainder");
      double y = floatArg(in, args.positional[1], "remainder");
      if ((std::isinf(x) && !std::isnan(y)) || (y == 0 && !std::isnan(x)))
        in.valueError("math domain error");
      return Value::floating(std::remainder(x, y));
    });
    def("nextafter", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "nextafter").expect(2, 2);
      return Value::floating(
          std::nextafter(floatArg(in, args.positional[0], "nextafter"),
                         floatArg(in, args.positional[1], "nextafter")));
    });
    def("ulp", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "ulp").expect(1, 1);
      double x = std::fabs(floatArg(in, args.positional[0], "ulp"));
      if (std::isnan(x) || std::isinf(x))
        return Value::floating(x);
      double next = std::nextafter(x, INFINITY);
      if (std::isinf(next)) // the largest double: the step below it
        return Value::floating(x - std::nextafter(x, 0.0));
      return Value::floating(next - x);
    });
    def("factorial", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "factorial").expect(1, 1);
      int64_t n = in.toIndex(args.positional[0]);
      if (n < 0)
        in.valueError("factorial() not defined for negative values");
      int64_t r = 1;
      for (int64_t i = 2; i <= n; ++i)
        if (__builtin_mul_overflow(r, i, &r))
          in.raise("OverflowError", "kiln's integers are 64-bit");
      return Value::integer(r);
    });
    def("gcd", [](Interpreter &in, CallArgs &args) {
      ArgParser(in, args, "gcd").expect(0, 64);
      int64_t g = 0;
      for (auto &v : args.positional)
        g = std::gcd(g, in.toIndex(v));
      return Value::integer(g < 0 ? -g : g);
    });
    def("prod", [](Interpreter &in, CallArgs &args) {
      ArgParser p(in, args, "prod");
      auto start = p.keyword("start");
      p.expect(1, 1);
      Value r = start ? *start : Value::integer(1);
      for (auto &v : in.toList(args.positional[0]))
        r = in.binary(ast::BinaryOp::Mult, r, v);
      return r;
    });
    def("fsum", [](Interpreter &in, CallArgs &args) {
      // Shewchuk's exactly rounded sum, as CPython's msum: non-overlapping
      // partials, then their sum rounded half to even.
      ArgParser(in, args, "fsum").expect(1, 1);
      std::vector<double> partials;
      double special = 0;
      for (auto &v : in.toList(args.positional[0])) {
        double x = floatArg(in, v, "fsum");
        if (!std::isfinite(x)) { // inf + -inf is NaN, as in CPython
          special += x;
          continue;
        }
        size_t i = 0;
        for (double y : partials) {
          if (std::fabs(x) < std::fabs(y))
            std::swap(x, y);
          double hi = x + y, lo = y - (hi - x);
          if (lo != 0)
            partials[i++] = lo;
          x = hi;
        }
        partials.resize(i);
        partials.push_back(x);
      }
      if (special != 0 || std::isnan(special))
        return Value::floating(special);
      size_t n = partials.size();
      double hi = 0, lo = 0;
      if (n > 0) {
        hi = partials[--n];
        while (n > 0) {
          double x = hi, y = partials[--n];
          hi = x + y;
          lo = y - (hi - x);
          if (lo != 0)
            break;
        }
        if (n > 0 && ((lo < 0 && partials[n - 1] < 0) ||
                      (lo > 0 && partials[n - 1] > 0))) {
          double y = lo * 2, x = hi + y;
          if (y == x - hi)
            hi = x;
        }
      }
      return Value::floating(hi);
    });
    return Value::object(Type::Module, m);
  });
}

} // namespace kiln::py
