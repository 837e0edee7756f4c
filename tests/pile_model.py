"""A small, slow, obviously-written model of the piles, for checking the engine.

It reads the game's parts (foundation sequences, layout sizes, building
rules, refill policies, redeals, compulsion) and plays by the rules the
library documents (each part's docstring and the games' pages) in the
documented listing order, with plain lists, sharing no code
with the engine.  Every pile is a list from the bottom card to the top card,
as the public ``State`` properties show them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from patience_rules import (
    Card,
    Compulsion,
    GameRules,
    Move,
    PileKind,
    Place,
    Redeal,
    Refill,
    Runs,
    State,
)

#: A hashable snapshot of every pile: stock, waste, columns, cells,
#: foundations, middle (sorted), redeals used, face-down counts.
Snapshot = tuple[
    tuple[Card, ...],
    tuple[Card, ...],
    tuple[tuple[Card, ...], ...],
    tuple[Card | None, ...],
    tuple[tuple[Card, ...], ...],
    tuple[Card, ...],
    int,
    tuple[int, ...],
]

_WASTE = Place(PileKind.WASTE)


class PileModel:
    """The piles of one game in progress, as lists."""

    def __init__(self, rules: GameRules, order: Sequence[Card]) -> None:
        self.rules = rules
        cards = list(order)
        self.foundations: list[list[Card]] = [[] for _ in rules.foundations]
        # Laid-out bases, each the first card that fits; a foundation of any
        # suit takes only a card that no locked foundation and no middle needs.
        spare = Counter(cards)
        for foundation in rules.foundations:
            if foundation.suit is not None:
                spare.subtract(Card(rank, foundation.suit) for rank in foundation.sequence.ranks)
        if rules.middle is not None:
            for card in list(spare):
                if card.rank in rules.middle.ranks:
                    spare[card] = 0
        for f, foundation in enumerate(rules.foundations):
            if foundation.laid_out:
                base = next(
                    card
                    for card in cards
                    if self._fits(f, 0, card) and (foundation.suit is not None or spare[card] > 0)
                )
                if foundation.suit is None:
                    spare[base] -= 1
                cards.remove(base)
                self.foundations[f].append(base)
        self.middle: list[Card] = []
        if rules.middle is not None and rules.middle.laid_out:
            self.middle = [card for card in cards if card.rank in rules.middle.ranks]
            cards = [card for card in cards if card.rank not in rules.middle.ranks]
        self.columns: list[list[Card]] = []
        self.face_down: list[int] = []
        tableau = rules.tableau
        if tableau is not None:
            depths = tableau.depths
            self.columns = [[] for _ in depths]
            for row in range(max(depths)):
                for column, depth in zip(self.columns, depths, strict=True):
                    if row < depth:
                        column.append(cards.pop(0))
            self.face_down = [
                max(len(column) - 1, 0) if tableau.face_down else 0 for column in self.columns
            ]
        self.cells: list[Card | None] = []
        reserve = rules.reserve
        if reserve is not None:
            # The first cells get a card each: every cell (True), none (False) or a number.
            dealt = reserve.cells if reserve.dealt is True else int(reserve.dealt)
            self.cells = [*cards[:dealt], *[None] * (reserve.cells - dealt)]
            cards = cards[dealt:]
        # The next card of the deck order is the top (the end) of the stock.
        self.stock: list[Card] = cards[::-1]
        self.waste: list[Card] = []
        self.redeals_used = 0
        self._refill()

    @classmethod
    def from_snapshot(cls, rules: GameRules, snapshot: Snapshot) -> PileModel:
        """A model holding the piles of ``snapshot``."""
        stock, waste, columns, cells, foundations, middle, redeals_used, face_down = snapshot
        model = cls.__new__(cls)
        model.rules = rules
        model.stock = list(stock)
        model.waste = list(waste)
        model.columns = [list(column) for column in columns]
        model.cells = list(cells)
        model.foundations = [list(f) for f in foundations]
        model.middle = list(middle)
        model.redeals_used = redeals_used
        model.face_down = list(face_down)
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
            tuple(self.face_down),
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
            state.face_down,
        )

    # -- the rules ----------------------------------------------------------

    def _fits(self, f: int, height: int, card: Card) -> bool:
        """Whether foundation ``f`` at ``height`` takes ``card``."""
        foundation = self.rules.foundations[f]
        ranks = foundation.sequence.ranks
        return (
            height < len(ranks)
            and card.rank == ranks[height]
            and (foundation.suit is None or card.suit == foundation.suit)
        )

    def _foundation_top(self, f: int) -> Card | None:
        """The top card of a playable foundation, if it may leave (never a laid-out base)."""
        foundation = self.rules.foundations[f]
        pile = self.foundations[f]
        if not foundation.playable or len(pile) <= (1 if foundation.laid_out else 0):
            return None
        return pile[-1]

    def _sources(self) -> list[tuple[Place, Card]]:
        """Every playable card with its pile: columns, cells, the waste, playable foundations."""
        playable = [
            (Place(PileKind.COLUMN, i), column[-1])
            for i, column in enumerate(self.columns)
            if column
        ]
        playable += [
            (Place(PileKind.CELL, i), card) for i, card in enumerate(self.cells) if card is not None
        ]
        if self.waste:
            playable.append((_WASTE, self.waste[-1]))
        for f in range(len(self.foundations)):
            top = self._foundation_top(f)
            if top is not None:
                playable.append((Place(PileKind.FOUNDATION, f), top))
        return playable

    def _homes(self) -> list[Move]:
        moves: list[Move] = []
        middle = self.rules.middle
        for place, card in self._sources():
            if middle is not None and card.rank in middle.ranks:
                moves.append(Move.to_middle(place))
            for f in range(len(self.foundations)):
                if place.kind is PileKind.FOUNDATION and (
                    f == place.index or self.rules.foundations[f].playable
                ):
                    continue
                if self._fits(f, len(self.foundations[f]), card):
                    moves.append(Move.to_foundation(place, f))
        return moves

    def _limit(self, target_empty: bool) -> int:
        tableau = self.rules.tableau
        assert tableau is not None
        if tableau.runs is Runs.NONE:
            return 1
        if tableau.runs is Runs.ANY:
            return 10**9
        # (a value added to Runs is not taken for a supermove unawares)
        assert tableau.runs is Runs.SUPERMOVE, f"the model has no limit for {tableau.runs!r}"
        # Only the piles that could carry the cards one by one count: the
        # cells if cards may be moved into them, the empty columns if any
        # card may be moved into one.
        reserve = self.rules.reserve
        free = 1
        if reserve is not None and reserve.refill is Refill.BY_MOVE:
            free += self.cells.count(None)
        empty = 0
        if tableau.refill is Refill.BY_MOVE and tableau.fill_rank is None:
            empty = sum(1 for column in self.columns if not column) - (1 if target_empty else 0)
        return int(free * 2**empty)

    def _goes_on(self, card: Card, j: int, count: int) -> bool:
        """Whether ``card``, heading ``count`` cards, may go onto column ``j``."""
        tableau = self.rules.tableau
        assert tableau is not None
        column = self.columns[j]
        if column:
            return (
                tableau.build is not None
                and tableau.build.accepts(card, onto=column[-1])
                and count <= self._limit(False)
            )
        return (
            tableau.refill is Refill.BY_MOVE
            and (tableau.fill_rank is None or card.rank == tableau.fill_rank)
            and count <= self._limit(True)
        )

    def _builds(self) -> list[Move]:
        tableau = self.rules.tableau
        if tableau is None or (tableau.build is None and tableau.refill is not Refill.BY_MOVE):
            return []
        moves: list[Move] = []
        for place, card in self._sources():
            if place.kind is PileKind.COLUMN:
                column = self.columns[place.index]
                up = len(column) - self.face_down[place.index]
                count = 1
                while True:
                    head = column[-count]
                    for j in range(len(self.columns)):
                        if j != place.index and self._goes_on(head, j, count):
                            moves.append(Move.to_column(place, j, count))
                    if (
                        tableau.runs is Runs.NONE
                        or tableau.build is None
                        or count >= up
                        or not tableau.build.accepts(head, onto=column[-count - 1])
                    ):
                        break
                    count += 1
            else:
                for j in range(len(self.columns)):
                    if self._goes_on(card, j, 1):
                        moves.append(Move.to_column(place, j))
        return moves

    def _parks(self) -> list[Move]:
        reserve = self.rules.reserve
        if reserve is None or reserve.refill is not Refill.BY_MOVE:
            return []
        empty = [i for i, cell in enumerate(self.cells) if cell is None]
        moves: list[Move] = []
        for place, _ in self._sources():
            if place.kind in (PileKind.COLUMN, PileKind.WASTE):
                moves += [Move.to_cell(place, i) for i in empty]
        return moves

    def _redeal_allowed(self) -> bool:
        stock = self.rules.stock
        if stock.redeals is not None and self.redeals_used >= stock.redeals:
            return False
        if stock.redeal is Redeal.TURN_OVER:
            return not self.stock and bool(self.waste)
        return any(len(column) >= 2 for column in self.columns)

    def legal_moves(self) -> list[Move]:
        """The legal moves, in the order the rules document."""
        moves = self._homes() + self._builds() + self._parks()
        if self.stock:
            moves.append(Move.draw())
        if self.rules.stock.redeals != 0 and self._redeal_allowed():
            moves.append(Move.redeal())
        if self.rules.compulsion is Compulsion.FORCED:
            return moves[:1]
        return moves

    def apply(self, move: Move) -> None:
        """Make ``move``, which must be legal, then turn and refill."""
        assert move in self.legal_moves(), move
        stock = self.rules.stock
        if move == Move.draw():
            for _ in range(min(stock.draw, len(self.stock))):
                self.waste.append(self.stock.pop())
        elif move == Move.redeal():
            if stock.redeal is Redeal.TURN_OVER:
                self.stock = self.waste[::-1]
                self.waste = []
            else:
                for column in self.columns:
                    if len(column) >= 2:
                        column.append(column.pop(0))
            if stock.redeals is not None:
                self.redeals_used += 1
        else:
            cards = self._take(move.source, move.count)
            target = move.target
            if target.kind is PileKind.MIDDLE:
                self.middle += cards
            elif target.kind is PileKind.FOUNDATION:
                self.foundations[target.index] += cards
            elif target.kind is PileKind.COLUMN:
                self.columns[target.index] += cards
            else:
                (self.cells[target.index],) = cards
        self._refill()

    def _take(self, source: Place, count: int) -> list[Card]:
        if source.kind is PileKind.WASTE:
            return [self.waste.pop()]
        if source.kind is PileKind.CELL:
            card = self.cells[source.index]
            assert card is not None
            self.cells[source.index] = None
            return [card]
        if source.kind is PileKind.FOUNDATION:
            return [self.foundations[source.index].pop()]
        column = self.columns[source.index]
        cards = column[-count:]
        del column[-count:]
        if column and self.face_down[source.index] >= len(column):
            self.face_down[source.index] = len(column) - 1  # the new top card turns face up
        return cards

    def _source(self, policy: Refill) -> list[Card] | None:
        if policy not in (Refill.FROM_WASTE, Refill.FROM_WASTE_THEN_STOCK):
            return None
        if self.waste:
            return self.waste
        if policy is Refill.FROM_WASTE_THEN_STOCK and self.stock:
            return self.stock
        return None

    def _refill(self) -> None:
        if self.rules.tableau is not None:
            for i, column in enumerate(self.columns):
                pile = self._source(self.rules.tableau.refill)
                if not column and pile is not None:
                    column.append(pile.pop())
                    self.face_down[i] = 0
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
