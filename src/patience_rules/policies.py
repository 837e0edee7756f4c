"""Policies: how empty piles fill, what a redeal does, who chooses, how deals are numbered.

Each policy is an enumeration whose values are short words, so that a
game's rules can be written down as data (see :meth:`GameRules.to_dict
<patience_rules.GameRules.to_dict>`).

>>> from patience_rules import Compulsion, Redeal, Refill, Shuffle
>>> Refill.FROM_WASTE.describe()
'an empty pile is filled at once from the top of the waste'
>>> Compulsion.FORCED.describe()
'every move is compulsory: the player never chooses'
>>> Redeal.SHIFT.value, Shuffle.MICROSOFT.value
('shift', 'microsoft')
"""

from __future__ import annotations

import enum

__all__ = ["Compulsion", "Redeal", "Refill", "Shuffle"]


class Refill(enum.Enum):
    """How an empty tableau column or cell is filled.

    The automatic policies act after every move, as part of it (a refill is
    not a move of its own): while some pile they govern is empty and a
    source card is available, the lowest-numbered empty pile takes one card
    (columns before cells).  With :attr:`BY_MOVE` an empty pile is filled
    only by a move of the player's: any playable card (or, onto a column, a
    run the tableau lets move) that the pile's part allows; a cell never
    takes the card of another cell, which would change nothing but the
    cells' numbering.

    >>> [refill.value for refill in Refill]
    ['never', 'waste', 'waste-then-stock', 'move']
    """

    #: An emptied pile stays empty for the rest of the game.
    NEVER = "never"
    #: An empty pile takes the top card of the waste at once; with an empty
    #: waste it stays empty until a card reaches the waste.
    FROM_WASTE = "waste"
    #: An empty pile takes the top card of the waste at once or, when the
    #: waste is empty, the top card of the stock.
    FROM_WASTE_THEN_STOCK = "waste-then-stock"
    #: The player may move a card into an empty pile, as a move of its own
    #: (Sultan's divan, FreeCell's free cells and empty columns).
    BY_MOVE = "move"

    @property
    def is_automatic(self) -> bool:
        """Whether the policy fills empty piles by itself, after every move.

        >>> Refill.FROM_WASTE.is_automatic, Refill.BY_MOVE.is_automatic
        (True, False)
        """
        return self is Refill.FROM_WASTE or self is Refill.FROM_WASTE_THEN_STOCK

    def describe(self) -> str:
        """A one-line description in plain words."""
        return _REFILL_WORDS[self]


_REFILL_WORDS = {
    Refill.NEVER: "an emptied pile stays empty",
    Refill.FROM_WASTE: "an empty pile is filled at once from the top of the waste",
    Refill.FROM_WASTE_THEN_STOCK: (
        "an empty pile is filled at once from the top of the waste, "
        "or from the stock when the waste is empty"
    ),
    Refill.BY_MOVE: "the player may move a card into an empty pile",
}


class Compulsion(enum.Enum):
    """Whether the player chooses moves or the rules choose them.

    The engine lists moves in a fixed order: moves to a foundation or the
    middle first (by source: columns, cells, the waste, foundations; then by
    target), then moves onto tableau columns, then moves into cells, then
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


class Redeal(enum.Enum):
    """What a redeal does (:meth:`Move.redeal() <patience_rules.Move.redeal>`).

    The number of redeals a game allows is its stock's
    :attr:`~patience_rules.Stock.redeals`.

    >>> Redeal.TURN_OVER.describe()
    'the waste is turned over as the new stock, without shuffling'
    """

    #: When the stock is empty, the waste is turned over as the new stock
    #: without shuffling: the card that went onto the waste first is drawn
    #: first.
    TURN_OVER = "turn-over"
    #: Crescent's shift: the bottom card of every tableau column holding two
    #: or more cards goes to the top of its column; the other cards keep
    #: their order.  It can be made at any time while a shift is left and
    #: some column holds two or more cards (else it would change nothing).
    SHIFT = "shift"

    def describe(self) -> str:
        """A one-line description in plain words."""
        return {
            Redeal.TURN_OVER: "the waste is turned over as the new stock, without shuffling",
            Redeal.SHIFT: ("the bottom card of every column of two or more cards goes to its top"),
        }[self]

    @property
    def word(self) -> str:
        """What a game calls the move, in the notation and in messages.

        >>> Redeal.TURN_OVER.word, Redeal.SHIFT.word
        ('redeal', 'shift')
        """
        return "shift" if self is Redeal.SHIFT else "redeal"


class Shuffle(enum.Enum):
    """Which shuffle turns a deal number into a deck order (see :mod:`patience_rules.deals`).

    >>> Shuffle.LIBRARY.describe()
    "the library's own pinned shuffle (SplitMix64 and Fisher-Yates)"
    """

    #: The library's own shuffle, the same on every platform and release.
    LIBRARY = "library"
    #: Microsoft's FreeCell numbering: deal *n* is the deal every FreeCell
    #: program calls *n* (one 52-card deck only).
    MICROSOFT = "microsoft"

    def describe(self) -> str:
        """A one-line description in plain words."""
        return {
            Shuffle.LIBRARY: "the library's own pinned shuffle (SplitMix64 and Fisher-Yates)",
            Shuffle.MICROSOFT: "Microsoft's FreeCell deal numbering",
        }[self]
