"""Odd and Even: every rule clause, and golden deals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

import patience_rules as pr

from .helpers import check_golden

GAME = pr.get_game("odd-and-even")
CELL = pr.PileKind.CELL
DRAW, REDEAL = pr.Move.draw(), pr.Move.redeal()


def cards(text: str) -> tuple[pr.Card, ...]:
    return tuple(pr.Card.from_str(word) for word in text.split())


def on_foundations(heights: Sequence[int]) -> Counter[pr.Card]:
    """The cards that foundations of these heights hold, read off the game's parts."""
    home: Counter[pr.Card] = Counter()
    for foundation, height in zip(GAME.foundations, heights, strict=True):
        suit = foundation.suit
        assert suit is not None  # every foundation of Odd and Even is locked to a suit
        home.update(pr.Card(rank, suit) for rank in foundation.sequence.ranks[:height])
    return home


def position(
    heights: Sequence[int],
    cells: Sequence[pr.Card | None],
    waste: Sequence[pr.Card] = (),
    stock_top: Sequence[pr.Card] = (),
    *,
    redeals_used: int = 0,
    stock: bool = True,
) -> pr.State:
    """A position: every card not placed otherwise is in the stock (or the waste)."""
    rest = Counter(GAME.deck())
    rest -= on_foundations(heights)
    rest -= Counter(card for card in cells if card is not None)
    rest -= Counter(waste)
    rest -= Counter(stock_top)
    others = sorted(rest.elements())
    return GAME.make_state(
        stock=[*others, *reversed(stock_top)] if stock else [],
        waste=list(waste) if stock else [*others, *waste],
        cells=cells,
        foundation_heights=heights,
        redeals_used=redeals_used,
    )


BASES = [1] * 8
#: Nine cells, none of which any base foundation takes.
DEAD_CELLS = cards("7H 7H 9C 9C 9D 9D 9H 9S 9S")


# -- the parts ---------------------------------------------------------------


def test_registered_by_name() -> None:
    assert "odd-and-even" in pr.game_names()
    assert pr.odd_and_even() == GAME
    assert pr.get_game("odd-and-even", redeals=0) == pr.odd_and_even(redeals=0)
    assert GAME.title == "Odd and Even"


def test_two_decks_and_royal_cotillions_eight_foundations() -> None:
    assert GAME.decks == 2
    assert len(GAME.deck()) == 104
    assert GAME.foundations == pr.get_game("royal-cotillion").foundations
    assert [str(f.sequence) for f in GAME.foundations] == (
        ["A 3 5 7 9 J K 2 4 6 8 10 Q"] * 4 + ["2 4 6 8 10 Q A 3 5 7 9 J K"] * 4
    )
    assert [f.suit for f in GAME.foundations] == list(pr.Suit) * 2
    assert all(f.laid_out for f in GAME.foundations)


def test_a_three_by_three_reserve_a_stock_and_one_redeal() -> None:
    assert GAME.reserve == pr.Reserve(
        cells=9, width=3, refill=pr.Refill.FROM_WASTE_THEN_STOCK, name="Reserve"
    )
    assert GAME.tableau is None
    assert GAME.middle is None
    assert GAME.stock.redeals == 1
    assert GAME.compulsion is pr.Compulsion.NONE


@pytest.mark.parametrize("redeals", [0, 1, 2])
def test_the_redeals_option_is_recorded_and_counted_in_the_description(redeals: int) -> None:
    rules = pr.get_game("odd-and-even", redeals=redeals)
    assert (rules.stock.redeals, rules.options) == (redeals, (("redeals", redeals),))
    counted = "1 redeal" if redeals == 1 else f"{redeals} redeals"
    assert rules.description.endswith(f"Draw one card at a time; {counted}.")


def test_bad_redeal_option_is_refused() -> None:
    with pytest.raises(pr.InvalidRulesError, match="redeals is a whole number of at least 0"):
        pr.get_game("odd-and-even", redeals="one")


# -- the deal ----------------------------------------------------------------


def test_bases_come_out_first_then_nine_cells_then_the_stock() -> None:
    # The two decks in card order: AC 2C 3C ... KC AD 2D ... KS, twice.  The
    # first Ace and Deuce of each suit are the bases; of the rest, 3C to JC
    # go to the cells and QC is the top of the stock.
    state = GAME.deal_from(GAME.deck())
    assert state.foundations == tuple((base,) for base in cards("AC AD AH AS 2C 2D 2H 2S"))
    assert state.cells == cards("3C 4C 5C 6C 7C 8C 9C 10C JC")
    assert state.stock[::-1][:4] == cards("QC KC 3D 4D")
    assert state.stock[0] == pr.Card.from_str("KS")
    assert len(state.stock) == 87
    assert state.waste == ()
    assert state.redeals_left == 1


GOLDEN = {
    1: (
        """\
Odd and Even
Foundations:  AC  AD  AH  AS |  2C  2D  2H  2S
Reserve:
   6H  7H  JC
   8C  KS  7D
   6S  8C  6C
Stock: 87 cards   Waste: (empty)   Redeals left: 1""",
        "9C 5C 10H KD JH",
        "7S",
    ),
    2: (
        """\
Odd and Even
Foundations:  AC  AD  AH  AS |  2C  2D  2H  2S
Reserve:
  10D  6H  JS
   QS  5H  3D
   7C  4S  KH
Stock: 87 cards   Waste: (empty)   Redeals left: 1""",
        "KC 6D 4C 9C 6D",
        "9H",
    ),
    3: (
        """\
Odd and Even
Foundations:  AC  AD  AH  AS |  2C  2D  2H  2S
Reserve:
   8C  QS  4D
   JC  7C 10S
   4S  JS  9H
Stock: 87 cards   Waste: (empty)   Redeals left: 1""",
        "3S 5S 10D 4H 3C",
        "10C",
    ),
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_golden_deals(deal: int) -> None:
    # Checked by hand against the deck orders of deals 1-3 (first cards
    # 6H 7H JC 8C KS 7D 6S 8C 6C 9C 5C ..., 10D AH 6H JS 2D QS 5H 3D 7C AC AS
    # 4S KH 2C KC ..., 8C QS 4D JC 7C 10S 4S AD JS 9H AS 3S AC 5S ...): the
    # bases are taken out wherever they are, the next nine cards fill the
    # cells row by row, and the stock keeps the order of the rest.
    check_golden(GAME, deal, *GOLDEN[deal])


# -- play --------------------------------------------------------------------


def test_cells_and_the_waste_top_play_to_the_foundations() -> None:
    state = position(BASES, (pr.Card.from_str("3C"), *DEAD_CELLS[1:]), waste=cards("9H 4D"))
    assert state.legal_moves() == (
        pr.Move.to_foundation(pr.Place(CELL, 0), 0),
        pr.Move.to_foundation(pr.Place(pr.PileKind.WASTE), 5),
        DRAW,
    )


def test_both_foundations_of_a_suit_may_take_a_card() -> None:
    # The Ace foundation of clubs wants 3C; the Deuce foundation, at
    # 2 4 6 8 10 Q A, wants 3C too: two distinct moves.
    heights = [1, 1, 1, 1, 7, 1, 1, 1]
    state = position(heights, (pr.Card.from_str("3C"), *DEAD_CELLS[1:]))
    assert state.legal_moves()[:2] == (
        pr.Move.to_foundation(pr.Place(CELL, 0), 0),
        pr.Move.to_foundation(pr.Place(CELL, 0), 4),
    )


def test_the_sequences_wrap_around() -> None:
    # Deuce foundation at ... 10 Q takes the Ace; Ace foundation at ... J K takes the Deuce.
    heights = [7, 1, 1, 1, 6, 1, 1, 1]
    state = position(heights, cards("AC 2C 7H 7H 9D 9D 9H 9S 9S"))
    assert state.legal_moves()[:2] == (
        pr.Move.to_foundation(pr.Place(CELL, 0), 4),
        pr.Move.to_foundation(pr.Place(CELL, 1), 0),
    )


def test_an_empty_cell_is_filled_from_the_waste_top() -> None:
    state = position(BASES, (pr.Card.from_str("3C"), *DEAD_CELLS[1:]), waste=cards("9H KD"))
    after = state.apply(pr.Move.to_foundation(pr.Place(CELL, 0), 0))
    assert after.cells == (pr.Card.from_str("KD"), *DEAD_CELLS[1:])
    assert after.waste == cards("9H")
    assert after.stock == state.stock


def test_an_empty_cell_is_filled_from_the_stock_when_the_waste_is_empty() -> None:
    state = position(
        BASES, (*DEAD_CELLS[:4], pr.Card.from_str("3C"), *DEAD_CELLS[5:]), stock_top=cards("QH 8D")
    )
    after = state.apply(pr.Move.to_foundation(pr.Place(CELL, 4), 0))
    assert after.cells == (*DEAD_CELLS[:4], pr.Card.from_str("QH"), *DEAD_CELLS[5:])
    assert after.waste == ()
    assert after.stock == state.stock[:-1]
    assert after.stock[-1] == pr.Card.from_str("8D")


def test_a_cell_stays_empty_when_stock_and_waste_are_empty() -> None:
    # Everything home but two cards: QS in a cell, KS (last on the Deuce
    # foundation of spades) in another.
    heights = [13, 13, 13, 12, 13, 13, 13, 12]
    state = position(heights, (*cards("QS KS"), *[None] * 7), stock=False)
    assert state.stock == ()
    assert state.waste == ()
    after = state.apply(pr.Move.to_foundation(pr.Place(CELL, 0), 3))
    assert after.cells == (None, pr.Card.from_str("KS"), *[None] * 7)
    won = after.apply(pr.Move.to_foundation(pr.Place(CELL, 1), 7))
    assert won.is_won
    assert won.is_over
    assert won.cards_home == 104
    assert str(won).endswith("Game over: won")


def test_the_draw_turns_the_top_stock_card_onto_the_waste() -> None:
    state = GAME.deal(1)
    after = state.apply(DRAW)
    assert after.waste == cards("9C")
    assert after.stock == state.stock[:-1]
    assert after.cells == state.cells


def test_cards_move_only_to_the_foundations() -> None:
    state = position(BASES, DEAD_CELLS, waste=cards("3C"))
    for move in (
        pr.Move(pr.Place(CELL, 0), pr.Place(CELL, 1)),
        pr.Move(pr.Place(pr.PileKind.WASTE), pr.Place(CELL, 0)),
        pr.Move(pr.Place(CELL, 0), pr.Place(pr.PileKind.WASTE)),
        pr.Move(pr.Place(pr.PileKind.FOUNDATION, 0), pr.Place(CELL, 0)),
        pr.Move.to_foundation(pr.Place(CELL, 0), 0),  # 7H is not 3C
        pr.Move.to_middle(pr.Place(pr.PileKind.WASTE)),  # no middle
    ):
        with pytest.raises(pr.IllegalMoveError):
            state.apply(move)


def test_one_redeal_keeps_the_order_and_there_is_no_second() -> None:
    state = GAME.deal(1)
    first_pass = state.stock[::-1]
    while state.stock:
        state = state.apply(DRAW)
    assert state.waste == first_pass
    assert REDEAL in state.legal_moves()
    state = state.apply(REDEAL)
    assert state.waste == ()
    assert state.redeals_left == 0
    assert state.stock[::-1] == first_pass  # the first card to the waste is turned first
    while state.stock:
        state = state.apply(DRAW)
    assert REDEAL not in state.legal_moves()
    with pytest.raises(pr.IllegalMoveError, match="no redeal is left"):
        state.apply(REDEAL)


def test_over_when_no_move_is_left_and_lost_with_cards_out() -> None:
    state = position(BASES, DEAD_CELLS, redeals_used=1, stock=False)
    assert state.legal_moves() == ()
    assert state.is_over
    assert not state.is_won
    assert str(state).endswith("Game over: lost")
    assert position(BASES, DEAD_CELLS, redeals_used=0, stock=False).legal_moves() == (REDEAL,)


def test_the_command_line_lists_and_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    from patience_rules.cli import main

    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert any(line.startswith("odd-and-even ") for line in listed.splitlines())
    assert main(["show", "odd-and-even", "--deal", "2"]) == 0
    assert capsys.readouterr().out == GOLDEN[2][0] + "\n"
