"""Crescent: two decks, sixteen piles around eight foundations, and shifts instead of redeals.

>>> import patience_rules as pr
>>> game = pr.crescent()
>>> state = game.deal(1)
>>> len(state.columns), {len(column) for column in state.columns}, state.stock_size
(16, {6}, 0)
>>> str(state.legal_moves()[-1])
'redeal'
"""

from __future__ import annotations

from ..building import Build, Direction, Runs, Suits
from ..cards import Rank, Suit, _is_whole
from ..errors import InvalidRulesError, _shown
from ..piles import Foundation, Stock, Tableau
from ..policies import Compulsion, Redeal, Refill
from ..rules import GameRules
from ..sequences import FoundationSequence

__all__ = ["crescent"]

#: A up to K in suit.
ACE_UP = FoundationSequence(start=Rank.ACE, step=1, length=13, wrap=False)
#: K down to A in suit.
KING_DOWN = FoundationSequence(start=Rank.KING, step=-1, length=13, wrap=False)
#: A card goes on one of its suit a rank higher or lower, King and Ace next to each other.
UP_OR_DOWN_IN_SUIT = Build(suits=Suits.SAME, direction=Direction.EITHER, wrap=True)


def crescent(*, shifts: int = 3) -> GameRules:
    """The rules of Crescent.

    Two decks.  One Ace and one King of each suit are laid out: foundations
    1-4 are the Aces (clubs, diamonds, hearts, spades), building up in suit
    to the King; 5-8 the Kings, building down in suit to the Ace.  The other
    96 cards are dealt in rows to sixteen piles of six, all face up.  A pile's
    top card moves, one at a time, to a foundation that takes it or onto the
    top card of another pile of its suit and one rank higher or lower
    (wrapping: a King on an Ace and an Ace on a King).  An emptied pile stays
    empty.  There is no stock: instead, up to ``shifts`` times and at any
    time, a shift (the game's redeal, :meth:`Move.redeal()
    <patience_rules.Move.redeal>`, written ``redeal`` or ``shift``) moves the
    bottom card of every pile of two or more cards to its top.

    :param shifts: how many shifts the game allows (3 by default).

    >>> crescent(shifts=0).stock.redeals
    0
    """
    if not _is_whole(shifts) or not 0 <= shifts <= 100:
        raise InvalidRulesError(f"shifts is a whole number from 0 to 100, got {_shown(shifts)}")
    return GameRules(
        name="crescent",
        title="Crescent",
        decks=2,
        foundations=(
            *(Foundation(suit, ACE_UP, laid_out=True) for suit in Suit),
            *(Foundation(suit, KING_DOWN, laid_out=True) for suit in Suit),
        ),
        tableau=Tableau(
            columns=16,
            depth=6,
            refill=Refill.NEVER,
            name="Piles",
            build=UP_OR_DOWN_IN_SUIT,
            runs=Runs.NONE,
        ),
        stock=Stock(redeals=shifts, redeal=Redeal.SHIFT),
        compulsion=Compulsion.NONE,
        options=(("shifts", shifts),) if shifts != 3 else (),
        description=(
            "Two decks. An Ace and a King of each suit are laid out: the Aces build up in suit, "
            "the Kings down. Sixteen piles of six cards, face up; a pile's top card plays to a "
            "foundation or onto a pile of its suit a rank higher or lower (King and Ace next to "
            f"each other); an empty pile stays empty. Up to {shifts} shifts: the bottom card of "
            "every pile goes to its top."
        ),
    )
