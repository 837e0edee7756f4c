"""Moves: immutable values, and their short text form.

A :class:`Move` takes the playable card (or a run of cards) of its source
pile to its target pile; the draw and the redeal are moves too.  What a
move does follows from the kinds of its two places (:attr:`Move.kind`).

``str(move)`` is the move's text form in the notation (see
:mod:`patience_rules.notation`): places are a letter and, for piles that
come in numbers, a number from 1 (``S`` stock, ``W`` waste, ``M`` middle,
``T`` tableau columns, ``R`` reserve cells, ``F`` foundations); a move is
``source-target``, with ``:n`` after it for a run of *n* cards, or the words
``draw`` and ``redeal``.

>>> from patience_rules import Move, PileKind, Place
>>> move = Move.to_column(Place(PileKind.COLUMN, 2), 4, count=3)
>>> str(move), move.kind
('T3-T5:3', <MoveKind.BUILD: 'build'>)
>>> str(Move.to_foundation(Place(PileKind.CELL, 13), 2)), str(Move.draw())
('R14-F3', 'draw')
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from . import _checks
from .cards import _is_whole
from .errors import InvalidRulesError, NotationError, _shown
from .piles import PileKind, Place

__all__ = ["Move", "MoveKind", "move_to_text", "place_to_text"]


class MoveKind(enum.Enum):
    """What a move does, by the kinds of its source and target.

    >>> [kind.value for kind in MoveKind]
    ['home', 'build', 'park', 'draw', 'redeal']
    """

    #: A card goes to a foundation or the middle.
    HOME = "home"
    #: A card, or a run of cards, goes onto a tableau column.
    BUILD = "build"
    #: A card goes into an empty cell.
    PARK = "park"
    #: Cards are dealt from the stock onto the waste.
    DRAW = "draw"
    #: The game's redeal (see :class:`~patience_rules.Redeal`).
    REDEAL = "redeal"


_STOCK: Final = PileKind.STOCK
_WASTE: Final = PileKind.WASTE
_KIND_BY_TARGET: Final = {
    PileKind.FOUNDATION: MoveKind.HOME,
    PileKind.MIDDLE: MoveKind.HOME,
    PileKind.COLUMN: MoveKind.BUILD,
    PileKind.CELL: MoveKind.PARK,
}


def _check_place(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, Place):
        raise InvalidRulesError(
            f"a move's {attribute.name} is a Place such as Place(PileKind.COLUMN, 0), "
            f"got {_shown(value)}"
        )


def _check_count(instance: Any, attribute: Any, value: Any) -> None:
    if not _is_whole(value) or not 1 <= value <= 1000:
        raise InvalidRulesError(
            f"a move's count is the number of cards it moves, a whole number from 1 to 1000, "
            f"got {_shown(value)}"
        )


@_checks.pickled_by_constructor
@attrs.frozen(repr=False, order=True, cache_hash=True)
class Move:
    """A move: the playable card of ``source`` (or a run of ``count`` cards) goes to ``target``.

    The shapes (see :class:`MoveKind`):

    - home: from a column, a cell, the waste or a playable foundation to a
      foundation or the middle (``Move.to_foundation``, ``Move.to_middle``);
    - build: onto a tableau column, one card or a run (``Move.to_column``);
    - park: into an empty cell (``Move.to_cell``);
    - the draw: ``Move.draw()``, cards from the stock onto the waste;
    - the redeal: ``Move.redeal()``.

    A move does not name its card: it is "the playable card of that pile",
    which :meth:`State.card_of <patience_rules.State.card_of>` tells for a
    given state.  Whether a move is legal is a question for a state.

    >>> Move.to_foundation(Place(PileKind.CELL, 2), 5)
    Move.to_foundation(Place(PileKind.CELL, 2), 5)
    >>> Move.draw().is_draw
    True
    """

    source: Place = attrs.field(validator=_check_place)
    target: Place = attrs.field(validator=_check_place)
    count: int = attrs.field(default=1, validator=_check_count)

    @classmethod
    def draw(cls) -> Move:
        """The move that deals cards from the stock onto the waste."""
        return _DRAW

    @classmethod
    def redeal(cls) -> Move:
        """The game's redeal: the waste turned over as the new stock, or Crescent's shift."""
        return _REDEAL

    @classmethod
    def to_foundation(cls, source: Place, foundation: int) -> Move:
        """The move of the playable card of ``source`` to foundation ``foundation`` (from 0)."""
        return cls(source, Place(PileKind.FOUNDATION, foundation))

    @classmethod
    def to_middle(cls, source: Place) -> Move:
        """The move of the playable card of ``source`` to the middle."""
        return cls(source, _MIDDLE)

    @classmethod
    def to_column(cls, source: Place, column: int, count: int = 1) -> Move:
        """The move of the playable card (or a run of ``count`` cards) of ``source`` onto a column.

        >>> Move.to_column(Place(PileKind.WASTE), 0)
        Move.to_column(Place(PileKind.WASTE, 0), 0)
        """
        return cls(source, Place(PileKind.COLUMN, column), count)

    @classmethod
    def to_cell(cls, source: Place, cell: int) -> Move:
        """The move of the playable card of ``source`` into (empty) cell ``cell``."""
        return cls(source, Place(PileKind.CELL, cell))

    @property
    def kind(self) -> MoveKind:
        """What the move does.

        >>> Move.redeal().kind, Move.to_middle(Place(PileKind.WASTE)).kind
        (<MoveKind.REDEAL: 'redeal'>, <MoveKind.HOME: 'home'>)
        """
        source, target = self.source.kind, self.target.kind
        if source is _STOCK and target is _WASTE:
            return MoveKind.DRAW
        if target is _STOCK:
            return MoveKind.REDEAL
        return _KIND_BY_TARGET.get(target, MoveKind.HOME)

    @property
    def is_draw(self) -> bool:
        """Whether this is the draw from the stock (``kind is MoveKind.DRAW``).

        It asks the move's shape: from the stock to the waste.  The draw
        that the rules make is the one move :meth:`draw`; another of its
        shape (``Move(Place(PileKind.STOCK), Place(PileKind.WASTE), 3)``)
        is never legal, however many cards the game draws.
        """
        return self.source.kind is _STOCK and self.target.kind is _WASTE

    @property
    def is_redeal(self) -> bool:
        """Whether this is the redeal (``kind is MoveKind.REDEAL``).

        It asks the move's shape: to the stock.  The redeal that the rules
        make is the one move :meth:`redeal`; another of its shape is never
        legal.
        """
        return self.target.kind is _STOCK

    def __str__(self) -> str:
        """The move's text form, such as ``'T3-F5'`` or ``'draw'``."""
        return _move_text(self)

    def __repr__(self) -> str:
        if self == _DRAW:
            return "Move.draw()"
        if self == _REDEAL:
            return "Move.redeal()"
        source = f"Place(PileKind.{self.source.kind.name}, {self.source.index})"
        target = self.target
        count = f", count={self.count}" if self.count != 1 else ""
        if target.kind is PileKind.FOUNDATION and not count:
            return f"Move.to_foundation({source}, {target.index})"
        if target == _MIDDLE and not count:
            return f"Move.to_middle({source})"
        if target.kind is PileKind.COLUMN:
            return f"Move.to_column({source}, {target.index}{count})"
        if target.kind is PileKind.CELL and not count:
            return f"Move.to_cell({source}, {target.index})"
        return f"Move({source}, Place(PileKind.{target.kind.name}, {target.index}){count})"

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        """IPython and Hypothesis print a move as its repr, the call that makes it.

        (``str(move)`` is its text form; the strategies add it in a note.)
        """
        printer.text(repr(self))  # type: ignore[attr-defined]


_MIDDLE: Final = Place(PileKind.MIDDLE)
_DRAW: Final = Move(Place(_STOCK), Place(_WASTE))
_REDEAL: Final = Move(Place(_WASTE), Place(_STOCK))

#: The letter of each pile kind in the notation.
LETTERS: Final = {
    PileKind.STOCK: "S",
    PileKind.WASTE: "W",
    PileKind.MIDDLE: "M",
    PileKind.COLUMN: "T",
    PileKind.CELL: "R",
    PileKind.FOUNDATION: "F",
}
#: The kinds of pile that a layout has at most one of: written without a number.
SINGLE: Final = frozenset((PileKind.STOCK, PileKind.WASTE, PileKind.MIDDLE))


def place_to_text(place: Place) -> str:
    """A place's text form: ``S``, ``W``, ``M``, or ``T``, ``R``, ``F`` and a number from 1.

    >>> place_to_text(Place(PileKind.CELL, 11)), place_to_text(Place(PileKind.WASTE))
    ('R12', 'W')
    """
    if not isinstance(place, Place):
        raise NotationError(f"place_to_text writes a Place, got {_shown(place)}")
    return _place_text(place)


def _place_text(place: Place) -> str:
    """:func:`place_to_text` of a place known to be one."""
    letter = LETTERS[place.kind]
    if place.kind in SINGLE and place.index == 0:
        return letter
    return f"{letter}{place.index + 1}"


def move_to_text(move: Move) -> str:
    """A move's text form, the same as ``str(move)``.

    >>> move_to_text(Move.to_foundation(Place(PileKind.COLUMN, 2), 4)), str(Move.draw())
    ('T3-F5', 'draw')
    """
    if not isinstance(move, Move):
        raise NotationError(f"move_to_text writes a Move, got {_shown(move)}")
    return _move_text(move)


def _move_text(move: Move) -> str:
    """:func:`move_to_text` of a move known to be one (``str(move)``)."""
    if move == _DRAW:
        return "draw"
    if move == _REDEAL:
        return "redeal"
    count = f":{move.count}" if move.count != 1 else ""
    return f"{_place_text(move.source)}-{_place_text(move.target)}{count}"
