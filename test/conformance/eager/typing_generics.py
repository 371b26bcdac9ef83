# typing as annotated code uses it: TypeVar (~T, +K), subscripted names,
# Generic[T] and Protocol bases (Box[int] is Box), cast.
from typing import TypeVar, Generic, Protocol, Callable, Optional, Union, Any, List, cast
import typing
import tensorflow as tf

T = TypeVar("T")
K = TypeVar("K", covariant=True)
print(T, K, List[T], Optional[List[T]])


def apply(f: Callable[[int], int], y: Optional[Union[int, str]] = None) -> Any:
    return f(1)


print(apply(lambda v: v + 1))


class Box(Generic[T]):
    def __init__(self, v: T):
        self.v = v

    def get(self) -> T:
        return self.v


class HasCall(Protocol):
    def __call__(self, x: tf.Tensor) -> tf.Tensor: ...


print(Box(3).get(), Box[int](4).get(), cast(int, "x"))


class Scale(Box[float]):
    @tf.function
    def __call__(self, x):
        return x * self.v


print(Scale(2.0)(tf.constant(3.0)), isinstance(Scale(1.0), Box))
