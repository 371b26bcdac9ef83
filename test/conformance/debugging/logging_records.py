# logging: a Formatter is %-formatting of the record's attributes (widths,
# lineno, funcName, module); loggers inherit their nearest ancestor's level
# and handlers; propagate can be turned off; logging.exception appends the
# handled exception's traceback.
import logging
import tensorflow as tf
import sys



class Out:
    """stdout without the traceback's file lines (they name the script's
    absolute path)."""

    def write(self, text):
        sys.stdout.write("".join(line for line in text.splitlines(True)
                                 if not line.startswith('  File "')))


log = logging.getLogger("model")
log.setLevel(logging.DEBUG)
handler = logging.StreamHandler(Out())
handler.setFormatter(logging.Formatter(
    "[%(levelname)-8s] %(name)s %(funcName)s:%(lineno)d %(module)s| %(message)s"))
log.addHandler(handler)


def train(step):
    log.info("step %d loss %.3f", step, 0.25 * step)


train(3)
child = logging.getLogger("model.encoder")
print(child.getEffectiveLevel(), child.hasHandlers())
child.debug("from the child %s", "logger")
grandchild = logging.getLogger("model.encoder.layer1")
grandchild.warning("deep")
child.propagate = False
print(child.propagate, child.hasHandlers())
grandchild.warning("stops at the child")
log.log(logging.ERROR, "%(a)s and %(b)s", {"a": 1, "b": 2})
try:
    raise ValueError("bad shape")
except ValueError:
    log.exception("failed")
log.error("with exc_info", exc_info=True)
print(logging.getLogger("other").getEffectiveLevel())
