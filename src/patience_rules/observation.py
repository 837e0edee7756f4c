"""Observations: what a player can see of a state, as a value and as numbers.

A :class:`State` knows where every card is, including the order of the
face-down stock.  An agent that learns from states could learn that order,
which no player sees.  An :class:`Observation` shows only what a player at
the table sees:

- the stock's **size**, never its cards or their order;
- the waste, every column, every cell, the foundations and the middle, all
  face up;
- with ``hide_covered=True``, a column shows only its front card and how
  many cards lie under it: Royal Cotillion's Ladies' columns bury two cards
  under their playable card, the only truly hidden cards of that game.  Each
  is seen when the cards in front of it have been played.

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
``redeals_left``   1                   how many redeals the rules still allow
``waste``          the stock at deal   a card code, **top card first**
``columns``        columns × depth     per column, a card code, **front card first**
``cells``          cells               a card code
``foundations``    foundations         how many cards the foundation holds
``middle``         its capacity        a card code, in card order
=================  ==================  ===========================================

A *card code* is :data:`NO_CARD` (0) for no card, ``card.index + 1``
(1 to 52) for a card seen face up, and :data:`HIDDEN_CARD` (53) for a card
that is there but hidden.  Unused places at the end of a pile are
:data:`NO_CARD`.  Every number is at least 0 and at most
:attr:`Observer.high` at its position.  The top card of each foundation
follows from its height (see :attr:`State.foundations`).

>>> import patience_rules as pr
>>> game = pr.get_game("royal-cotillion")
>>> observer = pr.Observer(game, hide_covered=True)
>>> seen = observer.observe(game.deal(7))
>>> seen.stock_size, seen.waste, seen.columns[0]
(68, (), (None, None, Card.from_str('QD')))
>>> vector = observer.vector(game.deal(7))
>>> observer.size, vector[:2], observer.field("columns")
(106, (68, 0), VectorField(name='columns', offset=70, length=12, high=53))
>>> vector[70:73], pr.card_code(pr.Card.from_str("QD"))  # column 1, front card first
((25, 53, 53), 25)
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .cards import Card
from .errors import InvalidRulesError
from .rules import GameRules
from .state import State

__all__ = [
    "HIDDEN_CARD",
    "NO_CARD",
    "Observation",
    "Observer",
    "VectorField",
    "card_code",
]

#: The card code of an empty place.
NO_CARD = 0
#: The card code of a card that is there but hidden.
HIDDEN_CARD = 53


def card_code(card: Card | None) -> int:
    """The number that stands for ``card`` in a vector: ``card.index + 1``, or 0 for ``None``.

    A hidden card is :data:`HIDDEN_CARD`, which :class:`Observer` writes
    for the ``None`` of a column.

    >>> from patience_rules import Card
    >>> card_code(Card.from_str("AC")), card_code(Card.from_str("KS")), card_code(None)
    (1, 52, 0)
    """
    return NO_CARD if card is None else int(card) + 1


@attrs.frozen
class Observation:
    """What a player sees of a state.

    Piles run bottom to top, as in :class:`State`.  The face-down stock is
    only a size.  In :attr:`columns`, ``None`` stands for a card that is
    there but hidden (only with ``hide_covered``).

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
    #: How many redeals the rules still allow.
    redeals_left: int
    #: The waste, bottom to top (every card was seen when it was drawn).
    waste: tuple[Card, ...]
    #: The tableau columns, back to front; ``None`` is a hidden card.
    columns: tuple[tuple[Card | None, ...], ...]
    #: The reserve cells, ``None`` where a cell is empty.
    cells: tuple[Card | None, ...]
    #: How many cards each foundation holds.
    foundation_heights: tuple[int, ...]
    #: The cards in the middle, in card order.
    middle: tuple[Card, ...]

    def __str__(self) -> str:
        """The observation as text; ``##`` is a hidden card, ``--`` an empty place.

        >>> import patience_rules as pr
        >>> game = pr.get_game("royal-cotillion")
        >>> print(pr.Observer(game, hide_covered=True).observe(game.deal(7)))
        royal-cotillion: stock 68 cards, 0 redeals left
        waste (top last): --
        columns (front last): ## ## QD | ## ## 9S | ## ## 7H | ## ## 3S
        cells: 6D 3D 4H 9H 7C 5H 4C 6S QC 3D KH QD 5S JH 10H JC
        foundation heights: 1 1 1 1 1 1 1 1
        """
        lines = [
            f"{self.game}: stock {self.stock_size} cards, {self.redeals_left} redeals left",
            f"waste (top last): {_words(self.waste)}",
        ]
        if self.columns:
            columns = " | ".join(_words(column) for column in self.columns)
            lines.append(f"columns (front last): {columns}")
        if self.cells:
            lines.append(f"cells: {_words(self.cells, none='--')}")
        lines.append(f"foundation heights: {' '.join(map(str, self.foundation_heights))}")
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
    :param hide_covered: show only the front card of each tableau column
        (and how many cards lie under it).

    >>> import patience_rules as pr
    >>> observer = pr.Observer(pr.get_game("captive-queens"))
    >>> [(f.name, f.length) for f in observer.fields]
    [('stock_size', 1), ('redeals_left', 1), ('waste', 52), ('columns', 0), ('cells', 0), ('foundations', 8), ('middle', 4)]
    >>> observer.size, max(observer.high)
    (66, 52)
    """

    __slots__ = (
        "_depth",
        "_n_cells",
        "_n_columns",
        "_n_middle",
        "_waste_size",
        "fields",
        "hide_covered",
        "high",
        "rules",
        "size",
    )

    def __init__(self, rules: GameRules, *, hide_covered: bool = False) -> None:
        if not isinstance(rules, GameRules):
            raise InvalidRulesError(f"an observer is made from GameRules, got {rules!r}")
        if not isinstance(hide_covered, bool):
            raise InvalidRulesError(f"hide_covered is True or False, got {hide_covered!r}")
        self.rules = rules
        #: Whether covered column cards are hidden.
        self.hide_covered = hide_covered
        # The waste never holds more cards than the stock is dealt: cards
        # reach the waste only from the stock, and the stock only from the
        # deal and from redeals of the waste.
        start = rules.deal_from(rules.deck())
        self._waste_size = start.stock_size
        columns = rules.tableau.columns if rules.tableau is not None else 0
        self._depth = rules.tableau.depth if rules.tableau is not None else 0
        cells = rules.reserve.cells if rules.reserve is not None else 0
        middle = len(rules.middle.ranks) * 4 * rules.decks if rules.middle is not None else 0
        self._n_columns, self._n_cells, self._n_middle = columns, cells, middle
        tallest = max(foundation.sequence.length for foundation in rules.foundations)
        shapes = (
            ("stock_size", 1, self._waste_size),
            ("redeals_left", 1, rules.stock.redeals),
            ("waste", self._waste_size, 52),
            ("columns", columns * self._depth, HIDDEN_CARD if hide_covered else 52),
            ("cells", cells, 52),
            ("foundations", len(rules.foundations), tallest),
            ("middle", middle, 52),
        )
        fields = []
        offset = 0
        for name, length, high in shapes:
            fields.append(VectorField(name, offset, length, high))
            offset += length
        #: The fields of the vector, in order.
        self.fields: tuple[VectorField, ...] = tuple(fields)
        #: How many numbers a vector has.
        self.size: int = offset
        #: The largest value of each number of a vector (the smallest is 0).
        self.high: tuple[int, ...] = tuple(
            high for field in fields for high in [field.high] * field.length
        )

    def __repr__(self) -> str:
        hide = ", hide_covered=True" if self.hide_covered else ""
        return f"<Observer {self.rules.name}{hide}: {self.size} numbers>"

    def field(self, name: str) -> VectorField:
        """The field called ``name``.

        :raises LookupError: for a name that is not a field; the message lists them.
        """
        for field in self.fields:
            if field.name == name:
                return field
        raise LookupError(
            f"no field {name!r}: expected one of {', '.join(f.name for f in self.fields)}"
        )

    def observe(self, state: State) -> Observation:
        """What a player sees of ``state``.

        :raises InvalidRulesError: if ``state`` is not a state of this game.
        """
        if not isinstance(state, State) or state.rules != self.rules:
            what = f"a state of {state.rules!r}" if isinstance(state, State) else repr(state)
            raise InvalidRulesError(f"this observer sees states of {self.rules!r}, got {what}")
        columns: tuple[tuple[Card | None, ...], ...] = state.columns
        if self.hide_covered:
            columns = tuple(
                (*([None] * (len(column) - 1)), column[-1]) if column else ()
                for column in columns
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
        )

    def encode(self, observation: Observation) -> tuple[int, ...]:
        """``observation`` as a vector of :attr:`size` whole numbers (see the module's table).

        :raises InvalidRulesError: if ``observation`` is not of this game.
        """
        if not isinstance(observation, Observation) or observation.game != self.rules.name:
            raise InvalidRulesError(
                f"this observer encodes observations of {self.rules.name!r}, got {observation!r}"
            )
        if (
            len(observation.columns) != self._n_columns
            or len(observation.cells) != self._n_cells
            or len(observation.foundation_heights) != len(self.rules.foundations)
        ):
            raise InvalidRulesError(
                f"this observer encodes observations of the layout of {self.rules!r}: "
                f"{self._n_columns} columns, {self._n_cells} cells and "
                f"{len(self.rules.foundations)} foundations, got {observation!r}"
            )
        vector = [observation.stock_size, observation.redeals_left]
        vector += _padded(reversed(observation.waste), self._waste_size)
        for column in observation.columns:
            vector += [HIDDEN_CARD if card is None else int(card) + 1 for card in reversed(column)]
            vector += [NO_CARD] * (self._depth - len(column))
        vector += [card_code(card) for card in observation.cells]
        vector += observation.foundation_heights
        vector += _padded(observation.middle, self._n_middle)
        if len(vector) != self.size or any(map(int.__gt__, vector, self.high)):
            raise InvalidRulesError(
                f"this observer encodes observations of {self.rules!r} within its bounds, "
                f"got {observation!r}"
            )
        return tuple(vector)

    def vector(self, state: State) -> tuple[int, ...]:
        """What a player sees of ``state``, as a vector: ``encode(observe(state))``."""
        return self.encode(self.observe(state))


def _padded(cards: Iterable[Card], length: int) -> list[int]:
    codes = [int(card) + 1 for card in cards]
    return codes + [NO_CARD] * (length - len(codes))
