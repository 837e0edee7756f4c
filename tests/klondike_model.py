"""A small, slow, obviously-written reading of Klondike's rules, for checking programs.

It is written straight from the Klondike section of the rules and the notation's
conventions, and shares no code with the engine: it uses ``patience_rules.Card``
for card values and nothing else of the library.  Every pile is a plain list
from the bottom card to the top card; the stock's last card is drawn next and
the waste's last card is playable.

Places: ``T1``..``T7`` the columns, ``F1``..``F4`` the foundations in suit order
clubs, diamonds, hearts, spades, ``W`` the waste, ``S`` the stock.  Moves:
``T3-F1``, ``W-F2`` (to a foundation); ``T3-T5`` (one card), ``T3-T5:3`` (a run
of 3 cards; the count is written only when above 1), ``W-T4`` (onto a column or,
a King, into an empty one); ``F2-T3`` (a foundation's top card back to a column,
an option); ``draw``; ``redeal``.

Decisions the rules leave to the move list, as fixed for this library:

- a run is any face-up card of a column with the cards above it (they are in
  descending alternate-colour order); a King, or a run headed by a King, may
  move into any empty column, even from the bottom of another column;
- draw moves up to ``draw`` cards from the stock to the waste one at a time
  (so with draw 3 the third card is on top); fewer when fewer are left;
- redeal, when the stock is empty and the waste is not and a redeal is left,
  turns the waste over as the new stock without shuffling: the card that went
  onto the waste first is drawn first;
- with ``foundation_back=True`` a foundation's top card may go back onto a
  column whose top card is one rank higher and of the other colour (a King
  into an empty column);
- a face-down card that becomes a column's top card is turned face up at once,
  as part of the move that uncovered it.
"""

from __future__ import annotations

from collections.abc import Sequence

from patience_rules import Card

#: Columns in a Klondike layout.
COLUMNS = 7


class IllegalMove(ValueError):
    """A move that the model's reading of the rules does not allow."""


def rank(card: Card) -> int:
    """1 (Ace) to 13 (King)."""
    return card.index % 13 + 1


def suit(card: Card) -> int:
    """0 clubs, 1 diamonds, 2 hearts, 3 spades: the foundation that takes the card."""
    return card.index // 13


def is_red(card: Card) -> bool:
    """Diamonds and hearts are red."""
    return suit(card) in (1, 2)


def goes_on(card: Card, below: Card) -> bool:
    """Whether ``card`` may lie on ``below`` in a column: one rank lower, other colour."""
    return rank(card) == rank(below) - 1 and is_red(card) != is_red(below)


def is_run(cards: Sequence[Card]) -> bool:
    """Whether each card is one rank lower and of the other colour than the one below it."""
    return all(goes_on(cards[i + 1], cards[i]) for i in range(len(cards) - 1))


class KlondikeModel:
    """A Klondike position: every pile as a plain list.

    ``columns``: 7 lists of cards, bottom to top; ``face_down``: for each
    column, how many cards at its bottom are face down.  ``stock``: the last
    card is drawn next.  ``waste``: the last card is playable.
    ``foundations``: 4 lists (clubs, diamonds, hearts, spades), each from the
    Ace up.  ``redeals_used``: redeals made so far.  Options: ``draw`` (1 or
    3), ``redeals`` (a limit, or ``None`` for unlimited), ``foundation_back``.
    """

    def __init__(
        self,
        columns: Sequence[Sequence[Card]],
        face_down: Sequence[int],
        stock: Sequence[Card],
        waste: Sequence[Card] = (),
        foundations: Sequence[Sequence[Card]] = ((), (), (), ()),
        *,
        redeals_used: int = 0,
        draw: int = 1,
        redeals: int | None = None,
        foundation_back: bool = False,
    ) -> None:
        self.columns: list[list[Card]] = [list(column) for column in columns]
        self.face_down: list[int] = list(face_down)
        self.stock: list[Card] = list(stock)
        self.waste: list[Card] = list(waste)
        self.foundations: list[list[Card]] = [list(pile) for pile in foundations]
        self.redeals_used = redeals_used
        self.draw = draw
        self.redeals = redeals
        self.foundation_back = foundation_back
        if len(self.columns) != COLUMNS or len(self.face_down) != COLUMNS:
            raise ValueError("Klondike has 7 columns, each with a count of face-down cards")
        if len(self.foundations) != 4:
            raise ValueError("Klondike has 4 foundations")
        if draw not in (1, 3):
            raise ValueError(f"draw is 1 or 3, got {draw}")
        for column, down in zip(self.columns, self.face_down, strict=True):
            if not 0 <= down <= max(0, len(column) - 1):
                raise ValueError(f"a column's top card is face up: {column}, {down} face down")
        for f, pile in enumerate(self.foundations):
            if [(suit(card), rank(card)) for card in pile] != [
                (f, r + 1) for r in range(len(pile))
            ]:
                raise ValueError(f"foundation {f + 1} is not its suit from the Ace up: {pile}")
        cards = [card for column in self.columns for card in column]
        cards += self.stock + self.waste
        cards += [card for pile in self.foundations for card in pile]
        if len(set(cards)) != len(cards):
            raise ValueError("a card appears twice")

    @classmethod
    def deal(
        cls,
        order: Sequence[Card],
        *,
        draw: int = 1,
        redeals: int | None = None,
        foundation_back: bool = False,
    ) -> KlondikeModel:
        """The start of a deal.

        Column k (1 to 7) gets k cards, in rows: row 1 to columns 1-7, row 2 to
        columns 2-7, and so on; only each column's top card is face up.  The
        other 24 cards are the stock, the next card of ``order`` on top.
        """
        if sorted(card.index for card in order) != list(range(52)):
            raise ValueError("a Klondike deal is the 52 cards of one deck")
        cards = list(order)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        for row in range(COLUMNS):
            for c in range(row, COLUMNS):
                columns[c].append(cards.pop(0))
        return cls(
            columns,
            [len(column) - 1 for column in columns],
            cards[::-1],
            draw=draw,
            redeals=redeals,
            foundation_back=foundation_back,
        )

    def copy(self) -> KlondikeModel:
        """An independent copy."""
        return KlondikeModel(
            self.columns,
            self.face_down,
            self.stock,
            self.waste,
            self.foundations,
            redeals_used=self.redeals_used,
            draw=self.draw,
            redeals=self.redeals,
            foundation_back=self.foundation_back,
        )

    def snapshot(self) -> tuple[object, ...]:
        """Every pile as tuples, for comparing positions."""
        return (
            tuple(tuple(column) for column in self.columns),
            tuple(self.face_down),
            tuple(self.stock),
            tuple(self.waste),
            tuple(tuple(pile) for pile in self.foundations),
            self.redeals_used,
        )

    # -- the rules ----------------------------------------------------------

    def takes_home(self, card: Card) -> bool:
        """Whether the foundation of the card's suit takes it next."""
        return len(self.foundations[suit(card)]) == rank(card) - 1

    def fits(self, card: Card, t: int) -> bool:
        """Whether ``card`` (alone or heading a run) may go onto column ``t``."""
        target = self.columns[t]
        if not target:
            return rank(card) == 13
        return goes_on(card, target[-1])

    def legal_moves(self) -> set[str]:
        """Every legal move, in the notation."""
        moves: set[str] = set()
        if self.stock:
            moves.add("draw")
        elif self.waste and (self.redeals is None or self.redeals_used < self.redeals):
            moves.add("redeal")
        if self.waste:
            card = self.waste[-1]
            if self.takes_home(card):
                moves.add(f"W-F{suit(card) + 1}")
            for t in range(COLUMNS):
                if self.fits(card, t):
                    moves.add(f"W-T{t + 1}")
        for c, column in enumerate(self.columns):
            if not column:
                continue
            if self.takes_home(column[-1]):
                moves.add(f"T{c + 1}-F{suit(column[-1]) + 1}")
            for start in range(self.face_down[c], len(column)):
                run = column[start:]
                if not is_run(run):
                    continue
                n = len(run)
                for t in range(COLUMNS):
                    if t != c and self.fits(run[0], t):
                        moves.add(f"T{c + 1}-T{t + 1}" + (f":{n}" if n > 1 else ""))
        if self.foundation_back:
            for f, pile in enumerate(self.foundations):
                if pile:
                    for t in range(COLUMNS):
                        if self.fits(pile[-1], t):
                            moves.add(f"F{f + 1}-T{t + 1}")
        return moves

    def apply(self, move: str) -> None:
        """Make ``move``; :class:`IllegalMove` (and nothing changed) if it is not legal."""
        if move not in self.legal_moves():
            raise IllegalMove(f"illegal move {move!r} in\n{self}")
        if move == "draw":
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop())
            return
        if move == "redeal":
            self.stock = self.waste[::-1]
            self.waste = []
            self.redeals_used += 1
            return
        path, _, count = move.partition(":")
        n = int(count) if count else 1
        source, target = path.split("-")
        if source == "W":
            cards = [self.waste.pop()]
        elif source[0] == "F":
            cards = [self.foundations[int(source[1:]) - 1].pop()]
        else:
            c = int(source[1:]) - 1
            column = self.columns[c]
            cards = column[len(column) - n :]
            del column[len(column) - n :]
            if column and self.face_down[c] == len(column):
                self.face_down[c] -= 1  # the uncovered card turns face up
        pile = self.columns if target[0] == "T" else self.foundations
        pile[int(target[1:]) - 1].extend(cards)

    @property
    def is_won(self) -> bool:
        """All 52 cards on the foundations."""
        return sum(len(pile) for pile in self.foundations) == 52

    def __str__(self) -> str:
        lines = [
            f"stock: {' '.join(map(str, self.stock))}",
            f"waste: {' '.join(map(str, self.waste))}",
            "foundations: "
            + " ".join(str(pile[-1]) if pile else "--" for pile in self.foundations),
            f"redeals used: {self.redeals_used} of "
            + ("unlimited" if self.redeals is None else str(self.redeals)),
        ]
        for c, column in enumerate(self.columns):
            down = self.face_down[c]
            shown = [f"[{card}]" for card in column[:down]] + [str(card) for card in column[down:]]
            lines.append(f"T{c + 1}: " + " ".join(shown))
        return "\n".join(lines)
