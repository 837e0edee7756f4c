"""The generic engine: deals, legal moves and transitions for any composition.

The engine never asks which game it plays.  When a :class:`GameRules` value
is built it compiles its parts into an :class:`Engine`, precomputing what the
rules fix: the card each foundation takes at each height, and one
:class:`Move` value per (source, target) pair, so that listing moves
allocates nothing but the result.

Users reach the engine through :class:`GameRules` and :class:`State`; it is
documented here for those who compose their own games.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cards import Card, Rank, _format_cards
from .errors import IllegalMoveError, InvalidDealError
from .piles import PileKind, Place
from .policies import Compulsion, Refill
from .state import (
    _DRAW,
    _EMPTY,
    _REDEAL,
    Move,
    State,
    _Chain,
    _chain_from_bottom_up,
    _iter_chain,
)

if TYPE_CHECKING:
    from .rules import GameRules

__all__ = ["Engine"]

_FOUNDATION_KIND = PileKind.FOUNDATION


class Engine:
    """The interpreter of one :class:`GameRules` value (built by the rules)."""

    __slots__ = (
        "_cell_moves",
        "_column_moves",
        "_forced",
        "_middle_base",
        "_middle_ranks",
        "_n_targets",
        "_redeals",
        "_refill_cells",
        "_refill_columns",
        "_wants",
        "_waste_moves",
        "deck",
        "foundation_cards",
        "rules",
        "total_cards",
    )

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.deck: tuple[Card, ...] = rules.deck()
        self.total_cards = len(self.deck)
        #: foundation f's cards from the base up
        self.foundation_cards: tuple[tuple[Card, ...], ...] = tuple(
            tuple(Card(rank, foundation.suit) for rank in foundation.sequence.ranks)
            for foundation in rules.foundations
        )
        n_foundations = len(rules.foundations)
        middle_index = n_foundations  # target number of the middle
        self._n_targets = n_foundations + (1 if rules.middle is not None else 0)
        #: for each foundation, the card it takes at each height (None when full)
        self._wants: tuple[tuple[Card | None, ...], ...] = tuple(
            (*cards, None) for cards in self.foundation_cards
        )
        self._middle_ranks: frozenset[Rank] = (
            frozenset(rules.middle.ranks) if rules.middle is not None else frozenset()
        )
        self._middle_base: dict[Card, list[int]] = {
            card: [middle_index] for card in set(self.deck) if card.rank in self._middle_ranks
        }

        def targets(source: Place) -> tuple[Move, ...]:
            moves = [
                Move(source, Place(_FOUNDATION_KIND, f)) for f in range(n_foundations)
            ]
            if rules.middle is not None:
                moves.append(Move(source, Place(PileKind.MIDDLE)))
            return tuple(moves)

        columns = rules.tableau.columns if rules.tableau is not None else 0
        cells = rules.reserve.cells if rules.reserve is not None else 0
        self._column_moves = tuple(targets(Place(PileKind.COLUMN, i)) for i in range(columns))
        self._cell_moves = tuple(targets(Place(PileKind.CELL, i)) for i in range(cells))
        self._waste_moves = targets(Place(PileKind.WASTE))
        self._redeals = rules.stock.redeals
        self._forced = rules.compulsion is Compulsion.FORCED
        self._refill_columns: Refill = (
            rules.tableau.refill if rules.tableau is not None else Refill.NEVER
        )
        self._refill_cells: Refill = (
            rules.reserve.refill if rules.reserve is not None else Refill.NEVER
        )

    # -- dealing ------------------------------------------------------------

    def check_deck_order(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` as a list, if it is exactly the game's cards; else an error."""
        try:
            order = list(cards)
        except TypeError:
            raise InvalidDealError(
                f"a deck order is a sequence of cards, got {cards!r}"
            ) from None
        strays = [item for item in order if not isinstance(item, Card)]
        if strays:
            raise InvalidDealError(
                f"a deck order holds only Card values, got {strays[0]!r} at position "
                f"{order.index(strays[0])}"
            )
        have, want = Counter(order), Counter(self.deck)
        if have != want:
            missing = sorted((want - have).elements())
            extra = sorted((have - want).elements())
            parts = []
            if missing:
                parts.append(f"missing {_format_cards(missing)}")
            if extra:
                parts.append(f"extra {_format_cards(extra)}")
            raise InvalidDealError(
                f"the deck order is not the cards of {self.rules.title} "
                f"({self.total_cards} cards: {self.rules.decks} standard "
                f"deck{'s' if self.rules.decks > 1 else ''}): {'; '.join(parts)}"
            )
        return order

    def deal_from(self, cards: Iterable[Card]) -> State:
        """Deal the cards in the given order (the first card is dealt first)."""
        rules = self.rules
        order = self.check_deck_order(cards)
        # Cards laid out before play are taken out of the deck order first.
        heights = []
        for foundation in rules.foundations:
            if foundation.laid_out:
                order.remove(Card(foundation.sequence.start, foundation.suit))
                heights.append(1)
            else:
                heights.append(0)
        middle: list[Card] = []
        if rules.middle is not None and rules.middle.laid_out:
            middle = [card for card in order if card.rank in self._middle_ranks]
            order = [card for card in order if card.rank not in self._middle_ranks]
        position = 0
        columns: list[_Chain] = []
        if rules.tableau is not None:
            count, depth = rules.tableau.columns, rules.tableau.depth
            dealt = order[: count * depth]
            columns = [_chain_from_bottom_up(dealt[i::count]) for i in range(count)]
            position = count * depth
        cells: tuple[Card | None, ...] = ()
        if rules.reserve is not None:
            cells = tuple(order[position : position + rules.reserve.cells])
            position += rules.reserve.cells
        rest = order[position:]
        rest.reverse()  # the next card of the deck order is the top of the stock
        state = State(
            tuple(heights),
            cells,
            _EMPTY,
            tuple(columns),
            _chain_from_bottom_up(rest),
            tuple(sorted(middle)),
            0,
            rules,
        )
        return state

    # -- moves --------------------------------------------------------------

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move of ``state`` in the engine's fixed order."""
        wants = self._wants
        wanted = {card: list(targets) for card, targets in self._middle_base.items()}
        for f, height in enumerate(state._foundations):
            card = wants[f][height]
            if card is not None:
                if card in wanted:
                    wanted[card].append(f)
                else:
                    wanted[card] = [f]
        moves: list[Move] = []
        if wanted:
            for i, column in enumerate(state._columns):
                if column:
                    hits = wanted.get(column[0])
                    if hits:
                        table = self._column_moves[i]
                        moves.extend(table[t] for t in hits)
            for i, card in enumerate(state._cells):
                if card is not None:
                    hits = wanted.get(card)
                    if hits:
                        table = self._cell_moves[i]
                        moves.extend(table[t] for t in hits)
            waste = state._waste
            if waste:
                hits = wanted.get(waste[0])
                if hits:
                    table = self._waste_moves
                    moves.extend(table[t] for t in hits)
        if state._stock:
            moves.append(_DRAW)
        elif state._waste and state._redeals_used < self._redeals:
            moves.append(_REDEAL)
        if self._forced and len(moves) > 1:
            return (moves[0],)
        return tuple(moves)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``, which must be legal."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(self.why_illegal(state, move))
        return self.transition(state, move)

    def why_illegal(self, state: State, move: object) -> str:
        """Why ``move`` is not legal in ``state``: a message for the error."""
        rules = self.rules
        if not isinstance(move, Move):
            return f"expected a Move, got {move!r}"
        prefix = f"illegal move {move!r} in {rules.title}: "
        source, target = move.source, move.target
        if move == _DRAW:
            if not state._stock:
                return prefix + "the stock is empty"
        elif move == _REDEAL:
            if state._redeals_used >= self._redeals:
                return prefix + (
                    f"no redeal is left (the rules allow {self._redeals}, "
                    f"{state._redeals_used} used)"
                )
            if state._stock:
                return prefix + "a redeal needs an empty stock, and the stock still has cards"
            return prefix + "a redeal needs cards on the waste, and the waste is empty"
        elif target.kind not in (PileKind.FOUNDATION, PileKind.MIDDLE):
            return prefix + (
                "cards move only to a foundation or the middle, or by the draw and the redeal"
            )
        else:
            where = self.describe_place(source)
            if not self.has_place(source) or source.kind in (
                PileKind.FOUNDATION,
                PileKind.MIDDLE,
                PileKind.STOCK,
            ):
                return prefix + f"{where} is not a pile that cards are played from in this game"
            if not self.has_place(target):
                return prefix + f"{self.describe_place(target)} is not in this game"
            card = state.top_card(source)
            if card is None:
                return prefix + f"{where} is empty"
            if target.kind is PileKind.MIDDLE:
                if card.rank not in self._middle_ranks:
                    ranks = ", ".join(rank.name.lower() for rank in sorted(self._middle_ranks))
                    return prefix + f"the middle takes only {ranks}, not {card}"
            else:
                f = target.index
                wanted = self._wants[f][state._foundations[f]]
                foundation = rules.foundations[f]
                if wanted != card:
                    expected = (
                        "it is complete" if wanted is None else f"it takes {wanted} next"
                    )
                    return prefix + (
                        f"foundation {f} ({foundation.describe()}) does not take {card} "
                        f"from {where}: {expected}"
                    )
        if self._forced:
            forced = self.legal_moves(state)
            if forced:
                return prefix + f"every move is compulsory here and the move to make is {forced[0]!r}"
            return prefix + "the game is over: no move is left"
        return prefix + "the rules do not allow it here"

    def has_place(self, place: Place) -> bool:
        """Whether the layout has a pile at ``place``."""
        rules, kind, index = self.rules, place.kind, place.index
        if kind is PileKind.COLUMN:
            return rules.tableau is not None and 0 <= index < rules.tableau.columns
        if kind is PileKind.CELL:
            return rules.reserve is not None and 0 <= index < rules.reserve.cells
        if kind is PileKind.FOUNDATION:
            return 0 <= index < len(rules.foundations)
        if kind is PileKind.MIDDLE:
            return rules.middle is not None and index == 0
        return index == 0

    def describe_place(self, place: Place) -> str:
        """A place in the game's own words, such as ``'Lords cell 3'`` (numbered from 1)."""
        rules, kind = self.rules, place.kind
        if kind is PileKind.COLUMN and rules.tableau is not None:
            return f"{rules.tableau.name} column {place.index + 1}"
        if kind is PileKind.CELL and rules.reserve is not None:
            return f"{rules.reserve.name} cell {place.index + 1}"
        if kind is PileKind.FOUNDATION:
            return f"foundation {place.index}"
        return f"the {kind.value}" if place.index == 0 else f"{kind.value} {place.index}"

    def transition(self, state: State, move: Move) -> State:
        """The state after ``move``, without checking that it is legal."""
        foundations = state._foundations
        cells = state._cells
        waste = state._waste
        columns = state._columns
        stock = state._stock
        middle = state._middle
        redeals = state._redeals_used
        source, target = move.source, move.target
        kind = source.kind
        card: Card
        if kind is PileKind.STOCK:  # the draw
            card, stock = stock  # type: ignore[misc]
            waste = (card, waste)
        elif target.kind is PileKind.STOCK:  # the redeal
            stock = _EMPTY
            for card in _iter_chain(waste):
                stock = (card, stock)
            waste = _EMPTY
            redeals += 1
        else:
            i = source.index
            if kind is PileKind.WASTE:
                card, waste = waste  # type: ignore[misc]
            elif kind is PileKind.CELL:
                card = cells[i]  # type: ignore[assignment]
                cells = (*cells[:i], None, *cells[i + 1 :])
            else:
                card, rest = columns[i]  # type: ignore[misc]
                columns = (*columns[:i], rest, *columns[i + 1 :])
            if target.kind is _FOUNDATION_KIND:
                f = target.index
                foundations = (*foundations[:f], foundations[f] + 1, *foundations[f + 1 :])
            else:
                middle = tuple(sorted((*middle, card)))
        # Refill policies: fill empty piles, lowest-numbered first.
        if self._refill_columns is not Refill.NEVER and _EMPTY in columns and (
            waste or (stock and self._refill_columns is Refill.FROM_WASTE_THEN_STOCK)
        ):
            filled = list(columns)
            for i, column in enumerate(filled):
                if not column:
                    if waste:
                        card, waste = waste
                    elif stock and self._refill_columns is Refill.FROM_WASTE_THEN_STOCK:
                        card, stock = stock
                    else:
                        break
                    filled[i] = (card, _EMPTY)
            columns = tuple(filled)
        if self._refill_cells is not Refill.NEVER and None in cells and (
            waste or (stock and self._refill_cells is Refill.FROM_WASTE_THEN_STOCK)
        ):
            refilled = list(cells)
            for i, cell in enumerate(refilled):
                if cell is None:
                    if waste:
                        card, waste = waste
                    elif stock and self._refill_cells is Refill.FROM_WASTE_THEN_STOCK:
                        card, stock = stock
                    else:
                        break
                    refilled[i] = card
            cells = tuple(refilled)
        return State(foundations, cells, waste, columns, stock, middle, redeals, self.rules)

