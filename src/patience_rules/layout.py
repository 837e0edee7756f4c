"""The layout: a game's parts compiled into places, and what each place does.

:class:`Layout` is the one description of a game's table that everything
else reads: the engine, :meth:`GameRules.make_state
<patience_rules.GameRules.make_state>`, the notation, action ids,
observations, strategies, the SVG and text pictures.  No other module counts
columns or cells by itself.

It holds every place (kind, number, name), in a fixed order; how many cards
the deal puts where; which places are the sources and targets of each
:class:`~patience_rules.MoveKind`; each pile's building and refill rules;
and every move the layout can ever make, in the order of the action ids.

>>> import patience_rules as pr
>>> layout = pr.get_game("royal-cotillion").layout
>>> layout.columns, layout.cells, layout.foundations, layout.stock_size
(4, 16, 8, 68)
>>> layout.name(pr.Place(pr.PileKind.CELL, 2))
'Lords cell 3'
>>> len(layout.moves)
170
"""

from __future__ import annotations

import enum
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final, TypeVar, cast

from attrs.exceptions import FrozenInstanceError

from . import _checks
from .building import Build, Runs
from .cards import Card, Rank, Suit, standard_deck
from .errors import (
    InvalidArgumentError,
    InvalidRulesError,
    NotationError,
    UnknownPlaceError,
    _counted,
    _shown,
)
from .moves import SINGLE, Move, MoveKind, _place_text
from .piles import Foundation, Middle, PileKind, Place, Reserve, Stock, Tableau
from .policies import Redeal, Refill

__all__ = ["Layout"]

_STOCK: Final = Place(PileKind.STOCK)
_WASTE: Final = Place(PileKind.WASTE)
_MIDDLE: Final = Place(PileKind.MIDDLE)
#: The parts a layout is made of: the keywords of :class:`Layout`, in the order it pickles them.
_PARTS: Final = ("decks", "foundations", "tableau", "reserve", "middle", "stock")

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")


class Layout:
    """The places of a game and what each does, compiled once from its parts.

    A layout is made by :class:`~patience_rules.GameRules` (see
    :attr:`GameRules.layout <patience_rules.GameRules.layout>`); two games
    with equal parts have equal layouts.  Made from the parts directly (as
    a pickle or a copy of a layout is made), each part is checked as
    :class:`~patience_rules.GameRules` checks it, by the same checks
    (:class:`~patience_rules.InvalidRulesError` for a part of the wrong
    type or out of range: no layout of 0 foundations, say, or of 17 decks);
    what only a whole game is checked for (that its foundations take
    exactly its cards, say) is left to :class:`~patience_rules.GameRules`.

    Everything here is read-only: a layout is shared by every state of its
    game, so its attributes cannot be set
    (:class:`attrs.exceptions.FrozenInstanceError`, an ``AttributeError``),
    and what they hold is immutable (tuples, frozen mappings).

    >>> import patience_rules as pr
    >>> layout = pr.get_game("captive-queens").layout
    >>> [pr.notation.place_to_text(place) for place in layout.places][:3]
    ['S', 'W', 'F1']
    >>> layout.sources(pr.MoveKind.HOME), layout.targets(pr.MoveKind.HOME)[-1]
    ((Place(PileKind.WASTE, 0),), Place(PileKind.MIDDLE, 0))
    >>> pr.Layout(decks=1, foundations=(), tableau=None, reserve=None, middle=None, stock=pr.Stock())
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: a game has from 1 to 64 foundations, got 0
    """

    __slots__ = (
        "_deck_sorted",
        "_hash",
        "_key",
        "_memo",
        "_names",
        "_sealed",
        "_sources",
        "_spare",
        "_taken",
        "_targets",
        "build",
        "cell_refill",
        "cells",
        "column_refill",
        "columns",
        "dealt_cells",
        "deck",
        "deck_indices",
        "depths",
        "draw",
        "face_down",
        "fill_rank",
        "fixed_cards",
        "fixed_starts",
        "foundation_parts",
        "foundation_sizes",
        "foundations",
        "has_middle",
        "has_redeal",
        "has_stock",
        "home_cards",
        "laid_out_bases",
        "least_heights",
        "max_run",
        "middle_cards",
        "middle_part",
        "middle_size",
        "most_unbuilt",
        "moves",
        "places",
        "records",
        "redeal",
        "redeals",
        "reserve",
        "runs",
        "shifts",
        "spare",
        "stock",
        "stock_size",
        "tableau",
        "taken",
        "turns_wanted_home",
    )

    def __init__(
        self,
        *,
        decks: int,
        foundations: Sequence[Foundation],
        tableau: Tableau | None,
        reserve: Reserve | None,
        middle: Middle | None,
        stock: Stock,
    ) -> None:
        decks, foundations, tableau, reserve, middle, stock = _checked_parts(
            decks, foundations, tableau, reserve, middle, stock
        )
        self._key = (decks, foundations, tableau, reserve, middle, stock)
        #: (Its parts are immutable: hashed once, as readers key their caches on it.)
        self._hash = hash(self._key)
        #: The game's cards in :attr:`Card.index <patience_rules.Card.index>` order, deck after deck.
        self.deck: Final[tuple[Card, ...]] = standard_deck(decks)
        # The cards' indices, sorted: ``sorted(indices) == _deck_sorted`` checks
        # a multiset in C (a list, never changed, so that the comparison needs no copy).
        self._deck_sorted: list[int] = sorted(bytes(self.deck))
        #: The cards' indices, sorted.
        self.deck_indices: Final[tuple[int, ...]] = tuple(self._deck_sorted)
        #: The parts (``None`` where the game lacks one).
        self.foundation_parts: Final[tuple[Foundation, ...]] = tuple(foundations)
        self.tableau: Final[Tableau | None] = tableau
        self.reserve: Final[Reserve | None] = reserve
        self.middle_part: Final[Middle | None] = middle
        self.stock: Final[Stock] = stock
        #: How many tableau columns, cells and foundations the layout has.
        self.columns: Final[int] = tableau.columns if tableau is not None else 0
        self.cells: Final[int] = reserve.cells if reserve is not None else 0
        self.foundations: Final[int] = len(foundations)
        #: Whether the layout has a middle.
        self.has_middle: Final[bool] = middle is not None
        #: How many cards each column is dealt.
        self.depths: Final[tuple[int, ...]] = tableau.depths if tableau is not None else ()
        #: Whether all but the top card of each column are dealt face down.
        self.face_down: Final[bool] = tableau.face_down if tableau is not None else False
        #: How many cells the deal fills (one card each).
        self.dealt_cells: Final[int] = reserve.dealt_cells if reserve is not None else 0
        #: The cards of the middle (each card value once) and how many it holds when full.
        self.middle_cards: Final[tuple[Card, ...]] = (
            tuple(card for card in self.deck[:52] if card.rank in middle.ranks)
            if middle is not None
            else ()
        )
        self.middle_size: Final[int] = len(self.middle_cards) * decks
        laid_out = sum(foundation.laid_out for foundation in foundations)
        if middle is not None and middle.laid_out:
            laid_out += self.middle_size
        dealt = laid_out + sum(self.depths) + self.dealt_cells
        #: How many cards the deal leaves for the stock (0: no stock and no waste).
        self.stock_size: Final[int] = max(0, len(self.deck) - dealt)
        self.has_stock: Final[bool] = self.stock_size > 0
        #: Whether states record the cards of each foundation (some foundation
        #: takes any suit, so its height does not say which cards it holds).
        self.records: Final[bool] = any(foundation.suit is None for foundation in foundations)
        #: For each foundation, the cards it may take at each height: one card
        #: for a foundation locked to a suit, the four suits of the rank for one
        #: that takes any suit.
        self.home_cards: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
            tuple(
                tuple(Card(rank, suit) for suit in _suits(foundation.suit))
                for rank in foundation.sequence.ranks
            )
            for foundation in foundations
        )
        #: For each foundation locked to a suit, its cards from the base up
        #: (for one of any suit, the first suit's: its height alone does not tell).
        self.fixed_cards: Final[tuple[tuple[Card, ...], ...]] = tuple(
            tuple(cards[0] for cards in heights) for heights in self.home_cards
        )
        #: Where every foundation is locked to a suit (its height says its
        #: cards), the cards each holds at each height, as bytes of card
        #: indices: ``fixed_starts[f][h]``; else empty (the cards are recorded).
        self.fixed_starts: Final[tuple[tuple[bytes, ...], ...]] = (
            ()
            if self.records
            else tuple(
                tuple(bytes(cards[:height]) for height in range(len(cards) + 1))
                for cards in self.fixed_cards
            )
        )
        #: Each foundation's most cards.
        self.foundation_sizes: Final[tuple[int, ...]] = tuple(map(len, self.home_cards))
        #: How many of each card the foundations locked to a suit and the
        #: middle take, and how many of the deck's are left over: the cards
        #: the foundations of any suit share.
        self._taken: Counter[Card] = Counter(
            card
            for cards, foundation in zip(self.fixed_cards, foundations, strict=True)
            if foundation.suit is not None
            for card in cards
        )
        self._taken.update(dict.fromkeys(self.middle_cards, decks))
        self._spare: Counter[Card] = Counter(self.deck) - self._taken
        #: The same, read-only (a card not there counts 0).
        self.taken: Final[Mapping[Card, int]] = MappingProxyType(self._taken)
        self.spare: Final[Mapping[Card, int]] = MappingProxyType(self._spare)
        #: The foundations laid out before play (they always hold their base).
        self.laid_out_bases: Final[tuple[int, ...]] = tuple(
            f for f, foundation in enumerate(foundations) if foundation.laid_out
        )
        #: Each foundation's fewest cards: 1 where it is laid out, else 0.
        self.least_heights: Final[tuple[int, ...]] = tuple(
            1 if foundation.laid_out else 0 for foundation in foundations
        )
        self.build: Final[Build | None] = tableau.build if tableau is not None else None
        self.runs: Final[Runs] = tableau.runs if tableau is not None else Runs.NONE
        self.fill_rank: Final[Rank | None] = tableau.fill_rank if tableau is not None else None
        self.column_refill: Final[Refill] = tableau.refill if tableau is not None else Refill.NEVER
        self.cell_refill: Final[Refill] = reserve.refill if reserve is not None else Refill.NEVER
        #: The most cards each column can hold where nothing is built on it:
        #: its deal (one card more where it is empty and refilled).
        self.most_unbuilt: Final[tuple[int, ...]] = tuple(
            max(depth, 1) if self.column_refill is not Refill.NEVER else depth
            for depth in self.depths
        )
        self.draw: Final[int] = stock.draw
        self.redeal: Final[Redeal] = stock.redeal
        self.redeals: Final[int | None] = stock.redeals
        #: Whether a card that foundations or the middle want is played the
        #: moment it is turned, where play is compulsory: the stock turns one
        #: card at a time (cards turned together cover one another) and no
        #: foundation is a move source (rule 9 of a valid position).
        self.turns_wanted_home: Final[bool] = self.draw == 1 and not any(
            foundation.playable for foundation in foundations
        )
        #: Whether the game has a redeal at all (a limit above 0, and a stock to
        #: turn over or columns to shift).
        self.has_redeal: Final[bool] = self.redeals != 0 and (
            self.has_stock if self.redeal is Redeal.TURN_OVER else self.columns > 0
        )
        #: Whether the game shifts its piles (a redeal that turns each column
        #: round, bottom card to the top): a card taken off a column then
        #: changes which cards later shifts bring up.
        self.shifts: Final[bool] = self.has_redeal and self.redeal is Redeal.SHIFT
        #: The longest run that can leave a column in one move: 13 where each
        #: card is a rank above (or each below) the one under it, else as many
        #: cards as the deck has, at most 104 (a build up or down, or that
        #: wraps, makes runs of any length; the longer move as shorter runs).
        self.max_run: Final[int] = (
            1
            if self.runs is Runs.NONE or self.build is None
            else 13
            if self.build.one_way
            else min(len(self.deck), 104)
        )
        self.places: Final[tuple[Place, ...]] = (
            *((_STOCK, _WASTE) if self.has_stock else ()),
            *(Place(PileKind.COLUMN, i) for i in range(self.columns)),
            *(Place(PileKind.CELL, i) for i in range(self.cells)),
            *(Place(PileKind.FOUNDATION, f) for f in range(self.foundations)),
            *((_MIDDLE,) if middle is not None else ()),
        )
        self._names = {place: self._describe(place) for place in self.places}
        self._sources, self._targets = self._compile_moves()
        #: Every move the layout can ever make, in the order of the action
        #: ids (see :mod:`patience_rules.actions`).  The draw and the redeal
        #: come first in every game, ids 0 and 1, so that those ids mean the
        #: same everywhere: a game without a stock (:attr:`has_stock`) or a
        #: redeal (:attr:`has_redeal`) never makes them.
        self.moves: Final[tuple[Move, ...]] = self._universe()
        #: What :func:`_per_layout` functions worked out from the layout.
        self._memo: Final[dict[object, object]] = {}
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise FrozenInstanceError  # (as GameRules and State refuse it)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # (made again from its parts: a sealed layout takes no attributes one by one)
        return (_made_from_parts, self._key)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Layout:
            return NotImplemented
        assert isinstance(other, Layout)
        return self is other or self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return (
            f"<Layout: {self.columns} columns, {self.cells} cells, {self.foundations} "
            f"foundations, middle {self.has_middle}, stock {self.stock_size}>"
        )

    # -- places --------------------------------------------------------------

    def count(self, kind: PileKind) -> int:
        """How many piles of ``kind`` the layout has.

        >>> import patience_rules as pr
        >>> pr.get_game("royal-cotillion").layout.count(pr.PileKind.CELL)
        16

        :raises InvalidArgumentError: for anything but a :class:`~patience_rules.PileKind`.
        """
        kind = _member(PileKind, kind)
        if kind is PileKind.COLUMN:
            return self.columns
        if kind is PileKind.CELL:
            return self.cells
        if kind is PileKind.FOUNDATION:
            return self.foundations
        if kind is PileKind.MIDDLE:
            return int(self.has_middle)
        return int(self.has_stock)

    def has(self, place: object) -> bool:
        """Whether ``place`` is a place of this layout (False for anything but a place).

        >>> import patience_rules as pr
        >>> layout = pr.get_game("captive-queens").layout
        >>> layout.has(pr.Place(pr.PileKind.MIDDLE)), layout.has(pr.Place(pr.PileKind.CELL))
        (True, False)
        """
        return isinstance(place, Place) and place in self._names

    def name(self, place: Place) -> str:
        """A place in the game's own words, piles numbered from 1.

        A place the layout lacks is named too, plainly (``'Lords cell 17'``),
        for the messages that say it is not in the game;
        :meth:`GameRules.describe_place <patience_rules.GameRules.describe_place>`
        refuses it.

        >>> import patience_rules as pr
        >>> layout = pr.get_game("royal-cotillion").layout
        >>> layout.name(pr.Place(pr.PileKind.FOUNDATION, 4))
        'foundation 5 (clubs 2 4 6 8 10 Q A 3 5 7 9 J K)'
        >>> layout.name("F5")
        Traceback (most recent call last):
        ...
        patience_rules.errors.UnknownPlaceError: expected a Place such as Place(PileKind.COLUMN, 0), got 'F5'

        :raises UnknownPlaceError: for anything but a :class:`~patience_rules.Place`.
        """
        known = self._names.get(_place(place))
        return known if known is not None else self._describe(place)

    def kind_name(self, kind: PileKind) -> str:
        """What the game calls the piles of ``kind``, in the plural.

        >>> import patience_rules as pr
        >>> pr.get_game("royal-cotillion").layout.kind_name(pr.PileKind.COLUMN)
        'Ladies columns'

        :raises InvalidArgumentError: for anything but a :class:`~patience_rules.PileKind`.
        """
        kind = _member(PileKind, kind)
        if kind is PileKind.COLUMN:
            return _named(self.tableau.name if self.tableau is not None else "tableau", "columns")
        if kind is PileKind.CELL:
            return _named(self.reserve.name if self.reserve is not None else "reserve", "cells")
        if kind is PileKind.FOUNDATION:
            return "foundations"
        if kind is PileKind.MIDDLE and self.middle_part is not None:
            return self.middle_part.name
        return str(kind.value)

    def _describe(self, place: Place) -> str:
        kind, index = place.kind, place.index
        if kind is PileKind.COLUMN and self.tableau is not None:
            return f"{_named(self.tableau.name, 'column')} {index + 1}"
        if kind is PileKind.CELL and self.reserve is not None:
            return f"{_named(self.reserve.name, 'cell')} {index + 1}"
        if kind is PileKind.FOUNDATION:
            if index < self.foundations:
                foundation = self.foundation_parts[index]
                named = f"{foundation.name}, " if foundation.name else ""
                return f"foundation {index + 1} ({named}{foundation.describe()})"
            return f"foundation {index + 1}"
        if kind is PileKind.MIDDLE and self.middle_part is not None and index == 0:
            return f"the {self.middle_part.name}"
        return f"the {kind.value}" if index == 0 and kind in SINGLE else f"{kind.value} {index + 1}"

    # -- moves ---------------------------------------------------------------

    def sources(self, kind: MoveKind) -> tuple[Place, ...]:
        """The places that moves of ``kind`` take cards from, in the listing order.

        The redeal has none: it is :meth:`Move.redeal() <patience_rules.Move.redeal>`
        in every game that has one (:attr:`has_redeal`).

        :raises InvalidArgumentError: for anything but a :class:`~patience_rules.MoveKind`.
        """
        return self._sources[_member(MoveKind, kind)]

    def targets(self, kind: MoveKind) -> tuple[Place, ...]:
        """The places that moves of ``kind`` put cards on, in the listing order.

        :raises InvalidArgumentError: for anything but a :class:`~patience_rules.MoveKind`.
        """
        return self._targets[_member(MoveKind, kind)]

    def reaches(self, source: Place, target: Place) -> bool:
        """Whether a move of the layout ever takes a card from ``source`` to ``target``.

        A card never goes back to its own pile, never between two playable
        foundations, and never from one cell to another.  The draw moves
        cards from the stock to the waste, and a redeal that turns the waste
        over from the waste to the stock; no move takes a card from the stock
        or the middle anywhere else.  Refills are not moves: a cell refilled
        from the waste or the stock (Royal Cotillion's Lords, Windmill's
        reserve; see ``cell_refill``) gets its card whatever this says.

        >>> import patience_rules as pr
        >>> layout = pr.get_game("captive-queens").layout
        >>> waste, middle = pr.Place(pr.PileKind.WASTE), pr.Place(pr.PileKind.MIDDLE)
        >>> layout.reaches(waste, middle), layout.reaches(middle, waste)
        (True, False)

        :raises UnknownPlaceError: for anything but a place of this layout.
        """
        source, target = self._own(source), self._own(target)
        if source == _WASTE and target == _STOCK:
            return self.has_redeal and self.redeal is Redeal.TURN_OVER
        # (as the moves are listed: a kind's sources to its targets, as _reaches allows)
        return self._reaches(source, target) and any(
            source in self._sources[kind] and target in self._targets[kind] for kind in MoveKind
        )

    def _own(self, place: object) -> Place:
        """``place`` if it is a place of this layout; else an UnknownPlaceError."""
        place = _place(place)
        if place not in self._names:
            raise UnknownPlaceError(
                f"{_place_text(place)} is not a place of this layout: expected one "
                f"of {', '.join(map(_place_text, self.places))}"
            )
        return place

    def _reaches(self, source: Place, target: Place) -> bool:
        """Whether the moves between places of these kinds may go from ``source`` to
        ``target`` (which :meth:`_universe` lists, and so :meth:`reaches` answers)."""
        if source == target:
            return False
        if source.kind is PileKind.FOUNDATION and target.kind is PileKind.FOUNDATION:
            return not self.foundation_parts[target.index].playable
        return not (source.kind is PileKind.CELL and target.kind is PileKind.CELL)

    def _compile_moves(
        self,
    ) -> tuple[dict[MoveKind, tuple[Place, ...]], dict[MoveKind, tuple[Place, ...]]]:
        columns = tuple(Place(PileKind.COLUMN, i) for i in range(self.columns))
        cells = tuple(Place(PileKind.CELL, i) for i in range(self.cells))
        waste = (_WASTE,) if self.has_stock else ()
        playable = tuple(
            Place(PileKind.FOUNDATION, f)
            for f, foundation in enumerate(self.foundation_parts)
            if foundation.playable
        )
        homes = tuple(Place(PileKind.FOUNDATION, f) for f in range(self.foundations))
        if self.has_middle:
            homes += (_MIDDLE,)
        builds = columns if self.build is not None or self.column_refill is Refill.BY_MOVE else ()
        parks = cells if self.cell_refill is Refill.BY_MOVE else ()
        sources = {
            MoveKind.HOME: (*columns, *cells, *waste, *playable),
            MoveKind.BUILD: (*columns, *cells, *waste, *playable) if builds else (),
            MoveKind.PARK: (*columns, *waste) if parks else (),
            MoveKind.DRAW: (_STOCK,) if self.has_stock else (),
            MoveKind.REDEAL: (),
        }
        targets = {
            MoveKind.HOME: homes,
            MoveKind.BUILD: builds,
            MoveKind.PARK: parks,
            MoveKind.DRAW: waste,
            MoveKind.REDEAL: (),
        }
        return sources, targets

    def _universe(self) -> tuple[Move, ...]:
        """Every move of the layout: the draw, the redeal, then homes, builds and parks.

        Each kind lists its sources in order and, for each source, its
        targets in order; a build lists a source's run lengths (1 first)
        before its targets.
        """
        moves = [Move.draw(), Move.redeal()]
        for source in self._sources[MoveKind.HOME]:
            moves += [
                Move(source, target)
                for target in self._targets[MoveKind.HOME]
                if self._reaches(source, target)
            ]
        for source in self._sources[MoveKind.BUILD]:
            longest = self.max_run if source.kind is PileKind.COLUMN else 1
            for count in range(1, longest + 1):
                moves += [
                    Move(source, target, count)
                    for target in self._targets[MoveKind.BUILD]
                    if self._reaches(source, target)
                ]
        for source in self._sources[MoveKind.PARK]:
            moves += [Move(source, target) for target in self._targets[MoveKind.PARK]]
        return tuple(moves)


def _per_layout(make: Callable[[Layout], T]) -> Callable[[Layout], T]:
    """``make``, worked out once for each layout and kept with it.

    What it works out goes when the layout goes: a cache of the module's own
    (``functools.lru_cache``) would keep every layout it met alive, and with
    it the tables of a large composed game (some 14 MB each for 64 columns).
    """

    @functools.wraps(make)
    def made(layout: Layout) -> T:
        memo = layout._memo
        try:
            return cast(T, memo[make])
        except KeyError:
            value = memo[make] = make(layout)
            return value

    return made


def _named(part: str, noun: str) -> str:
    """The piles of a part named ``part``, as ``noun`` says: ``Ladies columns``, ``Free cell``.

    A part whose name ends in the noun already, singular or plural
    (FreeCell's ``Free cells``), is not given it twice: its last word takes
    the number ``noun`` asks for.

    >>> _named("Ladies", "columns"), _named("Free cells", "cells"), _named("Free cells", "cell")
    ('Ladies columns', 'Free cells', 'Free cell')
    >>> _named("Free cell", "cells"), _named("Cells", "cell")
    ('Free cells', 'Cell')
    """
    singular = noun.removesuffix("s")
    head, space, last = part.rpartition(" ")
    if last.lower() in (singular, f"{singular}s"):
        return f"{head}{space}{last[: len(singular)]}{noun[len(singular) :]}"
    return f"{part} {noun}"


# The checks of a game's parts, which GameRules' fields and Layout share (as
# attrs validators and converters).  (A converter's parameter is the type
# checkers' type of the field's argument; the value is checked as any object.)


def _check_decks(instance: Any, attribute: Any, value: Any) -> None:
    _checks.whole("a game's number of decks", value, 1, _checks.MAX_DECKS)


def _to_foundations(foundations: Iterable[Foundation]) -> tuple[Foundation, ...]:
    value: object = foundations  # checked as any value, whatever the annotation says
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise InvalidRulesError(f"a game has one or more foundations, got {_shown(value)}")
    return _checks.bounded(value, 64, "a game has from 1 to 64 foundations")


def _check_foundations(instance: Any, attribute: Any, value: tuple[Any, ...]) -> None:
    if not value:  # (more than 64 the converter refuses, unread)
        raise InvalidRulesError("a game has from 1 to 64 foundations, got 0")
    for item in value:
        if not isinstance(item, Foundation):
            raise InvalidRulesError(f"foundations are Foundation values, got {_shown(item)}")


def _part(kind: type[Any], name: str) -> Callable[[Any, Any, Any], None]:
    def check(instance: Any, attribute: Any, value: Any) -> None:
        if value is not None and not isinstance(value, kind):
            raise InvalidRulesError(
                f"a game's {name} is a {kind.__name__} or None, got {_shown(value)}"
            )

    return check


_check_tableau: Final = _part(Tableau, "tableau")
_check_reserve: Final = _part(Reserve, "reserve")
_check_middle: Final = _part(Middle, "middle")


def _check_stock(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, Stock):
        hint = (
            " (leave it out: the cards the deal leaves are the stock, and a game whose "
            "deal places every card has none)"
            if value is None
            else ""
        )
        raise InvalidRulesError(f"a game's stock is a Stock, got {_shown(value)}{hint}")


def _checked_parts(
    decks: object,
    foundations: object,
    tableau: object,
    reserve: object,
    middle: object,
    stock: object,
) -> tuple[int, tuple[Foundation, ...], Tableau | None, Reserve | None, Middle | None, Stock]:
    """The parts of a layout, each checked (and converted) as GameRules checks its own.

    :raises InvalidRulesError: for a part that GameRules refuses.
    """
    _check_decks(None, None, decks)
    held = _to_foundations(foundations)  # type: ignore[arg-type]  # (checked as any value)
    _check_foundations(None, None, held)
    _check_tableau(None, None, tableau)
    _check_reserve(None, None, reserve)
    _check_middle(None, None, middle)
    _check_stock(None, None, stock)
    return (
        cast("int", decks),
        held,
        cast("Tableau | None", tableau),
        cast("Reserve | None", reserve),
        cast("Middle | None", middle),
        cast("Stock", stock),
    )


def _made_from_parts(*parts: Any) -> Layout:
    """The layout of these parts (how a pickle or a copy of a layout is made), checked as
    :class:`Layout` checks them: mangled bytes give no layout that no game has.

    ``parts`` are the values of :data:`_PARTS`, in order, as :meth:`Layout.__reduce__`
    pickles them.

    :raises NotationError: for parts of another number, or parts that Layout refuses.
    """
    if len(parts) != len(_PARTS):
        raise NotationError(
            f"a pickled Layout is malformed: expected the {len(_PARTS)} parts "
            f"{', '.join(_PARTS)}, got {_counted(len(parts), 'values')}"
        )
    return _checks.made_from_pickle(
        "Layout", lambda: Layout(**dict(zip(_PARTS, parts, strict=True)))
    )


def _suits(suit: Suit | None) -> tuple[Suit, ...]:
    return tuple(Suit) if suit is None else (suit,)


def _member(kind: type[E], value: object) -> E:
    """``value`` if it is a member of the enumeration ``kind`` (a pile or move kind);
    else an InvalidArgumentError."""
    if not isinstance(value, kind):
        example = next(iter(kind)).name
        raise InvalidArgumentError(
            f"expected a {kind.__name__} such as {kind.__name__}.{example}, got {_shown(value)}"
        )
    return value


def _place(value: object) -> Place:
    """``value`` if it is a :class:`~patience_rules.Place`; else an UnknownPlaceError
    (as :meth:`GameRules.describe_place <patience_rules.GameRules.describe_place>` refuses it)."""
    if not isinstance(value, Place):
        raise UnknownPlaceError(
            f"expected a Place such as Place(PileKind.COLUMN, 0), got {_shown(value)}"
        )
    return value
