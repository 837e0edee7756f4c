"""Observations: only what a player sees, and the documented vector layout."""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

import patience_rules as pr
from patience_rules import HIDDEN_CARD, NO_CARD, Card
from random_play import random_game


def cards(text: str) -> list[Card]:
    return [Card.from_str(word) for word in text.split()]


def with_stock_shuffled(state: pr.State, seed: int) -> pr.State:
    stock = list(state.stock)
    random.Random(seed).shuffle(stock)
    parts = state.parts()
    parts["stock"] = tuple(stock)
    return state.rules.make_state(**parts)


@pytest.mark.parametrize("name", pr.game_names())
def test_the_stock_order_is_never_seen(name: str) -> None:
    rules = pr.get_game(name)
    for hide in (False, True):
        observer = pr.Observer(rules, hide_covered=hide)
        for state in random_game(rules, 5, seed=1)[::7]:
            other = with_stock_shuffled(state, seed=len(state.stock))
            assert observer.observe(other) == observer.observe(state)
            assert observer.vector(other) == observer.vector(state)


def test_the_stock_order_reaches_no_number() -> None:
    # Two deals that differ only in the stock's order: every vector is equal.
    rules = pr.get_game("royal-cotillion")
    state = rules.deal(11)
    other = with_stock_shuffled(state, seed=3)
    assert other.stock != state.stock
    assert pr.Observer(rules).vector(other) == pr.Observer(rules).vector(state)


def test_hide_covered_hides_only_the_cards_under_the_front_card() -> None:
    rules = pr.get_game("royal-cotillion")
    state = rules.deal(7)
    # Swap the back cards of columns 1 and 2: a different position, the same fronts.
    columns = [list(column) for column in state.columns]
    columns[0][0], columns[1][0] = columns[1][0], columns[0][0]
    other = rules.make_state(
        stock=state.stock,
        columns=columns,
        cells=state.cells,
        foundation_heights=state.foundation_heights,
    )
    assert other != state
    hidden, open_ = pr.Observer(rules, hide_covered=True), pr.Observer(rules)
    assert hidden.observe(other) == hidden.observe(state)
    assert hidden.vector(other) == hidden.vector(state)
    assert open_.observe(other) != open_.observe(state)
    seen = hidden.observe(state)
    assert seen.columns == tuple((None, None, column[-1]) for column in state.columns)
    assert open_.observe(state).columns == state.columns


def test_a_card_is_seen_once_the_cards_in_front_of_it_are_played() -> None:
    rules = pr.get_game("royal-cotillion")
    start = rules.deal(7)  # Ladies column 4 is KS 8S 3S, 3S in front
    move = pr.Move.to_foundation(pr.Place(pr.PileKind.COLUMN, 3), 3)  # 3S to its Ace pile
    after = start.apply(move)
    hidden = pr.Observer(rules, hide_covered=True)
    assert hidden.observe(start).columns[3] == (None, None, Card.from_str("3S"))
    assert hidden.observe(after).columns[3] == (None, Card.from_str("8S"))
    vector = hidden.vector(after)
    columns = hidden.field("columns")
    assert vector[columns.offset + 9 : columns.offset + 12] == (
        pr.card_code(Card.from_str("8S")),
        HIDDEN_CARD,
        NO_CARD,
    )


def test_a_captive_queens_vector_checked_by_hand() -> None:
    rules = pr.get_game("captive-queens")
    # Foundations 0-3 are the 6s (clubs, diamonds, hearts, spades), 4-7 the 5s.
    # Hearts 6 7 8 is up (height 3), clubs 5 4 (height 2); QH is in the middle;
    # the waste holds 2D then 9C (9C on top); the stock holds the other 44 cards.
    home = cards("6H 7H 8H 5C 4C QH")
    waste = cards("2D 9C")
    stock = [card for card in rules.deck() if card not in home and card not in waste]
    state = rules.make_state(
        stock=stock,
        waste=waste,
        foundation_heights=[0, 0, 3, 0, 2, 0, 0, 0],
        middle=cards("QH"),
    )
    observer = pr.Observer(rules)
    vector = observer.vector(state)
    # 9C is card 8 (code 9), 2D card 13 + 1 (code 15), QH card 26 + 11 (code 38).
    expected = (44, 2, 9, 15, *[0] * 50, 0, 0, 3, 0, 2, 0, 0, 0, 38, 0, 0, 0)
    assert vector == expected
    assert observer.size == 66
    seen = observer.observe(state)
    assert seen == pr.Observation(
        game="captive-queens",
        stock_size=44,
        redeals_left=2,
        waste=tuple(waste),
        columns=(),
        cells=(),
        foundation_heights=(0, 0, 3, 0, 2, 0, 0, 0),
        middle=(Card.from_str("QH"),),
    )


@pytest.mark.parametrize("name", pr.game_names())
@pytest.mark.parametrize("hide", [False, True])
def test_vectors_follow_the_layout_along_whole_games(name: str, hide: bool) -> None:
    rules = pr.get_game(name)
    observer = pr.Observer(rules, hide_covered=hide)
    assert [f.name for f in observer.fields] == [
        "stock_size",
        "redeals_left",
        "waste",
        "columns",
        "cells",
        "foundations",
        "tops",
        "middle",
    ]
    assert observer.fields[0].offset == 0
    for before, after in zip(observer.fields, observer.fields[1:], strict=False):
        assert after.offset == before.stop
    assert observer.fields[-1].stop == observer.size == len(observer.high)
    for state in random_game(rules, 9, seed=2):
        vector = observer.vector(state)
        assert len(vector) == observer.size
        assert all(0 <= value <= high for value, high in zip(vector, observer.high, strict=True))

        def part(name: str) -> tuple[int, ...]:
            field = observer.field(name)
            return vector[field.offset : field.stop]  # noqa: B023

        assert part("stock_size") == (state.stock_size,)
        left = state.redeals_left
        assert part("redeals_left") == (1 if left is None else left,)
        waste = [pr.card_code(card) for card in reversed(state.waste)]
        assert list(part("waste")) == waste + [NO_CARD] * (len(part("waste")) - len(waste))
        assert part("cells") == tuple(pr.card_code(card) for card in state.cells)
        assert part("foundations") == state.foundation_heights
        middle = [pr.card_code(card) for card in state.middle]
        assert list(part("middle")) == middle + [NO_CARD] * (len(part("middle")) - len(middle))
        if rules.layout.records:
            tops = [cards[-1] if cards else None for cards in state.foundations]
            assert part("tops") == tuple(pr.card_code(card) for card in tops)
        depth = len(part("columns")) // max(rules.layout.columns, 1)
        for i, (column, down) in enumerate(zip(state.columns, state.face_down, strict=True)):
            slots = part("columns")[i * depth : (i + 1) * depth]
            if column:
                assert slots[0] == pr.card_code(column[-1])
            assert slots.count(NO_CARD) == depth - len(column)
            assert slots.count(HIDDEN_CARD) == (max(len(column) - 1, 0) if hide else down)


def test_layout_sizes() -> None:
    # 2 + waste (the stock at the deal) + columns x depth + cells + foundations + middle
    assert pr.Observer(pr.get_game("royal-cotillion")).size == 2 + 68 + 12 + 16 + 8 + 0
    assert pr.Observer(pr.get_game("captive-queens")).size == 2 + 52 + 0 + 0 + 8 + 4
    assert pr.Observer(pr.get_game("easy-start")).size == 2 + 40 + 0 + 0 + 8 + 4
    hidden = pr.Observer(pr.get_game("royal-cotillion"), hide_covered=True)
    assert hidden.field("columns").high == HIDDEN_CARD
    assert pr.Observer(pr.get_game("royal-cotillion")).field("columns").high == 52


def test_observations_are_frozen_hashable_and_pickle() -> None:
    state = pr.get_game("royal-cotillion").deal(3)
    seen = pr.Observer(state.rules, hide_covered=True).observe(state)
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert hash(seen) == hash(pr.Observer(state.rules, hide_covered=True).observe(state))
    with pytest.raises(AttributeError):
        seen.stock_size = 0  # type: ignore[misc]


def test_bad_input_is_refused() -> None:
    rules = pr.get_game("captive-queens")
    observer = pr.Observer(rules)
    with pytest.raises(pr.InvalidRulesError, match="easy-start"):
        observer.observe(pr.get_game("easy-start").deal(1))
    easy = pr.get_game("easy-start")
    with pytest.raises(pr.InvalidRulesError, match="captive-queens"):
        observer.encode(pr.Observer(easy).observe(easy.deal(1)))
    with pytest.raises(pr.InvalidRulesError, match="GameRules"):
        pr.Observer("captive-queens")  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match="True or False"):
        pr.Observer(rules, hide_covered=1)  # type: ignore[arg-type]
    with pytest.raises(pr.UnknownFieldError, match="expected one of stock_size, redeals_left"):
        observer.field("stock")
    assert issubclass(pr.UnknownFieldError, LookupError)
    seen = observer.observe(rules.deal(1))
    with pytest.raises(pr.InvalidRulesError, match="layout"):
        observer.encode(attrs.evolve(seen, cells=(None,)))
    with pytest.raises(pr.InvalidRulesError, match="within its bounds"):
        observer.encode(attrs.evolve(seen, redeals_left=7))
