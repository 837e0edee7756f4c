"""The brute-force Klondike rule reader, on hand-made positions: one test per rule clause."""

from __future__ import annotations

import pytest

from klondike_model import KlondikeModel
from patience_rules import Card, shuffled_deck, standard_deck


def cards(text: str) -> list[Card]:
    """``"QH 10S"`` as a list of cards."""
    return [Card.from_str(word) for word in text.split()]


def column(text: str) -> tuple[list[Card], int]:
    """A column from text, bottom to top; face-down cards are in brackets: ``[4C] [9D] QH``."""
    words = text.split()
    down = sum(1 for word in words if word.startswith("["))
    return [Card.from_str(word.strip("[]")) for word in words], down


def position(
    *columns: str,
    stock: str = "",
    waste: str = "",
    home: str = "",
    redeals_used: int = 0,
    draw: int = 1,
    redeals: int | None = None,
    foundation_back: bool = False,
) -> KlondikeModel:
    """A position from text: up to 7 columns, the stock and waste (bottom to top) and the
    top card of each non-empty foundation."""
    piles = [column(text) for text in columns] + [([], 0)] * (7 - len(columns))
    foundations: list[list[Card]] = [[], [], [], []]
    for top in cards(home):
        foundations[top.index // 13] = [
            Card.from_index(top.index // 13 * 13 + r) for r in range(top.index % 13 + 1)
        ]
    return KlondikeModel(
        [pile for pile, _ in piles],
        [down for _, down in piles],
        cards(stock),
        cards(waste),
        foundations,
        redeals_used=redeals_used,
        draw=draw,
        redeals=redeals,
        foundation_back=foundation_back,
    )


ORDER = shuffled_deck(standard_deck(), 1)


def test_the_deal_gives_column_k_k_cards_in_rows_with_the_top_card_face_up() -> None:
    model = KlondikeModel.deal(ORDER)
    assert [len(c) for c in model.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert model.face_down == [0, 1, 2, 3, 4, 5, 6]
    # Row 1 goes to columns 1-7, row 2 to columns 2-7, ...
    assert [c[0] for c in model.columns] == list(ORDER[:7])
    assert [c[1] for c in model.columns[1:]] == list(ORDER[7:13])
    assert model.columns[6] == [ORDER[i] for i in (6, 12, 17, 21, 24, 26, 27)]
    # The other 24 cards are the stock, the next card of the order on top (drawn first).
    assert model.stock[::-1] == list(ORDER[28:])
    assert model.waste == [] and model.foundations == [[], [], [], []]
    assert "draw" in model.legal_moves()


def test_draw_one_moves_the_top_stock_card_onto_the_waste() -> None:
    model = position("KS", stock="2C 3C 4C")
    model.apply("draw")
    assert model.stock == cards("2C 3C") and model.waste == cards("4C")


def test_draw_three_moves_three_cards_one_at_a_time_the_third_on_top() -> None:
    model = position("KS", stock="2C 3C 4C 5C 6C", draw=3)
    model.apply("draw")
    assert model.stock == cards("2C 3C") and model.waste == cards("6C 5C 4C")
    assert "W-T1" not in model.legal_moves()  # only the top of the three (4C) plays


def test_draw_three_with_fewer_than_three_left_moves_what_is_left() -> None:
    model = position("KS", stock="2C 3C", waste="9D", draw=3)
    model.apply("draw")
    assert model.stock == [] and model.waste == cards("9D 3C 2C")
    assert "draw" not in model.legal_moves()


def test_redeal_turns_the_waste_over_without_shuffling() -> None:
    model = position("KS", stock="2C 3C 4C")
    for _ in range(3):
        model.apply("draw")
    assert model.legal_moves() >= {"redeal"} and "draw" not in model.legal_moves()
    model.apply("redeal")
    assert model.waste == [] and model.stock == cards("2C 3C 4C") and model.redeals_used == 1
    model.apply("draw")
    assert model.waste == cards("4C")  # the card that went onto the waste first comes first


def test_no_redeal_while_the_stock_has_cards_or_the_waste_is_empty() -> None:
    assert "redeal" not in position("KS", stock="2C", waste="3C").legal_moves()
    assert "redeal" not in position("KS").legal_moves()


@pytest.mark.parametrize(
    ("redeals", "used", "allowed"),
    [
        (None, 0, True),
        (None, 50, True),
        (0, 0, False),
        (1, 0, True),
        (1, 1, False),
        (2, 1, True),
    ],
)
def test_the_redeal_limit(redeals: int | None, used: int, allowed: bool) -> None:
    model = position("KS", waste="2C 3C", redeals=redeals, redeals_used=used)
    assert ("redeal" in model.legal_moves()) is allowed


def test_the_waste_top_and_column_tops_go_to_their_own_foundation() -> None:
    model = position("[9S] AH", "3D", "2C", waste="AS 2H", home="AC 2D")
    moves = model.legal_moves()
    assert {"T1-F3", "T2-F2", "T3-F1"} <= moves
    assert not {"W-F3", "T1-F1", "T2-F1"} & moves  # 2H waits for its Ace
    model.apply("T1-F3")
    assert "W-F3" in model.legal_moves()
    model.apply("W-F3")
    assert "W-F4" in model.legal_moves()


def test_the_waste_top_goes_onto_a_column_one_rank_higher_of_the_other_colour() -> None:
    model = position("10S", "10C", "10D", "9S", waste="9H")
    moves = model.legal_moves()
    assert {"W-T1", "W-T2"} <= moves and not {"W-T3", "W-T4"} & moves


def test_only_a_king_goes_into_an_empty_column() -> None:
    assert "W-T2" in position("10S", waste="KD").legal_moves()
    assert not {"W-T2", "T1-T2"} & position("QS", waste="QD").legal_moves()


def test_a_run_of_face_up_cards_moves_from_any_of_its_cards() -> None:
    model = position("[2C] [5D] 9H 8S 7D", "10C", "9D", "8D", "6C", "KS")
    moves = model.legal_moves()
    assert {"T1-T2:3", "T1-T3:2", "T5-T1", "T6-T7"} <= moves
    assert "T1-T4" not in moves  # 7D on 8D: same colour
    model.apply("T1-T3:2")
    assert model.columns[0] == cards("2C 5D 9H") and model.columns[2] == cards("9D 8S 7D")


def test_a_run_does_not_start_at_a_face_down_card() -> None:
    model = position("[10D] 9S 8H", "JS", "10H")
    moves = model.legal_moves()
    assert "T1-T3:2" in moves
    assert "T1-T2:3" not in moves  # 10D would fit on JS, but it is face down


def test_a_king_or_a_king_headed_run_goes_into_an_empty_column() -> None:
    model = position("[4C] KH QS JH", "[3C] KD", "")
    moves = model.legal_moves()
    assert {"T1-T3:3", "T2-T3"} <= moves
    assert not {"T1-T3:2", "T1-T3"} & moves


def test_a_face_down_card_turns_face_up_when_it_becomes_the_top() -> None:
    model = position("[4C] [8S] KH QS", "", "[2C] 9D", "10S")
    model.apply("T1-T2:2")
    assert model.columns[0] == cards("4C 8S") and model.face_down[0] == 1
    model.apply("T3-T4")
    assert model.columns[2] == cards("2C") and model.face_down[2] == 0
    assert "T3-F1" not in model.legal_moves()  # 2C turned up, but its Ace is not home
    assert "T1-T3" not in model.legal_moves()


def test_an_emptied_column_has_no_face_down_cards() -> None:
    model = position("AC", "KS")
    model.apply("T1-F1")
    assert model.columns[0] == [] and model.face_down[0] == 0


def test_a_foundation_top_goes_back_to_a_column_only_with_the_option() -> None:
    piles = ("10S", "10D", "", "QH", "QD", "JS", "JD")
    assert not {m for m in position(*piles, home="9H KC").legal_moves() if m.startswith("F")}
    model = position(*piles, home="9H KC", foundation_back=True)
    back = {m for m in model.legal_moves() if m.startswith("F")}
    assert back == {"F3-T1", "F1-T3"}  # 9H onto 10S; KC into the empty column
    model.apply("F3-T1")
    assert model.columns[0] == cards("10S 9H") and model.foundations[2][-1] == Card.from_str("8H")


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    model = position("[4C] KH QS", "", "9D", stock="2C", waste="3C", redeals=0)
    before = model.snapshot()
    for move in ("redeal", "T1-T2", "T1-T2:3", "T3-T2", "W-F1", "F1-T1", "T1-T2:1", "R1-T1"):
        with pytest.raises(ValueError, match="illegal move"):
            model.apply(move)
    assert model.snapshot() == before


def test_the_game_is_won_with_every_card_home() -> None:
    model = position(waste="KS", home="KC KD KH QS")
    assert not model.is_won
    model.apply("W-F4")
    assert model.is_won
