"""Microsoft's FreeCell deal numbering: golden layouts and the accepted numbers."""

from __future__ import annotations

import pytest

from patience_rules import Card, InvalidDealError
from patience_rules.deals import microsoft_deck_order

# Microsoft's layouts of deals 1 and 617, row by row (card i goes to column i mod 8), as
# the algorithm deals them and as Microsoft FreeCell and the programs that copy its
# numbering show them.
GOLDEN_ROWS = {
    1: """
        JD 2D 9H JC 5D 7H 7C 5H
        KD KC 9S 5S AD QC KH 3H
        2S KS 9D QD JS AS AH 3C
        4C 5C 10S QH 4H AC 4D 7S
        3S 10D 4S 10H 8H 2C JH 7D
        6D 8S 8D QS 6C 3D 8C 10C
        6S 9C 2H 6H
    """,
    617: """
        7D AD 5C 3S 5S 8C 2D AH
        10D 7S QD AC 6D 8H AS KH
        10H QC 3H 9D 6S 8D 3D 10C
        KD 5H 9S 3C 8S 7H 4D JS
        4C QS 9C 9H 7C 6H 2C 2S
        4S 10S 2H 5D JC 6C JH QH
        JD KS KC 4H
    """,
}


def rows(number: int) -> list[str]:
    order = [str(card) for card in microsoft_deck_order(number)]
    return [" ".join(order[i : i + 8]) for i in range(0, 52, 8)]


def test_deal_1_first_row() -> None:
    assert rows(1)[0] == "JD 2D 9H JC 5D 7H 7C 5H"


@pytest.mark.parametrize("number", sorted(GOLDEN_ROWS))
def test_golden_layouts(number: int) -> None:
    expected = [line.strip() for line in GOLDEN_ROWS[number].strip().splitlines()]
    assert rows(number) == expected


def test_the_one_unsolvable_classic_deal() -> None:
    # Deal 11982, the only one of 1 to 32000 with no solution.
    assert rows(11982)[0] == "AH AS 4H AC 2D 6S 10S JS"


@pytest.mark.parametrize("number", [0, 1, 2, 32000, 1_000_000, 2**31 - 1])
def test_every_deal_is_one_deck(number: int) -> None:
    order = microsoft_deck_order(number)
    assert all(type(card) is Card for card in order)
    assert sorted(card.index for card in order) == list(range(52))


def test_the_generator_s_31_bits_give_different_deals() -> None:
    # 2**30 sets the generator's top bit: it must change the deal, not be lost.
    assert microsoft_deck_order(1) != microsoft_deck_order(2)
    assert microsoft_deck_order(1) != microsoft_deck_order(1 + 2**30)


@pytest.mark.parametrize(
    ("number", "shown"),
    [
        (-1, "-1"),
        (2**31, "2147483648"),
        (2**32 + 1, "4294967297"),
        pytest.param(10**5000, "an integer of 5001 digits", id="huge"),
        (True, "True"),
        (1.0, "1.0"),
        ("1", "'1'"),
        (None, "None"),
    ],
)
def test_numbers_outside_the_generator_are_refused(number: object, shown: str) -> None:
    with pytest.raises(InvalidDealError) as raised:
        microsoft_deck_order(number)  # type: ignore[arg-type]
    assert str(raised.value) == (
        f"a Microsoft FreeCell deal number is a whole number from 0 to 2147483647, got {shown}"
    )
