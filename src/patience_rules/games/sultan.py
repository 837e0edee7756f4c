"""Sultan: two decks, eight Kings and an Ace around the Sultan, and the divan.

>>> import patience_rules as pr
>>> game = pr.sultan()
>>> [f.describe() for f in game.foundations[-2:]]
['hearts A 2 3 4 5 6 7 8 9 10 J Q', 'hearts K']
>>> state = game.deal(1)
>>> len(state.cells), len(state.stock), state.cards_home
(8, 87, 9)
"""

from __future__ import annotations

from ..cards import Rank, Suit, _is_whole
from ..errors import InvalidRulesError, _shown
from ..piles import Foundation, Reserve, Stock
from ..policies import Compulsion, Refill
from ..rules import GameRules
from ..sequences import FoundationSequence

__all__ = ["sultan"]

#: K A 2 3 ... Q: a King foundation builds up, wrapping from King to Ace.
KING_UP = FoundationSequence(start=Rank.KING, step=1, length=13, wrap=True)
#: A 2 3 ... Q: the Ace of hearts builds up to the Queen.
ACE_UP = FoundationSequence(start=Rank.ACE, step=1, length=12, wrap=False)
#: The Sultan: a King that takes nothing.
ALONE = FoundationSequence(start=Rank.KING, step=1, length=1, wrap=False)


def sultan(*, cells: int = 8) -> GameRules:
    """The rules of Sultan.

    Two decks.  The eight Kings and one Ace of hearts are laid out before
    play.  Foundations 1-7 are Kings (clubs, clubs, diamonds, diamonds,
    hearts, spades, spades) that build up in suit, wrapping from King to Ace:
    ``K A 2 ... Q``; foundation 8 is the Ace of hearts, building up to the
    Queen; foundation 9 is the Sultan, the second King of hearts, home from
    the start: it takes nothing.  The next ``cells`` cards go to the divan,
    one to a cell; every divan card plays to the foundations.  An empty divan
    cell is not refilled by itself: the player may move the waste top into
    it, as a move of its own.  Cards are drawn one at a time; the waste may
    be turned over twice.

    :param cells: the divan's cells: 8 by default, 6 as some programs have it.

    >>> sultan(cells=6).reserve.cells
    6
    >>> sultan(cells=7)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: cells is 6 or 8, got 7
    """
    if not _is_whole(cells) or cells not in (6, 8):
        raise InvalidRulesError(f"cells is 6 or 8, got {_shown(cells)}")
    kings = (
        Suit.CLUBS,
        Suit.CLUBS,
        Suit.DIAMONDS,
        Suit.DIAMONDS,
        Suit.HEARTS,
        Suit.SPADES,
        Suit.SPADES,
    )
    return GameRules(
        name="sultan",
        title="Sultan",
        decks=2,
        foundations=(
            *(Foundation(suit, KING_UP, laid_out=True) for suit in kings),
            Foundation(Suit.HEARTS, ACE_UP, laid_out=True),
            Foundation(Suit.HEARTS, ALONE, laid_out=True, name="the Sultan"),
        ),
        reserve=Reserve(cells=cells, refill=Refill.BY_MOVE, width=4, name="Divan"),
        stock=Stock(redeals=2),
        compulsion=Compulsion.NONE,
        options=(("cells", cells),) if cells != 8 else (),
        description=(
            "Two decks. The eight Kings and an Ace of hearts are laid out; one King of hearts, "
            "the Sultan, takes nothing. The other Kings build up in suit from King to Queen "
            "(K A 2 ... Q), the Ace of hearts up to the Queen. Cards play to them from the "
            f"{cells} divan cells and the waste top; the player may move the waste top into an "
            "empty divan cell. Draw one card at a time; two redeals."
        ),
    )
