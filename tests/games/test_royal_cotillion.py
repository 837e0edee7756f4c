"""Royal Cotillion, clause by clause of the rules."""

from __future__ import annotations

import pytest

import patience_rules as pr
from patience_rules import (
    Card,
    IllegalMoveError,
    Move,
    PileKind,
    Place,
    Rank,
    Refill,
    State,
    Suit,
)

from .helpers import cards, deck_order

GAME = pr.get_game("royal-cotillion")
BASES = cards("AC AD AH AS 2C 2D 2H 2S")
ACE_ORDER = "A 3 5 7 9 J K 2 4 6 8 10 Q"
DEUCE_ORDER = "2 4 6 8 10 Q A 3 5 7 9 J K"


def cell(i: int) -> Place:
    return Place(PileKind.CELL, i)


def column(i: int) -> Place:
    return Place(PileKind.COLUMN, i)


WASTE = Place(PileKind.WASTE)

# Twelve Ladies cards and sixteen Lords cards, none of them playable at the start
# except where a test says so.
LADIES = cards("KC KD KH KS QC QD QH QS JC JD JH JS")
LORDS = cards("10C 10D 10H 10S 9C 9D 9H 9S 8C 8D 8H 8S 7C 7D 7H 7S")


def deal(
    ladies: list[Card], lords: list[Card], stock: list[Card], rules: pr.GameRules = GAME
) -> State:
    return rules.deal_from(deck_order(rules, [*BASES, *ladies, *lords, *stock]))


# -- the parts ----------------------------------------------------------------


def test_two_decks_and_eight_suit_locked_foundations_of_thirteen() -> None:
    assert GAME.decks == 2
    assert len(GAME.deck()) == 104
    assert [f.suit for f in GAME.foundations] == [*Suit, *Suit]
    for foundation in GAME.foundations[:4]:
        assert " ".join(r.symbol for r in foundation.sequence.ranks) == ACE_ORDER
        assert foundation.laid_out
    for foundation in GAME.foundations[4:]:
        assert " ".join(r.symbol for r in foundation.sequence.ranks) == DEUCE_ORDER
        assert foundation.laid_out


def test_bases_start_on_the_foundations_and_leave_the_deck_order_first() -> None:
    order = GAME.deck_order(5)
    state = GAME.deal_from(order)
    assert [f[0] for f in state.foundations] == BASES
    assert state.foundation_heights == (1,) * 8
    # The rest keep their order: the first occurrence of each base card is removed.
    rest = list(order)
    for base in BASES:
        rest.remove(base)
    dealt = [card for row in range(3) for card in (state.columns[c][row] for c in range(4))]
    assert dealt == rest[:12]
    assert list(state.cells) == rest[12:28]
    assert tuple(reversed(state.stock)) == tuple(rest[28:])


def test_ladies_are_dealt_in_rows_the_last_row_in_front() -> None:
    ladies = cards("3C 3D 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S")
    state = deal(ladies, LORDS, [])
    assert state.columns == (
        tuple(cards("3C 4C 5C")),
        tuple(cards("3D 4D 5D")),
        tuple(cards("3H 4H 5H")),
        tuple(cards("3S 4S 5S")),
    )
    # Only the front card plays: 3C fits the Ace foundation of clubs but lies behind.
    assert all(move.source.kind is not PileKind.COLUMN for move in state.legal_moves())


def test_lords_are_dealt_cell_by_cell_and_the_stock_keeps_deck_order() -> None:
    state = deal(LADIES, LORDS, cards("6C 6D"))
    assert list(state.cells) == LORDS
    assert len(state.stock) == 68
    assert state.stock[-1] == Card.from_str("6C")  # the next card of the deck order is on top
    assert state.stock[-2] == Card.from_str("6D")
    assert state.waste == ()


def test_every_lords_card_and_only_the_ladies_front_plays() -> None:
    ladies = cards("KC KD KH KS QC QD QH QS 3C JD JH JS")  # 3C is the front of column 1
    lords = cards("10C 10D 10H 10S 9C 9D 9H 9S 8C 8D 8H 8S 7C 7D 7H 4S")  # 4S in cell 16
    state = deal(ladies, lords, [])
    assert set(state.legal_moves()) == {
        Move.to_foundation(column(0), 0),  # 3C on AC
        Move.to_foundation(cell(15), 7),  # 4S on 2S
        Move.draw(),
    }


def test_only_the_waste_top_plays() -> None:
    state = deal(LADIES, LORDS, cards("3H KC"))
    state = state.apply(Move.draw()).apply(Move.draw())
    assert state.waste == tuple(cards("3H KC"))
    assert state.legal_moves() == (Move.draw(),)  # 3H fits but lies under KC


def test_a_card_fitting_both_foundations_of_its_suit_gives_two_moves() -> None:
    # Clubs at A 3 5 7 9 J K and 2 4 6 8 10 Q A 3 5 7 9 J: the foundations want 2C and KC.
    heights = [7, 13, 13, 13, 12, 13, 13, 13]
    remaining = cards("2C 4C 6C 8C 10C QC KC")
    state = GAME.make_state(
        stock=(),
        waste=(),
        columns=((), (), (), ()),
        cells=(*remaining, *([None] * 9)),
        foundation_heights=heights,
    )
    moves = state.legal_moves()
    assert Move.to_foundation(cell(0), 0) in moves  # 2C on the Ace foundation
    assert Move.to_foundation(cell(6), 4) in moves  # KC on the Deuce foundation
    # Now make one card fit both: clubs Ace foundation at 6 (wants K), Deuce at 12 (wants K).
    heights = [6, 13, 13, 13, 12, 13, 13, 13]
    remaining = cards("KC KC 2C 4C 6C 8C 10C QC")
    state = GAME.make_state(
        columns=((), (), (), ()),
        cells=(*remaining, *([None] * 8)),
        foundation_heights=heights,
    )
    both = [m for m in state.legal_moves() if m.source == cell(0)]
    assert both == [Move.to_foundation(cell(0), 0), Move.to_foundation(cell(0), 4)]
    assert state.apply(both[0]) != state.apply(both[1])


def test_foundations_are_locked_to_their_suit_and_sequence() -> None:
    state = deal(LADIES, [*LORDS[:15], Card.from_str("3D")], [])
    legal = Move.to_foundation(cell(15), 1)  # 3D on AD
    assert legal in state.legal_moves()
    for f in (0, 2, 3, 5):  # the wrong suits; 5 is the Deuce foundation of diamonds (wants 4D)
        with pytest.raises(IllegalMoveError, match="does not take 3D"):
            state.apply(Move.to_foundation(cell(15), f))


def test_nothing_moves_between_piles_or_off_a_foundation() -> None:
    state = deal(LADIES, LORDS, cards("3H"))
    state = state.apply(Move.draw())
    for move in (
        Move(cell(0), cell(1)),
        Move(column(0), cell(0)),
        Move(WASTE, cell(0)),
        Move(cell(0), column(0)),
        Move(Place(PileKind.FOUNDATION, 0), Place(PileKind.FOUNDATION, 1)),
    ):
        with pytest.raises(IllegalMoveError):
            state.apply(move)


def test_an_emptied_ladies_column_stays_empty() -> None:
    ladies = cards("7C KD KH KS 5C QD QH QS 3C JD JH JS")  # column 1 front 3C, then 5C, 7C
    state = deal(ladies, LORDS, cards("QC 9C"))
    for _ in range(3):
        state = state.apply(Move.to_foundation(column(0), 0))
    assert state.columns[0] == ()
    assert state.foundations[0] == tuple(cards("AC 3C 5C 7C"))
    state = state.apply(Move.draw())  # a card on the waste does not refill the column
    assert state.columns[0] == ()
    assert state.waste == tuple(cards("QC"))


def test_lords_refill_from_the_waste_top_at_once() -> None:
    lords = [Card.from_str("3C"), *LORDS[1:]]  # cell 1 holds 3C, which plays on AC
    state = deal(LADIES, lords, cards("KD QD"))
    state = state.apply(Move.draw()).apply(Move.draw())
    assert state.waste == tuple(cards("KD QD"))
    state = state.apply(Move.to_foundation(cell(0), 0))
    assert state.cells[0] == Card.from_str("QD")  # the waste top took the cell
    assert state.waste == tuple(cards("KD"))


def test_with_an_empty_waste_the_lords_cell_waits_for_the_next_draw() -> None:
    lords = [Card.from_str("3C"), *LORDS[1:]]
    state = deal(LADIES, lords, cards("KD QD"))
    state = state.apply(Move.to_foundation(cell(0), 0))
    assert state.cells[0] is None  # the stock never fills a cell directly
    assert len(state.stock) == 68
    state = state.apply(Move.draw())
    assert state.cells[0] == Card.from_str("KD")  # the drawn card went to the cell at once
    assert state.waste == ()
    assert len(state.stock) == 67


def test_lowest_numbered_empty_cell_is_filled_first_while_the_waste_lasts() -> None:
    lords = [*LORDS[:3], Card.from_str("3C"), *LORDS[4:10], Card.from_str("3D"), *LORDS[11:]]
    lords[14] = Card.from_str("3H")
    state = deal(LADIES, lords, cards("KD QD"))
    # Empty cells 4, 11 and 15 (numbered from 1) with an empty waste.
    state = state.apply(Move.to_foundation(cell(14), 2))
    state = state.apply(Move.to_foundation(cell(10), 1))
    state = state.apply(Move.to_foundation(cell(3), 0))
    assert [i for i, c in enumerate(state.cells) if c is None] == [3, 10, 14]
    state = state.apply(Move.draw())
    assert state.cells[3] == Card.from_str("KD")
    assert [i for i, c in enumerate(state.cells) if c is None] == [10, 14]
    state = state.apply(Move.draw())
    assert state.cells[10] == Card.from_str("QD")
    assert state.waste == ()


def test_an_empty_cell_beside_a_waste_card_is_not_a_state() -> None:
    # The spades Deuce foundation at 10 wants 9S, then JS, then KS.
    heights = [13, 13, 13, 13, 13, 13, 13, 10]
    with pytest.raises(pr.InvalidDealError, match="Lords cell 1 is empty while the waste"):
        GAME.make_state(
            columns=((), (), (), ()),
            cells=(None,) * 16,
            waste=cards("9S JS KS"),
            foundation_heights=heights,
        )
    state = GAME.make_state(
        columns=((), (), (), ()),
        cells=(Card.from_str("9S"), Card.from_str("KS"), *([None] * 14)),
        stock=cards("JS"),
        foundation_heights=heights,
    )
    state = state.apply(Move.to_foundation(cell(0), 7))
    assert state.cells[0] is None
    state = state.apply(Move.draw())  # JS is drawn and goes straight to cell 1
    assert state.cells[0] == Card.from_str("JS")
    assert state.stock == () and state.waste == ()


def test_no_redeal_and_the_game_ends_with_no_legal_move() -> None:
    state = GAME.deal(3)
    while state.stock:
        state = state.apply(Move.draw())
    assert Move.redeal() not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="this game has no redeal"):
        state.apply(Move.redeal())
    while state.legal_moves():
        state = state.apply(state.legal_moves()[0])
    assert state.is_over
    assert state.stock == ()
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        state.apply(Move.draw())


def test_won_exactly_when_all_104_cards_are_home() -> None:
    state = GAME.make_state(
        columns=((), (), (), ()),
        cells=(Card.from_str("QS"), *([None] * 15)),
        foundation_heights=[13, 13, 13, 12, 13, 13, 13, 13],
    )
    assert not state.is_won and not state.is_over
    final = state.apply(Move.to_foundation(cell(0), 3))
    assert final.is_won and final.is_over
    assert final.cards_home == 104
    assert final.legal_moves() == ()


def test_lost_when_over_with_cards_left() -> None:
    # The spades Ace foundation at 11 wants 10S next, which lies behind QS.
    state = GAME.make_state(
        columns=((Card.from_str("10S"), Card.from_str("QS")), (), (), ()),
        cells=(None,) * 16,
        foundation_heights=[13, 13, 13, 11, 13, 13, 13, 13],
    )
    assert state.legal_moves() == ()
    assert state.is_over and not state.is_won


def test_stock_refill_option_fills_an_empty_cell_from_the_stock() -> None:
    rules = pr.royal_cotillion(stock_refill=True)
    assert rules.reserve is not None and rules.reserve.refill is Refill.FROM_WASTE_THEN_STOCK
    assert GAME.reserve is not None and GAME.reserve.refill is Refill.FROM_WASTE
    lords = [Card.from_str("3C"), *LORDS[1:]]
    state = deal(LADIES, lords, cards("KD QD"), rules=rules)
    state = state.apply(Move.to_foundation(cell(0), 0))
    assert state.cells[0] == Card.from_str("KD")  # from the stock, the waste being empty
    assert len(state.stock) == 67
    state = state.apply(Move.draw())
    assert state.waste == tuple(cards("QD"))


def test_stock_refill_prefers_the_waste() -> None:
    rules = pr.royal_cotillion(stock_refill=True)
    lords = [Card.from_str("3C"), *LORDS[1:]]
    state = deal(LADIES, lords, cards("KD QD"), rules=rules).apply(Move.draw())
    state = state.apply(Move.to_foundation(cell(0), 0))
    assert state.cells[0] == Card.from_str("KD")
    assert state.waste == ()
    assert state.stock[-1] == Card.from_str("QD")


def test_the_registry_offers_the_option_by_name_never_by_default() -> None:
    assert pr.get_game("royal-cotillion-stock-refill") == pr.royal_cotillion(stock_refill=True)
    assert pr.get_game("royal-cotillion") == pr.royal_cotillion()
    assert pr.get_game("royal-cotillion") != pr.get_game("royal-cotillion-stock-refill")
    # The option is recorded, and said in the description, where it is on.
    refill = pr.get_game("royal-cotillion-stock-refill")
    assert (GAME.options, refill.options) == ((), (("stock_refill", True),))
    cells = "sixteen Lords' cells (refilled at once from the waste{}) and from the waste top. "
    assert cells.format("") in GAME.description
    assert cells.format(", else the stock") in refill.description


def test_rank_names_in_sequences_cover_each_card_once_per_deck() -> None:
    suits = [f.suit for f in GAME.foundations]
    assert None not in suits  # every foundation is locked to a suit
    seen = [
        Card(rank, f.suit)
        for f in GAME.foundations
        for rank in f.sequence.ranks
        if f.suit is not None
    ]
    assert sorted(seen) == sorted(GAME.deck())
    assert Rank.QUEEN in GAME.foundations[0].sequence.ranks
