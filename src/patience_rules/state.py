"""States and moves: immutable values.

A :class:`State` is a position of a game: where every card is.  Applying a
:class:`Move` returns a new state and leaves the old one untouched; untouched
piles are shared between the two.  States hash and compare by value, so a
solver can keep them in a set, and they pickle.

Every pile is shown as a tuple from the bottom card to the top card: the
last card of :attr:`State.waste` is the playable one, the last card of
:attr:`State.stock` is the next to be drawn, the last card of a column is its
front card, and a foundation starts with its base card.

>>> import patience_rules as pr
>>> state = pr.get_game("captive-queens").deal(1)
>>> len(state.stock), state.waste, state.legal_moves()
(52, (), (Move.draw(),))
>>> after = state.apply(state.legal_moves()[0])
>>> len(after.stock), len(state.stock)
(51, 52)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeAlias

import attrs

from .cards import Card
from .piles import PileKind, Place

if TYPE_CHECKING:
    from .rules import GameRules

__all__ = ["Move", "State"]

#: A persistent linked list of cards, top card first: ``()`` or ``(card, rest)``.
#: Pushing and popping allocate at most one pair, and untouched tails are
#: shared between states.
_Chain: TypeAlias = tuple[()] | tuple[Card, "_Chain"]
_EMPTY: _Chain = ()


def _chain_from_bottom_up(cards: tuple[Card, ...] | list[Card]) -> _Chain:
    """A chain whose top is the last of ``cards``."""
    chain: _Chain = _EMPTY
    for card in cards:
        chain = (card, chain)
    return chain


def _iter_chain(chain: _Chain) -> Iterator[Card]:
    """The cards of a chain, top first."""
    while chain:
        card, chain = chain
        yield card


def _chain_bottom_up(chain: _Chain) -> tuple[Card, ...]:
    """The cards of a chain as a tuple from bottom to top."""
    cards = list(_iter_chain(chain))
    cards.reverse()
    return tuple(cards)


def _chain_length(chain: _Chain) -> int:
    count = 0
    while chain:
        chain = chain[1]
        count += 1
    return count


_STOCK = Place(PileKind.STOCK)
_WASTE = Place(PileKind.WASTE)
_MIDDLE = Place(PileKind.MIDDLE)


@attrs.frozen(repr=False, order=True)
class Move:
    """A move: the top card of ``source`` goes to ``target``.

    Three shapes cover every game:

    - a play: from a column, a cell or the waste to a foundation or the middle;
    - the draw: ``Move.draw()``, the top stock card onto the waste;
    - the redeal: ``Move.redeal()``, the waste turned over as the new stock.

    A move does not name its card: it is "the playable card of that pile",
    which :meth:`State.card_of` tells for a given state.

    >>> Move.to_foundation(Place(PileKind.CELL, 2), 5)
    Move.to_foundation(Place(PileKind.CELL, 2), 5)
    >>> Move.draw().is_draw
    True
    """

    source: Place
    target: Place

    @classmethod
    def draw(cls) -> Move:
        """The move that turns the top stock card onto the waste."""
        return _DRAW

    @classmethod
    def redeal(cls) -> Move:
        """The move that turns the waste over as the new stock."""
        return _REDEAL

    @classmethod
    def to_foundation(cls, source: Place, foundation: int) -> Move:
        """The move of the playable card of ``source`` to foundation ``foundation``."""
        return cls(source, Place(PileKind.FOUNDATION, foundation))

    @classmethod
    def to_middle(cls, source: Place) -> Move:
        """The move of the playable card of ``source`` to the middle."""
        return cls(source, _MIDDLE)

    @property
    def is_draw(self) -> bool:
        """Whether this is the draw from the stock."""
        return self.source.kind is PileKind.STOCK

    @property
    def is_redeal(self) -> bool:
        """Whether this is the redeal (the waste turned over as the stock)."""
        return self.target.kind is PileKind.STOCK

    def __repr__(self) -> str:
        if self.is_draw and self.target == _WASTE:
            return "Move.draw()"
        if self.is_redeal and self.source == _WASTE:
            return "Move.redeal()"
        source = f"Place(PileKind.{self.source.kind.name}, {self.source.index})"
        if self.target.kind is PileKind.FOUNDATION:
            return f"Move.to_foundation({source}, {self.target.index})"
        if self.target == _MIDDLE:
            return f"Move.to_middle({source})"
        target = f"Place(PileKind.{self.target.kind.name}, {self.target.index})"
        return f"Move({source}, {target})"


_DRAW = Move(_STOCK, _WASTE)
_REDEAL = Move(_WASTE, _STOCK)


@attrs.frozen(repr=False, cache_hash=True, weakref_slot=False)
class State:
    """A position of a game, with the rules it is played by.

    States are made by :meth:`GameRules.deal`, :meth:`GameRules.deal_from`
    and :meth:`State.apply`, or from their parts by
    :meth:`GameRules.make_state`.  The fields are private; read the piles
    through the properties.
    """

    _foundations: tuple[int, ...]
    _cells: tuple[Card | None, ...]
    _waste: _Chain
    _columns: tuple[_Chain, ...]
    _stock: _Chain
    _middle: tuple[Card, ...]
    _redeals_used: int
    rules: GameRules

    # -- the engine ---------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in this state, in the engine's fixed order.

        Moves to a foundation or the middle come first (by source: columns,
        cells, the waste; then by target), then the draw, then the redeal.
        In a game whose moves are compulsory there is at most one.
        """
        return self.rules._engine.legal_moves(self)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this state."""
        return move in self.rules._engine.legal_moves(self)

    def apply(self, move: Move) -> State:
        """The state after ``move``.

        :raises IllegalMoveError: if the move is not legal here; the message
            says why.  This state is unchanged either way.
        """
        return self.rules._engine.apply(self, move)

    @property
    def is_over(self) -> bool:
        """Whether no legal move remains."""
        return not self.rules._engine.legal_moves(self)

    @property
    def is_won(self) -> bool:
        """Whether every card is home: on a foundation or in the middle."""
        return sum(self._foundations) + len(self._middle) == self.rules._engine.total_cards

    def card_of(self, move: Move) -> Card | None:
        """The card that ``move`` would move here (``None`` for a redeal or an empty pile)."""
        if move.is_redeal:
            return None
        return self.top_card(move.source)

    def top_card(self, place: Place) -> Card | None:
        """The playable card of the pile at ``place``, or ``None`` if it is empty.

        For a foundation this is its top card; for the stock, the next card
        to be drawn; for the middle, the card last in card order.
        """
        kind = place.kind
        if kind is PileKind.STOCK:
            return self._stock[0] if self._stock else None
        if kind is PileKind.WASTE:
            return self._waste[0] if self._waste else None
        if kind is PileKind.COLUMN:
            column = self._columns[place.index]
            return column[0] if column else None
        if kind is PileKind.CELL:
            return self._cells[place.index]
        if kind is PileKind.FOUNDATION:
            height = self._foundations[place.index]
            cards = self.rules._engine.foundation_cards[place.index]
            return cards[height - 1] if height else None
        return self._middle[-1] if self._middle else None

    # -- the piles ----------------------------------------------------------

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: the last card is drawn next."""
        return _chain_bottom_up(self._stock)

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste, bottom to top: the last card is playable."""
        return _chain_bottom_up(self._waste)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The tableau columns, each from the back card to the (playable) front card."""
        return tuple(_chain_bottom_up(column) for column in self._columns)

    @property
    def cells(self) -> tuple[Card | None, ...]:
        """The reserve cells, ``None`` where a cell is empty."""
        return self._cells

    @property
    def foundations(self) -> tuple[tuple[Card, ...], ...]:
        """The foundations, each from its base card to its top card."""
        cards = self.rules._engine.foundation_cards
        return tuple(cards[f][:height] for f, height in enumerate(self._foundations))

    @property
    def foundation_heights(self) -> tuple[int, ...]:
        """How many cards each foundation holds."""
        return self._foundations

    @property
    def middle(self) -> tuple[Card, ...]:
        """The cards in the middle, in card order."""
        return self._middle

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return _chain_length(self._stock)

    @property
    def redeals_used(self) -> int:
        """How many times the waste has been turned over as a new stock."""
        return self._redeals_used

    @property
    def redeals_left(self) -> int:
        """How many redeals the rules still allow."""
        return self.rules.stock.redeals - self._redeals_used

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations and in the middle."""
        return sum(self._foundations) + len(self._middle)

    # -- text ---------------------------------------------------------------

    def __str__(self) -> str:
        from ._text import render_state

        return render_state(self)

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.name}: {self.cards_home}/{self.rules._engine.total_cards} "
            f"cards home, stock {self.stock_size}, waste {_chain_length(self._waste)}, "
            f"redeals used {self._redeals_used}>"
        )
