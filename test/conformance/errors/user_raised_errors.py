# tf.errors classes raised by a script: OpError(node_def, op, message,
# error_code) and its subclasses (node_def, op, message) keep their
# fields; str() is the message.
import tensorflow as tf

try:
    raise tf.errors.NotFoundError(None, None, "custom not found")
except tf.errors.NotFoundError as e:
    print(str(e), "|", e.message, e.error_code, e.op, e.node_def, e.args, repr(e))
try:
    raise tf.errors.OpError(None, None, "generic", tf.errors.INTERNAL)
except tf.errors.OpError as e:
    print(type(e).__name__, e, e.error_code == tf.errors.INTERNAL)
for cls in (tf.errors.InvalidArgumentError, tf.errors.OutOfRangeError,
            tf.errors.UnimplementedError, tf.errors.ResourceExhaustedError,
            tf.errors.FailedPreconditionError, tf.errors.InternalError):
    err = cls(None, None, "message of " + cls.__name__)
    print(cls.__name__, err.error_code, err, isinstance(err, tf.errors.OpError))
try:
    tf.errors.NotFoundError("only a message")
except TypeError as e:
    print("TypeError:", e)
# Errors TensorFlow raises still carry their fields.
try:
    tf.reshape(tf.range(6), [4, 2])
except tf.errors.InvalidArgumentError as e:
    print(e.error_code, type(e.message).__name__, e.op)

# DType limits and bfloat16's bounds as ml_dtypes scalars.
print(tf.bfloat16.min, tf.bfloat16.max, type(tf.bfloat16.max).__name__)
print(tf.float64.limits, tf.int8.limits, tf.bool.limits, tf.uint8.limits,
      tf.float32.limits, tf.int64.limits)
for d in (tf.float16, tf.bfloat16, tf.string):
    try:
        print(d.limits)
    except ValueError as e:
        print("ValueError:", e)

raise tf.errors.NotFoundError(None, None, "uncaught: file missing")
