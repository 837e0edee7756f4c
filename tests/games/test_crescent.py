"""Crescent, clause by clause of the rules, with golden deals and the shifts option."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import patience_rules as pr
from patience_rules import IllegalMoveError, Move, PileKind, Place, State, Suit

from .helpers import cards

GAME = pr.get_game("crescent")
DRAW, SHIFT = Move.draw(), Move.redeal()
BASES = cards("AC AD AH AS KC KD KH KS")
SUITS = "CDHS"


def pile(i: int) -> Place:
    return Place(PileKind.COLUMN, i)


def foundation(f: int) -> Place:
    return Place(PileKind.FOUNDATION, f)


def heights(**suits: tuple[int, int]) -> list[int]:
    """Foundation heights: every suit home (13, 13) but those given as (Ace's, King's).

    ``heights(H=(13, 10))``: the Ace of hearts holds A to K, the King K to 4,
    so AH 2H 3H are out.
    """
    given = {letter: suits.get(letter, (13, 13)) for letter in SUITS}
    return [given[letter][0] for letter in SUITS] + [given[letter][1] for letter in SUITS]


def position(
    piles: Sequence[str], home: Sequence[int], *, shifts_used: int = 0, rules: pr.GameRules = GAME
) -> State:
    """Piles given as text, bottom card first (the rest of the sixteen empty)."""
    columns = [cards(text) for text in piles]
    columns += [[] for _ in range(16 - len(columns))]
    return rules.make_state(columns=columns, foundation_heights=home, redeals_used=shifts_used)


def builds(state: State) -> list[str]:
    return [str(m) for m in state.legal_moves() if m.kind is pr.MoveKind.BUILD]


# -- the game and its parts ------------------------------------------------------------


def test_registered_with_the_shifts_option() -> None:
    assert "crescent" in pr.game_names()
    assert GAME == pr.crescent() == pr.get_game("crescent", shifts=3)
    assert GAME.title == "Crescent"
    assert pr.get_game("crescent", shifts=5) == pr.crescent(shifts=5) != GAME
    # The options name the shifts where they are not the default 3, up to 100.
    assert GAME.options == ()
    for shifts in (0, 2, 4, 100):
        rules = pr.crescent(shifts=shifts)
        assert (rules.stock.redeals, rules.options) == (shifts, (("shifts", shifts),))
        assert f"Up to {shifts} shifts: the bottom card" in rules.description
    bad_values: tuple[Any, ...] = (-1, 101, True, "3", 1.5)
    for bad in bad_values:
        with pytest.raises(pr.InvalidRulesError, match="shifts is a whole number from 0 to 100"):
            pr.crescent(shifts=bad)


@pytest.mark.parametrize("shifts", [3, 0, 5])
def test_the_rules_round_trip_through_their_json_description(shifts: int) -> None:
    rules = pr.get_game("crescent", shifts=shifts)
    again = pr.GameRules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert again == rules
    assert again.deal(1) == rules.deal(1)


def test_two_decks_and_no_stock() -> None:
    assert GAME.decks == 2
    assert len(GAME.deck()) == 104
    assert GAME.layout.stock_size == 0 and not GAME.layout.has_stock
    assert GAME.reserve is None and GAME.middle is None
    state = GAME.deal(1)
    assert state.stock == () and state.waste == ()
    assert DRAW not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="this game has no stock"):
        state.apply(DRAW)
    with pytest.raises(pr.NotationError, match="Crescent has no waste"):
        pr.notation.move_from_text("W-F1", GAME)


def test_aces_build_up_and_kings_down_in_suit_all_laid_out() -> None:
    aces, kings = GAME.foundations[:4], GAME.foundations[4:]
    assert [f.suit for f in aces] == [*Suit] == [f.suit for f in kings]
    assert all(str(f.sequence) == "A 2 3 4 5 6 7 8 9 10 J Q K" for f in aces)
    assert all(str(f.sequence) == "K Q J 10 9 8 7 6 5 4 3 2 A" for f in kings)
    assert all(f.laid_out and not f.playable for f in GAME.foundations)


def test_sixteen_face_up_piles_that_build_in_suit_up_or_down_round_the_corner() -> None:
    assert GAME.tableau == pr.Tableau(
        columns=16,
        depth=6,
        refill=pr.Refill.NEVER,
        name="Piles",
        build=pr.Build(suits=pr.Suits.SAME, direction=pr.Direction.EITHER, wrap=True),
        runs=pr.Runs.NONE,
    )
    assert GAME.stock == pr.Stock(redeals=3, redeal=pr.Redeal.SHIFT)


# -- the deal -----------------------------------------------------------------------------


def test_an_ace_and_a_king_of_each_suit_come_out_then_sixteen_piles_of_six_in_rows() -> None:
    order = GAME.deck_order(5)
    state = GAME.deal_from(order)
    assert state.foundations == tuple((card,) for card in BASES)
    rest = list(order)
    for card in BASES:
        rest.remove(card)  # the first of each; the rest keep their order
    assert len(rest) == 96
    for i, card in enumerate(rest):
        assert state.columns[i % 16][i // 16] == card  # card i to pile i mod 16, row by row
    assert {len(column) for column in state.columns} == {6}
    assert state.face_down == (0,) * 16  # all face up


GOLDEN = {
    1: """\
Crescent
Foundations:  AC  AD  AH  AS |  KC  KD  KH  KS
Piles (top card last):
   1: 6H 4C 6D JH 4C 2D
   2: 7H JC 6H 2S 4D KH
   3: JC 9S 3H 9H QS QD
   4: 8C JS KC 2C QH 3H
   5: 7D 5S JS 5C 2H 8S
   6: 6S 3S 10D 9S 9D QC
   7: 8C 7S 5S 5H 4H 3D
   8: 6C 8S 5D 7C QC 8D
   9: 9C 9C 2D 3C KS 10D
  10: 5C 8D 3S 6S 10C KD
  11: 10H 9D 2C 2S 7H JD
  12: JH QD 8H AH 6D 10C
  13: QS 3D 7C 10H 5D JD
  14: 10S 6C 4S 4S 5H AC
  15: 4D 7D 8H 9H AD 4H
  16: 3C AS 2H QH 10S 7S
Shifts left: 3""",
    2: """\
Crescent
Foundations:  AC  AD  AH  AS |  KC  KD  KH  KS
Piles (top card last):
   1: 10D 7C QH 2H 7D JC
   2: 6H 4D 2S QS 6H JD
   3: JS 8S AC 9D 6C 3S
   4: 2D 9H 10H 5D 7H 7D
   5: QS 7S 4D 10H 10C 4S
   6: 5H KC 10S 2S 8H 8H
   7: 3D KS 3C 5S QD KD
   8: 7C 9S 2C 3C 7S QC
   9: 4S AS 6C 3H 5C 9S
  10: 2C 4C 8S QH JC 5C
  11: 6D JH 8C 2H JD 3D
  12: 4C 10S 4H 6S 5H JS
  13: 9C 7H AH 3H AD 10D
  14: 6D QD QC 4H 5S 10C
  15: 8D 6S 5D 8D 9C KH
  16: 8C 9D 3S JH 2D 9H
Shifts left: 3""",
    3: """\
Crescent
Foundations:  AC  AD  AH  AS |  KC  KD  KH  KS
Piles (top card last):
   1: 8C 8S 5S 8D 5D 7H
   2: QS 10H 9D 3H 7D 10D
   3: 4D 5C KH 4C KS 4H
   4: JC 6S 9D 6H JH JH
   5: 7C QD 6C 3H QD QC
   6: 10S 2H 7H AD JS 9C
   7: 4S 3D 9H JD 6D 9S
   8: JS 8C 4C KD 3S AH
   9: 9H QH 3C 10H 4D 10C
  10: 3S QC 8H 6S 7C 2S
  11: 5S AC 5H 6H 7D 7S
  12: 10D 3D 2S 4S 2D 2D
  13: 4H 6D 6C 8S 8D KC
  14: 3C 5C QH 2H 9S JD
  15: 7S 5D 9C AS QS 5H
  16: 8H 2C 2C 10S JC 10C
Shifts left: 3""",
}


@pytest.mark.parametrize("deal", sorted(GOLDEN))
def test_golden_deals(deal: int) -> None:
    # Checked by hand against deal 1's deck order (6H 7H JC 8C KS 7D 6S 8C 6C
    # 9C 5C 10H KD JH AH QS 10S 4D 3C 4C JC 9S JS KC 5S 3S 7S AC 8S ...): the
    # first KS, KD, AH, KC and AC leave the order, and the rest go across the
    # piles in rows; deals 2 and 3 likewise.
    assert str(GAME.deal(deal)) == GOLDEN[deal]


# -- the foundations -----------------------------------------------------------------------


def test_the_ace_takes_the_next_rank_up_and_the_king_the_next_down_in_suit() -> None:
    # Hearts: the Ace holds A to 6 and the King K to 8; both want a 7.
    state = position(["7H", "7H", "AH 2H 3H 4H 5H 6H", "8H 9H 10H JH QH KH"], heights(H=(6, 6)))
    homes = [m for m in state.legal_moves() if m.kind is pr.MoveKind.HOME]
    assert homes == [
        Move.to_foundation(pile(0), 2),
        Move.to_foundation(pile(0), 6),
        Move.to_foundation(pile(1), 2),
        Move.to_foundation(pile(1), 6),
    ]
    up = state.apply(homes[0])
    assert up.foundations[2][-2:] == tuple(cards("6H 7H"))
    down = state.apply(homes[1])
    assert down.foundations[6][-2:] == tuple(cards("8H 7H"))
    assert up != down
    # Now the Ace wants the 8 of hearts, while the King still wants a 7.
    assert [m for m in up.legal_moves() if m.kind is pr.MoveKind.HOME] == [
        Move.to_foundation(pile(1), 6),
    ]
    with pytest.raises(
        IllegalMoveError,
        match=r"foundation 3 \(hearts .*\) does not take 7H .* "
        "it takes 8H next",
    ):
        up.apply(Move.to_foundation(pile(1), 2))


def test_foundations_are_locked_to_their_suit_and_end_at_13_cards() -> None:
    # Spades: the Ace holds A to Q, the King K to A (full); only KS is out.
    state = position(["KS"], heights(S=(12, 13)))
    assert state.legal_moves() == (Move.to_foundation(pile(0), 3),)
    with pytest.raises(
        IllegalMoveError, match=r"foundation 8 .* does not take KS .* it is complete"
    ):
        state.apply(Move.to_foundation(pile(0), 7))
    with pytest.raises(IllegalMoveError, match="does not take KS"):
        state.apply(Move.to_foundation(pile(0), 2))  # hearts


# -- the piles ---------------------------------------------------------------------------------


def test_a_top_card_builds_on_its_suit_one_rank_up_or_down() -> None:
    # Hearts and diamonds A to 6 are out (their Kings hold K to 7).
    state = position(
        ["5H", "6H", "4H", "6D", "AH 2H 3H", "AD 2D 3D 4D 5D"], heights(H=(13, 7), D=(13, 7))
    )
    from_first = [m for m in builds(state) if m.startswith("T1-")]
    assert from_first == ["T1-T2", "T1-T3"]  # onto 6H and 4H; not 6D, 3H or 5D
    after = state.apply(Move.to_column(pile(0), 1))
    assert after.columns[:2] == ((), tuple(cards("6H 5H")))
    assert after.columns[2] == tuple(cards("4H"))


def test_building_wraps_king_on_ace_and_ace_on_king() -> None:
    # Spades: the Ace holds A to Q, the King K to 2; an Ace and a King are out.
    state = position(["AS", "KS"], heights(S=(12, 12)))
    assert builds(state) == ["T1-T2", "T2-T1"]
    assert state.apply(Move.to_column(pile(0), 1)).columns[1] == tuple(cards("KS AS"))
    assert state.apply(Move.to_column(pile(1), 0)).columns[0] == tuple(cards("AS KS"))


def test_only_the_top_card_moves_one_at_a_time() -> None:
    # 3H would go home (the King of hearts holds K to 4) but lies under 2H.
    state = position(["3H 2H", "AH"], heights(H=(13, 10)))
    assert state.legal_moves() == (Move.to_column(pile(0), 1), Move.to_column(pile(1), 0), SHIFT)
    two = Move.to_column(pile(0), 1, count=2)
    with pytest.raises(IllegalMoveError, match="never moves 2 cards"):
        state.apply(two)
    after = state.apply(Move.to_column(pile(0), 1))
    assert after.legal_moves()[0] == Move.to_foundation(pile(0), 6)  # now 3H is the top


def test_an_emptied_pile_stays_empty() -> None:
    state = position(["3H", "2H AH"], heights(H=(13, 10)))
    state = state.apply(Move.to_foundation(pile(0), 6))
    assert state.columns[0] == ()
    assert state.legal_moves() == (SHIFT,)  # AH does not go into the empty pile
    with pytest.raises(
        IllegalMoveError, match="Piles column 1 is empty, and an empty column stays empty"
    ):
        state.apply(Move.to_column(pile(1), 0))
    shifted = state.apply(SHIFT)
    assert shifted.columns[:2] == ((), tuple(cards("AH 2H")))  # the shift does not fill it
    won = shifted.apply(Move.to_foundation(pile(1), 6)).apply(Move.to_foundation(pile(1), 6))
    assert won.is_won and won.cards_home == 104


def test_no_moves_off_the_foundations() -> None:
    state = GAME.deal(1)
    assert all(m.source.kind is PileKind.COLUMN for m in state.legal_moves() if m != SHIFT)
    with pytest.raises(IllegalMoveError, match="never moves a card from foundation 1"):
        state.apply(Move.to_column(foundation(0), 0))
    with pytest.raises(IllegalMoveError, match="never moves a card from foundation 1"):
        state.apply(Move.to_foundation(foundation(0), 4))


# -- the shift -----------------------------------------------------------------------------------


def test_a_shift_puts_the_bottom_card_of_every_pile_of_two_or_more_on_top() -> None:
    # Clubs A to 9 are out (the King of clubs holds K to 10).
    state = position(["AC 2C 3C 4C 5C 6C", "7C 8C", "9C"], heights(C=(13, 4)))
    assert state.legal_moves()[-1] == SHIFT
    shifted = state.apply(SHIFT)
    assert shifted.columns[:4] == (
        tuple(cards("2C 3C 4C 5C 6C AC")),
        tuple(cards("8C 7C")),
        tuple(cards("9C")),  # one card: unchanged
        (),
    )
    # One move: the foundations are as they were, and one shift is used.
    assert shifted.foundations == state.foundations
    assert (shifted.redeals_used, shifted.redeals_left) == (1, 2)
    assert str(SHIFT) == "redeal"
    assert pr.notation.move_from_text("shift", GAME) == SHIFT


def test_the_shift_is_there_at_any_time_three_times_in_all() -> None:
    state = GAME.deal(1)
    assert len(state.legal_moves()) > 1 and state.legal_moves()[-1] == SHIFT
    for used in range(3):
        assert state.redeals_left == 3 - used
        before = state.columns
        state = state.apply(SHIFT)
        assert state.columns == tuple(column[1:] + column[:1] for column in before)
    assert SHIFT not in state.legal_moves()
    assert str(state).endswith("Shifts left: 0")
    with pytest.raises(IllegalMoveError, match="no redeal is left"):
        state.apply(SHIFT)


def test_a_shift_needs_a_pile_of_two_cards() -> None:
    state = position(["KS", "AS"], heights(S=(12, 12)))
    assert SHIFT not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="a shift needs a column of two or more cards"):
        state.apply(SHIFT)


def test_the_shifts_option() -> None:
    none = pr.get_game("crescent", shifts=0)
    state = none.deal(1)
    assert SHIFT not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="this game has no redeal"):
        state.apply(SHIFT)
    assert "Shifts left" not in str(state)
    assert str(state).splitlines() == GOLDEN[1].splitlines()[:-1]
    five = pr.get_game("crescent", shifts=5).deal(1)
    for _ in range(5):
        five = five.apply(SHIFT)
    assert five.redeals_left == 0 and SHIFT not in five.legal_moves()
    assert five.columns == tuple(column[5:] + column[:5] for column in GAME.deal(1).columns)


# -- the end -------------------------------------------------------------------------------------


def test_won_when_all_104_cards_are_home() -> None:
    state = position(["KH"], heights(H=(12, 13)))
    assert state.cards_home == 103 and not state.is_won
    won = state.apply(Move.to_foundation(pile(0), 2))
    assert won.is_won and won.is_over and won.cards_home == 104
    assert str(won).endswith("Game over: won")


def test_lost_when_no_move_is_left_with_cards_out() -> None:
    # The King of hearts holds K to 4 and wants 3H, which lies under AH.
    state = position(["3H 2H AH"], heights(H=(13, 10)), shifts_used=3)
    assert state.legal_moves() == ()
    assert state.is_over and not state.is_won
    assert str(state).endswith("Game over: lost")
    one_left = position(["3H 2H AH"], heights(H=(13, 10)), shifts_used=2)
    assert one_left.legal_moves() == (SHIFT,)
    assert one_left.apply(SHIFT).legal_moves()[0] == Move.to_foundation(pile(0), 6)


def test_the_command_line_shows_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    from patience_rules.cli import main

    assert main(["show", "crescent", "--deal", "1"]) == 0
    assert capsys.readouterr().out == GOLDEN[1] + "\n"
