"""The generic engine: deals, legal moves and transitions for any composition.

The engine never asks which game it plays.  When a :class:`GameRules` value
is built it compiles its parts into an :class:`Engine`, precomputing what the
rules fix: the card each foundation takes at each height, one :class:`Move`
value per (source, target) pair, and where each foundation's height lives in
a state's packed foundation key.  Listing moves then costs a dictionary
lookup per playable card and allocates nothing but the result, and a
transition builds only the piles it changes.

Users reach the engine through :class:`GameRules` and :class:`State`; it is
documented here for those who compose their own games.

>>> import patience_rules as pr
>>> engine = pr.get_game("royal-cotillion")._engine
>>> engine.total_cards, len(engine.foundation_cards)
(104, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from .cards import _CARDS, Card, Rank, _difference
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
    _chain_bottom_up,
    _chain_from_bottom_up,
    _iter_chain,
)

if TYPE_CHECKING:
    from .rules import GameRules

__all__ = ["Engine"]

_FOUNDATION = PileKind.FOUNDATION
_MIDDLE = PileKind.MIDDLE
_STOCK = PileKind.STOCK
_WASTE = PileKind.WASTE
_CELL = PileKind.CELL
_COLUMN = PileKind.COLUMN

#: The engine forgets its table of wanted cards when it grows past this many
#: foundation keys (a few hundred bytes each), so memory stays bounded.
_WANTED_CACHE_LIMIT = 1 << 15

#: For a wanted card: one item per playable pile (columns, then cells, then
#: the waste), the moves of the card from that pile to the targets that want
#: it, in the fixed order; and last, those targets' numbers.
_Row = tuple[tuple[Move, ...] | tuple[int, ...], ...]


class Engine:
    """The interpreter of one :class:`GameRules` value (built by the rules).

    A state keeps its foundation heights packed into one integer, its
    *key*: foundation *f* holds ``(key >> shift_f) & mask`` cards.  The
    engine keeps, per key, the cards the foundations want and the moves they
    make from each playable pile, so listing moves is a lookup per pile.
    """

    __slots__ = (
        "_base_key",
        "_bits",
        "_cell_refill",
        "_column_refill",
        "_forced",
        "_mask",
        "_middle_cards",
        "_middle_ranks",
        "_n_cells",
        "_n_columns",
        "_n_foundations",
        "_rows",
        "_shifts",
        "_sorted_deck",
        "_source_moves",
        "_units",
        "_wanted",
        "_wants",
        "_waste_source",
        "deck",
        "foundation_cards",
        "full_key",
        "middle_size",
        "redeals",
        "rules",
        "rules_hash",
        "total_cards",
    )

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.rules_hash = hash((rules.name, rules.decks, rules.options))  # agrees with ==
        self.deck: tuple[Card, ...] = rules.deck()
        self._sorted_deck = sorted(self.deck)
        self.total_cards = len(self.deck)
        #: foundation f's cards from the base up
        self.foundation_cards: tuple[tuple[Card, ...], ...] = tuple(
            tuple(Card(rank, foundation.suit) for rank in foundation.sequence.ranks)
            for foundation in rules.foundations
        )
        n_foundations = self._n_foundations = len(rules.foundations)
        #: for each foundation, the card it takes at each height (None when full)
        self._wants: tuple[tuple[Card | None, ...], ...] = tuple(
            (*cards, None) for cards in self.foundation_cards
        )
        # The packed foundation key: a fixed number of bits per foundation.
        self._bits = max(len(cards) for cards in self.foundation_cards).bit_length()
        self._mask = (1 << self._bits) - 1
        self._shifts = tuple(self._bits * f for f in range(n_foundations))
        self._units = tuple(1 << shift for shift in self._shifts)
        self.full_key = sum(
            len(cards) << shift
            for cards, shift in zip(self.foundation_cards, self._shifts, strict=True)
        )
        self._base_key = sum(
            unit
            for foundation, unit in zip(rules.foundations, self._units, strict=True)
            if foundation.laid_out
        )
        middle = rules.middle
        self._middle_ranks: frozenset[Rank] = (
            frozenset(middle.ranks) if middle is not None else frozenset()
        )
        self._middle_cards = tuple(
            sorted({card for card in self.deck if card.rank in self._middle_ranks})
        )
        self.middle_size = sum(1 for card in self.deck if card.rank in self._middle_ranks)
        self._n_columns = rules.tableau.columns if rules.tableau is not None else 0
        self._n_cells = rules.reserve.cells if rules.reserve is not None else 0
        self._waste_source = self._n_columns + self._n_cells
        # Playable piles, in the order moves are listed; targets likewise
        # (the foundations by number, then the middle).
        sources = [
            *(Place(_COLUMN, i) for i in range(self._n_columns)),
            *(Place(_CELL, i) for i in range(self._n_cells)),
            Place(_WASTE),
        ]
        targets = [Place(_FOUNDATION, f) for f in range(n_foundations)]
        if middle is not None:
            targets.append(Place(_MIDDLE))
        self._source_moves = tuple(
            tuple(Move(source, target) for target in targets) for source in sources
        )
        self._rows: dict[tuple[int, ...], _Row] = {}
        self._wanted: dict[int, dict[Card, _Row]] = {}
        self.redeals = rules.stock.redeals
        self._forced = rules.compulsion is Compulsion.FORCED
        self._column_refill: Refill = (
            rules.tableau.refill if rules.tableau is not None else Refill.NEVER
        )
        self._cell_refill: Refill = (
            rules.reserve.refill if rules.reserve is not None else Refill.NEVER
        )

    # -- the packed foundation key -----------------------------------------

    def heights(self, key: int) -> tuple[int, ...]:
        """The foundation heights packed in ``key``.

        >>> import patience_rules as pr
        >>> engine = pr.get_game("royal-cotillion")._engine
        >>> engine.heights(engine.full_key)
        (13, 13, 13, 13, 13, 13, 13, 13)
        """
        mask = self._mask
        return tuple((key >> shift) & mask for shift in self._shifts)

    def pack_heights(self, heights: Sequence[int]) -> int:
        """The key of the given foundation heights (the inverse of :meth:`heights`).

        >>> import patience_rules as pr
        >>> engine = pr.get_game("captive-queens")._engine
        >>> engine.heights(engine.pack_heights((1, 2, 3, 4, 5, 6, 0, 1)))
        (1, 2, 3, 4, 5, 6, 0, 1)
        """
        return sum(height << shift for height, shift in zip(heights, self._shifts, strict=True))

    def _wanted_cards(self, key: int) -> dict[Card, _Row]:
        """For foundation key ``key``: each wanted card, and its moves from each pile."""
        wanted = self._wanted.get(key)
        if wanted is not None:
            return wanted
        mask = self._mask
        middle_target = self._n_foundations
        hits: dict[Card, list[int]] = {card: [middle_target] for card in self._middle_cards}
        for f, (wants, shift) in enumerate(zip(self._wants, self._shifts, strict=True)):
            card = wants[(key >> shift) & mask]
            if card is not None:
                if card in hits:
                    hits[card].append(f)
                else:
                    hits[card] = [f]
        wanted = {card: self._row(tuple(targets)) for card, targets in hits.items()}
        self._remember(key, wanted)
        return wanted

    def _row(self, targets: tuple[int, ...]) -> _Row:
        """The moves of a card wanted by ``targets`` from each playable pile."""
        row = self._rows.get(targets)
        if row is None:
            row = self._rows[targets] = (
                *(tuple(moves[t] for t in targets) for moves in self._source_moves),
                targets,
            )
        return row

    def _remember(self, key: int, wanted: dict[Card, _Row]) -> None:
        if len(self._wanted) >= _WANTED_CACHE_LIMIT:
            self._wanted.clear()
        self._wanted[key] = wanted

    def _advance(
        self, wanted: dict[Card, _Row], card: Card, f: int, key: int
    ) -> dict[Card, _Row]:
        """The wanted cards after foundation ``f`` took ``card``, reaching ``key``."""
        known = self._wanted.get(key)
        if known is not None:
            return known
        after = wanted.copy()
        targets: tuple[int, ...] = after[card][-1]  # type: ignore[assignment]
        if len(targets) == 1:
            del after[card]
        else:
            after[card] = self._row(tuple(t for t in targets if t != f))
        following = self._wants[f][(key >> self._shifts[f]) & self._mask]
        if following is not None:
            row = after.get(following)
            if row is None:
                after[following] = self._row((f,))
            else:
                middle = self._n_foundations
                merged = sorted((*row[-1], f), key=lambda t: (t != middle, t))
                after[following] = self._row(tuple(merged))
        self._remember(key, after)
        return after

    # -- dealing and building states -----------------------------------------

    def check_deck_order(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` as a list, if it is exactly the game's cards; else an error."""
        try:
            order = list(cards)
        except TypeError:
            raise InvalidDealError(
                f"a deck order is a sequence of cards, got {cards!r}"
            ) from None
        if set(map(type, order)) == {Card} and sorted(order) == self._sorted_deck:
            return order
        strays = [item for item in order if not isinstance(item, Card)]
        if strays:
            raise InvalidDealError(
                f"a deck order holds only Card values, got {strays[0]!r} at position "
                f"{order.index(strays[0])}"
            )
        difference = _difference(order, self.deck) or "the order differs"
        raise InvalidDealError(
            f"the deck order is not the cards of {self.rules.title} "
            f"({self.total_cards} cards: {self.rules.decks} standard "
            f"deck{'s' if self.rules.decks > 1 else ''}): {difference}"
        )

    def deal_from(self, cards: Iterable[Card]) -> State:
        """Deal the cards in the given order (the first card is dealt first)."""
        rules = self.rules
        order = self.check_deck_order(cards)
        # Cards laid out before play are taken out of the deck order first.
        for foundation in rules.foundations:
            if foundation.laid_out:
                order.remove(Card(foundation.sequence.start, foundation.suit))
        middle: list[Card] = []
        if rules.middle is not None and rules.middle.laid_out:
            ranks = self._middle_ranks
            middle = [card for card in order if card.rank in ranks]
            order = [card for card in order if card.rank not in ranks]
        position = 0
        columns: list[list[Card]] = []
        if rules.tableau is not None:
            count, depth = rules.tableau.columns, rules.tableau.depth
            dealt = order[: count * depth]
            columns = [dealt[i::count] for i in range(count)]
            position = count * depth
        cells: list[Card | None] = []
        if rules.reserve is not None:
            cells = list(order[position : position + rules.reserve.cells])
            position += rules.reserve.cells
        rest = order[position:]
        rest.reverse()  # the next card of the deck order is the top of the stock
        return self.build_state(
            self._base_key, cells, (), columns, rest, middle, 0
        )

    def build_state(
        self,
        key: int,
        cells: Sequence[Card | None],
        waste: Sequence[Card],
        columns: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        middle: Sequence[Card],
        redeals_used: int,
    ) -> State:
        """A state from its parts, piles bottom to top, without any check.

        :meth:`GameRules.make_state` checks the parts and then calls this.

        >>> import patience_rules as pr
        >>> engine = pr.get_game("easy-start")._engine
        >>> state = engine.deal_from(engine.deck)
        >>> engine.build_state(
        ...     engine.pack_heights(state.foundation_heights), state.cells, state.waste,
        ...     state.columns, state.stock, state.middle, state.redeals_used) == state
        True
        """
        return State(
            key,
            tuple(cells),
            _chain_from_bottom_up(waste),
            len(waste),
            tuple(_chain_from_bottom_up(column) for column in columns),
            tuple(stock),
            len(stock),
            tuple(sorted(middle)),
            redeals_used,
            self._wanted_cards(key),
            self,
        )

    def pack_state(self, state: State) -> bytes:
        """The piles of ``state`` as bytes (card indices), for pickling.

        The layout: the foundation heights; the cells (255 for an empty
        cell); each column's length and cards; the waste's length and
        cards; the stock's; the middle's.  Piles run bottom to top.

        >>> import patience_rules as pr
        >>> engine = pr.get_game("captive-queens")._engine
        >>> state = engine.deal_from(engine.deck)
        >>> engine.unpack_state(engine.pack_state(state), 0) == state
        True
        """
        data = bytearray(state.foundation_heights)
        data += bytes(255 if card is None else card for card in state._cells)
        for pile in (*state._columns, state._waste):
            cards = _chain_bottom_up(pile)
            data.append(len(cards))
            data += bytes(cards)
        data.append(state._nstock)
        data += bytes(state._stock[: state._nstock])
        data.append(len(state._middle))
        data += bytes(state._middle)
        return bytes(data)

    def unpack_state(self, data: bytes, redeals_used: int) -> State:
        """The state packed by :meth:`pack_state` (an example is there)."""
        cards = _CARDS
        at = self._n_foundations
        key = self.pack_heights(data[:at])
        cells = [None if i == 255 else cards[i] for i in data[at : at + self._n_cells]]
        at += self._n_cells
        piles: list[list[Card]] = []
        for _ in range(self._n_columns + 3):
            size = data[at]
            piles.append([cards[i] for i in data[at + 1 : at + 1 + size]])
            at += 1 + size
        *columns, waste, stock, middle = piles
        return self.build_state(key, cells, waste, columns, stock, middle, redeals_used)

    # -- moves --------------------------------------------------------------

    def legal_moves(self, state: State) -> tuple[Move, ...]:
        """Every legal move of ``state`` in the engine's fixed order."""
        wanted = state._wanted
        moves: list[Move] = []
        if wanted:
            get = wanted.get
            i = 0
            for column in state._columns:
                if column:
                    row = get(column[0])
                    if row is not None:
                        moves += row[i]
                i += 1
            cells = state._cells
            if not wanted.keys().isdisjoint(cells):
                for card in cells:
                    row = get(card)  # type: ignore[arg-type]
                    if row is not None:
                        moves += row[i]
                    i += 1
            waste = state._waste
            if waste:
                row = get(waste[0])
                if row is not None:
                    moves += row[self._waste_source]
        if state._nstock:
            moves.append(_DRAW)
        elif state._nwaste and state._redeals < self.redeals:
            moves.append(_REDEAL)
        if self._forced and len(moves) > 1:
            return (moves[0],)
        return tuple(moves)

    def is_legal(self, state: State, move: object) -> bool:
        """Whether ``move`` is legal in ``state`` (without listing every move, where it can).

        >>> import patience_rules as pr
        >>> from patience_rules import Move
        >>> engine = pr.get_game("royal-cotillion")._engine
        >>> state = engine.deal_from(engine.deck)
        >>> engine.is_legal(state, Move.draw()), engine.is_legal(state, Move.redeal())
        (True, False)
        """
        if move.__class__ is not Move:
            return False
        assert isinstance(move, Move)
        target = move.target
        if target.kind is _FOUNDATION and not self._forced:
            # A play to a foundation: legal when the source's playable card
            # is the card the foundation takes next.
            source = move.source
            kind, i, f = source.kind, source.index, target.index
            if not 0 <= f < self._n_foundations:
                return False
            card: Card | None
            if kind is _WASTE:
                waste = state._waste
                card = waste[0] if waste and i == 0 else None
            elif kind is _CELL:
                card = state._cells[i] if 0 <= i < self._n_cells else None
            elif kind is _COLUMN:
                column = state._columns[i] if 0 <= i < self._n_columns else _EMPTY
                card = column[0] if column else None
            else:
                return False
            return card is not None and card == self._wants[f][
                (state._key >> self._shifts[f]) & self._mask
            ]
        if not self._forced:
            if move is _DRAW:
                return state._nstock > 0
            if move is _REDEAL:
                return not state._nstock and state._nwaste > 0 and state._redeals < self.redeals
        return move in self.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        """The state after ``move``, which must be legal."""
        if self._forced:
            legal = self.legal_moves(state)
            if legal and (legal[0] is move or legal[0] == move):
                return self.transition(state, legal[0])
            raise IllegalMoveError(self.why_illegal(state, move))
        if not self.is_legal(state, move):
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
            if not state._nstock:
                return prefix + "the stock is empty"
        elif move == _REDEAL:
            if state._redeals >= self.redeals:
                return prefix + (
                    f"no redeal is left (the rules allow {self.redeals}, "
                    f"{state._redeals} used)"
                )
            if state._nstock:
                return prefix + "a redeal needs an empty stock, and the stock still has cards"
            return prefix + "a redeal needs cards on the waste, and the waste is empty"
        elif target.kind not in (PileKind.FOUNDATION, PileKind.MIDDLE):
            return prefix + (
                "cards move only to a foundation or the middle, or by the draw and the redeal"
            )
        else:
            where = rules.describe_place(source)
            if not self.has_place(source) or source.kind in (
                PileKind.FOUNDATION,
                PileKind.MIDDLE,
                PileKind.STOCK,
            ):
                return prefix + f"{where} is not a pile that cards are played from in this game"
            if not self.has_place(target):
                return prefix + f"{rules.describe_place(target)} is not in this game"
            card = state.top_card(source)
            if card is None:
                return prefix + f"{where} is empty"
            if target.kind is PileKind.MIDDLE:
                if card.rank not in self._middle_ranks:
                    ranks = ", ".join(rank.name.lower() for rank in sorted(self._middle_ranks))
                    return prefix + f"the middle takes only {ranks}, not {card}"
            else:
                f = target.index
                wanted = self._wants[f][state.foundation_heights[f]]
                if wanted != card:
                    expected = (
                        "it is complete" if wanted is None else f"it takes {wanted} next"
                    )
                    return prefix + (
                        f"{rules.describe_place(target)} does not take {card} "
                        f"from {where}: {expected}"
                    )
        if self._forced:
            forced = self.legal_moves(state)
            if forced:
                return prefix + (
                    f"every move is compulsory here and the move to make is {forced[0]!r}"
                )
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

    def transition(self, state: State, move: Move) -> State:
        """The state after ``move``, without checking that it is legal.

        Refills follow the policies: after every move, while an empty column
        or cell can take a card, the lowest-numbered one takes it (columns
        before cells).  A state never has an empty refillable pile while its
        source has a card, so only a move that empties a pile, or a draw onto
        an empty waste, can call for a refill.
        """
        key = state._key
        cells = state._cells
        waste = state._waste
        nwaste = state._nwaste
        columns = state._columns
        stock = state._stock
        nstock = state._nstock
        middle = state._middle
        redeals = state._redeals
        wanted = state._wanted
        source = move.source
        kind = source.kind
        card: Card
        refill = False
        if kind is _STOCK:  # the draw
            nstock -= 1
            card = stock[nstock]
            waste = (card, waste)
            refill = not nwaste
            nwaste += 1
        elif move.target.kind is _STOCK:  # the redeal
            # The card that went onto the waste first is drawn first.
            stock = tuple(_iter_chain(waste))
            nstock = nwaste
            waste = _EMPTY
            nwaste = 0
            redeals += 1
        else:
            i = source.index
            if kind is _WASTE:
                card, waste = waste  # type: ignore[misc]
                nwaste -= 1
            elif kind is _CELL:
                card = cells[i]  # type: ignore[assignment]
                if nwaste and self._cell_refill is not Refill.NEVER:
                    # No pile was empty (the waste has a card): the emptied
                    # cell is the lowest empty one and takes the waste top.
                    top, waste = waste  # type: ignore[misc]
                    nwaste -= 1
                    cells = (*cells[:i], top, *cells[i + 1 :])
                else:
                    cells = (*cells[:i], None, *cells[i + 1 :])
                    refill = True
            else:
                card, rest = columns[i]  # type: ignore[misc]
                columns = (*columns[:i], rest, *columns[i + 1 :])
                refill = not rest
            target = move.target
            if target.kind is _FOUNDATION:
                f = target.index
                key += self._units[f]
                wanted = self._advance(wanted, card, f, key)
            else:
                middle = tuple(sorted((*middle, card)))
        if refill and (
            self._column_refill is not Refill.NEVER or self._cell_refill is not Refill.NEVER
        ):
            columns, cells, waste, nwaste, stock, nstock = self._refill(
                columns, cells, waste, nwaste, stock, nstock
            )
        return State(
            key, cells, waste, nwaste, columns, stock, nstock, middle, redeals, wanted, self
        )

    def _refill(
        self,
        columns: tuple[_Chain, ...],
        cells: tuple[Card | None, ...],
        waste: _Chain,
        nwaste: int,
        stock: tuple[Card, ...],
        nstock: int,
    ) -> tuple[tuple[_Chain, ...], tuple[Card | None, ...], _Chain, int, tuple[Card, ...], int]:
        """Fill empty piles by the refill policies, lowest-numbered first.

        Columns come first, then cells; each empty one takes the waste top or,
        where its policy allows and the waste is empty, the stock top.
        """
        card: Card
        results: list[tuple[Any, ...]] = []
        for policy, piles, empty in (
            (self._column_refill, columns, _EMPTY),
            (self._cell_refill, cells, None),
        ):
            if policy is Refill.NEVER or empty not in piles:
                results.append(piles)  # unchanged, and still shared
                continue
            filled = list(piles)
            for i, pile in enumerate(filled):
                if pile == empty:
                    if waste:
                        card, waste = waste
                        nwaste -= 1
                    elif nstock and policy is Refill.FROM_WASTE_THEN_STOCK:
                        nstock -= 1
                        card = stock[nstock]
                    else:
                        break
                    filled[i] = (card, _EMPTY) if empty is _EMPTY else card
            results.append(tuple(filled))
        columns, cells = results
        return columns, cells, waste, nwaste, stock, nstock

    # -- forced moves in one loop -------------------------------------------

    def play_forced(self, state: State) -> State:
        """The state after playing, while exactly one move is legal, that move.

        The same moves that :meth:`apply` would make one by one, made on
        plain lists in one loop; only the final state is built.  In a game
        whose moves are all compulsory this plays to the end of the game.

        >>> import patience_rules as pr
        >>> engine = pr.get_game("captive-queens")._engine
        >>> engine.play_forced(engine.deal_from(engine.deck)).is_over
        True
        """
        forced = self._forced
        n_foundations = self._n_foundations
        wants = self._wants
        heights = list(self.heights(state._key))
        cells = list(state._cells)
        columns = [list(_chain_bottom_up(column)) for column in state._columns]
        waste = list(_chain_bottom_up(state._waste))
        stock = list(state._stock[: state._nstock])
        middle = list(state._middle)
        redeals = state._redeals
        redeal_limit = self.redeals
        column_refill = self._column_refill
        cell_refill = self._cell_refill
        refills = column_refill is not Refill.NEVER or cell_refill is not Refill.NEVER
        # Every wanted card, with its targets in the listing order: the
        # middle (numbered after the foundations) first, then by number.
        middle_target = n_foundations
        wanted: dict[Card, list[int]] = {card: [middle_target] for card in self._middle_cards}
        for f in range(n_foundations):
            card = wants[f][heights[f]]
            if card is not None:
                wanted.setdefault(card, []).append(f)

        def take(policy: Refill) -> Card | None:
            if waste:
                return waste.pop()
            if stock and policy is Refill.FROM_WASTE_THEN_STOCK:
                return stock.pop()
            return None

        def refill() -> None:
            if column_refill is not Refill.NEVER:
                for column in columns:
                    if not column:
                        card = take(column_refill)
                        if card is None:
                            return
                        column.append(card)
            if cell_refill is not Refill.NEVER:
                for i, cell in enumerate(cells):
                    if cell is None:
                        cells[i] = card = take(cell_refill)
                        if card is None:
                            return

        def home(card: Card, target: int) -> None:
            """Put ``card`` on ``target`` and update what the foundations want."""
            if target == middle_target:
                middle.append(card)
                return
            found = wanted[card]
            found.remove(target)
            if not found:
                del wanted[card]
            height = heights[target] = heights[target] + 1
            following = wants[target][height]
            if following is not None:
                targets = wanted.setdefault(following, [])
                targets.append(target)
                if len(targets) > 1:
                    targets.sort(key=lambda t: (t != middle_target, t))

        get = wanted.get
        if forced and not columns and not cells:
            # Only the waste top is ever playable: turn cards one at a time,
            # and after each, play the waste top while something takes it.
            while True:
                while waste:
                    card = waste[-1]
                    found = get(card)
                    if not found:
                        break
                    waste.pop()
                    home(card, found[0])
                if stock:
                    # Turn cards until one is wanted (or the stock is out).
                    card = stock.pop()
                    waste.append(card)
                    while stock and card not in wanted:
                        card = stock.pop()
                        waste.append(card)
                elif waste and redeals < redeal_limit:
                    waste.reverse()
                    stock = waste
                    waste = []
                    redeals += 1
                else:
                    break
        while True:
            # The first legal play in the listing order, and how many there are.
            kind = -1
            index = target = count = 0
            for i, column in enumerate(columns):
                if column:
                    found = get(column[-1])
                    if found:
                        if kind < 0:
                            kind, index, target = 0, i, found[0]
                        count += len(found)
            if not (forced and kind >= 0) and count < 2:
                for i, cell in enumerate(cells):
                    if cell is not None:
                        found = get(cell)
                        if found:
                            if kind < 0:
                                kind, index, target = 1, i, found[0]
                            count += len(found)
                if not (forced and kind >= 0) and count < 2 and waste:
                    found = get(waste[-1])
                    if found:
                        if kind < 0:
                            kind, target = 2, found[0]
                        count += len(found)
            if kind < 0 or not forced:
                if stock:
                    count += 1
                    if kind < 0:
                        kind = 3
                elif waste and redeals < redeal_limit:
                    count += 1
                    if kind < 0:
                        kind = 4
            if kind < 0 or (count != 1 and not forced):
                break
            if kind == 3:  # the draw
                was_empty = not waste
                waste.append(stock.pop())
                if was_empty and refills:
                    refill()
                continue
            if kind == 4:  # the redeal
                waste.reverse()
                stock = waste
                waste = []
                redeals += 1
                continue
            played: Card | None
            if kind == 0:
                column = columns[index]
                played = column.pop()
                emptied = not column
            elif kind == 1:
                played = cells[index]
                cells[index] = None
                emptied = True
            else:
                played = waste.pop()
                emptied = False
            assert played is not None
            home(played, target)
            if emptied and refills:
                refill()
        return self.build_state(
            self.pack_heights(heights), cells, waste, columns, stock, middle, redeals
        )
