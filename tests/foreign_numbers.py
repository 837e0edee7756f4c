"""Numbers and arrays of other libraries, as the tests give them: NumPy's, without NumPy."""

from __future__ import annotations

import numbers
import operator
from typing import Any

import attrs


@attrs.frozen
class Int64:
    """An integer of another library, such as NumPy's: a whole number through ``__index__``."""

    value: int

    def __index__(self) -> int:
        return self.value


Int64.__module__ = "numpy"  # (as NumPy's own: its bools are told apart by name, not module)


@attrs.frozen
class UInt8:
    """An integer of fixed width, as NumPy's uint8: it compares and divides as its value,
    but its sums and products wrap round at 256 (with no error)."""

    value: int

    def __index__(self) -> int:
        return self.value

    def __add__(self, other: int | UInt8) -> UInt8:
        return UInt8((self.value + operator.index(other)) % 256)

    __radd__ = __add__

    def __mul__(self, other: int | UInt8) -> UInt8:
        return UInt8((self.value * operator.index(other)) % 256)

    __rmul__ = __mul__

    def __truediv__(self, other: float | UInt8) -> float:
        return self.value / (other if isinstance(other, float) else operator.index(other))

    def __rtruediv__(self, other: float) -> float:
        return other / self.value

    def __lt__(self, other: int | UInt8) -> bool:
        return self.value < operator.index(other)

    def __le__(self, other: int | UInt8) -> bool:
        return self.value <= operator.index(other)

    def __gt__(self, other: int | UInt8) -> bool:
        return self.value > operator.index(other)

    def __ge__(self, other: int | UInt8) -> bool:
        return self.value >= operator.index(other)


@attrs.frozen
class Float32:
    """A real number of another library, as NumPy's float32: a :class:`numbers.Real`
    that is no float, and compares and converts as its value."""

    value: float

    def __float__(self) -> float:
        return self.value

    def __lt__(self, other: float) -> bool:
        return self.value < other

    def __gt__(self, other: float) -> bool:
        return self.value > other


numbers.Real.register(Float32)
Float32.__module__ = "numpy"


class bool_:  # (NumPy's own name)
    """A value like NumPy's bool before NumPy 2.3, which has ``__index__`` (True is 1)."""

    def __index__(self) -> int:
        return 1


bool_.__module__ = "numpy"


class _NoTruth:
    def __bool__(self) -> bool:
        raise ValueError("the truth value of an array with more than one element is ambiguous")


class Ambiguous:
    """A value whose comparisons have no truth value and which cannot be iterated.

    As a NumPy array's comparisons (elementwise) and a 0-d array's
    iteration, without NumPy: a reader that compares a value before
    checking its type, or trusts ``isinstance(value, Iterable)``, fails on it.
    """

    __hash__ = None  # type: ignore[assignment]

    def __eq__(self, other: object) -> Any:
        return _NoTruth()

    def __ne__(self, other: object) -> Any:
        return _NoTruth()

    def __lt__(self, other: object) -> Any:
        return _NoTruth()

    __le__ = __gt__ = __ge__ = __lt__

    def __iter__(self) -> Any:
        raise TypeError("iteration over a 0-d array")

    def __repr__(self) -> str:
        return "Ambiguous()"


def ambiguous() -> Any:
    """An :class:`Ambiguous` value, typed as any (to be given where a reader's type says otherwise)."""
    return Ambiguous()
