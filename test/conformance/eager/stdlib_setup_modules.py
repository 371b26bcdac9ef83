# os, time, logging and warnings as set-up lines use them; logging writes
# to stderr (the golden keeps its first and last lines).
import os
import os.path
import time
import logging
import warnings
import sys

os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
print(os.environ["TF_CPP_MIN_LOG_LEVEL"], os.getenv("TF_CPP_MIN_LOG_LEVEL"))
print(os.getenv("KILN_SURELY_UNSET"), os.getenv("KILN_SURELY_UNSET", "fallback"))
print("KILN_SURELY_UNSET" in os.environ, os.environ.get("KILN_SURELY_UNSET", 7))
print(os.name, os.sep, os.path.join("runs", "exp1", "model.txt"))
print(os.path.join("/tmp", "/abs", "x"), os.path.join("a/", "b"), os.path.join("a", ""))
print(os.path.basename("/a/b/c.py"), os.path.dirname("/a/b/c.py"), os.path.dirname("c.py"))
print(os.path.splitext("model.ckpt.index"), os.path.splitext(".bashrc"), os.path.splitext("a.b/c"))
print(os.path.exists("/"), os.path.isdir("/"), os.path.isfile("/"), os.path.exists("/no/such/path"))
print(os.cpu_count() >= 1)

start = time.time()
t0 = time.perf_counter()
time.sleep(0.01)
elapsed = time.perf_counter() - t0
print(elapsed >= 0.005, time.time() >= start, type(time.time_ns()).__name__)
print(time.monotonic() <= time.monotonic(), time.process_time() >= 0)

warnings.filterwarnings("ignore")
warnings.simplefilter("ignore", category=DeprecationWarning)

print(logging.DEBUG, logging.INFO, logging.WARNING, logging.ERROR, logging.CRITICAL)
log = logging.getLogger("train")
print(log.name, log.level, log.getEffectiveLevel(), log is logging.getLogger("train"))
print(logging.getLogger() is logging.root, logging.getLogger().level)
log.info("not shown: below WARNING")
log.warning("last resort prints the message alone: %d", 3)
log.setLevel("ERROR")
log.warning("not shown: below ERROR")
print(log.level, log.isEnabledFor(logging.ERROR), log.isEnabledFor(logging.WARNING))
print(logging.getLevelName(30), logging.getLevelName("INFO"), logging.getLevelName(25))
logging.basicConfig(level=logging.INFO)
log.setLevel(logging.NOTSET)
log.info("step %d loss %.3f", 10, 0.25)
logging.info("from the root")
logging.debug("not shown")
logging.disable(logging.WARNING)
log.warning("not shown: disabled")
log.error("an error %s", "still shown")
print(repr(log), repr(logging.getLogger()))
try:
    log.setLevel("LOUD")
except ValueError as e:
    print("ValueError:", e)
print(sys.version_info >= (3, 8), sys.version_info[:2] >= (3, 0))
sys.stderr.write("done\n")

# TensorFlow's logger: its warnings print through it ("WARNING:tensorflow:")
# until its level is raised.
import tensorflow as tf

logging.disable(logging.NOTSET)
tf_log = tf.get_logger()
print(tf_log.name, tf_log is logging.getLogger("tensorflow"), tf_log.getEffectiveLevel())
tf.autograph.set_verbosity(0)
tf.debugging.set_log_device_placement(False)
tf_log.warning("a message of mine on the TensorFlow logger")


@tf.function
def square(x):
    return x * x


for n in range(6):  # retraces on every new Python int: a warning
    square(n)
tf_log.setLevel("ERROR")
for n in range(6, 14):  # the same again, now silenced
    square(n)
print(square(3).numpy())
sys.stderr.write("done\n")
