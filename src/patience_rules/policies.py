"""Policies: how empty piles refill, how many redeals, which moves are compulsory.

>>> from patience_rules import Refill, Compulsion
>>> Refill.FROM_WASTE.describe()
'an empty pile is filled at once from the top of the waste'
>>> Compulsion.FORCED.describe()
'every move is compulsory: the player never chooses'
"""

from __future__ import annotations

import enum

__all__ = ["Compulsion", "Refill"]


class Refill(enum.Enum):
    """How an empty column or cell is filled.

    Refills happen automatically after every move (and are not moves of
    their own): while some refillable pile is empty and a source card is
    available, the lowest-numbered empty pile takes one card.

    >>> [refill.value for refill in Refill]
    ['never', 'waste', 'waste-then-stock']
    """

    #: An emptied pile stays empty for the rest of the game.
    NEVER = "never"
    #: An empty pile takes the top card of the waste at once; with an empty
    #: waste it stays empty until a card reaches the waste.
    FROM_WASTE = "waste"
    #: An empty pile takes the top card of the waste at once or, when the
    #: waste is empty, the top card of the stock.
    FROM_WASTE_THEN_STOCK = "waste-then-stock"

    def describe(self) -> str:
        """A one-line description in plain words."""
        return {
            Refill.NEVER: "an emptied pile stays empty",
            Refill.FROM_WASTE: "an empty pile is filled at once from the top of the waste",
            Refill.FROM_WASTE_THEN_STOCK: (
                "an empty pile is filled at once from the top of the waste, "
                "or from the stock when the waste is empty"
            ),
        }[self]


class Compulsion(enum.Enum):
    """Whether the player chooses moves or the rules choose them.

    The engine lists moves in a fixed order: moves to a foundation or the
    middle first (by source: columns, cells, waste; then by target), then
    the draw, then the redeal.

    >>> import patience_rules as pr
    >>> pr.get_game("captive-queens").compulsion, pr.get_game("royal-cotillion").compulsion
    (<Compulsion.FORCED: 'forced'>, <Compulsion.NONE: 'none'>)
    """

    #: The player may make any legal move.
    NONE = "none"
    #: Every move is compulsory: only the first move in the engine's order is
    #: legal, so a card that fits a foundation (or the middle) goes there
    #: before the next card is turned.  Captive Queens plays this way.
    FORCED = "forced"

    def describe(self) -> str:
        """A one-line description in plain words."""
        return {
            Compulsion.NONE: "the player chooses among all legal moves",
            Compulsion.FORCED: "every move is compulsory: the player never chooses",
        }[self]
