"""A small, slow, obviously-written reading of FreeCell's rules, for checking programs.

It is written straight from the FreeCell section of the rules and the notation's
conventions, and shares no code with the engine: it uses ``patience_rules.Card``
for card values and nothing else of the library.  Every pile is a plain list
from the bottom card to the top card.

Places: ``T1``..``T8`` the columns, ``R1``.. the free cells, ``F1``..``F4`` the
foundations in suit order clubs, diamonds, hearts, spades.  Moves: ``T3-F1``,
``R2-F4`` (to a foundation); ``T3-R2`` (into an empty free cell); ``T3-T5``,
``R2-T5`` (one card onto a column or into an empty column); ``T3-T5:3`` (a run
of 3 cards, a supermove; the count is written only when above 1).

Decisions the rules leave to the move list, as fixed for this library:

- a move between two free cells is not a move (it only renumbers cells);
- every empty free cell and every empty column is a distinct target;
- with ``supermoves=True`` a run of n cards (each one rank lower and of the
  other colour than the card below it) moves as one move when
  n <= (1 + empty free cells) x 2 ** (empty columns), the target column not
  counted when it is empty; into an empty column every such run of 2 cards or
  more is a distinct move; with ``supermoves=False`` only single cards move.
"""

from __future__ import annotations

from collections.abc import Sequence

from patience_rules import Card

#: Columns in a FreeCell layout.
COLUMNS = 8


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


class FreeCellModel:
    """A FreeCell position: columns, free cells and foundations as plain lists.

    ``columns``: 8 lists of cards, bottom to top.  ``cells``: one entry per
    free cell, a card or ``None``.  ``foundations``: 4 lists (clubs, diamonds,
    hearts, spades), each the cards on it from the Ace up.  ``supermoves``:
    whether runs of cards move as one move.
    """

    def __init__(
        self,
        columns: Sequence[Sequence[Card]],
        cells: Sequence[Card | None],
        foundations: Sequence[Sequence[Card]] = ((), (), (), ()),
        *,
        supermoves: bool,
    ) -> None:
        self.columns: list[list[Card]] = [list(column) for column in columns]
        self.cells: list[Card | None] = list(cells)
        self.foundations: list[list[Card]] = [list(pile) for pile in foundations]
        self.supermoves = supermoves
        if len(self.columns) != COLUMNS or len(self.foundations) != 4:
            raise ValueError("FreeCell has 8 columns and 4 foundations")
        for f, pile in enumerate(self.foundations):
            if [(suit(card), rank(card)) for card in pile] != [
                (f, r + 1) for r in range(len(pile))
            ]:
                raise ValueError(f"foundation {f + 1} is not its suit from the Ace up: {pile}")
        cards = [card for column in self.columns for card in column]
        cards += [card for card in self.cells if card is not None]
        cards += [card for pile in self.foundations for card in pile]
        if len(set(cards)) != len(cards):
            raise ValueError("a card appears twice")

    @classmethod
    def deal(cls, order: Sequence[Card], *, cells: int = 4, supermoves: bool) -> FreeCellModel:
        """The start of a deal: card i of ``order`` to column i mod 8, in rows."""
        if sorted(card.index for card in order) != list(range(52)):
            raise ValueError("a FreeCell deal is the 52 cards of one deck")
        columns = [list(order[c::COLUMNS]) for c in range(COLUMNS)]
        return cls(columns, [None] * cells, supermoves=supermoves)

    def copy(self) -> FreeCellModel:
        """An independent copy."""
        return FreeCellModel(self.columns, self.cells, self.foundations, supermoves=self.supermoves)

    def snapshot(self) -> tuple[object, ...]:
        """Every pile as tuples, for comparing positions."""
        return (
            tuple(tuple(column) for column in self.columns),
            tuple(self.cells),
            tuple(tuple(pile) for pile in self.foundations),
        )

    # -- the rules ----------------------------------------------------------

    def takes_home(self, card: Card) -> bool:
        """Whether the foundation of the card's suit takes it next."""
        return len(self.foundations[suit(card)]) == rank(card) - 1

    def max_run(self, target_empty: bool) -> int:
        """The longest run that may move as one move onto a column."""
        empty_cells = sum(1 for card in self.cells if card is None)
        empty_columns = sum(1 for column in self.columns if not column)
        if target_empty:
            empty_columns -= 1
        return (1 + empty_cells) * (1 << empty_columns)  # (1 + cells) x 2 ** columns

    def top_run(self, c: int) -> int:
        """How many cards at the top of column ``c`` form a run."""
        column = self.columns[c]
        n = 0
        while n < len(column) and is_run(column[len(column) - n - 1 :]):
            n += 1
        return n

    def legal_moves(self) -> set[str]:
        """Every legal move, in the notation."""
        moves: set[str] = set()
        # Single cards: a column's top card or a free cell's card.
        sources: list[tuple[str, Card]] = [
            (f"T{c + 1}", column[-1]) for c, column in enumerate(self.columns) if column
        ]
        sources += [(f"R{r + 1}", card) for r, card in enumerate(self.cells) if card is not None]
        for source, card in sources:
            if self.takes_home(card):
                moves.add(f"{source}-F{suit(card) + 1}")
            if source.startswith("T"):
                for r, cell in enumerate(self.cells):
                    if cell is None:
                        moves.add(f"{source}-R{r + 1}")
            for t, target in enumerate(self.columns):
                if f"T{t + 1}" == source:
                    continue
                if not target or goes_on(card, target[-1]):
                    moves.add(f"{source}-T{t + 1}")
        # Runs of 2 cards or more.
        if self.supermoves:
            for c, column in enumerate(self.columns):
                for n in range(2, self.top_run(c) + 1):
                    bottom = column[-n]
                    for t, target in enumerate(self.columns):
                        if t == c:
                            continue
                        fits = not target or goes_on(bottom, target[-1])
                        if fits and n <= self.max_run(target_empty=not target):
                            moves.add(f"T{c + 1}-T{t + 1}:{n}")
        return moves

    def apply(self, move: str) -> None:
        """Make ``move``; :class:`IllegalMove` (and nothing changed) if it is not legal."""
        if move not in self.legal_moves():
            raise IllegalMove(f"illegal move {move!r} in\n{self}")
        path, _, count = move.partition(":")
        n = int(count) if count else 1
        source, target = path.split("-")
        index = int(source[1:]) - 1
        if source[0] == "T":
            column = self.columns[index]
            cards = column[len(column) - n :]
            del column[len(column) - n :]
        else:
            taken = self.cells[index]
            assert taken is not None
            cards = [taken]
            self.cells[index] = None
        index = int(target[1:]) - 1
        if target[0] == "T":
            self.columns[index].extend(cards)
        elif target[0] == "R":
            (self.cells[index],) = cards
        else:
            self.foundations[index].extend(cards)

    @property
    def is_won(self) -> bool:
        """All 52 cards on the foundations."""
        return sum(len(pile) for pile in self.foundations) == 52

    def __str__(self) -> str:
        def show(card: Card | None) -> str:
            return "--" if card is None else str(card)

        lines = ["cells: " + " ".join(show(card) for card in self.cells)]
        lines.append(
            "foundations: " + " ".join(str(pile[-1]) if pile else "--" for pile in self.foundations)
        )
        lines += [
            f"T{c + 1}: " + " ".join(str(card) for card in column)
            for c, column in enumerate(self.columns)
        ]
        return "\n".join(lines)
