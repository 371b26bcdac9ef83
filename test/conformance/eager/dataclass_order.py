# @dataclass(order=True): the comparisons of the field tuples, and
# TypeError against another class.
from dataclasses import dataclass, field


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0
    tag: str = field(default="", compare=True)


vs = [Version(1, 2), Version(0, 9, "rc"), Version(1, 2, "a"), Version(1)]
print(sorted(vs))
print(max(vs), min(vs))
print(Version(1, 2) < Version(1, 3), Version(2) >= Version(1, 9), Version(1) <= Version(1))


@dataclass(order=True, frozen=True)
class Point:
    x: float
    y: float


print(sorted({Point(2.0, 1.0), Point(1.0, 5.0), Point(1.0, -1.0)}))
try:
    Version(1) < Point(1.0, 2.0)
except TypeError as e:
    print("TypeError:", e)


@dataclass(order=True)
class Job:
    priority: int
    name: str = field(compare=False)


print(Job(1, "b") == Job(1, "a"), sorted([Job(2, "x"), Job(1, "y")]), Job(3, "z") <= Job(3, "w"))
