"""A small, slow, obviously-written model of the visible piles, for checking the engine.

It reads the game's parts (foundation sequences, layout sizes, refill
policies, redeal limit, compulsion) and plays by the rules in RULES.md with
plain lists, sharing no code with the engine.  Every pile is a list from the
bottom card to the top card, as the public ``State`` properties show them.
"""

from __future__ import annotations

from collections.abc import Sequence

from patience_rules import (
    Card,
    Compulsion,
    GameRules,
    Move,
    PileKind,
    Place,
    Refill,
    State,
)

#: A hashable snapshot of every pile: stock, waste, columns, cells,
#: foundations, middle (sorted), redeals used.
Snapshot = tuple[
    tuple[Card, ...],
    tuple[Card, ...],
    tuple[tuple[Card, ...], ...],
    tuple[Card | None, ...],
    tuple[tuple[Card, ...], ...],
    tuple[Card, ...],
    int,
]


class PileModel:
    """The piles of one game in progress, as lists."""

    def __init__(self, rules: GameRules, order: Sequence[Card]) -> None:
        self.rules = rules
        cards = list(order)
        self.foundations: list[list[Card]] = []
        for foundation in rules.foundations:
            if foundation.laid_out:
                base = Card(foundation.sequence.ranks[0], foundation.suit)
                cards.remove(base)
                self.foundations.append([base])
            else:
                self.foundations.append([])
        self.middle: list[Card] = []
        if rules.middle is not None and rules.middle.laid_out:
            self.middle = [card for card in cards if card.rank in rules.middle.ranks]
            cards = [card for card in cards if card.rank not in rules.middle.ranks]
        self.columns: list[list[Card]] = []
        if rules.tableau is not None:
            n, depth = rules.tableau.columns, rules.tableau.depth
            self.columns = [[] for _ in range(n)]
            for i in range(n * depth):
                self.columns[i % n].append(cards[i])
            cards = cards[n * depth :]
        self.cells: list[Card | None] = []
        if rules.reserve is not None:
            self.cells = list(cards[: rules.reserve.cells])
            cards = cards[rules.reserve.cells :]
        # The next card of the deck order is the top (the end) of the stock.
        self.stock: list[Card] = cards[::-1]
        self.waste: list[Card] = []
        self.redeals_used = 0

    @classmethod
    def from_snapshot(cls, rules: GameRules, snapshot: Snapshot) -> PileModel:
        """A model holding the piles of ``snapshot``."""
        stock, waste, columns, cells, foundations, middle, redeals_used = snapshot
        model = cls.__new__(cls)
        model.rules = rules
        model.stock = list(stock)
        model.waste = list(waste)
        model.columns = [list(column) for column in columns]
        model.cells = list(cells)
        model.foundations = [list(f) for f in foundations]
        model.middle = list(middle)
        model.redeals_used = redeals_used
        return model

    def copy(self) -> PileModel:
        """An independent copy."""
        return self.from_snapshot(self.rules, self.snapshot())

    def snapshot(self) -> Snapshot:
        """Every pile, as tuples."""
        return (
            tuple(self.stock),
            tuple(self.waste),
            tuple(tuple(column) for column in self.columns),
            tuple(self.cells),
            tuple(tuple(f) for f in self.foundations),
            tuple(sorted(self.middle)),
            self.redeals_used,
        )

    @staticmethod
    def snapshot_of(state: State) -> Snapshot:
        """The same snapshot, read from a state through its public properties."""
        return (
            state.stock,
            state.waste,
            state.columns,
            state.cells,
            state.foundations,
            tuple(sorted(state.middle)),
            state.redeals_used,
        )

    # -- the rules ----------------------------------------------------------

    def _accepts(self, f: int, card: Card) -> bool:
        foundation = self.rules.foundations[f]
        ranks = foundation.sequence.ranks
        height = len(self.foundations[f])
        return height < len(ranks) and card == Card(ranks[height], foundation.suit)

    def _playable(self) -> list[tuple[Place, Card]]:
        playable = [
            (Place(PileKind.COLUMN, i), column[-1])
            for i, column in enumerate(self.columns)
            if column
        ]
        playable += [
            (Place(PileKind.CELL, i), card) for i, card in enumerate(self.cells) if card is not None
        ]
        if self.waste:
            playable.append((Place(PileKind.WASTE), self.waste[-1]))
        return playable

    def legal_moves(self) -> list[Move]:
        """The legal moves, in the order the rules document."""
        moves: list[Move] = []
        for place, card in self._playable():
            if self.rules.middle is not None and card.rank in self.rules.middle.ranks:
                moves.append(Move.to_middle(place))
            for f in range(len(self.foundations)):
                if self._accepts(f, card):
                    moves.append(Move.to_foundation(place, f))
        if self.stock:
            moves.append(Move.draw())
        elif self.waste and self.redeals_used < self.rules.stock.redeals:
            moves.append(Move.redeal())
        if self.rules.compulsion is Compulsion.FORCED:
            return moves[:1]
        return moves

    def apply(self, move: Move) -> None:
        """Make ``move``, which must be legal, then refill empty piles."""
        assert move in self.legal_moves(), move
        if move == Move.draw():
            self.waste.append(self.stock.pop())
        elif move == Move.redeal():
            self.stock = self.waste[::-1]
            self.waste = []
            self.redeals_used += 1
        else:
            source = move.source
            if source.kind is PileKind.WASTE:
                card = self.waste.pop()
            elif source.kind is PileKind.COLUMN:
                card = self.columns[source.index].pop()
            else:
                taken = self.cells[source.index]
                assert taken is not None
                card = taken
                self.cells[source.index] = None
            if move.target.kind is PileKind.MIDDLE:
                self.middle.append(card)
            else:
                self.foundations[move.target.index].append(card)
        self._refill()

    def _source(self, policy: Refill) -> list[Card] | None:
        if policy is Refill.NEVER:
            return None
        if self.waste:
            return self.waste
        if policy is Refill.FROM_WASTE_THEN_STOCK and self.stock:
            return self.stock
        return None

    def _refill(self) -> None:
        if self.rules.tableau is not None:
            for column in self.columns:
                pile = self._source(self.rules.tableau.refill)
                if not column and pile is not None:
                    column.append(pile.pop())
        if self.rules.reserve is not None:
            for i, cell in enumerate(self.cells):
                pile = self._source(self.rules.reserve.refill)
                if cell is None and pile is not None:
                    self.cells[i] = pile.pop()

    @property
    def cards_home(self) -> int:
        """Cards on the foundations and in the middle."""
        return sum(len(f) for f in self.foundations) + len(self.middle)

    @property
    def is_won(self) -> bool:
        """Every card home."""
        return self.cards_home == len(self.rules.deck())


def reachable(rules: GameRules, order: Sequence[Card], depth: int) -> list[tuple[int, int]]:
    """(paths, distinct positions) after exactly 1..depth moves, by the model."""
    level: dict[Snapshot, tuple[PileModel, int]] = {}
    start = PileModel(rules, order)
    level[start.snapshot()] = (start, 1)
    counts = []
    for _ in range(depth):
        following: dict[Snapshot, tuple[PileModel, int]] = {}
        for model, paths in level.values():
            for move in model.legal_moves():
                after = model.copy()
                after.apply(move)
                key = after.snapshot()
                _, before = following.get(key, (after, 0))
                following[key] = (after, before + paths)
        level = following
        counts.append((sum(paths for _, paths in level.values()), len(level)))
    return counts
