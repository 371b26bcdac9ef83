# catch_warnings(record=True): the warnings shown inside it are recorded as
# WarningMessages in the list it gives, not printed; nested ones restore
# the outer list. __file__ is the script's path.
import warnings

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    warnings.warn("learning rate is large")
    warnings.warn("old API", DeprecationWarning)
    warnings.warn(RuntimeWarning("overflow"))
print(len(caught), str(caught[0].message), caught[0].category.__name__)
print(type(caught[0]).__name__, type(caught[0].message).__name__, caught[1].lineno)
print(caught[1].message, caught[2].category, caught[2].message.args)
print(str(caught[0]).replace(__file__, "FILE"))
print(caught[0].file, caught[0].line, caught[0].filename == __file__)
print([issubclass(w.category, DeprecationWarning) for w in caught])
with warnings.catch_warnings(record=True) as outer:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("repeated")
    with warnings.catch_warnings(record=True) as inner:
        warnings.warn("inner")
    warnings.warn("after inner")
print(len(outer), [str(w.message) for w in outer], len(inner))
with warnings.catch_warnings(record=False) as nothing:
    warnings.simplefilter("ignore")
    warnings.warn("hidden")
print(nothing)
warnings.warn("shown")
