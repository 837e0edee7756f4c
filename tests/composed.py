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
