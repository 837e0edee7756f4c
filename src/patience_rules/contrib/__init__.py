"""Adapters to other libraries, each needing an optional extra.

- :mod:`patience_rules.contrib.gymnasium` (``pip install patience-rules[gymnasium]``):
  a Gymnasium environment per game.
- :mod:`patience_rules.contrib.openspiel` (``pip install patience-rules[openspiel]``):
  every game registered with OpenSpiel.

Importing this package needs nothing beyond the core; import the adapter
you want.

>>> import patience_rules.contrib
>>> patience_rules.contrib.ADAPTERS
('gymnasium', 'openspiel')
"""

from __future__ import annotations

__all__ = ["ADAPTERS"]

#: The adapter modules of this package (each the name of its extra, too).
ADAPTERS = ("gymnasium", "openspiel")
