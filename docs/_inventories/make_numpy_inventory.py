"""Write ``numpy-2.2.inv``: a small intersphinx inventory of the NumPy names the docs use.

No distribution package ships NumPy's own ``objects.inv``, so this lists
the few objects that type hints in the library mention, with their pages in
NumPy's 2.2 documentation.  Run it from this folder after adding a name:
``python make_numpy_inventory.py``.
"""

from __future__ import annotations

import zlib
from pathlib import Path

SCALARS = "reference/arrays.scalars.html"

#: (name, role, page): the anchor on each page is the name itself.  Scalar
#: types are listed as classes, the role type hints refer to them by.
OBJECTS = [
    ("numpy.ndarray", "py:class", "reference/generated/numpy.ndarray.html"),
    ("numpy.dtype", "py:class", "reference/generated/numpy.dtype.html"),
    ("numpy.generic", "py:class", SCALARS),
    ("numpy.number", "py:class", SCALARS),
    ("numpy.integer", "py:class", SCALARS),
    ("numpy.signedinteger", "py:class", SCALARS),
    ("numpy.unsignedinteger", "py:class", SCALARS),
    ("numpy.floating", "py:class", SCALARS),
    ("numpy.bool", "py:class", SCALARS),
    ("numpy.bool_", "py:class", SCALARS),
    ("numpy.int8", "py:class", SCALARS),
    ("numpy.int16", "py:class", SCALARS),
    ("numpy.int32", "py:class", SCALARS),
    ("numpy.int64", "py:class", SCALARS),
    ("numpy.uint8", "py:class", SCALARS),
    ("numpy.uint16", "py:class", SCALARS),
    ("numpy.uint32", "py:class", SCALARS),
    ("numpy.uint64", "py:class", SCALARS),
    ("numpy.float32", "py:class", SCALARS),
    ("numpy.float64", "py:class", SCALARS),
    ("numpy.random.Generator", "py:class", "reference/random/generator.html"),
    ("numpy.typing.NDArray", "py:class", "reference/typing.html"),
    ("numpy.typing.NDArray", "py:data", "reference/typing.html"),
]


def inventory() -> bytes:
    """The inventory in Sphinx's format, version 2."""
    header = (
        "# Sphinx inventory version 2\n"
        "# Project: NumPy\n"
        "# Version: 2.2\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    lines = "".join(f"{name} {role} 1 {page}#$ -\n" for name, role, page in OBJECTS)
    return header.encode() + zlib.compress(lines.encode())


if __name__ == "__main__":
    Path(__file__).with_name("numpy-2.2.inv").write_bytes(inventory())
