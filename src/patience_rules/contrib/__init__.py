"""Adapters to other libraries, each needing an optional extra.

- :mod:`patience_rules.contrib.gymnasium` (``pip install "patience-rules[gymnasium]"``):
  a Gymnasium environment per game.
- :mod:`patience_rules.contrib.openspiel` (``pip install "patience-rules[openspiel]"``):
  every game registered with OpenSpiel.

Importing this package needs nothing beyond the core; import the adapter
you want.

>>> import patience_rules.contrib
>>> patience_rules.contrib.ADAPTERS
('gymnasium', 'openspiel')

**Games that may go on for ever.**  Learning frameworks want episodes that
end.  Some games always end: every move takes a card a step nearer home, or
draws from a stock that can be turned over only so many times, and
:func:`longest_game` gives a bound on the moves of any game of them.  Others
may go on for ever: a Klondike with no limit on its redeals turns its stock
over and over, and wherever cards build on columns (Klondike, FreeCell,
Crescent) a card can move back and forth between two of them.  Both
adapters stop such a game after :data:`MOVE_LIMIT` moves (1,000) unless you
choose another limit: Gymnasium truncates the episode, OpenSpiel ends the
game (see each adapter).  That is far more than a won game needs: Freecell
Solver's solutions of FreeCell deals 1 to 200 take 92 to 156 moves, and
:func:`~patience_rules.solver.solve` wins Klondike deals 2, 3, 5, 7 and 8
in 212 to 431 moves (lines that are not the shortest).
"""

from __future__ import annotations

from typing import Final

from ..moves import MoveKind
from ..policies import Redeal
from ..rules import GameRules, _game_rules

__all__ = ["ADAPTERS", "MOVE_LIMIT", "longest_game"]

#: The adapter modules of this package (each the name of its extra, too).
ADAPTERS = ("gymnasium", "openspiel")

#: How many moves the adapters give, by default, a game that may go on for ever.
MOVE_LIMIT: Final = 1000


def longest_game(rules: GameRules) -> int | None:
    """The most moves any game of ``rules`` can last, or ``None`` if play may go on for ever.

    Play may go on for ever where cards build on tableau columns (a card can
    go back and forth between two columns, or between a column and a cell)
    and where the redeals have no limit.  Otherwise every move is a draw, a
    redeal, or a move that takes a card nearer home and never back: into a
    cell, onto a foundation from which it may move on to another, home.  The
    bound counts, for every card of the deck, one move home plus one into a
    cell (where cards move into cells) plus one on from a foundation (where
    a foundation's top card may move on); a draw for every card of the
    stock on each pass through it; and the redeals.  Moves the rules make by
    themselves (refilling a cell, turning a card face up) are not moves.

    >>> import patience_rules as pr
    >>> longest_game(pr.get_game("royal-cotillion"))     # 104 cards home, 68 draws
    172
    >>> longest_game(pr.get_game("easy-start"))          # 52 home, 40 draws x 3 passes, 2 redeals
    174
    >>> longest_game(pr.get_game("klondike")) is None, longest_game(pr.get_game("freecell"))
    (True, None)

    :raises InvalidArgumentError: for anything but the rules of a game.
    """
    layout = _game_rules(rules).layout
    if layout.targets(MoveKind.BUILD) or (layout.has_redeal and layout.redeals is None):
        return None
    redeals = layout.redeals if layout.has_redeal and layout.redeals is not None else 0
    per_card = (
        1
        + bool(layout.targets(MoveKind.PARK))
        + any(foundation.playable for foundation in layout.foundation_parts)
    )
    passes = redeals + 1 if layout.redeal is Redeal.TURN_OVER else 1
    return len(layout.deck) * per_card + layout.stock_size * passes + redeals
