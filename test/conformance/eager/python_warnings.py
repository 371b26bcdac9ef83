# warnings.warn as CPython prints it (file:line: Category: message, then the
# source line) under its filters: once per place by default, stacklevel,
# catch_warnings, filterwarnings by message, always, and error raising.
import warnings
import tensorflow as tf


def check_rate(rate):
    if rate > 1.0:
        warnings.warn(f"learning rate {rate} is high")
    return rate


for r in [0.5, 2.0, 3.0, 2.0]:
    check_rate(r)
warnings.warn("old API", DeprecationWarning)
warnings.warn("pending", PendingDeprecationWarning)
warnings.warn("future change", FutureWarning, stacklevel=1)


def deep():
    warnings.warn("from the caller", stacklevel=2)


deep()
for i in range(3):
    warnings.warn("in a loop")
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    warnings.warn("silenced")
warnings.filterwarnings("ignore", message="noisy")
warnings.warn("noisy thing")
warnings.warn("Noisy too")
warnings.simplefilter("always", UserWarning)
for i in range(2):
    warnings.warn("always shown")
warnings.simplefilter("error", RuntimeWarning)
try:
    warnings.warn("now an error", RuntimeWarning)
except RuntimeWarning as e:
    print("caught", type(e).__name__, e)
try:
    warnings.warn("bad", int)
except TypeError as e:
    print("TypeError:", e)
print("done")
