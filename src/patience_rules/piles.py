"""Pile kinds and the parts that describe a game's layout.

The parts are plain values: a game is composed of them (see
:class:`~patience_rules.GameRules`), and one engine interprets any
composition.

>>> from patience_rules import Foundation, FoundationSequence, Rank, Suit
>>> Foundation(Suit.HEARTS, FoundationSequence(start=Rank.SIX, length=6)).base_rank
<Rank.SIX: 6>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from .cards import Rank, Suit
from .errors import InvalidRulesError
from .policies import Refill
from .sequences import FoundationSequence

__all__ = [
    "Foundation",
    "Middle",
    "PileKind",
    "Place",
    "Reserve",
    "Stock",
    "Tableau",
]


class PileKind(enum.Enum):
    """The kinds of pile a layout is made of.

    >>> [kind.value for kind in PileKind]
    ['stock', 'waste', 'column', 'cell', 'foundation', 'middle']
    """

    #: Face-down cards, dealt one at a time onto the waste.
    STOCK = "stock"
    #: Face-up cards from the stock; only the top card is playable.
    WASTE = "waste"
    #: A tableau column of overlapping cards; only the front card is playable.
    COLUMN = "column"
    #: A single-card cell; its card is playable.
    CELL = "cell"
    #: A foundation, locked to one suit, built by its sequence.
    FOUNDATION = "foundation"
    #: The middle, which holds cards of given ranks (Captive Queens' Queens).
    MIDDLE = "middle"


def _non_negative(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise InvalidRulesError(f"{name} is a whole number of at least 0, got {value!r}")


@attrs.frozen(order=True)
class Place:
    """Where a pile is in a layout: its kind and its number (from 0).

    >>> Place(PileKind.CELL, 3)
    Place(kind=<PileKind.CELL: 'cell'>, index=3)
    """

    kind: PileKind = attrs.field(order=lambda kind: list(PileKind).index(kind))
    index: int = 0


@attrs.frozen
class Foundation:
    """A foundation: locked to ``suit``, it takes the ranks of ``sequence`` in order.

    :param laid_out: whether the base card is laid out before play (taken out
        of the deck order first).  Otherwise the foundation is started during
        play by a card of its suit and the sequence's first rank.

    >>> hearts_down = Foundation(Suit.HEARTS, FoundationSequence(start=Rank.FIVE, step=-1, length=6))
    >>> hearts_down.describe(), hearts_down.laid_out
    ('hearts 5 4 3 2 A K', False)
    """

    suit: Suit = attrs.field()
    sequence: FoundationSequence = attrs.field()
    laid_out: bool = False

    @suit.validator
    def _check_suit(self, attribute: attrs.Attribute[Suit], value: Suit) -> None:
        if not isinstance(value, Suit):
            raise InvalidRulesError(f"a foundation's suit is a Suit, got {value!r}")

    @sequence.validator
    def _check_seq(self, attribute: attrs.Attribute[FoundationSequence], value: object) -> None:
        if not isinstance(value, FoundationSequence):
            raise InvalidRulesError(
                f"a foundation's sequence is a FoundationSequence, got {value!r}"
            )

    @property
    def base_rank(self) -> Rank:
        """The rank of the foundation's first card."""
        return self.sequence.start

    def describe(self) -> str:
        """A short description such as ``'hearts 5 4 3 2 A K'``."""
        return f"{self.suit.name.lower()} {self.sequence}"


@attrs.frozen
class Tableau:
    """Tableau columns of overlapping face-up cards.

    :param columns: how many columns.
    :param depth: how many cards each column is dealt.  Columns are dealt in
        rows: card *i* of the tableau's share of the deck goes to column
        *i mod columns*, and the last row dealt is the front.
    :param refill: how an emptied column is filled (:attr:`Refill.NEVER`
        leaves it empty for the rest of the game).
    :param name: what the game calls its columns (``"Ladies"``).

    >>> Tableau(columns=4, depth=3, name="Ladies")
    Tableau(columns=4, depth=3, refill=<Refill.NEVER: 'never'>, name='Ladies')
    >>> Tableau(columns=0, depth=3)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: columns is a whole number of at least 1, got 0
    """

    columns: int = attrs.field(validator=lambda i, a, v: _positive("columns", v))
    depth: int = attrs.field(validator=lambda i, a, v: _positive("depth", v))
    refill: Refill = Refill.NEVER
    name: str = "Columns"


@attrs.frozen
class Reserve:
    """Single-card cells, every card playable.

    :param cells: how many cells; each is dealt one card.
    :param refill: how an empty cell is filled.
    :param width: how many cells a row shows when the layout is printed.
    :param name: what the game calls its cells (``"Lords"``).

    >>> from patience_rules import Refill
    >>> Reserve(cells=16, refill=Refill.FROM_WASTE, name="Lords").refill.describe()
    'an empty pile is filled at once from the top of the waste'
    """

    cells: int = attrs.field(validator=lambda i, a, v: _positive("cells", v))
    refill: Refill = Refill.NEVER
    width: int = attrs.field(default=4, validator=lambda i, a, v: _positive("width", v))
    name: str = "Cells"


def _to_ranks(value: Iterable[Rank]) -> tuple[Rank, ...]:
    return tuple(value)


@attrs.frozen
class Middle:
    """A middle pile that takes every card of the given ranks, in any order.

    :param ranks: the ranks it takes (Captive Queens: the Queens).
    :param laid_out: whether those cards are laid out before play instead of
        going there when they turn up.

    >>> Middle(ranks=[Rank.QUEEN], name="Queens")
    Middle(ranks=(<Rank.QUEEN: 12>,), laid_out=False, name='Queens')
    """

    ranks: tuple[Rank, ...] = attrs.field(converter=_to_ranks)
    laid_out: bool = False
    name: str = "Middle"

    @ranks.validator
    def _check_ranks(self, attribute: attrs.Attribute[tuple[Rank, ...]], value: tuple[Rank, ...]) -> None:
        if not value or not all(isinstance(rank, Rank) for rank in value):
            raise InvalidRulesError(f"the middle takes one or more Ranks, got {value!r}")
        if len(set(value)) != len(value):
            raise InvalidRulesError(f"the middle's ranks repeat: {value!r}")


@attrs.frozen
class Stock:
    """The stock and its waste.

    Cards are drawn one at a time onto the waste, whose top card is
    playable.  When the stock is empty and the waste is not, the waste may be
    turned over as a new stock, without shuffling (the card that went onto
    the waste first is drawn first), at most ``redeals`` times.

    >>> Stock(redeals=2)
    Stock(redeals=2)
    >>> Stock(redeals=-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the redeal limit is a whole number of at least 0, got -1
    """

    redeals: int = attrs.field(default=0)

    @redeals.validator
    def _check_redeals(self, attribute: attrs.Attribute[int], value: int) -> None:
        _non_negative("the redeal limit", value)


def _positive(name: str, value: object) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise InvalidRulesError(f"{name} is a whole number of at least 1, got {value!r}")
