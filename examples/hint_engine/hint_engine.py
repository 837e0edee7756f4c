"""A hint engine: which move should the player make next, and why.

This directory is a small project of its own, as a user of patience-rules
would write it: this module, and its property tests in
``test_hint_engine.py``, which use :mod:`patience_rules.strategies`.

The engine has a bug planted in it, the kind that a reader of the library's
documentation makes once: it takes the first card of ``state.waste`` for
the top of the waste, when piles are given bottom to top (the last card is
the playable one).  Its tests find the bug, and Hypothesis shrinks the
failure to a few moves from deal 1::

    cd examples/hint_engine
    python -m pytest

>>> import patience_rules as pr
>>> str(hint(pr.royal_cotillion().deal(7)))
'T4-F4: play 3S home from Ladies column 4'
"""

from __future__ import annotations

import attrs

import patience_rules as pr

__all__ = ["Hint", "hint"]


@attrs.frozen
class Hint:
    """A suggested move, the card it moves (``None`` for a draw or a redeal) and why."""

    move: pr.Move
    card: pr.Card | None
    reason: str

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def _preference(move: pr.Move) -> int:
    """Which moves to suggest first (lowest first).

    The waste top first: playing it uncovers the next card of the waste.
    Then the tableau, whose cards cover others, then the cells, and only
    then a draw or a redeal.
    """
    kind = move.source.kind
    if move.is_draw or move.is_redeal:
        return 3
    if kind is pr.PileKind.WASTE:
        return 0
    if kind is pr.PileKind.COLUMN:
        return 1
    return 2


def hint(state: pr.State) -> Hint | None:
    """The move to suggest in ``state``, or ``None`` when the game is over."""
    moves = state.legal_moves()
    if not moves:
        return None
    move = min(moves, key=_preference)
    if move.is_draw:
        return Hint(move, None, "nothing can go home: turn the next card")
    if move.is_redeal:
        return Hint(move, None, "the stock is empty: turn the waste over")
    source = move.source
    card: pr.Card | None
    if source.kind is pr.PileKind.WASTE:
        card = state.waste[0]  # the planted bug: the top of the waste is state.waste[-1]
    elif source.kind is pr.PileKind.COLUMN:
        card = state.columns[source.index][-1]
    else:
        card = state.top_card(source)
    return Hint(move, card, f"play {card} home from {state.rules.describe_place(source)}")
