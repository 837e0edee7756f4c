"""FreeCell, clause by clause of the rules, with the library's documented decisions."""

from __future__ import annotations

import pickle

import pytest

import patience_rules as pr
from patience_rules import (
    Card,
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    Move,
    PileKind,
    Place,
    Rank,
    Runs,
    Shuffle,
    State,
    Suit,
)
from patience_rules.deals import microsoft_deck_order

from .helpers import cards, legal, move, play

GAME = pr.get_game("freecell")
SINGLE = pr.get_game("freecell", supermoves=False)


def position(
    *columns: str,
    cells: str = "- - - -",
    home: str | None = None,
    rules: pr.GameRules = GAME,
) -> State:
    """A position from text, checked by ``make_state`` like any other.

    Up to eight columns, bottom card first; the free cells (``-`` for an
    empty one); ``home``: the top card of each started foundation (every
    card of its suit up to it is home), by default each suit up to the card
    below its lowest card placed elsewhere.  A ``*`` in a column stands for
    a share of the cards placed nowhere else, in card order, that with the
    column's other cards is at most the cards that column is dealt.
    """
    texts = [*columns, *[""] * (8 - len(columns))]
    words = [word for text in texts for word in text.split() if word != "*"]
    placed = {Card.from_str(word) for word in words}
    placed |= {Card.from_str(word) for word in cells.split() if word != "-"}
    heights = [0, 0, 0, 0]
    if home is None:
        for suit in Suit:
            heights[suit] = min((c.rank for c in placed if c.suit is suit), default=14) - 1
    else:
        for top in cards(home):
            heights[top.suit] = top.rank
    homed = {Card(Rank(r), Suit(s)) for s in range(4) for r in range(1, heights[s] + 1)}
    rest = [card for card in GAME.deck() if card not in placed | homed]
    stars = sum(text.split().count("*") for text in texts)
    if rest and not stars:
        raise ValueError(f"place these cards, or write * in a column: {rest}")
    # A share is what is left of its column's deal: with the column's other cards, no
    # more cards than the column is dealt.
    starred = [i for i, text in enumerate(texts) for word in text.split() if word == "*"]
    depths = GAME.tableau.depths  # type: ignore[union-attr]
    room = [depths[i] - sum(word != "*" for word in texts[i].split()) for i in starred]
    if len(rest) > sum(room):
        raise ValueError(f"more cards to place ({len(rest)}) than the starred columns are dealt")
    shares: list[list[Card]] = [[] for _ in starred]
    for card in rest:  # a card at a time to the starred column with the most room left
        k = max(range(len(starred)), key=lambda j: room[j] - len(shares[j]))
        shares[k].append(card)
    build = GAME.tableau.build  # type: ignore[union-attr]
    piles: list[list[Card]] = []
    for text in texts:
        pile: list[Card] = []
        shared = False
        for word in text.split():
            if word == "*":
                pile += shares.pop(0)
                shared = True
                continue
            card = Card.from_str(word)
            if shared and pile and build.accepts(card, onto=pile[-1]):  # type: ignore[union-attr]
                raise ValueError(f"the shared cards under {card} would lengthen its run")
            pile.append(card)
            shared = False
        piles.append(pile)
    return rules.make_state(
        columns=piles,
        cells=[None if word == "-" else Card.from_str(word) for word in cells.split()],
        foundation_heights=heights,
    )


# -- the parts, the options and the deal ------------------------------------------


def test_registered_with_its_options() -> None:
    assert pr.freecell() == GAME
    assert pr.freecell(supermoves=False) == SINGLE
    assert pr.get_game("freecell", cells=3) == pr.freecell(cells=3)
    # The options name what differs from the defaults, four cells and supermoves.
    assert GAME.options == pr.freecell(cells=4, supermoves=True).options == ()
    assert pr.freecell(cells=3).options == (("cells", 3),)
    assert pr.freecell(cells=5).options == (("cells", 5),)
    assert SINGLE.options == (("supermoves", False),)
    assert pr.freecell(cells=2, supermoves=False).options == (("cells", 2), ("supermoves", False))
    # The description says how runs move, and how deals are numbered.
    runs = ", and runs move as one move where the free cells and empty columns allow. "
    numbered = "Deals are numbered as Microsoft's FreeCell numbers them."
    assert GAME.description.endswith(
        "any card fills an empty column or a free cell" + runs + numbered
    )
    assert SINGLE.description.endswith("a free cell; one card moves at a time. " + numbered)
    assert pr.GameRules.from_dict(SINGLE.to_dict()) == SINGLE
    state = GAME.deal(617)
    assert pickle.loads(pickle.dumps(state)) == state
    assert pr.state_from_text(pr.state_to_text(state)) == state


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"cells": 0}, "cells is a whole number from 1 to 10, got 0"),
        ({"cells": 11}, "got 11"),
        ({"cells": True}, "got True"),
        ({"supermoves": "no"}, "supermoves is True or False"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidRulesError, match=words):
        pr.freecell(**options)  # type: ignore[arg-type]


def test_one_deck_eight_columns_four_free_cells_and_four_foundations() -> None:
    assert GAME.decks == 1 and len(GAME.deck()) == 52
    assert GAME.tableau is not None and GAME.tableau.depth == (7, 7, 7, 7, 6, 6, 6, 6)
    assert [f.suit for f in GAME.foundations] == list(Suit)
    for foundation in GAME.foundations:
        assert str(foundation.sequence) == "A 2 3 4 5 6 7 8 9 10 J Q K"
        assert not foundation.laid_out and not foundation.playable
    state = GAME.deal(1)
    assert state.cells == (None, None, None, None)
    assert state.foundation_heights == (0, 0, 0, 0)
    assert state.stock == () and state.waste == () and state.face_down == (0,) * 8
    assert str(state).splitlines()[-2:] == ["Free cells:", "   --  --  --  --"]


@pytest.mark.parametrize("cells", range(1, 11))
def test_the_number_of_free_cells_is_an_option(cells: int) -> None:
    rules = pr.get_game("freecell", cells=cells)
    state = rules.deal(1)
    assert state.cells == (None,) * cells
    assert state.columns == GAME.deal(1).columns
    parks = {m for m in legal(state) if m.startswith("T1-R")}
    assert parks == {f"T1-R{r}" for r in range(1, cells + 1)}
    # The description, which records and dict forms carry, counts them too.
    words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    counted = words[cells - 1] + (" free cell." if cells == 1 else " free cells.")
    assert f"columns; {counted} Aces start" in rules.description
    assert "four free cells" in GAME.description


def test_the_cards_are_dealt_in_rows_across_the_eight_columns() -> None:
    order = GAME.deck_order(5)
    state = GAME.deal_from(order)
    for c, column in enumerate(state.columns):
        assert column == order[c::8]  # card i to column i mod 8; the last row on top


# -- Microsoft's deal numbers ----------------------------------------------------------

# The layouts of deals 1 and 617 as FreeCell programs show them, row by row.
PUBLISHED = {
    1: """
        JD 2D 9H JC 5D 7H 7C 5H
        KD KC 9S 5S AD QC KH 3H
        2S KS 9D QD JS AS AH 3C
        4C 5C TS QH 4H AC 4D 7S
        3S TD 4S TH 8H 2C JH 7D
        6D 8S 8D QS 6C 3D 8C TC
        6S 9C 2H 6H
    """,
    617: """
        7D AD 5C 3S 5S 8C 2D AH
        TD 7S QD AC 6D 8H AS KH
        TH QC 3H 9D 6S 8D 3D TC
        KD 5H 9S 3C 8S 7H 4D JS
        4C QS 9C 9H 7C 6H 2C 2S
        4S TS 2H 5D JC 6C JH QH
        JD KS KC 4H
    """,
}


@pytest.mark.parametrize("number", sorted(PUBLISHED))
def test_deals_1_and_617_are_the_published_layouts(number: int) -> None:
    rows = [line.split() for line in PUBLISHED[number].strip().splitlines()]
    state = GAME.deal(number)
    for r, row in enumerate(rows):
        assert [str(state.columns[c][r]).replace("10", "T") for c in range(len(row))] == row
    assert [len(column) for column in state.columns] == [7, 7, 7, 7, 6, 6, 6, 6]


def test_deal_1_first_row_and_its_opening_moves() -> None:
    state = GAME.deal(1)
    assert " ".join(str(column[0]) for column in state.columns) == "JD 2D 9H JC 5D 7H 7C 5H"
    # No top card goes home or onto another: every move parks a card in a free cell.
    assert legal(state) == {f"T{c}-R{r}" for c in range(1, 9) for r in range(1, 5)}


def test_deal_numbers_are_microsoft_s() -> None:
    assert GAME.shuffle is Shuffle.MICROSOFT
    for number in (0, 1, 2, 617, 11982, 32000, 2**31 - 1):
        assert GAME.deal(number) == GAME.deal_from(microsoft_deck_order(number))
    assert SINGLE.deal(617).columns == GAME.deal(617).columns
    with pytest.raises(InvalidDealError, match="whole number from 0 to 2147483647"):
        GAME.deal(2**31)


# -- moves home, into the cells and onto the columns -------------------------------------


def test_aces_start_the_foundations_which_build_up_in_suit() -> None:
    state = position("* 2C", "* AC", "* 3C", "* AD", "*", "*", "*", "*", cells="2D - - -", home="")
    assert {m for m in legal(state) if "-F" in m} == {"T2-F1", "T4-F2"}
    state = play(state, "T2-F1", "T4-F2")
    assert {m for m in legal(state) if "-F" in m} == {"T1-F1", "R1-F2"}
    state = play(state, "T1-F1", "R1-F2", "T3-F1")
    assert state.foundations[0] == tuple(cards("AC 2C 3C"))
    assert state.foundations[1] == tuple(cards("AD 2D"))


def test_a_card_under_the_top_never_moves_alone() -> None:
    # The clubs are home, to leave room under the Ace of hearts for the other cards.
    state = position("* AH 9S", "* 10D", *["*"] * 6, home="KC")
    assert "T1-F3" not in legal(state)
    with pytest.raises(IllegalMoveError, match="does not take 9S"):
        state.apply(move(state, "T1-F3"))


def test_each_empty_free_cell_is_a_distinct_target_and_holds_one_card() -> None:
    state = position("* 9S", "* 5D", "* 8C", cells="- QH - -")
    parks = {m for m in legal(state) if "-R" in m}
    assert parks == {f"T{c}-R{r}" for c in (1, 2, 3) for r in (1, 3, 4)}
    state = play(state, "T1-R3")
    assert state.cells == (None, Card.from_str("QH"), Card.from_str("9S"), None)
    with pytest.raises(IllegalMoveError, match="cell 3 holds a card already"):
        state.apply(move(state, "T2-R3"))


def test_a_card_never_moves_from_one_free_cell_to_another() -> None:
    # A documented decision: the move would only renumber the cells.
    state = position("* 9S", cells="QH - - -")
    assert not any(m.startswith("R1-R") for m in legal(state))
    with pytest.raises(pr.NotationError, match="never moves a card from Free cell 1"):
        move(state, "R1-R2")
    with pytest.raises(IllegalMoveError):
        state.apply(Move.to_cell(Place(PileKind.CELL, 0), 1))


def test_cards_build_down_in_alternate_colours_from_columns_and_cells() -> None:
    state = position("* 10S", "* 10C", "* 10D", "* 9H", "* 9D", cells="9S 9C - -")
    builds = {m for m in legal(state) if m.split("-")[1] in ("T1", "T2", "T3", "T4", "T5")}
    assert builds == {"T4-T1", "T4-T2", "T5-T1", "T5-T2", "R1-T3", "R2-T3"}
    with pytest.raises(
        IllegalMoveError, match=r"9D does not go on 10D \(one rank lower, in the other colour\)"
    ):
        state.apply(move(state, "T5-T3"))
    after = play(state, "R2-T3")
    assert after.columns[2][-2:] == tuple(cards("10D 9C")) and after.cells[1] is None


def test_any_card_fills_an_empty_column_and_each_empty_column_is_a_target() -> None:
    state = position("* 9S", "* 6D", "", "", "* 8C", cells="QH - - -")
    assert {"T1-T3", "T1-T4", "T2-T3", "T2-T4", "R1-T3", "R1-T4", "T5-T3", "T5-T4"} <= legal(state)
    after = play(state, "R1-T4")
    assert after.columns[3] == tuple(cards("QH")) and after.cells[0] is None


def test_nothing_leaves_a_foundation() -> None:
    state = position("* 10D", *["*"] * 7, home="9C 8D 7H 6S")
    assert not any(m.startswith("F") for m in legal(state))
    with pytest.raises(pr.NotationError, match="never moves a card from foundation 1"):
        move(state, "F1-T1")


def test_freecell_has_no_stock() -> None:
    state = GAME.deal(1)
    assert "draw" not in legal(state)
    with pytest.raises(IllegalMoveError, match="this game has no stock"):
        state.apply(Move.draw())


# -- runs: supermoves -------------------------------------------------------------------

RUN = "QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H"  # Q down to 2, red and black by turns
FULL_CELLS = ["KD", "KH", "QD", "QC"]


def run_position(length: int, free_cells: int, free_columns: int, *, empty_target: bool) -> State:
    """The top ``length`` cards of RUN alone in T1; T2 a King of clubs or empty;
    ``free_cells`` empty cells; ``free_columns`` empty columns besides T1 and T2.

    The clubs and the diamonds are home up to their Jacks (the Kings and Queens
    are the target and the cells' cards), which leaves room for the other cards
    under the starred columns' tops with up to three columns empty."""
    run = " ".join(RUN.split()[:length])
    target = "" if empty_target else "KC"
    others = ["*"] * (6 - free_columns) + [""] * free_columns
    cells = " ".join(FULL_CELLS[: 4 - free_cells] + ["-"] * free_cells)
    return position(run, target, *others, cells=cells, home="JC JD")


# (free cells, free columns besides source and target): the longest run onto a card.
LIMITS_ONTO_A_CARD = [
    (0, 0, 1),
    (1, 0, 2),
    (3, 0, 4),
    (4, 0, 5),
    (0, 1, 2),
    (2, 1, 6),
    (1, 2, 8),
    (4, 1, 10),
    (0, 3, 8),
]


@pytest.mark.parametrize(("free_cells", "free_columns", "limit"), LIMITS_ONTO_A_CARD)
def test_a_run_of_n_cards_moves_when_n_is_within_the_supermove_limit(
    free_cells: int, free_columns: int, limit: int
) -> None:
    assert limit == (1 + free_cells) * 2**free_columns
    at_limit = run_position(limit, free_cells, free_columns, empty_target=False)
    text = f"T1-T2:{limit}" if limit > 1 else "T1-T2"
    assert text in legal(at_limit)
    assert at_limit.apply(move(at_limit, text)).columns[1][1:] == at_limit.columns[0]
    over = run_position(limit + 1, free_cells, free_columns, empty_target=False)
    assert not any(m.startswith("T1-T2") for m in legal(over))
    with pytest.raises(IllegalMoveError, match=f"a run of {limit + 1} is longer than the {limit}"):
        over.apply(move(over, f"T1-T2:{limit + 1}"))


# Into an empty column: the target is not counted among the empty columns.
LIMITS_INTO_AN_EMPTY_COLUMN = [(0, 0, 1), (2, 0, 3), (1, 1, 4), (0, 2, 4), (3, 1, 8)]


@pytest.mark.parametrize(("free_cells", "free_columns", "limit"), LIMITS_INTO_AN_EMPTY_COLUMN)
def test_into_an_empty_column_the_target_is_not_counted(
    free_cells: int, free_columns: int, limit: int
) -> None:
    assert limit == (1 + free_cells) * 2**free_columns
    state = run_position(limit + 1, free_cells, free_columns, empty_target=True)
    into = {m for m in legal(state) if m.startswith("T1-T2")}
    # Every run of the column's top cards up to the limit is a move of its own.
    assert into == {"T1-T2"} | {f"T1-T2:{n}" for n in range(2, limit + 1)}
    with pytest.raises(IllegalMoveError, match="into an empty column"):
        state.apply(Move.to_column(Place(PileKind.COLUMN, 0), 1, count=limit + 1))


def test_a_supermove_ends_where_its_single_card_moves_end() -> None:
    # Three cards with two free cells, and four with a free cell and an empty column
    # (with the Aces of clubs and diamonds home, the other cards fit under the columns'
    # tops).
    state = position(
        "* KC",
        "QH JS 10H",
        "* 5C",
        "* 6C",
        "* 7C",
        "* 8C",
        "* 9C",
        "* 9D",
        cells="KD KH - -",
        home="AC AD",
    )
    one_by_one = play(
        SINGLE.make_state(**state.parts()), "T2-R3", "T2-R4", "T2-T1", "R4-T1", "R3-T1"
    )
    assert play(state, "T2-T1:3").parts() == one_by_one.parts()
    state = position(
        "* KC",
        "QH JS 10H 9S",
        "",
        "* 6C",
        "* 7C",
        "* 8C",
        "* 9C",
        "* 9D",
        cells="KD KH QD -",
        home="5C 8D",
    )
    one_by_one = play(
        SINGLE.make_state(**state.parts()),
        "T2-R4",
        "T2-T3",
        "R4-T3",
        "T2-R4",
        "T2-T1",
        "R4-T1",
        "T3-R4",
        "T3-T1",
        "R4-T1",
    )
    assert play(state, "T2-T1:4").parts() == one_by_one.parts()


def test_with_supermoves_off_one_card_moves_at_a_time() -> None:
    assert GAME.tableau is not None and GAME.tableau.runs is Runs.SUPERMOVE
    assert SINGLE.tableau is not None and SINGLE.tableau.runs is Runs.NONE
    state = run_position(3, 4, 2, empty_target=False)
    assert "T1-T2:3" in legal(state)
    single = SINGLE.make_state(**state.parts())
    assert not any(":" in m for m in legal(single))
    assert {m for m in legal(single)} == {m for m in legal(state) if ":" not in m}
    with pytest.raises(pr.NotationError, match="never moves 3 cards"):
        move(single, "T1-T2:3")


# -- the end ---------------------------------------------------------------------------


def test_won_when_every_card_is_home() -> None:
    state = position(cells="- KS - -", home="KC KD KH QS")
    assert legal(state) >= {"R2-F4"} and not state.is_won
    won = play(state, "R2-F4")
    assert won.is_won and won.is_over and won.cards_home == 52
    assert str(won).endswith("Game over: won")


def test_lost_when_no_move_is_left() -> None:
    # Red top cards only, the cells full of Kings and no empty column.
    state = position(
        "* 3H",
        "* 4H",
        "* 3D",
        "* 10D",
        "* 7H",
        "* 6H",
        "* QH",
        "* 5H",
        cells="KC KD KH KS",
        home="",
    )
    assert state.legal_moves() == () and state.is_over and not state.is_won
    assert str(state).endswith("Game over: lost")


# -- forced play ------------------------------------------------------------------------


def test_play_forced_stops_where_the_only_move_would_bring_back_a_position() -> None:
    # The cells are full and no column is empty: the 6C can only go onto the 7H, and
    # from there only back onto the 7D.
    state = pr.state_from_text(
        "freecell -/AD/4H/- 10H6H10D9D/5HQDQH9H8HAS4C3D2C/KS4S2D6D/10CJD8CJC8D8S7H/"
        "6SJS5C7SKC9S/AC3CQS9CQCKD/10S5D7D6C/5S4D3S KH/JH/2S/7C"
    )
    assert legal(state) == {"T7-T4"}
    moved = play(state, "T7-T4")
    assert legal(moved) == {"T4-T7"} and play(moved, "T4-T7") == state
    # State.play_forced stops "where the only move would bring back a position seen on
    # the way": at the 6C on the 7H, whose only move brings back the start.
    assert state.play_forced() == moved


# -- positions ---------------------------------------------------------------------------


def test_a_column_holds_at_most_its_dealt_cards_under_a_run() -> None:
    # Cards reach a column only by the deal (seven cards in T1-T4, six in T5-T8) and
    # by moves onto it, each built on the card below: a column of 30 cards in card
    # order is no position of the game, and the Observer, whose columns hold 7 + 12
    # cards, cannot show it.
    deck = GAME.deck()
    columns = [deck[:30], deck[30:], (), (), (), (), (), ()]
    with pytest.raises(InvalidDealError, match="column 1 holds 29 cards under its top run"):
        GAME.make_state(columns=columns, cells=[None] * 4, foundation_heights=[0] * 4)
    # The longest column the game can reach: six dealt cards, then a seventh, a King,
    # and a run of twelve built on it.
    run = "KC QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H"
    longest = position(f"5C 7D 9D 4C JD 2C {run}", *["*"] * 7, home="")
    assert len(longest.columns[0]) == 18
    assert len(pr.Observer(GAME).vector(longest)) == pr.Observer(GAME).size
    # All seven dealt cards under the same run: the King was not built on the seventh.
    with pytest.raises(InvalidDealError, match="column 1 holds 7 cards under its top run"):
        position(f"5C 7D 9D 4C JD 2C 3D {run}", *["*"] * 7, home="")
    # T5 is dealt six cards: a card more on them is built on the sixth, or unreachable.
    dealt = "5C 7D 9D 4C JD 2C"
    built = position("*", "*", "*", "*", f"{dealt} AH", "*", "*", "*", home="")
    assert len(built.columns[4]) == 7
    with pytest.raises(InvalidDealError, match="column 5 holds 6 cards under its top run"):
        position("*", "*", "*", "*", f"{dealt} 8S", "*", "*", "*", home="")
