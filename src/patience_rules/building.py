"""Building rules: which card may be placed on which in a tableau column, and runs.

A :class:`Build` says onto which card a card may be placed: a card of the
same suit, the other colour or any suit, one rank lower (building down),
higher (up) or either, with or without wrapping between King and Ace.
:class:`Runs` says how many cards leave a column in one move.

>>> from patience_rules import Build, Card, Direction, Suits
>>> klondike = Build(suits=Suits.ALTERNATE, direction=Direction.DOWN)
>>> klondike.accepts(Card.from_str("9H"), onto=Card.from_str("10S"))
True
>>> klondike.describe()
'one rank lower, in the other colour'
>>> crescent = Build(suits=Suits.SAME, direction=Direction.EITHER, wrap=True)
>>> crescent.accepts(Card.from_str("KD"), onto=Card.from_str("AD"))
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TypedDict

import attrs

from . import _checks
from .cards import _CARDS, Card
from .errors import InvalidArgumentError, _shown

__all__ = ["Build", "BuildDict", "Direction", "Runs", "Suits"]


class Suits(enum.Enum):
    """Which suit a card must have to be placed on another.

    >>> [suits.value for suits in Suits]
    ['same', 'alternate', 'any']
    """

    #: The same suit.
    SAME = "same"
    #: The other colour (red on black, black on red).
    ALTERNATE = "alternate"
    #: Any suit.
    ANY = "any"


class Direction(enum.Enum):
    """Which rank a card must have to be placed on another.

    >>> [direction.value for direction in Direction]
    ['down', 'up', 'either']
    """

    #: One rank lower than the card it is placed on.
    DOWN = "down"
    #: One rank higher.
    UP = "up"
    #: One rank lower or higher.
    EITHER = "either"


class Runs(enum.Enum):
    """How many cards leave a tableau column in one move.

    A *run* is the top card of a column with the cards under it, each card
    built on the one below by the column's :class:`Build` (and face up).

    >>> Runs.SUPERMOVE.describe()
    'a run moves as one move when the free cells and empty columns could carry it card by card'
    """

    #: One card at a time.
    NONE = "none"
    #: Any run of face-up built cards moves as one move (Klondike).
    ANY = "any"
    #: A run of *n* cards moves as one move when *n* <= (1 + empty cells) x
    #: 2 ** (empty columns), the target column not counted when it is empty:
    #: the moves one card at a time that it stands for (FreeCell's supermove).
    #: Only the piles that could take those cards count: the cells if cards
    #: may be moved into them (:attr:`Refill.BY_MOVE`), the empty columns if
    #: any card may be moved into one (``BY_MOVE`` with no ``fill_rank``).
    SUPERMOVE = "supermove"

    def describe(self) -> str:
        """A one-line description in plain words."""
        return {
            Runs.NONE: "one card moves at a time",
            Runs.ANY: "any run of face-up built cards moves as one move",
            Runs.SUPERMOVE: (
                "a run moves as one move when the free cells and empty columns could carry "
                "it card by card"
            ),
        }[self]


def _onto_table(build: Build) -> tuple[frozenset[Card], ...]:
    """For every card (by index), the cards it may be placed on."""
    steps = {Direction.DOWN: (1,), Direction.UP: (-1,), Direction.EITHER: (1, -1)}[build.direction]
    table = []
    for card in _CARDS:
        rank = card.rank - 1
        ranks = []
        for step in steps:
            below = rank + step
            if 0 <= below < 13:
                ranks.append(below)
            elif build.wrap:
                ranks.append(below % 13)
        suits: list[int]
        if build.suits is Suits.SAME:
            suits = [card.suit]
        elif build.suits is Suits.ALTERNATE:
            suits = [suit for suit in range(4) if (suit in (1, 2)) != card.suit.is_red]
        else:
            suits = list(range(4))
        table.append(frozenset(_CARDS[suit * 13 + below] for suit in suits for below in ranks))
    return tuple(table)


class BuildDict(TypedDict):
    """A building rule's dict form, as :meth:`Build.to_dict` writes it."""

    #: :class:`Suits`, by its value (``"same"``, ``"alternate"``, ``"any"``).
    suits: str
    #: :class:`Direction`, by its value (``"down"``, ``"up"``, ``"either"``).
    direction: str
    #: Whether it builds on from King to Ace (or back).
    wrap: bool


@_checks.pickled_by_constructor
@attrs.frozen
class Build:
    """How cards build on a tableau column.

    :param suits: the suit a card needs to go on another (:class:`Suits`).
    :param direction: the rank it needs (:class:`Direction`).
    :param wrap: whether King and Ace are next to each other (a King goes
        on an Ace when building down, an Ace on a King building up).

    >>> Build()
    Build(suits=Suits.ALTERNATE, direction=Direction.DOWN, wrap=False)
    >>> Build(suits="same")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: suits is one of Suits.SAME, Suits.ALTERNATE, Suits.ANY, got 'same'
    """

    suits: Suits = attrs.field(
        default=Suits.ALTERNATE,
        validator=lambda i, a, v: _checks.member("suits", Suits, v),
        repr=_checks.named,
    )
    direction: Direction = attrs.field(
        default=Direction.DOWN,
        validator=lambda i, a, v: _checks.member("direction", Direction, v),
        repr=_checks.named,
    )
    wrap: bool = attrs.field(default=False, validator=lambda i, a, v: _checks.flag("wrap", v))
    onto: tuple[frozenset[Card], ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "onto", _onto_table(self))

    _repr_pretty_ = _checks.pretty

    @property
    def one_way(self) -> bool:
        """Whether each card goes one rank above (or each one below) the card under
        it, never from King to Ace or back: its runs then hold at most 13 cards.

        A build that goes either way (5 6 5 6 ...) or wraps (... Q K A 2 ...)
        makes runs of any length.

        >>> Build().one_way, Build(direction=Direction.EITHER).one_way, Build(wrap=True).one_way
        (True, False, False)
        """
        return not self.wrap and self.direction is not Direction.EITHER

    def accepts(self, card: Card, onto: Card) -> bool:
        """Whether ``card`` may be placed on ``onto``.

        >>> Build().accepts(Card.from_str("9H"), onto=Card.from_str("10H"))
        False

        :raises InvalidArgumentError: if ``card`` or ``onto`` is no
            :class:`Card` (read text with :meth:`Card.from_str`).
        """
        given: tuple[object, ...] = (card, onto)
        for value in given:
            if value.__class__ is not Card:
                raise InvalidArgumentError(
                    f"expected two cards (Card; text reads with Card.from_str), got {_shown(value)}"
                )
        return onto in self.onto[card]

    def describe(self) -> str:
        """The rule in plain words."""
        rank = {
            Direction.DOWN: "one rank lower",
            Direction.UP: "one rank higher",
            Direction.EITHER: "one rank lower or higher",
        }[self.direction]
        suit = {
            Suits.SAME: "in the same suit",
            Suits.ALTERNATE: "in the other colour",
            Suits.ANY: "in any suit",
        }[self.suits]
        wrap = ", King and Ace next to each other" if self.wrap else ""
        return f"{rank}, {suit}{wrap}"

    def to_dict(self) -> BuildDict:
        """The rule as a dict of JSON types.

        >>> Build().to_dict()
        {'suits': 'alternate', 'direction': 'down', 'wrap': False}
        """
        return {"suits": self.suits.value, "direction": self.direction.value, "wrap": self.wrap}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "build") -> Build:
        """The rule written by :meth:`to_dict`, checked; a key left out reads as
        the constructor's default.

        :raises NotationError: naming the key that is wrong.

        >>> Build.from_dict({"suits": "same"})
        Build(suits=Suits.SAME, direction=Direction.DOWN, wrap=False)
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, (), _BUILD_READERS)
        return _checks.made(where, cls, **_checks.read_given(data, where, _BUILD_READERS))


#: How :meth:`Build.from_dict` reads each key (left out: the default).
_BUILD_READERS: dict[str, _checks.Reader] = {
    "suits": _checks.member_reader(Suits),
    "direction": _checks.member_reader(Direction),
    "wrap": _checks.read_flag,
}
