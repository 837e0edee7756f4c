"""FreeCell: eight columns, four free cells, and Microsoft's deal numbers.

>>> import patience_rules as pr
>>> state = pr.freecell().deal(1)
>>> " ".join(str(column[0]) for column in state.columns)
'JD 2D 9H JC 5D 7H 7C 5H'
>>> [len(column) for column in state.columns], state.cells
([7, 7, 7, 7, 6, 6, 6, 6], (None, None, None, None))
"""

from __future__ import annotations

from typing import Final

from ..building import Build, Direction, Runs, Suits
from ..cards import Rank, Suit, _is_whole
from ..errors import InvalidRulesError, _shown
from ..piles import Foundation, Reserve, Stock, Tableau
from ..policies import Compulsion, Refill, Shuffle
from ..rules import GameRules, OptionValue
from ..sequences import FoundationSequence

__all__ = ["freecell"]

#: A up to K in suit.
ACE_UP = FoundationSequence(start=Rank.ACE, step=1, length=13, wrap=False)
#: One rank lower, in the other colour.
DOWN_IN_ALTERNATE_COLOURS = Build(suits=Suits.ALTERNATE, direction=Direction.DOWN)


#: The numbers of free cells a FreeCell game may have, in words.
_NUMBERS: Final = dict(
    enumerate(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"], 1)
)


def freecell(*, cells: int = 4, supermoves: bool = True) -> GameRules:
    """The rules of FreeCell.

    One deck, everything face up.  The 52 cards are dealt in rows to eight
    columns (columns 1-4 get seven cards, 5-8 six).  The free cells start
    empty; each holds one card.  Foundations 1-4 (clubs, diamonds, hearts,
    spades) are started by their Aces and build up in suit to the King.
    Moves: a column's top card or a free cell's card to its foundation, to
    an empty free cell, onto a column whose top card is one rank higher and
    of the other colour, or into an empty column.  A move between two free
    cells is not a move (it would change nothing but the cells' numbering).

    Deal numbers are Microsoft's (see
    :func:`~patience_rules.deals.microsoft_deck_order`): ``freecell().deal(n)``
    is the deal every FreeCell program calls *n*.

    :param cells: how many free cells (1 to 10; 4 by default).
    :param supermoves: whether the move list also holds runs moved as one
        move (a "supermove", ``T3-T5:3``): a run of *n* cards built down in
        alternate colours moves when *n* <= (1 + empty free cells) x 2 **
        (empty columns), the target column not counted when it is empty.  On
        by default, as players expect; with ``supermoves=False`` every move
        moves one card, as solvers often prefer.

    >>> freecell(supermoves=False).tableau.runs
    <Runs.NONE: 'none'>
    """
    if not _is_whole(cells) or not 1 <= cells <= 10:
        raise InvalidRulesError(f"cells is a whole number from 1 to 10, got {_shown(cells)}")
    if not isinstance(supermoves, bool):
        raise InvalidRulesError(f"supermoves is True or False, got {_shown(supermoves)}")
    options: list[tuple[str, OptionValue]] = []
    if cells != 4:
        options.append(("cells", cells))
    if not supermoves:
        options.append(("supermoves", False))
    return GameRules(
        name="freecell",
        title="FreeCell",
        decks=1,
        foundations=tuple(Foundation(suit, ACE_UP) for suit in Suit),
        tableau=Tableau(
            columns=8,
            depth=(7, 7, 7, 7, 6, 6, 6, 6),
            refill=Refill.BY_MOVE,
            name="Tableau",
            build=DOWN_IN_ALTERNATE_COLOURS,
            runs=Runs.SUPERMOVE if supermoves else Runs.NONE,
        ),
        reserve=Reserve(
            cells=cells, refill=Refill.BY_MOVE, width=cells, name="Free cells", dealt=False
        ),
        stock=Stock(redeals=0),
        compulsion=Compulsion.NONE,
        options=tuple(options),
        shuffle=Shuffle.MICROSOFT,
        description=(
            f"One deck, dealt face up to eight columns; {_NUMBERS[cells]} free "
            f"cell{'s' if cells > 1 else ''}. Aces start the four "
            "foundations, which build up in suit. Cards build down in alternate colours on the "
            "columns; any card fills an empty column or a free cell"
            + (
                ", and runs move as one move where the free cells and empty columns allow."
                if supermoves
                else "; one card moves at a time."
            )
            + " Deals are numbered as Microsoft's FreeCell numbers them."
        ),
    )
