"""The layout as a value: shared by every state of a game, so read-only."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import attrs
import pytest

import patience_rules as pr
from composed import toy_game


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_cannot_be_changed(name: str) -> None:
    layout = pr.get_game(name).layout
    text = pr.state_to_text(pr.get_game(name).deal(1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        layout.columns = 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del layout.moves
    with pytest.raises(TypeError):
        layout.taken[pr.Card.from_str("AC")] = 5  # type: ignore[index]
    for attribute in type(layout).__slots__:
        if not attribute.startswith("_"):
            value = getattr(layout, attribute)
            assert not isinstance(value, list | dict | set | Counter), attribute
    assert pr.state_from_text(text) == pr.get_game(name).deal(1)  # nothing was changed


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_pickles_and_copies_to_an_equal_one(name: str) -> None:
    layout = pr.get_game(name).layout
    for made in (pickle.loads(pickle.dumps(layout)), copy.copy(layout), copy.deepcopy(layout)):
        assert made == layout
        assert made.moves == layout.moves
        assert made.deck_indices == layout.deck_indices
        assert dict(made.spare) == dict(layout.spare)


@pytest.mark.parametrize("name", ["windmill", "royal-cotillion", "sultan"])
def test_the_read_only_counts_count_zero_for_a_card_not_there(name: str) -> None:
    # Every card is taken (by a foundation of its suit or the middle) or
    # spare, its copies split between the two: each lookup of a card that
    # one of them lacks reads 0.
    rules = pr.get_game(name)
    layout = rules.layout
    for card in pr.standard_deck():
        assert layout.taken[card] + layout.spare[card] == rules.decks
    assert len(layout.taken) + len(layout.spare) >= 52


def test_kinds_and_places_have_the_games_own_names() -> None:
    queens = pr.get_game("captive-queens").layout
    royal = pr.get_game("royal-cotillion").layout
    assert [queens.kind_name(kind) for kind in pr.PileKind] == [
        "stock",
        "waste",
        "tableau columns",
        "reserve cells",
        "foundations",
        "Queens",
    ]
    assert [royal.kind_name(kind) for kind in pr.PileKind] == [
        "stock",
        "waste",
        "Ladies columns",
        "Lords cells",
        "foundations",
        "middle",
    ]
    # A place the game lacks is named plainly (for the reader's "... is not in this
    # game"); a single pile is "the ..." and a second one is numbered.
    kinds = (pr.PileKind.COLUMN, pr.PileKind.STOCK, pr.PileKind.MIDDLE)
    names = [queens.name(pr.Place(kind, index)) for kind in kinds for index in (0, 1)]
    assert names == ["column 1", "column 2", "the stock", "stock 2", "the Queens", "middle 2"]


def test_the_layout_says_between_which_places_cards_move() -> None:
    freecell = pr.get_game("freecell").layout
    column, cell, other_cell = (
        pr.Place(pr.PileKind.COLUMN, 0),
        pr.Place(pr.PileKind.CELL, 0),
        pr.Place(pr.PileKind.CELL, 1),
    )
    assert freecell.reaches(column, cell) and freecell.reaches(cell, column)
    assert not freecell.reaches(cell, other_cell)  # (it would only renumber the cells)
    assert not freecell.reaches(column, column)
    windmill = pr.get_game("windmill").layout  # F1 the centre, F2 to F5 the corners
    centre, corner, other_corner = (pr.Place(pr.PileKind.FOUNDATION, f) for f in (0, 1, 2))
    assert windmill.reaches(corner, centre)
    assert not windmill.reaches(centre, corner) and not windmill.reaches(corner, other_corner)
    assert freecell.sources(pr.MoveKind.DRAW) == ()
    assert windmill.sources(pr.MoveKind.DRAW) == (pr.Place(pr.PileKind.STOCK),)


@pytest.mark.parametrize("left", [1, 2])
def test_a_deal_that_leaves_one_card_for_the_stock_has_a_stock_and_a_waste(left: int) -> None:
    # One deck, 52 - left cards dealt to three columns: the stock holds the rest.
    rules = toy_game(
        tableau=pr.Tableau(columns=3, depth=[17, 17, 17 - left + 1]), reserve=None, stock=pr.Stock()
    )
    layout = rules.layout
    assert layout.stock_size == left and layout.has_stock
    state = rules.deal(1)
    assert len(state.stock) == left and pr.Move.draw() in state.legal_moves()
    drawn = state.apply(pr.Move.draw())
    assert drawn.waste == state.stock[-1:]
    waste = pr.Place(pr.PileKind.WASTE)
    assert any(move.source == waste for move in layout.moves)


def test_a_shift_turns_even_a_single_column_round() -> None:
    # Crescent with its 96 cards in one column: the shift is its only move,
    # and brings the column's bottom card to the top.
    data = pr.get_game("crescent").to_dict()
    tableau = data["tableau"]
    assert tableau is not None
    tableau["columns"], tableau["depth"] = 1, 96
    rules = pr.GameRules.from_dict({**data, "name": "one-pile"})
    assert rules.layout.has_redeal and rules.layout.stock_size == 0
    state = rules.deal(1)
    assert state.legal_moves() == (pr.Move.redeal(),)
    shifted = state.apply(pr.Move.redeal())
    assert shifted.columns[0][-1] == state.columns[0][0] and shifted.redeals_used == 1
