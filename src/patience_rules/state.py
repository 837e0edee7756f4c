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

from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias, TypedDict

import attrs

from .cards import _CARDS, Card
from .piles import PileKind, Place

if TYPE_CHECKING:
    from .engine import Engine
    from .rules import GameRules

__all__ = ["Move", "State", "StateParts"]

#: A persistent linked list of cards, top card first: ``()`` or ``(card, rest)``.
#: Pushing and popping allocate at most one pair, and untouched tails are
#: shared between states.
_Chain: TypeAlias = tuple[()] | tuple[Card, "_Chain"]
_EMPTY: _Chain = ()


def _chain_from_bottom_up(cards: Sequence[Card]) -> _Chain:
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
    cards: list[Card] = []
    append = cards.append
    while chain:
        card, chain = chain
        append(card)
    cards.reverse()
    return tuple(cards)


_STOCK = Place(PileKind.STOCK)
_WASTE = Place(PileKind.WASTE)
_MIDDLE = Place(PileKind.MIDDLE)


@attrs.frozen(repr=False, order=True, cache_hash=True)
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

    def __str__(self) -> str:
        """The move's text form, such as ``'T3-F5'`` or ``'draw'`` (see :mod:`patience_rules.notation`)."""
        from .notation import move_to_text

        return move_to_text(self)

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


def _restore_state(rules: GameRules, piles: bytes, redeals_used: int) -> State:
    """Rebuild a pickled state (see :meth:`State.__reduce__`)."""
    return rules._engine.unpack_state(piles, redeals_used)


class StateParts(TypedDict):
    """A state's piles by name, each bottom to top (see :meth:`State.parts`)."""

    #: The stock; its last card is drawn next.
    stock: tuple[Card, ...]
    #: The waste; its last card is playable.
    waste: tuple[Card, ...]
    #: The tableau columns, each from its back card to its front card.
    columns: tuple[tuple[Card, ...], ...]
    #: The cells, ``None`` where one is empty.
    cells: tuple[Card | None, ...]
    #: How many cards each foundation holds.
    foundation_heights: tuple[int, ...]
    #: The cards in the middle, in card order.
    middle: tuple[Card, ...]
    #: How many redeals have been made.
    redeals_used: int


@attrs.frozen(
    init=False, eq=False, repr=False, weakref_slot=False, getstate_setstate=False
)
class State:
    """A position of a game, with the rules it is played by.

    States are made by :meth:`GameRules.deal`, :meth:`GameRules.deal_from`
    and :meth:`State.apply`, or from their parts by
    :meth:`GameRules.make_state`.  A state is immutable: its piles are read
    through the properties below, and it hashes and compares by value (two
    states are equal when they have the same rules and every card in the
    same place), so states can be kept in sets and used as dictionary keys.

    >>> import patience_rules as pr
    >>> game = pr.get_game("royal-cotillion")
    >>> game.deal(7) == game.deal(7), len({game.deal(7), game.deal(7), game.deal(8)})
    (True, 2)
    >>> game.deal(7).stock = ()  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    attrs.exceptions.FrozenInstanceError: can't set attribute
    """

    # The foundations are one int: foundation f's height in the bits the
    # engine assigns it.  The stock is the first ``_nstock`` cards of a tuple
    # shared by every state dealt from it (a draw only counts down); the
    # waste and the columns are chains, shared between states.  ``_wanted``
    # is the engine's table of the cards the foundations want (shared by
    # every state with the same foundations); it is derived, not compared.
    # The fields are private: the piles are read through the properties.
    _key: int = attrs.field()
    _cells: tuple[Card | None, ...] = attrs.field()
    _waste: _Chain = attrs.field()
    _nwaste: int = attrs.field()
    _columns: tuple[_Chain, ...] = attrs.field()
    _stock: tuple[Card, ...] = attrs.field()
    _nstock: int = attrs.field()
    _middle: tuple[Card, ...] = attrs.field()
    _redeals: int = attrs.field()
    _wanted: dict[Card, Any] = attrs.field()
    _engine: Engine = attrs.field()
    _hash: int | None = attrs.field()

    def __init__(
        self,
        key: int,
        cells: tuple[Card | None, ...],
        waste: _Chain,
        nwaste: int,
        columns: tuple[_Chain, ...],
        stock: tuple[Card, ...],
        nstock: int,
        middle: tuple[Card, ...],
        redeals: int,
        wanted: dict[Card, Any],
        engine: Engine,
    ) -> None:
        # Built only by the engine, which keeps the parts consistent.  The
        # class is frozen, so the fields are set through their slots (faster
        # than object.__setattr__, and this runs once per move).
        _set_key(self, key)
        _set_cells(self, cells)
        _set_waste(self, waste)
        _set_nwaste(self, nwaste)
        _set_columns(self, columns)
        _set_stock(self, stock)
        _set_nstock(self, nstock)
        _set_middle(self, middle)
        _set_redeals(self, redeals)
        _set_wanted(self, wanted)  # the engine's table for this foundation key
        _set_engine(self, engine)
        _set_hash(self, None)

    # -- value semantics ------------------------------------------------------

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            # The foundations, the cells and the sizes of stock and waste, with
            # the waste's top card: equal states hash alike, and states that
            # differ elsewhere differ here too nearly always.
            waste = self._waste
            h = hash(
                (
                    self._key,
                    self._cells,
                    self._nwaste,
                    waste[0] if waste else None,
                    self._nstock,
                    self._redeals,
                    self._engine.rules_hash,
                )
            )
            _set_hash(self, h)
        return h

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not State:
            return NotImplemented
        assert isinstance(other, State)
        if self is other:
            return True
        return (
            self._key == other._key
            and self._nstock == other._nstock
            and self._nwaste == other._nwaste
            and self._cells == other._cells
            and self._columns == other._columns
            and self._middle == other._middle
            and self._redeals == other._redeals
            and self._waste == other._waste
            and (
                self._stock is other._stock
                or self._stock[: self._nstock] == other._stock[: other._nstock]
            )
            and (self._engine is other._engine or self._engine.rules == other._engine.rules)
        )

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __reduce__(self) -> tuple[object, tuple[GameRules, bytes, int]]:
        # Compact: the piles as bytes of card indices, and the rules.
        return (_restore_state, (self._engine.rules, self._engine.pack_state(self), self._redeals))

    def __copy__(self) -> State:
        return self

    def __deepcopy__(self, memo: object) -> State:
        return self

    def canonical_key(self) -> Hashable:
        """A hashable value shared by the states of one game that differ only in pile order.

        The rules treat every reserve cell alike, and every tableau column
        alike: which cell holds a card, or which column holds a pile, never
        changes what can be played, and a refill fills *an* empty pile from
        the same source whichever is numbered lowest.  So two states whose
        cells hold the same cards in another order (and likewise columns)
        have the same futures, move for move up to renumbering.  This key
        is the state with cells and columns taken as multisets: a solver's
        transposition table keys on it to meet such states once.

        >>> import patience_rules as pr
        >>> game = pr.get_game("royal-cotillion")
        >>> state = game.deal(7)
        >>> cells = state.cells
        >>> swapped = game.make_state(
        ...     stock=state.stock, columns=state.columns, cells=cells[1:] + cells[:1],
        ...     foundation_heights=state.foundation_heights)
        >>> swapped == state, swapped.canonical_key() == state.canonical_key()
        (False, True)
        """
        return (
            self._key,
            tuple(sorted([card for card in self._cells if card is not None])),
            tuple(sorted(self._columns)) if len(self._columns) > 1 else self._columns,
            self._waste,
            self._stock[: self._nstock],
            self._middle,
            self._redeals,
        )

    # -- the engine ---------------------------------------------------------

    @property
    def rules(self) -> GameRules:
        """The rules this state is played by.

        >>> import patience_rules as pr
        >>> pr.get_game("easy-start").deal(1).rules.name
        'easy-start'
        """
        return self._engine.rules

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in this state, in the engine's fixed order.

        Moves to a foundation or the middle come first (by source: columns,
        cells, the waste; then by target), then the draw, then the redeal.
        In a game whose moves are compulsory there is at most one.

        >>> import patience_rules as pr
        >>> pr.get_game("royal-cotillion").deal(7).legal_moves()[-1]
        Move.draw()
        """
        return self._engine.legal_moves(self)

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this state.

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.is_legal(Move.draw()), state.is_legal(Move.redeal())
        (True, False)
        """
        return self._engine.is_legal(self, move)

    def apply(self, move: Move) -> State:
        """The state after ``move``.

        :raises IllegalMoveError: if the move is not legal here; the message
            says why.  This state is unchanged either way.

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.apply(Move.redeal())
        Traceback (most recent call last):
        ...
        patience_rules.errors.IllegalMoveError: illegal move Move.redeal() in Captive Queens: a redeal needs an empty stock, and the stock still has cards
        """
        return self._engine.apply(self, move)

    def play_forced(self) -> State:
        """The state after every forced move: while exactly one move is legal, play it.

        In a game whose moves are all compulsory (Captive Queens) this plays
        the game to its end.  In a game of choices it plays only the moves
        that leave no choice (such as a draw when nothing else is legal) and
        stops at the first state with no move or with two or more.  The
        result is the state that :meth:`apply` would reach move by move,
        reached in one tight loop without building the states in between.

        >>> import patience_rules as pr
        >>> end = pr.get_game("easy-start").deal(1).play_forced()
        >>> end.is_over, end.is_won
        (True, True)
        """
        return self._engine.play_forced(self)

    @property
    def is_over(self) -> bool:
        """Whether no legal move remains."""
        return not self._engine.legal_moves(self)

    @property
    def is_won(self) -> bool:
        """Whether every card is home: on a foundation or in the middle."""
        engine = self._engine
        return self._key == engine.full_key and len(self._middle) == engine.middle_size

    def card_of(self, move: Move) -> Card | None:
        """The card that ``move`` would move here (``None`` for a redeal or an empty pile).

        >>> import patience_rules as pr
        >>> state = pr.get_game("captive-queens").deal(1)
        >>> state.card_of(Move.draw())
        Card.from_str('7D')
        """
        if move.is_redeal:
            return None
        return self.top_card(move.source)

    def top_card(self, place: Place) -> Card | None:
        """The playable card of the pile at ``place``, or ``None`` if it is empty.

        For a foundation this is its top card; for the stock, the next card
        to be drawn; for the middle, the card last in card order.

        >>> import patience_rules as pr
        >>> state = pr.get_game("royal-cotillion").deal(7)
        >>> state.top_card(Place(PileKind.FOUNDATION, 0))
        Card.from_str('AC')
        """
        kind = place.kind
        if kind is PileKind.STOCK:
            return self._stock[self._nstock - 1] if self._nstock else None
        if kind is PileKind.WASTE:
            return self._waste[0] if self._waste else None
        if kind is PileKind.COLUMN:
            column = self._columns[place.index]
            return column[0] if column else None
        if kind is PileKind.CELL:
            return self._cells[place.index]
        if kind is PileKind.FOUNDATION:
            height = self.foundation_heights[place.index]
            cards = self._engine.foundation_cards[place.index]
            return cards[height - 1] if height else None
        return self._middle[-1] if self._middle else None

    # -- the piles ----------------------------------------------------------

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, bottom to top: the last card is drawn next."""
        return self._stock[: self._nstock]

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
        cards = self._engine.foundation_cards
        return tuple(cards[f][:height] for f, height in enumerate(self.foundation_heights))

    @property
    def foundation_heights(self) -> tuple[int, ...]:
        """How many cards each foundation holds."""
        return self._engine.heights(self._key)

    @property
    def middle(self) -> tuple[Card, ...]:
        """The cards in the middle, in card order."""
        return self._middle

    @property
    def stock_size(self) -> int:
        """How many cards the stock holds."""
        return self._nstock

    @property
    def waste_size(self) -> int:
        """How many cards the waste holds.

        >>> import patience_rules as pr
        >>> pr.get_game("captive-queens").deal(1).waste_size
        0
        """
        return self._nwaste

    @property
    def redeals_used(self) -> int:
        """How many times the waste has been turned over as a new stock."""
        return self._redeals

    def parts(self) -> StateParts:
        """The state's piles, as the keyword arguments of :meth:`GameRules.make_state`.

        Change some and make a new state from them; the new state is
        checked in full.

        >>> import patience_rules as pr
        >>> state = pr.get_game("royal-cotillion").deal(7)
        >>> state.rules.make_state(**state.parts()) == state
        True
        >>> parts = state.parts()
        >>> parts["stock"] = parts["stock"][::-1]
        >>> state.rules.make_state(**parts).stock[-1] == state.stock[0]
        True
        """
        return StateParts(
            stock=self.stock,
            waste=self.waste,
            columns=self.columns,
            cells=self.cells,
            foundation_heights=self.foundation_heights,
            middle=self.middle,
            redeals_used=self.redeals_used,
        )

    @property
    def redeals_left(self) -> int:
        """How many redeals the rules still allow."""
        return self._engine.redeals - self._redeals

    @property
    def cards_home(self) -> int:
        """How many cards are on the foundations and in the middle."""
        return sum(self.foundation_heights) + len(self._middle)

    # -- text ---------------------------------------------------------------

    def __str__(self) -> str:
        from ._text import render_state

        return render_state(self)

    def _repr_svg_(self) -> str:
        """An SVG picture of the state, which notebooks show (see :mod:`patience_rules.svg`)."""
        from .svg import state_to_svg

        return state_to_svg(self)

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.name}: {self.cards_home}/{self._engine.total_cards} "
            f"cards home, stock {self._nstock}, waste {self._nwaste}, "
            f"redeals used {self._redeals}>"
        )


def _cards_from_bytes(data: bytes) -> list[Card]:
    cards = _CARDS
    return [cards[i] for i in data]


(
    _set_key,
    _set_cells,
    _set_waste,
    _set_nwaste,
    _set_columns,
    _set_stock,
    _set_nstock,
    _set_middle,
    _set_redeals,
    _set_wanted,
    _set_engine,
    _set_hash,
) = (
    State.__dict__[field.name].__set__  # the slot's own descriptor
    for field in attrs.fields(State)
)
