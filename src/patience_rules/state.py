"""States and moves: immutable values.

A :class:`State` is a position of a game: where every card is.  Applying a
:class:`Move` returns a new state and leaves the old one untouched; untouched
piles are shared between the two.  States hash and compare by value, so a
solver can keep them in a set, and they pickle.

The classes live in :mod:`patience_rules.rules` (a state and its rules refer
to each other) and :mod:`patience_rules.moves`; this module gathers them.

>>> import patience_rules as pr
>>> state = pr.get_game("captive-queens").deal(1)
>>> len(state.stock), state.waste, state.legal_moves()
(52, (), (Move.draw(),))
>>> after = state.apply(state.legal_moves()[0])
>>> len(after.stock), len(state.stock)
(51, 52)
"""

from __future__ import annotations

from .moves import Move, MoveKind
from .rules import State, StateParts
from .rules import _restore_state as _restore_state  # where pickles of the first format look

__all__ = ["Move", "MoveKind", "State", "StateParts"]
