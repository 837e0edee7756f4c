"""The Hypothesis strategies, used as a user would use them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import InvalidArgument

import patience_rules as pr
from patience_rules.strategies import (
    deals,
    deck_orders,
    games,
    illegal_moves,
    legal_moves,
    states,
)

ROYAL_COTILLION = pr.get_game("royal-cotillion")
CAPTIVE_QUEENS = pr.get_game("captive-queens")

# -- one user-style property per strategy -----------------------------------


@given(games())
def test_games_every_game_deals_its_whole_deck(game: pr.GameRules) -> None:
    state = game.deal(0)
    assert len(state.stock) + len(state.cells) + sum(map(len, state.columns)) + (
        state.cards_home
    ) == len(game.deck())


@given(st.data())
def test_deck_orders_deal_back_to_the_same_order(data: st.DataObject) -> None:
    # Captive Queens lays nothing out, so its stock is the whole deck order.
    order = data.draw(deck_orders(CAPTIVE_QUEENS))
    assert Counter(order) == Counter(CAPTIVE_QUEENS.deck())
    assert CAPTIVE_QUEENS.deal_from(order).stock[::-1] == order


@given(deals(ROYAL_COTILLION))
def test_deals_lay_out_the_bases(state: pr.State) -> None:
    assert [len(f) for f in state.foundations] == [1] * 8
    assert (len(state.stock), len(state.cells), state.waste) == (68, 16, ())
    assert [len(column) for column in state.columns] == [3, 3, 3, 3]


@given(states(ROYAL_COTILLION, max_moves=40))
def test_states_waste_and_cells_tell_how_many_cards_were_drawn(state: pr.State) -> None:
    # The Lords are refilled from the waste only, so every card that left
    # the stock is on the waste, in a cell, or home.
    drawn = 68 - len(state.stock)
    assert len(state.waste) <= drawn
    assert state.cards_home - 8 <= drawn + 28


@given(st.data())
def test_legal_moves_bring_a_card_home_or_draw(data: st.DataObject) -> None:
    state = data.draw(states(ROYAL_COTILLION, max_moves=30))
    if state.is_over:
        return
    move = data.draw(legal_moves(state))
    after = state.apply(move)
    if move.is_draw:
        assert after.stock_size == state.stock_size - 1
    else:
        assert after.cards_home == state.cards_home + 1


@given(st.data())
def test_illegal_moves_are_refused(data: st.DataObject) -> None:
    state = data.draw(states(CAPTIVE_QUEENS, max_moves=60))
    move = data.draw(illegal_moves(state))
    with pytest.raises(pr.IllegalMoveError):
        state.apply(move)


# -- what the strategies draw -------------------------------------------------


def test_games_draws_every_registered_game_and_alias() -> None:
    seen: set[pr.GameRules] = set()

    @settings(max_examples=200, database=None)
    @given(games())
    def collect(game: pr.GameRules) -> None:
        seen.add(game)

    collect()
    assert seen == {pr.get_game(name) for name in pr.game_names()}
    only = find(games(names=["quadrille"]), lambda game: True)
    assert only == CAPTIVE_QUEENS


@pytest.mark.slow
def test_states_shrink_to_a_short_game_from_a_small_deal() -> None:
    # Shrinking moves the deal towards the deck in card order and cuts the
    # game short.  From the deck in card order (AC 2C ...) the first Queen
    # is captured at the 12th move: AC to 4C go to the waste, 5C starts a
    # foundation and takes 4C to AC back from the waste, 6C starts the other
    # and 7C to JC follow it, then QC is captive.  The shrinker need not find
    # the very shortest game, but it ends no longer than that one.
    state = find(
        states(CAPTIVE_QUEENS, max_moves=50),
        lambda state: len(state.middle) >= 1,
        settings=settings(database=None, max_examples=500, derandomize=True),
    )
    assert [card.rank for card in state.middle] == [pr.Rank.QUEEN]
    assert state.waste == ()
    assert len(state.stock) >= 40
    assert state.cards_home == 52 - len(state.stock)


def test_states_play_at_most_max_moves() -> None:
    @settings(max_examples=20, database=None)
    @given(states(CAPTIVE_QUEENS, max_moves=3))
    def check(state: pr.State) -> None:
        # Each compulsory move takes one card off the stock or the waste.
        assert len(state.stock) + len(state.waste) >= 49

    check()
    start = find(states(CAPTIVE_QUEENS, max_moves=0), lambda state: True)
    assert start == CAPTIVE_QUEENS.deal_from(CAPTIVE_QUEENS.deck())


def test_legal_moves_of_a_finished_game_is_nothing() -> None:
    state = CAPTIVE_QUEENS.deal(2)
    while not state.is_over:
        state = state.apply(state.legal_moves()[0])
    assert legal_moves(state).is_empty


@pytest.mark.parametrize("outside_layout", [False, True])
def test_illegal_moves_cover_every_unlisted_move(outside_layout: bool) -> None:
    state = ROYAL_COTILLION.deal(7)
    seen: set[pr.Move] = set()

    @settings(max_examples=300, database=None)
    @given(illegal_moves(state, outside_layout=outside_layout))
    def collect(move: pr.Move) -> None:
        seen.add(move)

    collect()
    assert not seen & set(state.legal_moves())
    sizes = {pr.PileKind.COLUMN: 4, pr.PileKind.CELL: 16, pr.PileKind.FOUNDATION: 8}
    off_layout = {
        move
        for move in seen
        for place in (move.source, move.target)
        if place.index >= sizes.get(place.kind, 1) or place.kind is pr.PileKind.MIDDLE
    }
    assert bool(off_layout) == outside_layout
    assert move_shapes(seen) == {"to a foundation", "from the stock", "between piles"}


def move_shapes(moves: set[pr.Move]) -> set[str]:
    """Sort moves into rough shapes, to see that the strategy reaches each."""
    shapes = set()
    for move in moves:
        if move.target.kind in (pr.PileKind.FOUNDATION, pr.PileKind.MIDDLE):
            shapes.add("to a foundation")
        elif move.source.kind is pr.PileKind.STOCK:
            shapes.add("from the stock")
        else:
            shapes.add("between piles")
    return shapes


# -- arguments are checked ----------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: games(names=[]), "at least one game name"),
        (lambda: games(names="royal-cotillion"), "not one string"),
        (lambda: games(names=["klondike"]), "'klondike', which is not a registered game"),
        (lambda: deck_orders("royal-cotillion"), "GameRules value"),  # type: ignore[arg-type]
        (lambda: deals(None), "GameRules value"),  # type: ignore[arg-type]
        (lambda: states(ROYAL_COTILLION, max_moves=-1), "at least 0, got -1"),
        (lambda: states(ROYAL_COTILLION, max_moves=2.5), "at least 0, got 2.5"),  # type: ignore[arg-type]
        (lambda: states(ROYAL_COTILLION, max_moves=True), "at least 0, got True"),
        (lambda: legal_moves(ROYAL_COTILLION), "takes a State"),  # type: ignore[arg-type]
        (lambda: illegal_moves(ROYAL_COTILLION.deal(1), outside_layout=1), "True or False"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_invalid_argument(make: object, message: str) -> None:
    assert callable(make)
    with pytest.raises(InvalidArgument, match=message):
        make()


def test_importing_the_library_does_not_import_hypothesis() -> None:
    code = "import sys, patience_rules; print('hypothesis' in sys.modules)"
    source = str(Path(pr.__file__).resolve().parents[1])
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": source},
    )
    assert result.stdout.strip() == "False"
