"""Windmill: two decks, a centre of any suit, four corners started by any King, eight sails.

>>> import patience_rules as pr
>>> game = pr.windmill()
>>> [f.describe() for f in game.foundations[:2]]
['any suit A 2 3 4 5 6 7 8 9 10 J Q K … (52 cards)', 'any suit K Q J 10 9 8 7 6 5 4 3 2 A']
>>> state = game.deal(1)
>>> len(state.cells), len(state.stock), state.foundations[0]
(8, 95, (Card.from_str('AH'),))
"""

from __future__ import annotations

from ..cards import Rank
from ..piles import Foundation, Reserve, Stock
from ..policies import Compulsion, Refill
from ..rules import GameRules
from ..sequences import FoundationSequence

__all__ = ["windmill"]

#: The centre: Ace to King four times, in any suit.
CENTRE = FoundationSequence(start=Rank.ACE, step=1, length=52, wrap=True)
#: A corner: a King down to the Ace, in any suit.
CORNER = FoundationSequence(start=Rank.KING, step=-1, length=13, wrap=False)


def windmill() -> GameRules:
    """The rules of Windmill.

    Two decks.  The first Ace of the deck order is laid out as the centre
    (foundation 1), which builds up regardless of suit, wrapping from King
    to Ace, until it holds 52 cards.  The four corners (foundations 2-5) are
    empty at the start: any King starts one, and it builds down regardless
    of suit to the Ace.  A corner's top card may move to the centre when it
    fits (never the reverse).  The next eight cards are the sails, one to a
    cell; an empty sail is filled at once from the waste top, else from the
    stock.  Cards are drawn one at a time; no redeal.

    >>> windmill().foundations[1].playable, windmill().foundations[0].playable
    (True, False)
    """
    return GameRules(
        name="windmill",
        title="Windmill",
        decks=2,
        foundations=(
            Foundation(None, CENTRE, laid_out=True, name="centre"),
            *(Foundation(None, CORNER, playable=True, name="corner") for _ in range(4)),
        ),
        reserve=Reserve(cells=8, refill=Refill.FROM_WASTE_THEN_STOCK, width=4, name="Sails"),
        stock=Stock(redeals=0),
        compulsion=Compulsion.NONE,
        description=(
            "Two decks. An Ace laid out in the centre builds up regardless of suit, King to "
            "Ace four times over; any King starts each of four corners, which build down "
            "regardless of suit to the Ace, and a corner's top card may move to the centre. "
            "Cards play to them from the eight sails (each emptied sail filled at once from the "
            "waste, else the stock) and from the waste top. Draw one card at a time; no redeal."
        ),
    )
