"""The OpenSpiel adapter, against the real open-spiel package."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest

import patience_rules as pr
from patience_rules.contrib.openspiel import register_games, short_name

pytestmark = pytest.mark.extra


def test_every_game_is_registered_and_loads() -> None:
    names = register_games()
    assert names == tuple(short_name(name) for name in pr.game_names())
    assert short_name("quadrille") == "patience_captive_queens"
    for name, short in zip(pr.game_names(), names, strict=True):
        assert short in pyspiel.registered_names()
        game = pyspiel.load_game(short)
        assert game.rules == pr.get_game(name)
        assert game.num_players() == 1
        assert game.num_distinct_actions() == pr.ActionSpace(pr.get_game(name)).size
        assert game.observation_tensor_size() == pr.Observer(pr.get_game(name)).size
        assert game.max_chance_outcomes() == 52
        assert game.max_chance_nodes_in_history() == len(pr.get_game(name).deck())
        assert pyspiel.load_game(short, {"deal": 1}).max_chance_nodes_in_history() == 0
    with pytest.raises(pr.UnknownGameError):
        short_name("klondike")


@pytest.mark.parametrize("name", ["patience_captive_queens", "patience_easy_start_parlett"])
def test_openspiels_random_simulation_plays_full_games_with_chance_deals(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "name",
    ["patience_royal_cotillion(deal=3)", "patience_royal_cotillion_stock_refill(deal=4)",
     "patience_easy_start(deal=5,hide_covered=True)"],
)
def test_openspiels_random_simulation_plays_full_games_from_a_deal(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


def test_the_deal_parameter_deals_that_deal_and_play_follows_the_rules() -> None:
    game = pyspiel.load_game("patience_royal_cotillion", {"deal": 7})
    rules = pr.get_game("royal-cotillion")
    space = pr.ActionSpace(rules)
    state = game.new_initial_state()
    assert not state.is_chance_node()
    assert state.game_state == rules.deal(7)
    chooser = random.Random(0)
    ours = rules.deal(7)
    while not state.is_terminal():
        assert state.legal_actions() == list(space.legal_actions(ours))
        action = chooser.choice(state.legal_actions())
        before = ours.cards_home
        ours = ours.apply(space.move_of(action))
        state.apply_action(action)
        assert state.game_state == ours
        assert state.rewards() == [ours.cards_home - before]
        assert state.returns() == [ours.cards_home - 8]
        assert state.observation_tensor(0) == list(pr.Observer(rules).vector(ours))
    assert ours.is_over
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_a_chance_deal_is_dealt_card_by_card_with_the_right_odds() -> None:
    game = pyspiel.load_game("patience_royal_cotillion")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [card for card, _ in outcomes] == list(range(52))
    assert all(p == pytest.approx(2 / 104) for _, p in outcomes)
    state.apply_action(0)  # one AC dealt: the other AC has 1 of the 103 left
    odds = dict(state.chance_outcomes())
    assert odds[0] == pytest.approx(1 / 103)
    assert odds[1] == pytest.approx(2 / 103)
    state.apply_action(0)
    assert 0 not in dict(state.chance_outcomes())
    order = [pr.Card.from_str("AC")] * 2
    rest = [card for card in pr.get_game("royal-cotillion").deck() if card.index != 0]
    random.Random(4).shuffle(rest)
    for card in rest:
        state.apply_action(card.index)
        order.append(card)
    assert not state.is_chance_node()
    assert state.game_state == pr.get_game("royal-cotillion").deal_from(order)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal AC"
    assert state.action_to_string(0, 0) == "draw"


def play_randomly(state: pyspiel.State, moves: int, seed: int) -> pyspiel.State:
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            cards, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chooser.choices(cards, odds)[0])
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("moves", [0, 30, 60, 130, 400])
def test_serialize_and_deserialize_round_trip(moves: int) -> None:
    game = pyspiel.load_game("patience_easy_start(hide_covered=True)")
    state = play_randomly(game.new_initial_state(), moves, seed=moves)
    text = pyspiel.serialize_game_and_state(game, state)
    game_2, state_2 = pyspiel.deserialize_game_and_state(text)
    assert str(game_2) == str(game)
    assert state_2.history() == state.history()
    assert state_2.game_state == state.game_state
    assert str(state_2) == str(state)
    assert state_2.returns() == state.returns()
    assert state_2.rewards() == state.rewards()
    assert state_2.legal_actions() == state.legal_actions()
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.history() == state.history()
    assert unpickled.game_state == state.game_state
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_a_clone_is_independent() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=9)")
    state = game.new_initial_state()
    clone = state.clone()
    state.apply_action(state.legal_actions()[-1])
    assert clone.game_state == pr.get_game("royal-cotillion").deal(9)
    assert state.game_state != clone.game_state
    assert clone.history() == []


def test_observations_hide_the_stock_and_optionally_the_covered_cards() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=7,hide_covered=True)")
    state = game.new_initial_state()
    tensor = np.array(state.observation_tensor(0))
    assert pr.HIDDEN_CARD in tensor
    assert tensor[0] == 68
    text = state.observation_string(0)
    assert text.startswith("royal-cotillion: stock 68 cards")
    assert "## ## QD" in text
    for card in state.game_state.stock:
        # No stock card is in the text unless it is also face up elsewhere.
        if card not in state.game_state.cells and all(
            card not in column for column in state.game_state.columns
        ):
            assert str(card) not in text.split()
    chance = pyspiel.load_game("patience_captive_queens").new_initial_state()
    assert not any(chance.observation_tensor(0))
    assert chance.observation_string(0) == "dealing: 0 of 52 cards dealt"
