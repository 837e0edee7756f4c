"""Klondike, clause by clause of the rules, with the library's documented decisions."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import patience_rules as pr
from patience_rules import (
    HIDDEN_CARD,
    Card,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    Move,
    Observer,
    Rank,
    Runs,
    Shuffle,
    State,
    Suit,
    move_from_text,
    state_to_text,
)

from .helpers import cards, legal, move, play

GAME = pr.get_game("klondike")
DRAW_3 = pr.get_game("klondike", draw=3)
BACK = pr.get_game("klondike", foundation_back=True)


def position(
    *columns: str,
    stock: str = "",
    waste: str = "",
    home: str | None = None,
    rules: pr.GameRules = GAME,
    redeals_used: int = 0,
) -> State:
    """A position from text, checked by ``make_state`` like any other.

    Up to seven columns, bottom card first, face-down cards in brackets
    (``"[4C] [9D] QH"``); the stock and the waste bottom card first (the
    stock's last card is drawn next).  ``home``: the top card of each
    started foundation (every card of its suit up to it is home); by
    default each suit is home up to the card below its lowest card placed
    elsewhere.  The cards left over go face down where a column says
    ``[*]`` (as many as it may hold), then under the stock.
    """
    texts = [*columns, *[""] * (7 - len(columns))]
    placed = {
        Card.from_str(word.strip("[]"))
        for text in [*texts, stock, waste]
        for word in text.split()
        if word != "[*]"
    }
    heights = [0, 0, 0, 0]
    if home is None:
        for suit in Suit:
            heights[suit] = min((c.rank for c in placed if c.suit is suit), default=14) - 1
    else:
        for top in cards(home):
            heights[top.suit] = top.rank
    homed = {Card(Rank(r), Suit(s)) for s in range(4) for r in range(1, heights[s] + 1)}
    rest = [card for card in GAME.deck() if card not in placed | homed]
    piles: list[tuple[Card, ...]] = []
    face_down: list[int] = []
    for i, text in enumerate(texts):
        words = text.split()
        down = sum(word.startswith("[") and word != "[*]" for word in words)
        column = [Card.from_str(word.strip("[]")) for word in words if word != "[*]"]
        if "[*]" in words:
            take = min(i - down, len(rest))
            column[:0], rest = rest[:take], rest[take:]
            down += take
        piles.append(tuple(column))
        face_down.append(down)
    return rules.make_state(
        stock=[*rest, *cards(stock)],
        waste=cards(waste),
        columns=piles,
        foundation_heights=heights,
        face_down=face_down,
        redeals_used=redeals_used,
    )


# -- the parts and the deal -------------------------------------------------------


def test_registered_with_its_options() -> None:
    assert pr.klondike() == GAME
    assert pr.klondike(draw=3) == DRAW_3
    assert pr.get_game("klondike", redeals=2) == pr.klondike(redeals=2)
    assert pr.klondike(foundation_back=True) == BACK
    assert "klondike" in pr.game_names()
    assert pr.GameRules.from_dict(DRAW_3.to_dict()) == DRAW_3
    assert pickle.loads(pickle.dumps(BACK.deal(4))) == BACK.deal(4)


BACK_WORDS = " A foundation's top card may move back to a column."


@pytest.mark.parametrize(
    ("options", "recorded", "said"),
    [
        ({}, (), "Draw 1 card at a time; any number of redeals."),
        ({"draw": 1, "redeals": None}, (), "Draw 1 card at a time; any number of redeals."),
        ({"draw": 3}, (("draw", 3),), "Draw 3 cards at a time; any number of redeals."),
        ({"redeals": 0}, (("redeals", 0),), "Draw 1 card at a time; 0 redeals."),
        ({"redeals": 1}, (("redeals", 1),), "Draw 1 card at a time; 1 redeal."),
        ({"redeals": 1000}, (("redeals", 1000),), "Draw 1 card at a time; 1000 redeals."),
        (
            {"foundation_back": True},
            (("foundation_back", True),),
            "Draw 1 card at a time; any number of redeals." + BACK_WORDS,
        ),
        (
            {"redeals": 2, "foundation_back": True, "draw": 3},
            (("draw", 3), ("foundation_back", True), ("redeals", 2)),
            "Draw 3 cards at a time; 2 redeals." + BACK_WORDS,
        ),
    ],
)
def test_the_options_are_recorded_and_described(
    options: dict[str, Any], recorded: tuple[tuple[str, object], ...], said: str
) -> None:
    rules = pr.klondike(**options)
    assert rules.options == recorded
    assert rules.description.endswith("fills an empty column. " + said)
    assert (rules.stock.draw, rules.stock.redeals) == (
        options.get("draw", 1),
        options.get("redeals"),
    )
    assert all(part.playable is bool(options.get("foundation_back")) for part in rules.foundations)


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"redeals": 1001}, "redeals is a whole number from 0 to 1000, or None for no limit"),
        ({"draw": 2}, "draw is 1 or 3, got 2"),
        ({"draw": True}, "draw is 1 or 3, got True"),
        ({"redeals": -1}, "redeals is a whole number from 0 to 1000, or None for no limit"),
        ({"redeals": 1.5}, "got 1.5"),
        ({"foundation_back": "yes"}, "foundation_back is True or False"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRulesError, match=words.replace("(", r"\(").replace(")", r"\)")):
        pr.klondike(**options)  # type: ignore[arg-type]


def test_one_deck_and_four_foundations_started_by_their_aces() -> None:
    assert GAME.decks == 1 and len(GAME.deck()) == 52
    assert [f.suit for f in GAME.foundations] == list(Suit)
    for foundation in GAME.foundations:
        assert str(foundation.sequence) == "A 2 3 4 5 6 7 8 9 10 J Q K"
        assert not foundation.laid_out  # started during play
        assert not foundation.playable  # nothing comes back (the option aside)
    assert GAME.deal(5).foundation_heights == (0, 0, 0, 0)
    assert GAME.shuffle is Shuffle.LIBRARY
    assert GAME.deal(5) == GAME.deal_from(pr.shuffled_deck(pr.standard_deck(), 5))


def test_column_k_is_dealt_k_cards_in_rows_only_its_top_card_face_up() -> None:
    order = GAME.deck_order(9)
    state = GAME.deal_from(order)
    assert [len(column) for column in state.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert state.face_down == (0, 1, 2, 3, 4, 5, 6)
    # Row 1 gives a card to each of columns 1-7, row 2 to columns 2-7, ...
    assert [column[0] for column in state.columns] == list(order[:7])
    assert [column[1] for column in state.columns[1:]] == list(order[7:13])
    assert state.columns[6] == tuple(order[i] for i in (6, 12, 17, 21, 24, 26, 27))
    # The other 24 cards are the stock, the next card of the deck order on top.
    assert tuple(reversed(state.stock)) == order[28:]
    assert state.waste == () and state.redeals_used == 0


# Deals 1-3 pinned: the picture (face-down cards hidden) and the notation, which
# writes every card (face-down cards before the bar, the stock bottom card first).
GOLDEN = {
    1: (
        "7D|## 6D|## ## 2D|## ## ## 2C|## ## ## ## KH|## ## ## ## ## JS|## ## ## ## ## ## 8S",
        "klondike -/-/-/- |7D/9C|6D/4D9S|2D/8HJCJH|2C/8D5D5HAD|KH/5SKD7H6S10H|JS/"
        "JD3C4HKC10S10D|8S 7S9H2S3H10C8C2H4CAC3S3D9DQDQHQS6HKSAH5CAS7C6C4SQC - 0",
    ),
    2: (
        "QH|## 10D|## ## 7D|## ## ## JD|## ## ## ## 2S|## ## ## ## ## QD|## ## ## ## ## ## 8H",
        "klondike -/-/-/- |QH/3S|10D/4CAC|7D/5H6C6H|JD/7H7SJH8C|2S/2D3C10C4D4H|QD/"
        "KHQC9S5SAD6S|8H 9H8D2C3DKD8SKSQS10S5D10H9C4S7C2HKCAHJC5CASJS6D9D3H - 0",
    ),
    3: (
        "AD|## AH|## ## 6S|## ## ## JD|## ## ## ## 4C|## ## ## ## ## 6H|## ## ## ## ## ## 8S",
        "klondike -/-/-/- |AD/3D|AH/7S3H|6S/QSJC5C|JD/9SKSQC4S|4C/2CQHKHAC2H|6H/"
        "5S6CKD8H8C8D|8S 10CJH4H2D7CQD10S2S3C10H5HASKC4D10DJS9H5D7H7D6D9D3S9C - 0",
    ),
}


@pytest.mark.parametrize("number", sorted(GOLDEN))
def test_golden_deals(number: int) -> None:
    picture, text = GOLDEN[number]
    state = GAME.deal(number)
    lines = str(state).splitlines()
    assert lines[:3] == ["Klondike", "Foundations:  --  --  --  --", "Tableau (top card last):"]
    assert "|".join(line.split(": ", 1)[1] for line in lines[3:10]) == picture
    assert lines[10] == "Stock: 24 cards   Waste: (empty)   Redeals left: any number"
    assert state_to_text(state) == text
    assert pr.state_from_text(text) == state


def test_deal_1_opens_with_the_seven_of_diamonds_onto_the_eight_of_spades() -> None:
    state = GAME.deal(1)
    assert legal(state) == {"T1-T7", "draw"}
    after = play(state, "T1-T7")
    assert after.columns[0] == () and after.columns[6][-2:] == tuple(cards("8S 7D"))
    assert after.face_down[6] == 6  # the 8S was face up already


# -- the foundations ------------------------------------------------------------------


def test_an_ace_starts_its_foundation_and_the_suit_builds_up_to_the_king() -> None:
    state = position("AH", "2H", "[QC] KH", stock="3H")
    assert state.foundation_heights == (11, 13, 0, 13)
    assert "T1-F3" in legal(state)
    assert "T2-F3" not in legal(state)  # the 2H waits for its Ace
    state = play(state, "T1-F3", "T2-F3")
    assert state.foundations[2] == tuple(cards("AH 2H"))
    with pytest.raises(
        IllegalMoveError, match=r"foundation 3 .* does not take KH .*: it takes 3H next"
    ):
        state.apply(move_from_text("T3-F3", state))
    with pytest.raises(
        IllegalMoveError, match=r"foundation 1 .* does not take KH .*: it takes QC next"
    ):
        state.apply(move_from_text("T3-F1", state))  # another suit's foundation
    state = play(state, "draw", "W-F3")
    assert state.foundation_heights == (11, 13, 3, 13)
    assert state.foundations[2] == tuple(cards("AH 2H 3H"))


def test_only_the_waste_top_and_column_tops_go_home() -> None:
    # The 2C lies under the waste top and the AD under a column's top card.
    state = position("", "[AD] QS", "[7H] AC", "", "[*] 10S", "[*] JS", "[*] KS", waste="2C 9S")
    moves = legal(state)
    assert {"T3-F1", "W-F4"} <= moves
    assert not {"T2-F2", "W-F1"} & moves
    state = play(state, "T3-F1")
    assert "W-F1" not in legal(state)
    state = play(state, "W-F4")
    assert "W-F1" in legal(state)


def test_a_king_completes_a_foundation_and_every_card_home_wins() -> None:
    state = position(waste="KS", home="KC KD KH QS")
    assert not state.is_won and "W-F4" in legal(state)
    won = play(state, "W-F4")
    assert won.is_won and won.is_over and won.cards_home == 52
    assert won.legal_moves() == ()
    assert str(won).endswith("Game over: won")


def test_lost_when_no_move_is_left_with_cards_out() -> None:
    # The QC is the waste top, the JC it waits for lies under it, and no redeal is left.
    rules = pr.get_game("klondike", redeals=0)
    state = position(waste="JC KC QC", home="10C KD KH KS", rules=rules)
    assert state.legal_moves() == () and state.is_over and not state.is_won
    assert str(state).endswith("Game over: lost")
    # With redeals the same cards go round again.
    again = position(waste="JC KC QC", home="10C KD KH KS")
    assert legal(again) == {"redeal"}


# -- building on the tableau ----------------------------------------------------------


def test_the_waste_top_builds_down_in_alternate_colours() -> None:
    state = position("10S", "10C", "10D", "9S", "JH", waste="9H", home="8C 8D 8H 8S")
    assert {m for m in legal(state) if m.startswith("W-T")} == {"W-T1", "W-T2"}
    with pytest.raises(
        IllegalMoveError, match=r"9H does not go on 10D \(one rank lower, in the other colour\)"
    ):
        state.apply(move_from_text("W-T3", state))
    with pytest.raises(IllegalMoveError, match="9H does not go on 9S"):
        state.apply(move_from_text("W-T4", state))
    with pytest.raises(IllegalMoveError, match="9H does not go on JH"):
        state.apply(move_from_text("W-T5", state))
    after = play(state, "W-T2")
    assert after.columns[1] == tuple(cards("10C 9H")) and after.waste == ()


def test_a_run_moves_from_any_of_its_face_up_cards() -> None:
    state = position("10C", "9D", "8D", "6C", "KS", "[2C] [5D] 9H 8S 7D")
    moves = legal(state)
    # The whole run onto 10C, its top two onto 9D, its top card not onto 8D (red).
    assert {"T6-T1:3", "T6-T2:2", "T4-T6", "T5-T7"} <= moves
    assert not {"T6-T3", "T6-T1", "T6-T1:2", "T6-T2"} & moves
    after = play(state, "T6-T2:2")
    assert after.columns[5] == tuple(cards("2C 5D 9H"))
    assert after.columns[1] == tuple(cards("9D 8S 7D"))
    assert after.face_down[5] == 2  # the 9H was face up: nothing turns


def test_a_run_never_starts_at_a_face_down_card() -> None:
    state = position("JS", "[10D] 9S 8H", "10H")
    assert "T2-T3:2" in legal(state)
    assert not any(m.startswith("T2-T1") for m in legal(state))  # 10D would fit on JS
    with pytest.raises(IllegalMoveError, match="Tableau column 2 has fewer than 3 face-up cards"):
        state.apply(Move.to_column(pr.Place(pr.PileKind.COLUMN, 1), 0, count=3))


def test_runs_move_as_one_move_with_no_limit() -> None:
    assert GAME.tableau is not None and GAME.tableau.runs is Runs.ANY
    run = "KS QH JC 10D 9S 8H 7C 6D 5S 4H 3C 2D"
    state = position(run, "[4D] KD", "", "", "", "", "[*] QD")
    assert "T1-T3:12" in legal(state)
    after = play(state, "T1-T3:12")
    assert after.columns[2] == tuple(cards(run)) and after.columns[0] == ()


def test_only_a_king_or_a_run_headed_by_a_king_goes_into_an_empty_column() -> None:
    state = position("JS", "[3C] KD", "", "[6C] QD", "[4C] KH QS JH", waste="KC")
    moves = legal(state)
    assert {"T5-T3:3", "T2-T3", "W-T3"} <= moves
    assert not {"T5-T3:2", "T5-T3", "T4-T3", "T1-T3"} & moves
    with pytest.raises(IllegalMoveError, match="only a King goes into an empty column, not QD"):
        state.apply(move_from_text("T4-T3", state))
    with pytest.raises(IllegalMoveError, match="only a King goes into an empty column, not QS"):
        state.apply(Move.to_column(pr.Place(pr.PileKind.COLUMN, 4), 2, count=2))


def test_a_king_at_the_bottom_of_a_column_may_move_to_another_empty_column() -> None:
    # A documented decision: the move is listed, though it changes nothing that matters.
    state = position("KH", "", home="QC QD QH QS")
    assert {"T1-T2", "T1-T7", "T1-F3"} <= legal(state)
    assert play(state, "T1-T2").columns[:2] == ((), tuple(cards("KH")))


def test_a_face_down_card_that_becomes_the_top_turns_face_up_at_once() -> None:
    state = position("10S", "", "[2C] 9D", "[4C] [8S] KH QS", "[5D] AH", "[*] 3H", "[*] 4H")
    state = play(state, "T4-T2:2")
    assert state.columns[3] == tuple(cards("4C 8S")) and state.face_down[3] == 1
    assert str(state).splitlines()[6] == "   4: ## 8S"
    state = play(state, "T3-T1")  # the 9D onto the 10S uncovers the 2C
    assert state.face_down[2] == 0 and state.columns[2] == tuple(cards("2C"))
    state = play(state, "T5-F3")  # a move home turns the card under it too
    assert state.face_down[4] == 0 and state.columns[4] == tuple(cards("5D"))


def test_a_face_down_top_card_is_no_state() -> None:
    with pytest.raises(InvalidDealError, match="top card is face up"):
        position("", "", "[4C] [8S]")
    with pytest.raises(InvalidDealError, match="T2 is dealt 1 card face down"):
        position("", "[4C] [8S] KH")


def test_an_emptied_column_has_no_face_down_cards() -> None:
    state = position("AC", "[4H] KS")
    state = play(state, "T1-F1")
    assert state.columns[0] == () and state.face_down[:2] == (0, 1)


# -- the stock, the waste and the redeals -------------------------------------------


def test_draw_one_turns_the_top_stock_card_onto_the_waste() -> None:
    state = position("KS", stock="2C 3C 4C")
    assert GAME.stock.draw == 1
    state = play(state, "draw")
    assert state.waste == tuple(cards("4C")) and state.stock[-2:] == tuple(cards("2C 3C"))


def test_draw_three_turns_three_cards_one_at_a_time_only_the_top_one_plays() -> None:
    state = position(
        "KS",
        "[9D] 5H",
        "4S",
        "[*] QH",
        "[*] QD",
        "[*] JH",
        "[*] JD",
        stock="2C 3C 4D",
        rules=DRAW_3,
    )
    state = play(state, "draw")
    assert state.waste == tuple(cards("4D 3C 2C"))
    # The 4D reached the waste first and lies under the others: only the 2C plays.
    assert "W-F1" in legal(state)
    assert "W-T2" not in legal(state)
    with pytest.raises(IllegalMoveError, match="2C does not go on 5H"):
        state.apply(move_from_text("W-T2", state))


def test_draw_three_with_fewer_than_three_cards_left_turns_what_is_left() -> None:
    state = position("KS", home="QC QD JH QS", rules=DRAW_3)
    assert state.stock == tuple(cards("KC KD QH KH"))
    state = play(state, "draw")
    assert state.waste == tuple(cards("KH QH KD")) and state.stock == tuple(cards("KC"))
    state = play(state, "draw")
    assert state.stock == () and state.waste == tuple(cards("KH QH KD KC"))
    assert "draw" not in legal(state) and "redeal" in legal(state)


def test_the_redeal_turns_the_waste_over_without_shuffling() -> None:
    state = position("KS", stock="2C 3C 4C")
    stock = state.stock
    while state.stock:
        state = play(state, "draw")
    assert state.waste == stock[::-1]
    assert "redeal" in legal(state)
    state = play(state, "redeal")
    assert state.waste == () and state.stock == stock
    state = play(state, "draw")
    assert state.waste == tuple(cards("4C"))  # the card that went onto the waste first


def test_a_redeal_needs_an_empty_stock_and_cards_on_the_waste() -> None:
    state = position("KS", stock="2C", waste="3C")
    assert "redeal" not in legal(state)
    with pytest.raises(IllegalMoveError, match="the stock still has cards"):
        state.apply(Move.redeal())
    empty = position("KS", home="KC KD KH QS")
    assert "redeal" not in legal(empty) and "T1-F4" in legal(empty)
    with pytest.raises(IllegalMoveError, match="the waste is empty"):
        empty.apply(Move.redeal())


def test_redeals_are_unlimited_by_default() -> None:
    start = position("KS", stock="QC", home="JC KD KH QS")
    assert start.stock == tuple(cards("KC QC"))
    assert GAME.stock.redeals is None and start.redeals_left is None
    state = start
    for _ in range(100):
        state = play(state, "draw", "draw", "redeal")
    # With no limit nothing is counted, so the position comes round exactly.
    assert state.redeals_used == 0 and state == start
    assert "Redeals left: any number" in str(state)


@pytest.mark.parametrize("limit", [0, 1, 2])
def test_a_redeal_limit_allows_that_many_redeals(limit: int) -> None:
    rules = pr.get_game("klondike", redeals=limit)
    state = position("KS", stock="QC", home="JC KD KH QS", rules=rules)
    for used in range(limit):
        state = play(state, "draw", "draw")
        assert state.redeals_left == limit - used
        state = play(state, "redeal")
        assert state.redeals_used == used + 1
    state = play(state, "draw", "draw")
    assert "redeal" not in legal(state) and state.redeals_left == 0
    if limit:
        with pytest.raises(IllegalMoveError, match=f"no redeal is left .the rules allow {limit}"):
            state.apply(Move.redeal())
    else:
        with pytest.raises(IllegalMoveError, match="this game has no redeal"):
            state.apply(Move.redeal())


# -- the foundation-back option ---------------------------------------------------------


def test_no_card_leaves_a_foundation_by_default() -> None:
    state = position("10S", "", "[*] 10H")
    assert state.foundation_heights == (13, 13, 9, 9)
    assert not any(m.startswith("F") for m in legal(state))
    with pytest.raises(IllegalMoveError, match="Klondike never moves a card from foundation 3"):
        state.apply(Move.to_column(pr.Place(pr.PileKind.FOUNDATION, 2), 0))


def test_with_foundation_back_a_foundation_top_card_goes_back_to_a_column() -> None:
    state = position("10S", "", "[*] 10H", rules=BACK)
    back = {m for m in legal(state) if m.startswith("F")}
    # 9H onto 10S, 9S onto 10H, either King into an empty column.
    assert {"F3-T1", "F4-T3", "F1-T2", "F2-T2"} <= back
    assert not {"F3-T3", "F4-T1", "F3-T2"} & back
    after = play(state, "F3-T1")
    assert after.columns[0] == tuple(cards("10S 9H"))
    assert after.foundations[2][-1] == Card.from_str("8H")
    assert "T1-F3" in legal(after)  # and it may go home again
    with pytest.raises(IllegalMoveError, match="9H does not go on 10H"):
        state.apply(Move.to_column(pr.Place(pr.PileKind.FOUNDATION, 2), 2))


# -- what a player sees -------------------------------------------------------------


def test_the_observer_hides_face_down_cards_and_the_stock() -> None:
    state = GAME.deal(1)
    observer = Observer(GAME)
    seen = observer.observe(state)
    assert seen.columns[1] == (None, Card.from_str("6D"))
    assert seen.columns[6] == (*([None] * 6), Card.from_str("8S"))
    assert seen.stock_size == 24 and seen.redeals_left is None  # no limit
    field = observer.field("columns")
    vector = observer.vector(state)
    per_column = field.length // 7
    second = vector[field.offset + per_column : field.offset + 2 * per_column]
    assert second[:3] == (pr.card_code(Card.from_str("6D")), HIDDEN_CARD, pr.NO_CARD)
    # A deal that differs only in its face-down cards and its stock's order looks the same.
    parts = state.parts()
    columns = [list(column) for column in parts["columns"]]
    columns[6][0], columns[5][0] = columns[5][0], columns[6][0]
    other = GAME.make_state(
        stock=parts["stock"][::-1],
        columns=columns,
        face_down=parts["face_down"],
        foundation_heights=[0] * 4,
    )
    assert other != state
    assert observer.observe(other) == seen and observer.vector(other) == vector


def test_a_turned_card_is_seen() -> None:
    state = position("", "", "", "[4C] [8S] KH QS")
    observer = Observer(GAME)
    assert observer.observe(state).columns[3] == (None, None, *cards("KH QS"))
    after = play(state, "T4-T1:2")
    assert observer.observe(after).columns[3] == (None, Card.from_str("8S"))
    assert observer.observe(after).columns[0] == tuple(cards("KH QS"))


# -- nothing else -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("T1-W", "never moves a card from Tableau column 1 to the waste"),
        ("S-T1", "never moves a card from the stock"),
        ("W-R1", "Klondike has no reserve cells"),
        ("F1-F2", "never moves a card from foundation 1"),
    ],
)
def test_nothing_else_moves(text: str, words: str) -> None:
    state = position("10S", "9H", "", waste="KD", rules=BACK)
    with pytest.raises(pr.NotationError, match=words):
        move(state, text)
