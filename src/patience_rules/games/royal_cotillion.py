"""Royal Cotillion: two decks, the Ladies' columns and the Lords' cells.

>>> import patience_rules as pr
>>> game = pr.royal_cotillion()
>>> [str(f.sequence) for f in game.foundations[::4]]
['A 3 5 7 9 J K 2 4 6 8 10 Q', '2 4 6 8 10 Q A 3 5 7 9 J K']
>>> pr.royal_cotillion(stock_refill=True).reserve.refill
<Refill.FROM_WASTE_THEN_STOCK: 'waste-then-stock'>
"""

from __future__ import annotations

from ..cards import Rank, Suit
from ..errors import InvalidRulesError, _shown
from ..piles import Foundation, Reserve, Stock, Tableau
from ..policies import Compulsion, Refill
from ..rules import GameRules
from ..sequences import FoundationSequence

__all__ = ["royal_cotillion"]

#: A 3 5 7 9 J K 2 4 6 8 10 Q: the odd ranks, then the even ranks.
ODD_FIRST = FoundationSequence(start=Rank.ACE, step=2, length=13)
#: 2 4 6 8 10 Q A 3 5 7 9 J K: the even ranks, then the odd ranks.
EVEN_FIRST = FoundationSequence(start=Rank.TWO, step=2, length=13)


def royal_cotillion(*, stock_refill: bool = False) -> GameRules:
    """The rules of Royal Cotillion.

    Foundations 1-4 are the Ace foundations (clubs, diamonds, hearts,
    spades), 5-8 the Deuce foundations; their bases are laid out before
    play.  The Ladies are four columns of three cards, never refilled; the
    Lords are sixteen cells, refilled at once from the waste.  No redeal.

    :param stock_refill: fill an empty Lords cell from the stock when the
        waste is empty (the rule of the traditional descriptions and of some
        other programs).  Off by default: the stock never fills a cell.

    >>> rules = royal_cotillion()
    >>> rules.decks, rules.tableau.name, rules.reserve.cells, rules.stock.redeals
    (2, 'Ladies', 16, 0)
    >>> royal_cotillion(stock_refill="yes")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: stock_refill is True or False, got 'yes'
    """
    if not isinstance(stock_refill, bool):
        raise InvalidRulesError(f"stock_refill is True or False, got {_shown(stock_refill)}")
    return GameRules(
        name="royal-cotillion-stock-refill" if stock_refill else "royal-cotillion",
        title="Royal Cotillion",
        decks=2,
        foundations=(
            *(Foundation(suit, ODD_FIRST, laid_out=True) for suit in Suit),
            *(Foundation(suit, EVEN_FIRST, laid_out=True) for suit in Suit),
        ),
        tableau=Tableau(columns=4, depth=3, refill=Refill.NEVER, name="Ladies"),
        reserve=Reserve(
            cells=16,
            refill=Refill.FROM_WASTE_THEN_STOCK if stock_refill else Refill.FROM_WASTE,
            width=4,
            name="Lords",
        ),
        stock=Stock(redeals=0),
        compulsion=Compulsion.NONE,
        options=(("stock_refill", True),) if stock_refill else (),
        description=(
            "Two decks. Eight foundations, each locked to a suit: four on an Ace build "
            "A 3 5 7 9 J K 2 4 6 8 10 Q, four on a Deuce build 2 4 6 8 10 Q A 3 5 7 9 J K. "
            "Cards play to them from the front of the four Ladies' columns (never "
            "refilled), from the sixteen Lords' cells (refilled at once from the waste"
            + (", else the stock" if stock_refill else "")
            + ") and from the waste top. Draw one card at a time; no redeal."
        ),
    )
