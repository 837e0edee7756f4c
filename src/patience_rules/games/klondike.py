"""Klondike: seven columns dealt face down but for their top cards, built down in alternate colours.

>>> import patience_rules as pr
>>> state = pr.klondike().deal(1)
>>> [len(column) for column in state.columns], state.face_down
([1, 2, 3, 4, 5, 6, 7], (0, 1, 2, 3, 4, 5, 6))
>>> state.stock_size, state.redeals_left is None
(24, True)
"""

from __future__ import annotations

from ..building import Build, Direction, Runs, Suits
from ..cards import Rank, Suit, _is_whole
from ..errors import InvalidRulesError, _counted, _shown
from ..piles import Foundation, Stock, Tableau
from ..policies import Compulsion, Refill
from ..rules import GameRules, OptionValue
from ..sequences import FoundationSequence

__all__ = ["klondike"]

#: A up to K in suit.
ACE_UP = FoundationSequence(start=Rank.ACE, step=1, length=13, wrap=False)
#: One rank lower, in the other colour.
DOWN_IN_ALTERNATE_COLOURS = Build(suits=Suits.ALTERNATE, direction=Direction.DOWN)


def klondike(
    *, draw: int = 1, redeals: int | None = None, foundation_back: bool = False
) -> GameRules:
    """The rules of Klondike.

    One deck.  Column *k* (1 to 7) is dealt *k* cards in rows (the first row
    gives a card to each of columns 1-7, the second to columns 2-7, and so
    on), only its top card face up; a face-down card that becomes a column's
    top card turns face up at once.  The other 24 cards are the stock.
    Foundations 1-4 (clubs, diamonds, hearts, spades) are started by their
    Aces and build up in suit to the King.  Moves: the waste top or a
    column's top card to its foundation; the waste top, or a run of face-up
    cards from a column (from any face-up card to the top, already built
    down in alternate colours), onto a column whose top card is one rank
    higher and of the other colour; a King, or a run headed by a King, into
    an empty column; the draw; the redeal, once the stock is empty.

    :param draw: how many cards a draw deals onto the waste: 1 (the default)
        or 3 (the last of them on top, the only one playable).
    :param redeals: how many times the waste may be turned over: no limit
        (``None``, the default), or a whole number.
    :param foundation_back: whether a foundation's top card may move back
        onto a column where it fits (off by default).

    >>> klondike(draw=3, redeals=2).stock
    Stock(redeals=2, draw=3, redeal=Redeal.TURN_OVER)
    >>> klondike(draw=2)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: draw is 1 or 3, got 2
    """
    if not _is_whole(draw) or draw not in (1, 3):
        raise InvalidRulesError(f"draw is 1 or 3, got {_shown(draw)}")
    if redeals is not None and (not _is_whole(redeals) or not 0 <= redeals <= 1000):
        raise InvalidRulesError(
            f"redeals is a whole number from 0 to 1000, or None for no limit (the default), "
            f"got {_shown(redeals)}"
        )
    if not isinstance(foundation_back, bool):
        raise InvalidRulesError(f"foundation_back is True or False, got {_shown(foundation_back)}")
    options: list[tuple[str, OptionValue]] = []
    if draw != 1:
        options.append(("draw", draw))
    if foundation_back:
        options.append(("foundation_back", True))
    if redeals is not None:
        options.append(("redeals", redeals))
    limit = "any number of redeals" if redeals is None else _counted(redeals, "redeals")
    return GameRules(
        name="klondike",
        title="Klondike",
        decks=1,
        foundations=tuple(Foundation(suit, ACE_UP, playable=foundation_back) for suit in Suit),
        tableau=Tableau(
            columns=7,
            depth=(1, 2, 3, 4, 5, 6, 7),
            refill=Refill.BY_MOVE,
            name="Tableau",
            build=DOWN_IN_ALTERNATE_COLOURS,
            runs=Runs.ANY,
            fill_rank=Rank.KING,
            face_down=True,
        ),
        stock=Stock(redeals=redeals, draw=draw),
        compulsion=Compulsion.NONE,
        options=tuple(options),
        description=(
            "One deck. Seven columns of 1 to 7 cards, each face down but for its top card; "
            "the rest is the stock. Aces start the four foundations, which build up in suit. "
            "Cards and runs build down in alternate colours on the columns; a King or a run "
            f"headed by a King fills an empty column. Draw {draw} card{'s' if draw > 1 else ''} "
            f"at a time; {limit}."
            + (" A foundation's top card may move back to a column." if foundation_back else "")
        ),
    )
