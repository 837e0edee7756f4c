"""Captive Queens (Quadrille) and its Easy start.

>>> import patience_rules as pr
>>> game = pr.captive_queens()
>>> game.compulsion, game.stock.redeals
(<Compulsion.FORCED: 'forced'>, 2)
>>> [str(f.sequence) for f in game.foundations[::4]]
['6 7 8 9 10 J', '5 4 3 2 A K']
"""

from __future__ import annotations

from ..cards import Rank, Suit, _is_whole
from ..errors import InvalidRulesError, _counted, _shown
from ..piles import Foundation, Middle, Stock
from ..policies import Compulsion
from ..rules import GameRules
from ..sequences import FoundationSequence

__all__ = ["captive_queens", "easy_start"]

#: 6 7 8 9 10 J
SIX_UP = FoundationSequence(start=Rank.SIX, step=1, length=6, wrap=False)
#: 5 4 3 2 A K
FIVE_DOWN = FoundationSequence(start=Rank.FIVE, step=-1, length=6, wrap=True)


def _check_redeals(redeals: object) -> int:
    if not _is_whole(redeals) or redeals < 0:
        raise InvalidRulesError(f"redeals is a whole number of at least 0, got {_shown(redeals)}")
    return redeals


def _compose(*, name: str, title: str, laid_out: bool, redeals: int, text: str) -> GameRules:
    return GameRules(
        name=name,
        title=title,
        decks=1,
        foundations=(
            *(Foundation(suit, SIX_UP, laid_out=laid_out) for suit in Suit),
            *(Foundation(suit, FIVE_DOWN, laid_out=laid_out) for suit in Suit),
        ),
        middle=Middle(ranks=(Rank.QUEEN,), laid_out=laid_out, name="Queens"),
        stock=Stock(redeals=redeals),
        compulsion=Compulsion.FORCED,
        options=(("redeals", redeals),),
        description=f"{text} {_counted(redeals, 'redeals')}.",
    )


def captive_queens(*, redeals: int = 2) -> GameRules:
    """The rules of Captive Queens, also known as Quadrille.

    One deck, no layout at the start.  Cards are turned one at a time onto
    the waste, and the waste's top card goes where it fits as soon as it
    fits, by a move of its own (the only legal one): a Queen to the middle,
    a 6 or a 5 to start the foundation of its suit (foundations 1-4: the
    sixes of clubs, diamonds, hearts, spades, building up to the Jack; 5-8:
    the fives, building down to the Ace and then the King), any other card
    onto the foundation it continues.  Every move is compulsory, so a state
    has at most one legal move.

    :param redeals: how many times the waste is turned over as a new stock.

    >>> rules = captive_queens()
    >>> rules.title, rules.stock.redeals, rules.middle.ranks
    ('Captive Queens', 2, (<Rank.QUEEN: 12>,))
    """
    return _compose(
        name="captive-queens",
        title="Captive Queens",
        laid_out=False,
        redeals=_check_redeals(redeals),
        text="One deck. 6s build up in suit to the Jack, 5s down to the Ace and then the "
        "King; the Queens go to the middle. Every move is compulsory.",
    )


def easy_start(*, redeals: int = 2) -> GameRules:
    """Captive Queens with the Easy start: Queens, 5s and 6s laid out before play.

    :param redeals: two by default (about 97% of games come out);
        David Parlett's version allows three (registered as
        ``"easy-start-parlett"``).

    >>> print(easy_start(redeals=3).deal(1))
    Captive Queens (Easy start)
    Foundations:  6C  6D  6H  6S |  5C  5D  5H  5S
    Queens:  QC  QD  QH  QS
    Stock: 40 cards   Waste: (empty)   Redeals left: 3
    """
    return _compose(
        name="easy-start",
        title="Captive Queens (Easy start)",
        laid_out=True,
        redeals=_check_redeals(redeals),
        text="Captive Queens with the four Queens, 5s and 6s laid out before play; the other "
        "40 cards are the stock.",
    )
