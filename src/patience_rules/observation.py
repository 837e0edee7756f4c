"""Observations: what a player can see of a state, as a value and as numbers.

A :class:`State` knows where every card is, including the order of the
face-down stock.  An agent that learns from states could learn that order,
which no player sees.  An :class:`Observation` shows only what a player at
the table sees:

- the stock's **size**, never its cards or their order;
- the waste, every column, every cell, the foundations and the middle, all
  face up, except
- the face-down cards of a tableau dealt face down (Klondike), always hidden;
- with ``hide_covered=True``, a column shows only its top card and how
  many cards lie under it: Royal Cotillion's Ladies' columns bury two cards
  under their playable card, the only truly hidden cards of that game.  Each
  is seen when the cards in front of it have been played.  A game whose
  runs move (Klondike, FreeCell) refuses it: which runs may move tells the
  cards under a column's front card, and the legal moves (an agent's action
  mask) would give them away.

Reveals (the next stock card, a card uncovered in a column) are what make a
game stochastic for an agent that observes this way.  An agent with a memory
can still keep what it has seen: after a redeal, the new stock is the old
waste turned over, which such an agent knows.

An :class:`Observer` turns observations into a flat tuple of whole numbers
of a fixed length per game, laid out in the order of :attr:`Observer.fields`:

=================  ==================  ===========================================
field              length              each number
=================  ==================  ===========================================
``stock_size``     1                   how many cards the stock holds
``redeals_left``   1                   how many redeals the rules still allow (with no
                                       limit: 1)
``waste``          the stock at deal   a card code, **top card first**
``columns``        columns × capacity  per column, a card code, **top card first**
``cells``          cells               a card code
``foundations``    foundations         how many cards the foundation holds
``tops``           foundations, where  the card code of each foundation's top card
                   they take any suit
``middle``         its capacity        a card code, in card order
=================  ==================  ===========================================

A column's capacity is its dealt depth where nothing is built on it (at
least one card where an emptied column is filled again, by the rules or by
a move), its depth and a run of twelve more where cards build on it one way
(up or down), and the whole deck where the build goes either way or wraps
around (its runs have any length) or where the redeal is a shift (each
shift turns a column's bottom card up, and a run may be built on it).

A *card code* is :data:`NO_CARD` (0) for no card, ``card.index + 1``
(1 to 52) for a card seen face up, and :data:`HIDDEN_CARD` (53) for a card
that is there but hidden.  Unused places at the end of a pile are
:data:`NO_CARD`.  Every number is at least 0 and at most
:attr:`Observer.high` at its position.  The top card of a foundation locked
to a suit follows from its height (see :attr:`State.foundations`); where the
foundations take any suit, the ``tops`` field shows it.

>>> import patience_rules as pr
>>> game = pr.get_game("royal-cotillion")
>>> observer = pr.Observer(game, hide_covered=True)
>>> seen = observer.observe(game.deal(7))
>>> seen.stock_size, seen.waste, seen.columns[0]
(68, (), (None, None, Card.from_str('QD')))
>>> vector = observer.vector(game.deal(7))
>>> observer.size, vector[:2], observer.field("columns")
(106, (68, 0), VectorField(name='columns', offset=70, length=12, high=53))
>>> vector[70:73], pr.card_code(pr.Card.from_str("QD"))  # column 1, top card first
((25, 53, 53), 25)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import attrs

from .cards import Card
from .errors import InvalidRulesError, NotationError, UnknownFieldError, _counted, _shown
from .layout import Layout
from .policies import Redeal, Refill
from .rules import GameRules, State

__all__ = [
    "HIDDEN_CARD",
    "NO_CARD",
    "Observation",
    "Observer",
    "VectorField",
    "card_code",
]

#: The card code of an empty place.
NO_CARD: Final = 0
#: The card code of a card that is there but hidden.
HIDDEN_CARD: Final = 53


def card_code(card: Card | None) -> int:
    """The number that stands for ``card`` in a vector: ``card.index + 1``, or 0 for ``None``.

    A hidden card is :data:`HIDDEN_CARD`, which :class:`Observer` writes
    for the ``None`` of a column.

    :raises NotationError: for anything but a card or ``None``.

    >>> from patience_rules import Card
    >>> card_code(Card.from_str("AC")), card_code(Card.from_str("KS")), card_code(None)
    (1, 52, 0)
    """
    if card is None:
        return NO_CARD
    if card.__class__ is not Card:
        raise NotationError(f"a card code is made from a Card or None, got {_shown(card)}")
    return int(card) + 1


@attrs.frozen
class Observation:
    """What a player sees of a state.

    Piles run bottom to top, as in :class:`State`.  The face-down stock is
    only a size.  In :attr:`columns`, ``None`` stands for a card that is
    there but hidden: a card dealt face down, and, with ``hide_covered``,
    every card under a column's top card.

    >>> import patience_rules as pr
    >>> state = pr.get_game("easy-start").deal(3).apply(pr.Move.draw())
    >>> seen = pr.Observer(state.rules).observe(state)
    >>> seen.stock_size, seen.waste, seen.foundation_heights
    (39, (Card.from_str('AD'),), (1, 1, 1, 1, 1, 1, 1, 1))
    """

    #: The registry name of the game.
    game: str
    #: How many cards the face-down stock holds.
    stock_size: int
    #: How many redeals the rules still allow (``None``: no limit).
    redeals_left: int | None
    #: The waste, bottom to top (every card was seen when it was drawn).
    waste: tuple[Card, ...]
    #: The tableau columns, bottom to top; ``None`` is a hidden card.
    columns: tuple[tuple[Card | None, ...], ...]
    #: The reserve cells, ``None`` where a cell is empty.
    cells: tuple[Card | None, ...]
    #: How many cards each foundation holds.
    foundation_heights: tuple[int, ...]
    #: The cards in the middle, in card order.
    middle: tuple[Card, ...]
    #: The top card of each foundation, where the foundations take any suit
    #: (empty otherwise: the heights tell the tops).
    tops: tuple[Card | None, ...] = ()

    def __str__(self) -> str:
        """The observation as text; ``##`` is a hidden card, ``--`` an empty place.

        >>> import patience_rules as pr
        >>> game = pr.get_game("royal-cotillion")
        >>> print(pr.Observer(game, hide_covered=True).observe(game.deal(7)))
        royal-cotillion: stock 68 cards, 0 redeals left
        waste (top last): --
        columns (top last): ## ## QD | ## ## 9S | ## ## 7H | ## ## 3S
        cells: 6D 3D 4H 9H 7C 5H 4C 6S QC 3D KH QD 5S JH 10H JC
        foundation heights: 1 1 1 1 1 1 1 1
        """
        lines = [
            f"{self.game}: stock {_counted(self.stock_size, 'cards')}, "
            + (
                "any number of redeals"
                if self.redeals_left is None
                else f"{_counted(self.redeals_left, 'redeals')} left"
            ),
            f"waste (top last): {_words(self.waste)}",
        ]
        if self.columns:
            columns = " | ".join(_words(column) for column in self.columns)
            lines.append(f"columns (top last): {columns}")
        if self.cells:
            lines.append(f"cells: {_words(self.cells, none='--')}")
        lines.append(f"foundation heights: {' '.join(map(str, self.foundation_heights))}")
        if self.tops:
            lines.append(f"foundation tops: {_words(self.tops, none='--')}")
        if self.middle:
            lines.append(f"middle: {_words(self.middle)}")
        return "\n".join(lines)


def _words(cards: Iterable[Card | None], none: str = "##") -> str:
    words = [str(card) if card is not None else none for card in cards]
    return " ".join(words) if words else "--"


@attrs.frozen
class VectorField:
    """One field of an observation vector: where it lies and how large its numbers get.

    >>> VectorField("stock_size", offset=0, length=1, high=68).stop
    1
    """

    #: The field's name (see the table in :mod:`patience_rules.observation`).
    name: str
    #: The position of its first number in the vector.
    offset: int
    #: How many numbers it has.
    length: int
    #: The largest number it can hold (the smallest is 0).
    high: int

    @property
    def stop(self) -> int:
        """The position just past its last number: ``vector[f.offset:f.stop]`` is the field."""
        return self.offset + self.length


class Observer:
    """Observes the states of one game, as :class:`Observation` values and as vectors.

    :param rules: the game observed.
    :param hide_covered: show only the top card of each tableau column
        (and how many cards lie under it).  Face-down cards are hidden
        either way.  Only for games whose columns give one card at a time
        (:attr:`Runs.NONE <patience_rules.Runs.NONE>`): where runs move
        (Klondike, FreeCell), whether a run may move depends on the cards
        under the front card, so the legal moves would show them.

    :raises InvalidRulesError: for rules that are no :class:`GameRules`, a
        ``hide_covered`` that is not a bool, or ``hide_covered=True`` in a
        game whose runs move.

    >>> import patience_rules as pr
    >>> observer = pr.Observer(pr.get_game("captive-queens"))
    >>> [(f.name, f.length) for f in observer.fields]
    [('stock_size', 1), ('redeals_left', 1), ('waste', 52), ('columns', 0), ('cells', 0), ('foundations', 8), ('tops', 0), ('middle', 4)]
    >>> observer.size, max(observer.high)
    (66, 52)
    """

    __slots__ = ("_capacity", "_ends", "_fields", "_hide", "_high", "_layout", "_rules", "_size")

    def __init__(self, rules: GameRules, *, hide_covered: bool = False) -> None:
        if not isinstance(rules, GameRules):
            raise InvalidRulesError(f"an observer is made from GameRules, got {_shown(rules)}")
        if not isinstance(hide_covered, bool):
            raise InvalidRulesError(f"hide_covered is True or False, got {_shown(hide_covered)}")
        layout = rules.layout
        if hide_covered and layout.max_run > 1:
            raise InvalidRulesError(
                f"hide_covered hides the cards under each column's front card, but in "
                f"{rules.title} {layout.runs.describe()}, so which runs may move (the legal "
                "moves, an action mask) would tell what lies under it: hide_covered is for "
                "games whose columns give only their front card (runs=Runs.NONE)"
            )
        self._rules = rules
        self._hide = hide_covered
        self._layout = layout
        self._capacity = _column_capacity(layout)
        tallest = max(len(cards) for cards in layout.home_cards)
        hidden = hide_covered or layout.face_down
        # The waste never holds more cards than the stock is dealt: cards
        # reach the waste only from the stock, and the stock only from the
        # deal and from redeals of the waste.
        shapes = (
            ("stock_size", 1, layout.stock_size),
            ("redeals_left", 1, layout.redeals if layout.redeals is not None else 1),
            ("waste", layout.stock_size, 52),
            ("columns", layout.columns * self._capacity, HIDDEN_CARD if hidden else 52),
            ("cells", layout.cells, 52),
            ("foundations", layout.foundations, tallest),
            ("tops", layout.foundations if layout.records else 0, 52),
            ("middle", layout.middle_size, 52),
        )
        fields = []
        offset = 0
        for name, length, high in shapes:
            fields.append(VectorField(name, offset, length, high))
            offset += length
        self._fields: tuple[VectorField, ...] = tuple(fields)
        #: Where each field ends in the vector (as :meth:`encode` notes them).
        self._ends: list[int] = [field.stop for field in fields]
        self._size: int = offset
        self._high: tuple[int, ...] = tuple(
            high for field in fields for high in [field.high] * field.length
        )

    @property
    def rules(self) -> GameRules:
        """The game observed."""
        return self._rules

    @property
    def hide_covered(self) -> bool:
        """Whether covered column cards are hidden."""
        return self._hide

    @property
    def fields(self) -> tuple[VectorField, ...]:
        """The fields of the vector, in order."""
        return self._fields

    @property
    def size(self) -> int:
        """How many numbers a vector has."""
        return self._size

    @property
    def high(self) -> tuple[int, ...]:
        """The largest value of each number of a vector (the smallest is 0)."""
        return self._high

    def __repr__(self) -> str:
        hide = ", hide_covered=True" if self.hide_covered else ""
        return f"<Observer {self.rules.name}{hide}: {self.size} numbers>"

    def __reduce__(self) -> tuple[object, tuple[type[Observer], GameRules, bool]]:
        # (pickled as what it is made from, and made again where loaded)
        return (_observer, (self.__class__, self._rules, self._hide))

    def field(self, name: str) -> VectorField:
        """The field called ``name``.

        :raises UnknownFieldError: (a :class:`LookupError`) for a name that is not
            a field; the message lists them.
        """
        if isinstance(name, str):
            for field in self.fields:
                if field.name == name:
                    return field
        raise UnknownFieldError(
            f"no field {_shown(name)}: expected one of {', '.join(f.name for f in self.fields)}"
        )

    def observe(self, state: State) -> Observation:
        """What a player sees of ``state``.

        :raises InvalidRulesError: if ``state`` is not a state of this game.
        """
        if not isinstance(state, State) or state.rules != self.rules:
            what = f"a state of {state.rules!r}" if isinstance(state, State) else _shown(state)
            raise InvalidRulesError(f"this observer sees states of {self.rules!r}, got {what}")
        columns: tuple[tuple[Card | None, ...], ...] = state.columns
        if self._hide:
            columns = tuple(
                (*([None] * (len(column) - 1)), column[-1]) if column else () for column in columns
            )
        elif self._layout.face_down:
            columns = tuple(
                (*([None] * down), *column[down:])
                for column, down in zip(columns, state.face_down, strict=True)
            )
        return Observation(
            game=self.rules.name,
            stock_size=state.stock_size,
            redeals_left=state.redeals_left,
            waste=state.waste,
            columns=columns,
            cells=state.cells,
            foundation_heights=state.foundation_heights,
            middle=state.middle,
            tops=tuple(cards[-1] if cards else None for cards in state.foundations)
            if self._layout.records
            else (),
        )

    def encode(self, observation: Observation) -> tuple[int, ...]:
        """``observation`` as a vector of :attr:`size` whole numbers (see the module's table).

        :raises InvalidRulesError: if ``observation`` is not of this game, or
            a number falls outside its bounds.
        """
        layout = self._layout
        if not isinstance(observation, Observation) or observation.game != self.rules.name:
            raise InvalidRulesError(
                f"this observer encodes observations of {self.rules.name!r}, "
                f"got {_shown(observation)}"
            )
        piles = (
            observation.waste,
            observation.columns,
            observation.cells,
            observation.foundation_heights,
            observation.middle,
            observation.tops,
        )
        if (
            not all(isinstance(pile, tuple) for pile in piles)
            or not all(isinstance(column, tuple) for column in observation.columns)
            or len(observation.columns) != layout.columns
            or len(observation.cells) != layout.cells
            or len(observation.foundation_heights) != layout.foundations
            or any(len(column) > self._capacity for column in observation.columns)
        ):
            raise InvalidRulesError(
                f"this observer encodes observations of the layout of {self.rules!r}: "
                f"{layout.columns} columns of up to {self._capacity} cards, {layout.cells} "
                f"cells and {layout.foundations} foundations, got {_shown(observation)}"
            )
        vector: list[Any] = []
        ends: list[int] = []  # (where each field ends in the vector, as it is made)
        try:
            left = observation.redeals_left
            vector += [observation.stock_size]
            ends.append(len(vector))
            vector += [1 if left is None else left]
            ends.append(len(vector))
            vector += _padded(reversed(observation.waste), layout.stock_size)
            ends.append(len(vector))
            for column in observation.columns:
                vector += [
                    HIDDEN_CARD if card is None else card_code(card) for card in reversed(column)
                ]
                vector += [NO_CARD] * (self._capacity - len(column))
            ends.append(len(vector))
            vector += [card_code(card) for card in observation.cells]
            ends.append(len(vector))
            vector += observation.foundation_heights
            ends.append(len(vector))
            # (empty where the foundations keep no tops: its field is 0 numbers long)
            vector += [card_code(card) for card in observation.tops]
            ends.append(len(vector))
            vector += _padded(observation.middle, layout.middle_size)
            ends.append(len(vector))
        except (TypeError, ValueError):  # NotationError (not a card) among them
            ends.append(-1)
        if (
            ends != self._ends  # (each field of its length, the vector's too)
            or not all(value.__class__ is int for value in vector)
            or any(value < 0 for value in vector)
            or any(map(int.__gt__, vector, self.high))
        ):
            raise InvalidRulesError(self._out_of_bounds(observation, vector, ends))
        return tuple(vector)

    def _out_of_bounds(self, observation: Observation, vector: list[Any], ends: list[int]) -> str:
        """The refusal of an observation that :meth:`encode` could not encode in its bounds,
        naming the first field that does not fit (``ends``: where each made ends)."""
        start = 0
        for field, end in zip(self.fields, ends, strict=False):
            values = vector[start:end] if end >= 0 else None
            start = end
            if (
                values is None
                or len(values) != field.length
                or not all(value.__class__ is int and 0 <= value <= field.high for value in values)
            ):
                attribute = _ATTRIBUTES.get(field.name, field.name)
                fits = (
                    "is empty in this game"  # (a pile the game does not have)
                    if not field.length
                    else f"does not fit its {_counted(field.length, 'numbers')} from 0 "
                    f"to {field.high}"
                )
                return (
                    f"this observer encodes observations of {self.rules!r} within its bounds: "
                    f"{attribute} {fits}, got {_shown(getattr(observation, attribute))}"
                )
        return (  # pragma: no cover - each field is checked above
            f"this observer encodes observations of {self.rules!r} within its bounds, "
            f"got {_shown(observation)}"
        )

    def vector(self, state: State) -> tuple[int, ...]:
        """What a player sees of ``state``, as a vector: ``encode(observe(state))``.

        :raises InvalidRulesError: as :meth:`observe`, for a state of another game.
        """
        return self.encode(self.observe(state))


def _observer(kind: type[Observer], rules: GameRules, hide_covered: bool) -> Observer:
    """An observer of class ``kind``, as a pickle makes it again (see
    :meth:`Observer.__reduce__`)."""
    if not (isinstance(kind, type) and issubclass(kind, Observer)):
        raise NotationError(f"a pickled observer names its class, got {_shown(kind)}")
    return kind(rules, hide_covered=hide_covered)


def _column_capacity(layout: Layout) -> int:
    """The most cards a column can hold (see the module's table)."""
    deepest = max(layout.depths, default=0)
    if layout.build is None:  # (an emptied column takes one card, by a refill or a move)
        return deepest if layout.column_refill is Refill.NEVER else max(deepest, 1)
    if not layout.build.one_way or layout.redeal is Redeal.SHIFT:
        return len(layout.deck)  # (runs of any length, or a run on each card a shift turns up)
    return max(deepest, 1) + 12


#: The attribute of an :class:`Observation` that each vector field encodes, where named otherwise.
_ATTRIBUTES: Final = {"foundations": "foundation_heights"}


def _padded(cards: Iterable[Card], length: int) -> list[int]:
    codes = [card_code(card) if card is not None else -1 for card in cards]
    return codes + [NO_CARD] * (length - len(codes))
