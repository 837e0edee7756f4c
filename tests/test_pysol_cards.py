"""Microsoft's FreeCell deals 1 to 1,000 equal pysol-cards' boards, card for card.

pysol-cards (the deal generator of PySol FC and of Freecell Solver's tools) is a
test dependency: without it this module fails to import, and the test fails.
"""

from __future__ import annotations

from pysol_cards.cards import CardRenderer  # type: ignore[import-untyped]
from pysol_cards.deal_game import Game  # type: ignore[import-untyped]
from pysol_cards.random_base import RandomBase  # type: ignore[import-untyped]

from patience_rules.deals import microsoft_deck_order


def pysol_columns(game: Game, number: int) -> list[list[str]]:
    """pysol-cards' Microsoft FreeCell board: 8 columns, bottom card first, 10 as ``10``."""
    text: str = game.calc_deal_string(number, CardRenderer(print_ts=False))
    return [line.split() for line in text.splitlines()]


def test_deals_1_to_1000_equal_pysol_cards_boards() -> None:
    game = Game("freecell", 1, RandomBase.DEALS_MS)
    for number in range(1, 1001):
        order = [str(card) for card in microsoft_deck_order(number)]
        ours = [order[c::8] for c in range(8)]
        assert ours == pysol_columns(game, number), f"deal {number}"


def test_the_comparison_reads_pysol_cards_boards_as_columns() -> None:
    game = Game("freecell", 1, RandomBase.DEALS_MS)
    columns = pysol_columns(game, 617)
    assert [len(column) for column in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert [column[0] for column in columns] == ["7D", "AD", "5C", "3S", "5S", "8C", "2D", "AH"]
    assert columns[7] == ["AH", "KH", "10C", "JS", "2S", "QH"]
