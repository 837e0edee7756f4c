"""Numbers of other libraries, as the tests give them: NumPy's, without NumPy."""

from __future__ import annotations

import attrs


@attrs.frozen
class Int64:
    """An integer of another library, such as NumPy's: a whole number through ``__index__``."""

    value: int

    def __index__(self) -> int:
        return self.value


Int64.__module__ = "numpy"  # (as NumPy's own: its bools are told apart by name, not module)


class bool_:  # (NumPy's own name)
    """A value like NumPy's bool before NumPy 2.3, which has ``__index__`` (True is 1)."""

    def __index__(self) -> int:
        return 1


bool_.__module__ = "numpy"
