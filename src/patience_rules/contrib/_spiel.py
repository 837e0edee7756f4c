"""OpenSpiel's ``pyspiel.Game`` and ``pyspiel.State``, the bases of this package's games.

``pyspiel`` is a compiled module without type information, so a type
checker would know nothing of a class built on its classes.  At run time
this module only names them; its stub, ``_spiel.pyi``, declares their
methods with the signatures that ``pyspiel`` itself documents (its
pybind11 signatures), so that the classes of
:mod:`patience_rules.contrib.openspiel` have known types.  The test suite
checks the stub against the real classes.
"""

from __future__ import annotations

from pyspiel import Game as SpielGame
from pyspiel import State as SpielState

__all__ = ["SpielGame", "SpielState"]
