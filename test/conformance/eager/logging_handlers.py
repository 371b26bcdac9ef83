# logging's basicConfig on a stream (sys.stdout), StreamHandlers with their
# own level and Formatter, addHandler/removeHandler, and their reprs.
import logging
import sys
import tensorflow as tf

logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                    format="%(levelname)s %(name)s: %(message)s")
logging.info("epoch %d done", 3)
log = logging.getLogger("train")
log.info("loss %.3f", 0.25)
log.debug("hidden")
h = logging.StreamHandler(sys.stdout)
h.setLevel(logging.WARNING)
h.setFormatter(logging.Formatter("[%(name)s] %(message)s"))
log.addHandler(h)
log.warning("twice")
log.info("once")
print(log.hasHandlers(), len(log.handlers), h.level, h)
log.removeHandler(h)
log.warning("root only")
other = logging.getLogger("other")
err = logging.StreamHandler()
other.addHandler(err)
print(err)
tf.get_logger().setLevel("ERROR")
print(logging.getLevelName(20))
