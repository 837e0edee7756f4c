"""Games composed for the tests alone (no module registers them)."""

from __future__ import annotations

import patience_rules as pr

#: Every move forced, and columns that build down in any suit: the one legal
#: move goes by pile number, and a card can go from column to column and back.
FORCED_BUILDS = pr.GameRules(
    name="forced-builds",
    title="Forced builds",
    decks=1,
    foundations=[
        pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, length=13, wrap=False))
        for suit in pr.Suit
    ],
    tableau=pr.Tableau(
        columns=6, depth=3, build=pr.Build(suits=pr.Suits.ANY, direction=pr.Direction.DOWN)
    ),
    stock=pr.Stock(redeals=1),
    compulsion=pr.Compulsion.FORCED,
)

#: Two piles dealt from one deck, nothing built, four Ace foundations, six
#: shifts: each shift turns both piles round, bottom card to the top.
SHIFTING_PILES = pr.GameRules(
    name="shifting-piles",
    title="Shifting Piles",
    decks=1,
    foundations=[
        pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, wrap=False))
        for suit in pr.Suit
    ],
    tableau=pr.Tableau(columns=2, depth=26),
    stock=pr.Stock(redeals=6, redeal=pr.Redeal.SHIFT),
)


def waiting_for_shifts() -> pr.State:
    """A position of :data:`SHIFTING_PILES` whose 10C can go home at once, but
    whose only win makes four shifts first: without 10C, the second pile comes
    round in three shifts instead of four."""
    return SHIFTING_PILES.make_state(
        columns=[
            pr.cards_from_text("QD 9H KD 10H QC KH QH"),
            pr.cards_from_text("KC JC JH 10C"),
        ],
        foundation_heights=[9, 11, 8, 13],
        redeals_used=2,
    )
