"""The brute-force FreeCell rule reader, on hand-made positions: one test per rule clause."""

from __future__ import annotations

import pytest

from freecell_model import FreeCellModel, IllegalMove
from patience_rules import Card
from patience_rules.deals import microsoft_deck_order


def cards(text: str) -> list[Card]:
    """``"QH 10S"`` as a list of cards."""
    return [Card.from_str(word) for word in text.split()]


def position(
    *columns: str,
    cells: str = "-- -- -- --",
    home: str = "",
    supermoves: bool = True,
) -> FreeCellModel:
    """A position from text: up to 8 columns (bottom to top), cells ('--' empty), and
    the top card of each non-empty foundation."""
    piles = [cards(column) for column in columns] + [[] for _ in range(8 - len(columns))]
    free = [None if word == "--" else Card.from_str(word) for word in cells.split()]
    foundations: list[list[Card]] = [[], [], [], []]
    for top in cards(home):
        foundations[top.index // 13] = [
            Card.from_index(top.index // 13 * 13 + r) for r in range(top.index % 13 + 1)
        ]
    return FreeCellModel(piles, free, foundations, supermoves=supermoves)


FILLER = "KC KD KH KS QC QD QH QS"  # eight columns that take nothing useful below


def test_the_deal_goes_across_eight_columns_in_rows() -> None:
    model = FreeCellModel.deal(microsoft_deck_order(1), supermoves=True)
    assert [len(column) for column in model.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert [column[0] for column in model.columns] == cards("JD 2D 9H JC 5D 7H 7C 5H")
    assert model.columns[0] == cards("JD KD 2S 4C 3S 6D 6S")
    assert model.cells == [None] * 4
    assert model.foundations == [[], [], [], []]
    # No Ace, no fitting card, no run on top: only the 8 x 4 moves into the free cells.
    assert model.legal_moves() == {f"T{c}-R{r}" for c in range(1, 9) for r in range(1, 5)}


def test_the_deal_takes_the_number_of_cells() -> None:
    model = FreeCellModel.deal(microsoft_deck_order(1), cells=2, supermoves=False)
    assert model.cells == [None, None]
    with pytest.raises(ValueError, match="52 cards"):
        FreeCellModel.deal(microsoft_deck_order(1)[:51], supermoves=False)


def test_a_column_top_or_a_cell_card_goes_to_its_own_foundation() -> None:
    model = position("5C AH", "9S 2H", "KD", "AC", cells="AS -- 2S 3C", home="")
    moves = model.legal_moves()
    assert {"T1-F3", "R1-F4", "T4-F1"} <= moves
    assert not {"T1-F1", "T1-F2", "T1-F4", "T2-F3", "R3-F4", "R4-F1"} & moves
    model.apply("T1-F3")
    assert "T2-F3" in model.legal_moves()  # the 2 follows the Ace of its suit
    model.apply("R1-F4")
    assert {"R3-F4", "T2-F3"} <= model.legal_moves()
    assert model.foundations[2] == cards("AH") and model.foundations[3] == cards("AS")


def test_a_column_top_goes_into_every_empty_cell_and_cells_do_not_move_among_themselves() -> None:
    model = position("5C 9H", "KD", cells="-- 2S -- 3C")
    moves = model.legal_moves()
    assert {"T1-R1", "T1-R3", "T2-R1", "T2-R3"} <= moves
    assert not {m for m in moves if m.startswith("R") and "-R" in m}
    assert not {"T1-R2", "T1-R4"} & moves
    full = position("5C 9H", "KD", cells="2S 3C 4D 5H")
    assert not {m for m in full.legal_moves() if "-R" in m}


def test_one_card_goes_onto_a_column_one_rank_higher_of_the_other_colour() -> None:
    model = position("5C 9H", "10S", "10C", "10D", "8S", *FILLER.split()[:3], cells="9C -- -- --")
    moves = model.legal_moves()
    assert {"T1-T2", "T1-T3", "R1-T4", "T5-T1"} <= moves
    assert not {"T1-T4", "R1-T2", "R1-T3", "T5-T2", "T5-T3"} & moves


def test_any_card_goes_into_every_empty_column() -> None:
    model = position("5C 9H", "KD", "", "QS", "", "KC", "KH", "KS", cells="4D -- -- --")
    moves = model.legal_moves()
    assert {"T1-T3", "T1-T5", "T2-T3", "T2-T5", "R1-T3", "R1-T5", "T4-T3"} <= moves
    model.apply("R1-T5")
    assert model.columns[4] == cards("4D") and model.cells[0] is None


def test_a_lone_card_may_move_to_an_empty_column() -> None:
    model = position("5C", "", *FILLER.split()[:6])
    assert "T1-T2" in model.legal_moves()


# A run of 5 (9H 8S 7H 6S 5H) whose bottom card fits on 10S in column 2.
RUN = "JC 9H 8S 7H 6S 5H"


@pytest.mark.parametrize(
    ("cells", "empty_columns", "longest"),
    [
        ("-- -- -- --", 0, 5),  # (1 + 4) x 1
        ("-- -- -- 2D", 0, 4),  # (1 + 3) x 1
        ("-- 2D 3D 4D", 1, 4),  # (1 + 1) x 2
        ("-- 2D 3D 4D", 2, 8),  # (1 + 1) x 4
        ("AD 2D 3D 4D", 2, 4),  # (1 + 0) x 4
        ("AD 2D 3D 4D", 3, 8),  # (1 + 0) x 8
        ("AD 2D 3D 4D", 0, 1),
    ],
)
def test_a_supermove_is_limited_by_empty_cells_and_columns(
    cells: str, empty_columns: int, longest: int
) -> None:
    filler = FILLER.split()[: 6 - empty_columns] + [""] * empty_columns
    model = position(RUN, "10S", *filler, cells=cells)
    assert model.max_run(target_empty=False) == longest
    assert ("T1-T2:5" in model.legal_moves()) == (longest >= 5)


def test_a_supermove_lands_only_where_its_bottom_card_fits() -> None:
    model = position(RUN, "10S", "9S", "6C", *FILLER.split()[:4])
    moves = {m for m in model.legal_moves() if ":" in m}
    # 9H fits on 10S (all 5 cards); nothing of the run fits on 9S; 5H on 6C is one card.
    assert moves == {"T1-T2:5"}
    assert "T1-T4" in model.legal_moves()


def test_a_supermove_into_an_empty_column_does_not_count_that_column() -> None:
    # One empty cell and one empty column (the target): (1 + 1) x 2**0 = 2 cards.
    model = position(RUN, "", *FILLER.split()[:6], cells="-- 2D 3D 4D")
    moves = model.legal_moves()
    assert "T1-T2:2" in moves and "T1-T2:3" not in moves
    assert "T1-T2" in moves  # the single top card
    # Two empty columns: (1 + 1) x 2 = 4 cards into either, every length a distinct move.
    model = position(RUN, "", "", *FILLER.split()[:5], cells="-- 2D 3D 4D")
    moves = model.legal_moves()
    for target in ("T2", "T3"):
        assert {f"T1-{target}:{n}" for n in (2, 3, 4)} <= moves
        assert f"T1-{target}:5" not in moves


def test_a_supermove_needs_a_run_of_alternate_colours_down_by_one() -> None:
    model = position("JC 9H 8S 7D 6H", "10S", *FILLER.split()[:6])  # 7D 6H: same colour
    moves = model.legal_moves()
    assert not {m for m in moves if m.startswith("T1-T2")}
    model = position("JC 9H 7S 6H", "8D", "10S", *FILLER.split()[:5])  # 9H 7S: not one rank
    moves = model.legal_moves()
    assert "T1-T2:2" in moves and "T1-T3:3" not in moves


def test_without_supermoves_only_single_cards_move() -> None:
    model = position(RUN, "10S", "", *FILLER.split()[:5], supermoves=False)
    moves = model.legal_moves()
    assert not {m for m in moves if ":" in m}
    assert {"T1-T3", "T1-R1", "T2-T3"} <= moves
    with pytest.raises(IllegalMove):
        model.apply("T1-T2:5")


def test_applying_a_supermove_keeps_the_run_in_order() -> None:
    model = position(RUN, "10S", *FILLER.split()[:6])
    model.apply("T1-T2:5")
    assert model.columns[0] == cards("JC")
    assert model.columns[1] == cards("10S 9H 8S 7H 6S 5H")


def test_an_illegal_move_raises_and_changes_nothing() -> None:
    model = position(RUN, "10S", *FILLER.split()[:6], cells="-- 2D 3D 4D")
    before = model.snapshot()
    for move in ("T1-T2:5", "T1-F1", "R2-R1", "T9-T1", "T2-T1", "draw"):
        with pytest.raises(IllegalMove):
            model.apply(move)
    assert model.snapshot() == before


def test_the_game_is_won_with_every_card_home() -> None:
    model = position(cells="-- -- -- KS", home="KC KD KH QS")
    assert not won(model)
    assert model.legal_moves() == {"R4-F4"} | {f"R4-T{t}" for t in range(1, 9)}
    model.apply("R4-F4")
    assert won(model)
    assert model.legal_moves() == set()


def won(model: FreeCellModel) -> bool:
    return model.is_won
