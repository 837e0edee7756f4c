"""Odd and Even: Royal Cotillion's foundations, fed by a 3x3 reserve; one redeal.

>>> import patience_rules as pr
>>> game = pr.odd_and_even()
>>> game.decks, game.reserve.cells, game.reserve.refill.describe(), game.stock.redeals
(2, 9, 'an empty pile is filled at once from the top of the waste, or from the stock when the waste is empty', 1)
>>> state = game.deal(1)
>>> len(state.cells), len(state.stock), state.cards_home
(9, 87, 8)
"""

from __future__ import annotations

from ..cards import Suit
from ..piles import Foundation, Reserve, Stock
from ..policies import Compulsion, Refill
from ..rules import GameRules
from .captive_queens import _check_redeals
from .royal_cotillion import EVEN_FIRST, ODD_FIRST

__all__ = ["odd_and_even"]


def odd_and_even(*, redeals: int = 1) -> GameRules:
    """The rules of Odd and Even.

    Two decks.  The eight foundations are Royal Cotillion's: foundations 1-4
    are the Ace foundations (clubs, diamonds, hearts, spades) building
    ``A 3 5 7 9 J K 2 4 6 8 10 Q``, 5-8 the Deuce foundations building
    ``2 4 6 8 10 Q A 3 5 7 9 J K``; their bases are laid out before play.
    The next nine cards of the deck order go to the nine reserve cells (a
    3x3 square, cell 1 to cell 9), and the other 87 cards are the stock.
    Cards are drawn one at a time to the waste, whose top card plays; cards
    move only to the foundations.  An empty cell is filled at once from the
    top of the waste or, when the waste is empty, from the top of the stock.
    When the stock is empty the waste may be turned over once as the new
    stock, without shuffling.

    :param redeals: how many times the waste may be turned over (one by
        default, as the game is played).

    >>> odd_and_even(redeals=0).stock.redeals
    0
    >>> odd_and_even(redeals=-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: redeals is a whole number of at least 0, got -1
    """
    redeals = _check_redeals(redeals)
    return GameRules(
        name="odd-and-even",
        title="Odd and Even",
        decks=2,
        foundations=(
            *(Foundation(suit, ODD_FIRST, laid_out=True) for suit in Suit),
            *(Foundation(suit, EVEN_FIRST, laid_out=True) for suit in Suit),
        ),
        reserve=Reserve(cells=9, width=3, refill=Refill.FROM_WASTE_THEN_STOCK, name="Reserve"),
        stock=Stock(redeals=redeals),
        compulsion=Compulsion.NONE,
        options=(("redeals", redeals),),
        description=(
            "Two decks. Eight foundations, each locked to a suit: four on an Ace build "
            "A 3 5 7 9 J K 2 4 6 8 10 Q, four on a Deuce build 2 4 6 8 10 Q A 3 5 7 9 J K. "
            "Cards play to them from the nine reserve cells (a 3x3 square, each emptied cell "
            "filled at once from the waste, else the stock) and from the waste top. Draw one "
            f"card at a time; {redeals} redeal{'s' if redeals != 1 else ''}."
        ),
    )
