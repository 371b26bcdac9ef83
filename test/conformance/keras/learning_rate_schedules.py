# Learning-rate schedules: each built-in one called on its own, driving an
# optimizer (eagerly and inside a tf.function), and a schedule the script
# writes by subclassing LearningRateSchedule.
import tensorflow as tf

schedules = tf.keras.optimizers.schedules
built_in = [
    schedules.ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5),
    schedules.ExponentialDecay(0.1, 3, 0.5, staircase=True),
    schedules.PiecewiseConstantDecay([2, 4], [1.0, 0.5, 0.1]),
    schedules.PolynomialDecay(0.1, 4, end_learning_rate=0.01, power=2.0),
    schedules.PolynomialDecay(0.1, 3, cycle=True),
    schedules.InverseTimeDecay(0.1, 2, 0.5),
    schedules.InverseTimeDecay(0.1, 2, 0.5, staircase=True),
    schedules.CosineDecay(0.1, 5, alpha=0.1),
    schedules.CosineDecay(0.0, 4, warmup_target=0.2, warmup_steps=3),
]
for s in built_in:
    print(type(s).__name__, s.name,
          [float(s(step)) for step in [0, 1, 2, 3, 5, 9]])
    print(s.get_config())
print(isinstance(built_in[0], schedules.LearningRateSchedule))


class WarmupThenInverseSqrt(schedules.LearningRateSchedule):
    def __init__(self, scale, warmup):
        self.scale = scale
        self.warmup = warmup

    def __call__(self, step):
        step = tf.cast(step, tf.float32) + 1.0
        return self.scale * tf.minimum(tf.math.rsqrt(step),
                                       step * self.warmup ** -1.5)


for lr in [schedules.ExponentialDecay(0.5, 2, 0.5),
           WarmupThenInverseSqrt(0.5, 4.0)]:
    w = tf.Variable([1.0, -2.0])
    opt = tf.keras.optimizers.SGD(learning_rate=lr)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(w * w)
        opt.apply_gradients([(tape.gradient(loss, w), w)])
        return opt.learning_rate

    rates = [float(step()) for _ in range(4)]
    print(rates, w.numpy(), opt.iterations.numpy(), len(opt.variables))
    print(float(opt.learning_rate))

a = tf.keras.optimizers.Adam(schedules.PiecewiseConstantDecay([1], [0.1, 0.01]))
v = tf.Variable(1.0)
for _ in range(3):
    a.apply_gradients([(tf.constant(1.0), v)])
    print(v.numpy())
print(a.get_config()["learning_rate"])


def attempt(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


def set_rate():
    a.learning_rate = 0.5


attempt(set_rate)
attempt(lambda: schedules.ExponentialDecay(0.1, 0, 0.5))
attempt(lambda: schedules.PiecewiseConstantDecay([1, 2], [0.1]))
attempt(lambda: schedules.LearningRateSchedule()(1))
