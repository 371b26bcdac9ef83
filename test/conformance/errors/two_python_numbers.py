# A binary op given two Python numbers takes its dtype from x (int32 for an
# int) and converts y to it, so a float y is TensorFlow's conversion
# TypeError, eagerly and while tracing; tf.add converts each on its own and
# fails in the kernel instead.
import tensorflow as tf

ops = [("maximum", tf.math.maximum), ("minimum", tf.minimum),
       ("multiply", tf.multiply), ("add", tf.add), ("subtract", tf.subtract),
       ("pow", tf.pow), ("floordiv", tf.math.floordiv),
       ("floormod", tf.math.floormod), ("equal", tf.equal), ("less", tf.less),
       ("divide", tf.math.divide)]
for name, fn in ops:
  for x, y in [(2, 0.5), (0.5, 2)]:
    try:
      print(name, fn(x, y))
    except (TypeError, tf.errors.InvalidArgumentError) as e:
      print(name, type(e).__name__, e)

  @tf.function
  def traced():
    return fn(2, 0.5)

  try:
    print(name, traced())
  except (TypeError, tf.errors.InvalidArgumentError) as e:
    print(name, type(e).__name__, str(e).splitlines()[-1].strip())
