"""The building rule's table: which cards a card may be placed on, by suit and rank."""

from __future__ import annotations

import pytest

from patience_rules import Build, Card, Direction, Rank, Suits

A, TWO, THREE, Q, K = Rank.ACE, Rank.TWO, Rank.THREE, Rank.QUEEN, Rank.KING


def onto(build: Build, card: str) -> set[str]:
    return {str(under) for under in build.onto[Card.from_str(card)]}


@pytest.mark.parametrize(
    ("direction", "wrap", "card", "ranks"),
    [
        # Down: onto the next rank up; a king onto nothing, or an ace round the corner.
        (Direction.DOWN, False, "QH", {K}),
        (Direction.DOWN, False, "KH", set()),
        (Direction.DOWN, True, "KH", {A}),
        # Up: onto the next rank down; an ace onto nothing, or a king round the corner.
        (Direction.UP, False, "2H", {A}),
        (Direction.UP, False, "KH", {Q}),
        (Direction.UP, False, "AH", set()),
        (Direction.UP, True, "AH", {K}),
        # Either: both.
        (Direction.EITHER, False, "2H", {A, THREE}),
        (Direction.EITHER, False, "AH", {TWO}),
        (Direction.EITHER, True, "AH", {TWO, K}),
        (Direction.EITHER, True, "KH", {Q, A}),
    ],
)
def test_a_card_goes_onto_the_ranks_its_direction_names(
    direction: Direction, wrap: bool, card: str, ranks: set[Rank]
) -> None:
    build = Build(suits=Suits.SAME, direction=direction, wrap=wrap)
    suit = Card.from_str(card).suit
    assert onto(build, card) == {str(Card(rank, suit)) for rank in ranks}


@pytest.mark.parametrize(
    ("suits", "cards"),
    [
        (Suits.SAME, {"6H"}),
        (Suits.ALTERNATE, {"6C", "6S"}),
        (Suits.ANY, {"6C", "6D", "6H", "6S"}),
    ],
)
def test_a_card_goes_onto_the_suits_its_rule_names(suits: Suits, cards: set[str]) -> None:
    build = Build(suits=suits)
    assert onto(build, "5H") == cards
    # (black on red as red on black)
    spade = onto(build, "5S")
    assert len(spade) == len(cards)
    assert ("6H" in spade) is (suits is not Suits.SAME)
