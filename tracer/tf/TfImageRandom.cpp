// tf.image's random augmentations: random_flip_left_right and
// random_flip_up_down, random_brightness, random_contrast,
// random_saturation, random_hue and random_crop, and their stateless_
// twins, each drawing its numbers as TensorFlow's Python layer draws them
// (tf.random.uniform with the op seed, or tf.random.stateless_uniform)
// and applying the matching adjustment, with the same checks.
#include "TfImage.h"
#include "TfObjects.h"

namespace kiln::tf {

namespace {

using Keywords = std::vector<std::pair<std::string, Value>>;

/// How an augmentation draws: random_ops.random_uniform with an op seed
/// (None: the global seed's stream), or the stateless one with a seed
/// pair.
struct Draw {
  TfRuntime &rt;
  bool stateless;
  Value seed;

  Value uniform(const Value &shape, const Value &minval, const Value &maxval,
                Keywords more = {}) {
    Keywords kw = {{"shape", shape},
                   {"minval", minval},
                   {"maxval", maxval},
                   {"seed", seed}};
    for (auto &k : more)
      kw.push_back(std::move(k));
    return callTf(
        rt.in, {"random", stateless ? "stateless_uniform" : "uniform"}, {}, kw);
  }
};

Draw drawOf(TfRuntime &rt, const Params &p, bool stateless,
            const std::string &fname) {
  Value seed = stateless ? p.require("seed", fname)
                         : (p.has("seed") ? p.get("seed") : Value::none());
  return Draw{rt, stateless, seed};
}

/// _random_flip: a rank-3 image flips (or not) by one draw, through a
/// cond; each image of a batch by its own draw, mixed arithmetically.
Value randomFlip(TfRuntime &rt, const Value &arg, Draw draw, int64_t axis,
                 const std::string &fname) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, fname);
  Value image = atLeast3D(rt, arg, fname);
  const TensorType t = rt.tensor(image).type;
  if (t.shape.size() == 3) {
    Value u = draw.uniform(in.list(), Value::integer(0), Value::floating(1.0));
    Value mirror = callTf(in, {"math", "less"}, {u, Value::floating(0.5)});
    Value flipped =
        in.builtin("flip", [&rt, image, axis](Interpreter &in, CallArgs &) {
          return callTf(in, {"reverse"}, {image, pyIntList(in, {axis})});
        });
    Value same = in.builtin(
        "same", [image](Interpreter &, CallArgs &) { return image; });
    std::string name = rt.tracing ? rt.tracing->graph.scopeName() : fname;
    Value result =
        callTf(in, {"cond"}, {mirror, flipped, same}, {{"name", in.str(name)}});
    // fix_image_flip_shape: the image's static shape.
    TensorType shaped = rt.tensor(result).type;
    if (!rt.tracing || shaped.shape == t.shape)
      return result;
    shaped.shape = t.shape;
    return rt.apply("Identity", {result}, {{"T", t.dtype}}, shaped, "Identity");
  }
  if (t.shape.size() != 4)
    in.valueError("'image' (shape " + t.shapeString() +
                  ") must have either 3 or 4 dimensions.");
  Value batch = in.getItem(shapeOf(rt, image), Value::integer(0));
  Value u =
      draw.uniform(in.list({batch}), Value::integer(0), Value::floating(1.0));
  Value flips =
      callTf(in, {"math", "round"},
             {callTf(in, {"reshape"},
                     {u, in.list({batch, Value::integer(1), Value::integer(1),
                                  Value::integer(1)})})});
  flips = callTf(in, {"cast"}, {flips, makeDType(t.dtype)});
  Value flipped = callTf(in, {"reverse"}, {image, pyIntList(in, {axis + 1})});
  auto mul = [&](const Value &a, const Value &b) {
    return in.binary(ast::BinaryOp::Mult, a, b);
  };
  return in.binary(
      ast::BinaryOp::Add, mul(flips, flipped),
      mul(in.binary(ast::BinaryOp::Sub, Value::integer(1), flips), image));
}

/// A Python comparison of the augmentation's bounds, which TensorFlow
/// makes before drawing.
bool holds(Interpreter &in, ast::CmpOp op, const Value &a, const Value &b) {
  return in.truthy(in.compare(op, a, b));
}

/// random_contrast and random_saturation: a factor drawn in [lower, upper).
Value randomFactor(TfRuntime &rt, const Params &p, Draw draw,
                   const std::string &fname, const char *adjust) {
  Interpreter &in = rt.in;
  Value lower = p.require("lower", fname), upper = p.require("upper", fname);
  if (holds(in, ast::CmpOp::LtE, upper, lower))
    in.valueError("upper must be > lower.");
  if (holds(in, ast::CmpOp::Lt, lower, Value::integer(0)))
    in.valueError("lower must be non-negative.");
  Value factor = draw.uniform(in.list(), lower, upper);
  return callTf(in, {"image", adjust}, {p.require("image", fname), factor});
}

/// random_brightness and random_hue: a delta drawn in [-max, max).
Value randomDelta(TfRuntime &rt, const Params &p, Draw draw,
                  const std::string &fname, const char *adjust) {
  Interpreter &in = rt.in;
  Value max = p.require("max_delta", fname);
  bool hue = std::string(adjust) == "adjust_hue";
  if (hue && holds(in, ast::CmpOp::Gt, max, Value::floating(0.5)))
    in.valueError("max_delta must be <= 0.5.");
  if (holds(in, ast::CmpOp::Lt, max, Value::integer(0)))
    in.valueError("max_delta must be non-negative.");
  Value delta =
      draw.uniform(in.list(), in.unary(ast::UnaryOpKind::USub, max), max);
  return callTf(in, {"image", adjust}, {p.require("image", fname), delta});
}

/// random_crop: an offset drawn per dimension (int32 in [0, max), modulo
/// the room left), checked by an Assert that the value is large enough.
Value randomCrop(TfRuntime &rt, const Params &p, Draw draw,
                 const std::string &fname) {
  Interpreter &in = rt.in;
  TracingScope scope(rt, p.has("name") && !p.get("name").isNone()
                             ? in.toStr(p.get("name"))
                             : std::string("random_crop"));
  Value value = rt.toTensor(p.require("value", fname));
  Value size = rt.toTensor(p.require("size", fname), DType::Int32);
  Value shape = shapeOf(rt, value);
  callTf(in, {"debugging", "Assert"},
         {callTf(in, {"math", "reduce_all"},
                 {in.compare(ast::CmpOp::GtE, shape, size)}),
          in.list({in.str("Need value.shape >= size, got "), shape, size})},
         {{"summarize", Value::integer(1000)}});
  Value limit =
      in.binary(ast::BinaryOp::Add, in.binary(ast::BinaryOp::Sub, shape, size),
                Value::integer(1));
  Value offset = draw.uniform(shapeOf(rt, shape), Value::integer(0),
                              Value::integer(INT32_MAX),
                              {{"dtype", makeDType(DType::Int32)}});
  offset = in.binary(ast::BinaryOp::Mod, offset, limit);
  return callTf(in, {"slice"}, {value, offset, size});
}

} // namespace

void installImageRandom(TfRuntime &rt, ModuleBuilder &image) {
  TfRuntime *r = &rt;
  for (bool stateless : {false, true}) {
    std::string prefix = stateless ? "stateless_random_" : "random_";
    for (auto [what, axis] :
         {std::pair{"flip_left_right", 1}, std::pair{"flip_up_down", 0}}) {
      std::string fname = prefix + what;
      int64_t a = axis;
      image.def(fname,
                [r, fname, a, stateless](Interpreter &in, CallArgs &args) {
                  Params p(in, args, fname, {"image", "seed"});
                  return randomFlip(*r, p.require("image", fname),
                                    drawOf(*r, p, stateless, fname), a, fname);
                });
    }
    for (auto [what, adjust] : {std::pair{"contrast", "adjust_contrast"},
                                {"saturation", "adjust_saturation"}}) {
      std::string fname = prefix + what;
      const char *adjustName = adjust;
      image.def(fname, [r, fname, adjustName, stateless](Interpreter &in,
                                                         CallArgs &args) {
        Params p(in, args, fname, {"image", "lower", "upper", "seed"});
        return randomFactor(*r, p, drawOf(*r, p, stateless, fname), fname,
                            adjustName);
      });
    }
    for (auto [what, adjust] : {std::pair{"brightness", "adjust_brightness"},
                                {"hue", "adjust_hue"}}) {
      std::string fname = prefix + what;
      const char *adjustName = adjust;
      image.def(fname, [r, fname, adjustName, stateless](Interpreter &in,
                                                         CallArgs &args) {
        Params p(in, args, fname, {"image", "max_delta", "seed"});
        return randomDelta(*r, p, drawOf(*r, p, stateless, fname), fname,
                           adjustName);
      });
    }
    std::string crop = prefix + "crop";
    image.def(crop, [r, crop, stateless](Interpreter &in, CallArgs &args) {
      Params p(in, args, crop, {"value", "size", "seed", "name"});
      return randomCrop(*r, p, drawOf(*r, p, stateless, crop), crop);
    });
  }
}

} // namespace kiln::tf
