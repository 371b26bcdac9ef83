import tensorflow as tf

for make in [lambda: tf.fill([2**62], 1.0),
             lambda: tf.linspace(0.0, 1.0, 2**62),
             tf.function(lambda: tf.fill([2**62], 1.0)),
             lambda: tf.fill([2**61], 7)]:
    try:
        make()
    except tf.errors.ResourceExhaustedError as e:
        print(type(e).__name__, str(e).splitlines()[-1].strip())
