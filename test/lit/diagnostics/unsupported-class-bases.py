# kiln's classes have one base and `type` as their metaclass: a second base
# or a metaclass is a located error before anything runs (CPython runs it).
# RUN: not %kiln check %s 2>&1 | FileCheck %s --strict-whitespace --match-full-lines -DFILE=%s --implicit-check-not=error:
# RUN: not %kiln run %s 2>&1 | FileCheck %s --check-prefix=RAN --implicit-check-not=before
# CHECK:[[FILE]]:16:12: error: not supported by kiln: multiple inheritance (a class has one base)
# CHECK-NEXT:class C(A, B):
# CHECK-NEXT:           ^
# CHECK:[[FILE]]:20:12: error: not supported by kiln: metaclass
# CHECK-NEXT:class D(A, metaclass=type):
# CHECK-NEXT:           ^~~~~~~~~~~~~~
# RAN: {{.*}}unsupported-class-bases.py:16:12: error: not supported by kiln: multiple inheritance (a class has one base)
print("before")
class A: pass
class B: pass

class C(A, B):
    pass


class D(A, metaclass=type):
    pass
