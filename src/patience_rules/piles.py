"""Pile kinds and the parts that describe a game's layout.

The parts are plain values: a game is composed of them (see
:class:`~patience_rules.GameRules`), :class:`~patience_rules.Layout`
compiles them into places, and one engine interprets any composition.
Every part turns into a dict of JSON types and back (``to_dict`` and
``from_dict``), so a game can be written down as data.

>>> from patience_rules import Foundation, FoundationSequence, Rank, Suit
>>> Foundation(Suit.HEARTS, FoundationSequence(start=Rank.SIX, length=6)).base_rank
<Rank.SIX: 6>
>>> Foundation(None, FoundationSequence(start=Rank.KING, step=-1, wrap=False)).describe()
'any suit K Q J 10 9 8 7 6 5 4 3 2 A'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypedDict

import attrs

from . import _checks
from .building import Build, BuildDict, Runs
from .cards import Rank, Suit, _is_whole
from .errors import InvalidRulesError, NotationError, _counted, _shown
from .policies import Redeal, Refill
from .sequences import FoundationSequence, SequenceDict

__all__ = [
    "Foundation",
    "FoundationDict",
    "Middle",
    "MiddleDict",
    "PileKind",
    "Place",
    "Reserve",
    "ReserveDict",
    "Stock",
    "StockDict",
    "Tableau",
    "TableauDict",
]

#: The most columns or cells a part may have.
MAX_PILES = 64
#: The highest number a place may have: more than any layout has piles of one kind.
MAX_PLACE_INDEX = 999
#: The longest name a part may have.
MAX_NAME = 40
#: The most cards a column may be dealt: every card of two decks.
MAX_DEPTH = 104
#: The most cards one draw may deal onto the waste.
MAX_DRAW = 52
#: The most ranks a middle may take: every rank once.
MAX_RANKS = len(Rank)


class PileKind(enum.Enum):
    """The kinds of pile a layout is made of.

    >>> [kind.value for kind in PileKind]
    ['stock', 'waste', 'column', 'cell', 'foundation', 'middle']
    """

    #: Face-down cards, dealt onto the waste.
    STOCK = "stock"
    #: Face-up cards from the stock; only the top card is playable.
    WASTE = "waste"
    #: A tableau column of overlapping cards; its top card is playable.
    COLUMN = "column"
    #: A single-card cell; its card is playable.
    CELL = "cell"
    #: A foundation, built by its sequence.
    FOUNDATION = "foundation"
    #: The middle, which holds cards of given ranks (Captive Queens' Queens).
    MIDDLE = "middle"


_KIND_ORDER = {kind: i for i, kind in enumerate(PileKind)}


def _check_kind(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, PileKind):
        raise InvalidRulesError(
            f"a place's kind is a PileKind such as PileKind.COLUMN, got {_shown(value)}"
        )


def _check_index(instance: Any, attribute: Any, value: Any) -> None:
    if not _is_whole(value) or not 0 <= value <= MAX_PLACE_INDEX:
        raise InvalidRulesError(
            f"a place's index is a whole number from 0 to {MAX_PLACE_INDEX} "
            f"(piles are numbered from 0), got {_checks.shown_whole(value)}"
        )


@_checks.pickled_by_constructor
@attrs.frozen(order=True, repr=False)
class Place:
    """Where a pile is in a layout: its kind and its number (from 0).

    >>> Place(PileKind.CELL, 3)
    Place(PileKind.CELL, 3)
    >>> Place(PileKind.FOUNDATION, -1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: a place's index is a whole number from 0 to 999 (piles are numbered from 0), got -1
    """

    _repr_pretty_ = _checks.pretty

    kind: PileKind = attrs.field(order=_KIND_ORDER.__getitem__, validator=_check_kind)
    index: int = attrs.field(default=0, validator=_check_index)

    def __repr__(self) -> str:
        """The call that makes this place."""
        return f"Place(PileKind.{self.kind.name}, {self.index})"


def _check_suit(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, Suit):
        raise InvalidRulesError(
            f"a foundation's suit is a Suit, or None for any suit, got {_shown(value)}"
        )


def _check_sequence(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, FoundationSequence):
        raise InvalidRulesError(
            f"a foundation's sequence is a FoundationSequence, got {_shown(value)}"
        )


def _name(limit: int = MAX_NAME) -> Callable[[Any, Any, Any], Any]:
    return lambda instance, attribute, value: _checks.text("a part's name", value, limit)


def _read_name(value: object, where: str) -> str:
    return _checks.read_text(value, where, MAX_NAME)


class FoundationDict(TypedDict):
    """A foundation's dict form, as :meth:`Foundation.to_dict` writes it."""

    #: Its suit as a symbol (``"C"``), or None where it takes any suit.
    suit: str | None
    #: Its sequence.
    sequence: SequenceDict
    laid_out: bool
    playable: bool
    name: str


class TableauDict(TypedDict):
    """A tableau's dict form, as :meth:`Tableau.to_dict` writes it.

    Enumerations are written by their values (:class:`~patience_rules.Refill`,
    :class:`~patience_rules.Runs`), ranks by their symbols (``"K"``).
    """

    columns: int
    #: One depth for every column, or each column's.
    depth: int | list[int]
    refill: str
    name: str
    build: BuildDict | None
    runs: str
    fill_rank: str | None
    face_down: bool


class ReserveDict(TypedDict):
    """A reserve's dict form, as :meth:`Reserve.to_dict` writes it."""

    cells: int
    #: :class:`~patience_rules.Refill`, by its value.
    refill: str
    width: int
    name: str
    #: True, False or how many cells the deal fills.
    dealt: bool | int


class MiddleDict(TypedDict):
    """A middle's dict form, as :meth:`Middle.to_dict` writes it."""

    #: The ranks it takes, as symbols.
    ranks: list[str]
    laid_out: bool
    name: str


class StockDict(TypedDict):
    """A stock's dict form, as :meth:`Stock.to_dict` writes it."""

    #: How many redeals, or None for no limit.
    redeals: int | None
    draw: int
    #: :class:`~patience_rules.Redeal`, by its value.
    redeal: str


@_checks.pickled_by_constructor
@attrs.frozen
class Foundation:
    """A foundation: it takes the ranks of ``sequence`` in order, in one suit or any.

    :param suit: the suit it is locked to, or ``None`` when it takes cards of
        any suit (Windmill's foundations).  A foundation of any suit records
        which cards it holds; one locked to a suit needs only its height.
    :param sequence: the ranks it takes, from its base card up.
    :param laid_out: whether the base card is laid out before play: the
        first card of the deck order that the foundation takes as its base
        is taken out of the deck first (by a foundation of any suit, the
        first such card that no foundation locked to a suit needs, so that
        every card keeps a place).  Otherwise the foundation is started
        during play by such a card.
    :param playable: whether the foundation's top card may be played on:
        onto a tableau column that takes it, or to a foundation that is not
        playable itself (so cards never go back and forth between two
        foundations).  A laid-out base never moves.
    :param name: what the game calls this foundation (``"the Sultan"``,
        ``"corner"``), for people; empty for a plain foundation.

    >>> hearts_down = Foundation(Suit.HEARTS, FoundationSequence(start=Rank.FIVE, step=-1, length=6))
    >>> hearts_down.describe(), hearts_down.laid_out
    ('hearts 5 4 3 2 A K', False)
    """

    _repr_pretty_ = _checks.pretty

    suit: Suit | None = attrs.field(validator=_check_suit, repr=_checks.named)
    sequence: FoundationSequence = attrs.field(validator=_check_sequence)
    laid_out: bool = attrs.field(
        default=False, validator=lambda i, a, v: _checks.flag("laid_out", v)
    )
    playable: bool = attrs.field(
        default=False, kw_only=True, validator=lambda i, a, v: _checks.flag("playable", v)
    )
    name: str = attrs.field(default="", kw_only=True, converter=_checks.plain, validator=_name())

    @property
    def base_rank(self) -> Rank:
        """The rank of the foundation's first card."""
        return self.sequence.start

    def describe(self) -> str:
        """A short description such as ``'hearts 5 4 3 2 A K'``."""
        suit = self.suit.name.lower() if self.suit is not None else "any suit"
        return f"{suit} {self.sequence}"

    def to_dict(self) -> FoundationDict:
        """The foundation as a dict of JSON types.

        >>> from patience_rules import FoundationSequence
        >>> Foundation(Suit.CLUBS, FoundationSequence(start=Rank.ACE), laid_out=True).to_dict()
        {'suit': 'C', 'sequence': {'start': 'A', 'step': 1, 'length': 13, 'wrap': False}, 'laid_out': True, 'playable': False, 'name': ''}
        """
        return {
            "suit": self.suit.symbol if self.suit is not None else None,
            "sequence": self.sequence.to_dict(),
            "laid_out": self.laid_out,
            "playable": self.playable,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "foundation") -> Foundation:
        """The foundation written by :meth:`to_dict`, checked.

        :raises NotationError: naming the key that is wrong.
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, ("suit", "sequence"), _FOUNDATION_READERS)
        return _checks.made(
            where,
            cls,
            _checks.read_suit(data["suit"], f"{where}.suit"),
            FoundationSequence.from_dict(
                _checks.mapping(data["sequence"], f"{where}.sequence"), f"{where}.sequence"
            ),
            **_checks.read_given(data, where, _FOUNDATION_READERS),
        )


#: How :meth:`Foundation.from_dict` reads each optional key (left out: the default).
_FOUNDATION_READERS: dict[str, _checks.Reader] = {
    "laid_out": _checks.read_flag,
    "playable": _checks.read_flag,
    "name": _read_name,
}


def _to_depth(depth: int | Iterable[int]) -> int | tuple[int, ...]:
    # (typed as the argument is documented, for type checkers; a value of
    # another type goes on as it is, for the validator to refuse)
    value: object = depth
    if isinstance(value, int | str | bytes) or not isinstance(value, Iterable):
        return depth  # type: ignore[return-value]  # checked by the validator
    return _checks.bounded(
        value, MAX_PILES, f"depth gives one count per column, at most {MAX_PILES}"
    )


def _check_depth(instance: Tableau, attribute: Any, value: Any) -> None:
    if isinstance(value, tuple):
        if len(value) != instance.columns:
            raise InvalidRulesError(
                f"depth gives one count per column: {instance.columns} counts, got {len(value)}"
            )
        for count in value:
            _checks.whole("a column's depth", count, 0, MAX_DEPTH)
    else:
        _checks.whole("depth", value, 0, MAX_DEPTH)


def _depth_key(depth: int | tuple[int, ...]) -> int | tuple[int, ...]:
    """What a tableau's ``depth`` means, for comparing: one count per column
    that is the same for every column is that count (the number of columns
    is compared too)."""
    if isinstance(depth, tuple) and depth and all(count == depth[0] for count in depth):
        return depth[0]
    return depth


def _check_refill(instance: Any, attribute: Any, value: Any) -> None:
    _checks.member("refill", Refill, value)


@_checks.pickled_by_constructor
@attrs.frozen
class Tableau:
    """Tableau columns of overlapping cards; each column's top card is playable.

    :param columns: how many columns.
    :param depth: how many cards each column is dealt: one number for every
        column, or one per column (the same count for every column is equal
        to that number: ``depth=(6, 6)`` and ``depth=6`` make equal tableaux
        of two columns).  Columns are dealt in rows: a row gives
        one card to each column that is still short of its depth, from the
        first column to the last, and the last card dealt to a column is its
        top card.
    :param refill: how an emptied column is filled (:attr:`Refill.NEVER`
        leaves it empty for the rest of the game; :attr:`Refill.BY_MOVE`
        lets the player move a card, or a run, into it).
    :param name: what the game calls its tableau (``"Ladies"``; ``"Tableau"`` by
        default), shown before "column" in messages and pictures.
    :param build: how cards are built on a column by a move
        (:class:`Build`); ``None`` when nothing is built on the tableau.
    :param runs: how many cards leave a column in one move (:class:`Runs`).
    :param fill_rank: with :attr:`Refill.BY_MOVE`, the rank that may start
        an empty column (Klondike: a King); ``None`` for any card.
    :param face_down: whether every card but the top card of each column is
        dealt face down.  A face-down card that becomes a column's top card
        turns face up at once (automatically, not a move).

    >>> Tableau(columns=4, depth=3, name="Ladies")
    Tableau(columns=4, depth=3, refill=Refill.NEVER, name='Ladies', build=None, runs=Runs.NONE, fill_rank=None, face_down=False)
    >>> Tableau(columns=0, depth=3)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: columns is a whole number from 1 to 64, got 0
    """

    _repr_pretty_ = _checks.pretty

    columns: int = attrs.field(validator=lambda i, a, v: _checks.whole("columns", v, 1, MAX_PILES))
    depth: int | tuple[int, ...] = attrs.field(
        converter=_to_depth, validator=_check_depth, eq=_depth_key
    )
    refill: Refill = attrs.field(default=Refill.NEVER, validator=_check_refill, repr=_checks.named)
    name: str = attrs.field(default="Tableau", converter=_checks.plain, validator=_name())
    build: Build | None = attrs.field(default=None, kw_only=True)
    runs: Runs = attrs.field(
        default=Runs.NONE,
        kw_only=True,
        validator=lambda i, a, v: _checks.member("runs", Runs, v),
        repr=_checks.named,
    )
    fill_rank: Rank | None = attrs.field(default=None, kw_only=True, repr=_checks.named)
    face_down: bool = attrs.field(
        default=False, kw_only=True, validator=lambda i, a, v: _checks.flag("face_down", v)
    )

    def __attrs_post_init__(self) -> None:
        if self.build is not None and not isinstance(self.build, Build):
            raise InvalidRulesError(
                f"a tableau's build is a Build, or None when nothing is built on it, "
                f"got {_shown(self.build)}"
            )
        if self.runs is not Runs.NONE and self.build is None:
            raise InvalidRulesError(
                f"runs={_shown(self.runs)} needs a build rule: a run is cards built on each other"
            )
        if self.fill_rank is not None:
            if not isinstance(self.fill_rank, Rank):
                raise InvalidRulesError(
                    f"fill_rank is a Rank, or None for any card, got {_shown(self.fill_rank)}"
                )
            if self.refill is not Refill.BY_MOVE:
                raise InvalidRulesError(
                    "fill_rank says which rank a move may put into an empty column, so it "
                    f"needs refill=Refill.BY_MOVE, got refill={_shown(self.refill)}"
                )

    @property
    def depths(self) -> tuple[int, ...]:
        """How many cards each column is dealt.

        >>> Tableau(columns=3, depth=(1, 2, 3)).depths, Tableau(columns=2, depth=6).depths
        ((1, 2, 3), (6, 6))
        """
        depth = self.depth
        return depth if isinstance(depth, tuple) else (depth,) * self.columns

    def to_dict(self) -> TableauDict:
        """The tableau as a dict of JSON types (equal tableaux write equal
        dicts: a depth the same for every column is written as one count).

        >>> Tableau(columns=4, depth=3, name="Ladies").to_dict()
        {'columns': 4, 'depth': 3, 'refill': 'never', 'name': 'Ladies', 'build': None, 'runs': 'none', 'fill_rank': None, 'face_down': False}
        """
        return {
            "columns": self.columns,
            "depth": list(depth) if isinstance(depth := _depth_key(self.depth), tuple) else depth,
            "refill": self.refill.value,
            "name": self.name,
            "build": self.build.to_dict() if self.build is not None else None,
            "runs": self.runs.value,
            "fill_rank": self.fill_rank.symbol if self.fill_rank is not None else None,
            "face_down": self.face_down,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "tableau") -> Tableau:
        """The tableau written by :meth:`to_dict`, checked.

        :raises NotationError: naming the key that is wrong.
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, ("columns", "depth"), _TABLEAU_READERS)
        columns = _checks.read_whole(data["columns"], f"{where}.columns", 1, MAX_PILES)
        raw = data["depth"]
        depth: int | tuple[int, ...]
        if isinstance(raw, list | tuple):
            if len(raw) != columns:
                raise NotationError(
                    f"{where}.depth: expected {columns} counts, one per column, got {len(raw)}"
                )
            depth = tuple(
                _checks.read_whole(count, f"{where}.depth[{i}]", 0, MAX_DEPTH)
                for i, count in enumerate(raw)
            )
        else:
            depth = _checks.read_whole(raw, f"{where}.depth", 0, MAX_DEPTH)
        return _checks.made(
            where, cls, columns, depth, **_checks.read_given(data, where, _TABLEAU_READERS)
        )


#: How :meth:`Tableau.from_dict` reads each optional key (left out: the default).
_TABLEAU_READERS: dict[str, _checks.Reader] = {
    "refill": _checks.member_reader(Refill),
    "name": _read_name,
    "build": _checks.part_reader(Build.from_dict),
    "runs": _checks.member_reader(Runs),
    "fill_rank": _checks.or_null(_checks.read_rank),
    "face_down": _checks.read_flag,
}


def _dealt_key(dealt: bool | int) -> tuple[str, int]:
    """What a reserve's ``dealt`` means, for comparing (``True`` is all, not one cell)."""
    return ("every", 0) if dealt is True else ("cells", int(dealt))


@_checks.pickled_by_constructor
@attrs.frozen
class Reserve:
    """Single-card cells; the card in a cell is playable.

    :param cells: how many cells.
    :param refill: how an empty cell is filled.
    :param width: how many cells a row shows when the layout is printed.
    :param name: what the game calls its reserve (``"Lords"``; ``"Reserve"`` by
        default), shown before "cell" in messages and pictures.
    :param dealt: how many cells the deal fills, one card each, from the
        first: ``True`` (the default) for every cell, ``False`` for none
        (FreeCell's free cells start empty), or a number (Eight Off deals
        four of its eight; a number that is all or none of the cells reads
        back as ``True`` or ``False``).  :attr:`dealt_cells` is the count.
        Cells dealt empty need a ``refill`` that fills them: under
        :attr:`Refill.NEVER` they could never hold a card, and the reserve
        is refused.

    >>> from patience_rules import Refill
    >>> Reserve(cells=16, refill=Refill.FROM_WASTE, name="Lords").refill.describe()
    'an empty pile is filled at once from the top of the waste'
    >>> Reserve(cells=4, refill=Refill.BY_MOVE, name="Free cells", dealt=False).dealt
    False
    >>> Reserve(cells=8, refill=Refill.BY_MOVE, dealt=4).dealt_cells
    4
    """

    _repr_pretty_ = _checks.pretty

    cells: int = attrs.field(validator=lambda i, a, v: _checks.whole("cells", v, 1, MAX_PILES))
    refill: Refill = attrs.field(default=Refill.NEVER, validator=_check_refill, repr=_checks.named)
    width: int = attrs.field(
        default=4, validator=lambda i, a, v: _checks.whole("width", v, 1, MAX_PILES)
    )
    name: str = attrs.field(default="Reserve", converter=_checks.plain, validator=_name())
    dealt: bool | int = attrs.field(default=True, kw_only=True, eq=_dealt_key)

    @dealt.validator
    def _check_dealt(self, attribute: object, value: object) -> None:
        if not isinstance(value, bool) and (not _is_whole(value) or not 0 <= value <= self.cells):
            raise InvalidRulesError(
                f"dealt is True, False or how many cells the deal fills (0 to {self.cells}), "
                f"got {_shown(value)}"
            )

    def __attrs_post_init__(self) -> None:
        # One value for each meaning: every cell True, none False, some a number.
        if not isinstance(self.dealt, bool):
            count = int(self.dealt)
            dealt = True if count == self.cells else False if count == 0 else count
            object.__setattr__(self, "dealt", dealt)
        if self.dealt is not True and self.refill is Refill.NEVER:
            empty = self.cells - self.dealt_cells
            them = "it" if empty == 1 else "them"
            raise InvalidRulesError(
                f"{_counted(empty, 'cells')} of {self.cells} {'is' if empty == 1 else 'are'} "
                f"dealt empty, and refill=Refill.NEVER would never fill {them}: give "
                f"refill=Refill.BY_MOVE (the player moves cards into {them}, as into "
                "FreeCell's free cells) or a refill from the waste, or deal every cell"
            )

    @property
    def dealt_cells(self) -> int:
        """How many cells the deal fills, from the first.

        >>> Reserve(8).dealt_cells, Reserve(8, Refill.BY_MOVE, dealt=4).dealt_cells
        (8, 4)
        """
        dealt = self.dealt
        return self.cells if dealt is True else 0 if dealt is False else int(dealt)

    def to_dict(self) -> ReserveDict:
        """The reserve as a dict of JSON types."""
        return {
            "cells": self.cells,
            "refill": self.refill.value,
            "width": self.width,
            "name": self.name,
            "dealt": self.dealt,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "reserve") -> Reserve:
        """The reserve written by :meth:`to_dict`, checked.

        :raises NotationError: naming the key that is wrong.
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, ("cells",), _RESERVE_READERS)
        cells = _checks.read_whole(data["cells"], f"{where}.cells", 1, MAX_PILES)
        return _checks.made(where, cls, cells, **_checks.read_given(data, where, _RESERVE_READERS))


def _read_dealt(value: object, where: str) -> bool | int:
    if isinstance(value, bool):
        return value
    return _checks.read_whole(value, where, 0, MAX_PILES)  # (checked against the cells by Reserve)


#: How :meth:`Reserve.from_dict` reads each optional key (left out: the default).
_RESERVE_READERS: dict[str, _checks.Reader] = {
    "refill": _checks.member_reader(Refill),
    "width": _checks.whole_reader(1, MAX_PILES),
    "name": _read_name,
    "dealt": _read_dealt,
}


def _to_ranks(value: Iterable[Rank]) -> tuple[Rank, ...]:
    try:
        return _checks.bounded(value, MAX_RANKS, f"the middle takes from 1 to {MAX_RANKS} Ranks")
    except TypeError:
        raise InvalidRulesError(
            f"the middle takes one or more Ranks, got {_shown(value)}"
        ) from None


@_checks.pickled_by_constructor
@attrs.frozen
class Middle:
    """A middle pile that takes every card of the given ranks, in any order.

    :param ranks: the ranks it takes (Captive Queens: the Queens).
    :param laid_out: whether those cards are laid out before play instead of
        going there when they turn up.

    >>> Middle(ranks=[Rank.QUEEN], name="Queens")
    Middle(ranks=(Rank.QUEEN,), laid_out=False, name='Queens')
    """

    _repr_pretty_ = _checks.pretty

    ranks: tuple[Rank, ...] = attrs.field(converter=_to_ranks, repr=_checks.named)
    laid_out: bool = attrs.field(
        default=False, validator=lambda i, a, v: _checks.flag("laid_out", v)
    )
    name: str = attrs.field(default="Middle", converter=_checks.plain, validator=_name())

    @ranks.validator
    def _check_ranks(self, attribute: Any, value: tuple[Any, ...]) -> None:
        if not value or not all(isinstance(rank, Rank) for rank in value):
            raise InvalidRulesError(f"the middle takes one or more Ranks, got {_shown(value)}")
        if len(set(value)) != len(value):
            repeated = " ".join(rank.symbol for rank, n in Counter(value).items() if n > 1)
            raise InvalidRulesError(
                f"the middle takes each rank once, got {repeated} more than once"
            )

    def to_dict(self) -> MiddleDict:
        """The middle as a dict of JSON types."""
        return {
            "ranks": [rank.symbol for rank in self.ranks],
            "laid_out": self.laid_out,
            "name": self.name,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "middle") -> Middle:
        """The middle written by :meth:`to_dict`, checked.

        :raises NotationError: naming the key that is wrong.
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, ("ranks",), _MIDDLE_READERS)
        raw = data["ranks"]
        if not isinstance(raw, list | tuple) or not raw or len(raw) > MAX_RANKS:
            raise NotationError(
                f"{where}.ranks: expected a list of 1 to {MAX_RANKS} ranks, got {_shown(raw)}"
            )
        return _checks.made(
            where,
            cls,
            [_checks.read_rank(rank, f"{where}.ranks[{i}]") for i, rank in enumerate(raw)],
            **_checks.read_given(data, where, _MIDDLE_READERS),
        )


#: How :meth:`Middle.from_dict` reads each optional key (left out: the default).
_MIDDLE_READERS: dict[str, _checks.Reader] = {"laid_out": _checks.read_flag, "name": _read_name}


#: The largest redeal limit (a limit is a count, not a size: any number will do).
MAX_REDEALS = 10**18


def _check_redeals(instance: Any, attribute: Any, value: Any) -> None:
    if value is not None:
        _checks.whole("the redeal limit", value, 0, MAX_REDEALS)


@_checks.pickled_by_constructor
@attrs.frozen
class Stock:
    """The stock and its waste, and what a redeal does.

    Cards are dealt from the stock onto the waste, ``draw`` at a time (one
    by one, so the last of them is on top); the waste's top card is
    playable.  A redeal (:meth:`Move.redeal() <patience_rules.Move.redeal>`)
    does what ``redeal`` says, at most ``redeals`` times (``None``: as often
    as the player likes).

    :param redeals: how many redeals the game allows, from 0 to 10**18, or
        ``None`` for no limit (then the state does not count them).
    :param draw: how many cards one draw deals onto the waste.
    :param redeal: what a redeal does (:class:`~patience_rules.Redeal`): turn
        the waste over as the new stock (when the stock is empty), or shift
        the tableau (Crescent).

    >>> Stock(redeals=2)
    Stock(redeals=2, draw=1, redeal=Redeal.TURN_OVER)
    >>> Stock(redeals=-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the redeal limit is a whole number from 0 to 1000000000000000000, got -1
    """

    _repr_pretty_ = _checks.pretty

    redeals: int | None = attrs.field(default=0, validator=_check_redeals)
    draw: int = attrs.field(
        default=1, validator=lambda i, a, v: _checks.whole("draw", v, 1, MAX_DRAW)
    )
    redeal: Redeal = attrs.field(
        default=Redeal.TURN_OVER,
        validator=lambda i, a, v: _checks.member("redeal", Redeal, v),
        repr=_checks.named,
    )

    def to_dict(self) -> StockDict:
        """The stock as a dict of JSON types.

        >>> Stock(redeals=None, draw=3).to_dict()
        {'redeals': None, 'draw': 3, 'redeal': 'turn-over'}
        """
        return {"redeals": self.redeals, "draw": self.draw, "redeal": self.redeal.value}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], where: str = "stock") -> Stock:
        """The stock written by :meth:`to_dict`, checked.

        :raises NotationError: naming the key that is wrong.
        """
        data = _checks.mapping(data, where)
        _checks.keys(data, where, (), _STOCK_READERS)
        return _checks.made(where, cls, **_checks.read_given(data, where, _STOCK_READERS))


#: How :meth:`Stock.from_dict` reads each key (left out: the default).
_STOCK_READERS: dict[str, _checks.Reader] = {
    "redeals": _checks.or_null(_checks.whole_reader(0, MAX_REDEALS)),
    "draw": _checks.whole_reader(1, MAX_DRAW),
    "redeal": _checks.member_reader(Redeal),
}
