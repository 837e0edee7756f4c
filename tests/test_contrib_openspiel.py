"""The OpenSpiel adapter, against the real open-spiel package."""

from __future__ import annotations

import ast
import base64
import pickle
import random
import re
import time
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms import mcts

import patience_rules as pr
from composed import together
from patience_rules.contrib import MOVE_LIMIT, longest_game
from patience_rules.contrib.openspiel import (
    MAX_DEAL_PARAMETER,
    PatienceGame,
    PatienceObserver,
    deal_actions,
    deserialize_game_and_state,
    register_games,
    serialize_game_and_state,
    short_name,
)
from random_play import won_with_moves_left

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
        longest = longest_game(pr.get_game(name))
        assert game.max_game_length() == (MOVE_LIMIT if longest is None else longest)
        assert game.max_moves == (MOVE_LIMIT if longest is None else None)
    with pytest.raises(pr.UnknownGameError):
        short_name("no-such-game")


@pytest.mark.parametrize("name", ["patience_captive_queens", "patience_easy_start_parlett"])
def test_openspiels_random_simulation_plays_full_games_with_chance_deals(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "name",
    [
        "patience_royal_cotillion(deal=3)",
        "patience_royal_cotillion_stock_refill(deal=4)",
        "patience_easy_start(deal=5,hide_covered=True)",
    ],
)
def test_openspiels_random_simulation_plays_full_games_from_a_deal(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "name",
    [
        # runs, face-down cards, unlimited redeals (a shorter move limit: serializing at
        # every step makes the check quadratic in the length of the game)
        "patience_klondike(max_moves=150)",
        "patience_klondike(max_moves=120,rewards=terminal)",
        # free cells, supermoves, Microsoft's deals
        "patience_freecell(max_moves=150)",
        "patience_freecell(deal=617,max_moves=120)",
        "patience_crescent(hide_covered=True)",  # builds in suit up or down, shifts
        "patience_windmill",  # foundations as sources
        "patience_sultan(rewards=terminal)",  # parks into the divan
    ],
)
def test_openspiels_random_simulation_plays_every_new_shape_of_game(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


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


@pytest.mark.parametrize("name", pr.game_names())
def test_the_game_labels_actions_as_its_states_do(name: str) -> None:
    game = pyspiel.load_game(short_name(name))
    state = game.new_initial_state()
    for action in range(game.num_distinct_actions()):
        assert game.action_to_string(0, action) == state.action_to_string(0, action)
    for card in range(52):
        label = game.action_to_string(pyspiel.PlayerId.CHANCE, card)
        assert label == state.action_to_string(pyspiel.PlayerId.CHANCE, card)
        assert label == f"deal {pr.Card.from_index(card)}"
    with pytest.raises(pr.IllegalMoveError, match="is not an action of"):
        game.action_to_string(0, game.num_distinct_actions())
    # (an integer of NumPy's is an outcome too, as it is an action)
    assert game.action_to_string(pyspiel.PlayerId.CHANCE, np.int64(51)) == "deal KS"
    assert game.action_to_string(pyspiel.PlayerId.CHANCE, np.uint8(0)) == "deal AC"
    # (as applying it is: the outcome named, and what an outcome is)
    for card in (52, -1):
        with pytest.raises(
            pr.InvalidDealError,
            match=rf"^chance outcome {card}: a chance outcome is the index of the card dealt, "
            r"from 0 \(AC\) to 51 \(KS\)$",
        ):
            game.action_to_string(pyspiel.PlayerId.CHANCE, card)


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


# -- chance outcomes are checked -----------------------------------------------


@pytest.mark.parametrize("outcome", [60, 52, 10**12])
def test_a_chance_outcome_that_is_no_card_is_refused(outcome: int) -> None:
    state = pyspiel.load_game("patience_captive_queens").new_initial_state()
    state.apply_action(5)
    with pytest.raises(
        pr.InvalidDealError,
        match=r"a chance outcome is the index of the card dealt, from 0 \(AC\) to 51 \(KS\)",
    ):
        state.apply_action(outcome)
    assert state.history() == [5]
    assert dict(state.chance_outcomes())[4] == pytest.approx(1 / 51)


def test_an_illegal_action_is_named_by_its_id_as_the_action_space_names_it() -> None:
    state = pyspiel.load_game("patience_captive_queens", {"deal": 1}).new_initial_state()
    rules = pr.get_game("captive-queens")
    space = pr.ActionSpace(rules)
    illegal = next(a for a in range(space.size) if a not in state.legal_actions())
    with pytest.raises(pr.IllegalMoveError) as refused:
        space.legal_move(rules.deal(1), illegal)
    with pytest.raises(pr.IllegalMoveError) as caught:
        state.apply_action(illegal)
    assert str(caught.value) == str(refused.value)
    assert str(caught.value).startswith(f"action {illegal}: illegal move ")
    assert state.history() == []


def test_a_card_dealt_more_often_than_the_deck_holds_it_is_refused_at_once() -> None:
    one_deck = pyspiel.load_game("patience_captive_queens").new_initial_state()
    one_deck.apply_action(0)
    with pytest.raises(
        pr.InvalidDealError, match=r"chance outcome 0 \(AC\): the deck holds 1 AC, dealt already"
    ):
        one_deck.apply_action(0)
    two_decks = pyspiel.load_game("patience_royal_cotillion").new_initial_state()
    two_decks.apply_action(0)
    two_decks.apply_action(0)
    with pytest.raises(pr.InvalidDealError, match="the deck holds 2 AC, dealt already"):
        two_decks.apply_action(0)
    assert two_decks.history() == [0, 0]
    assert 0 not in dict(two_decks.chance_outcomes())


# -- the deal parameter ----------------------------------------------------------


def test_a_deal_too_large_for_openspiels_parameters_is_refused_when_the_game_is_made() -> None:
    with pytest.raises(
        pr.InvalidDealError, match=r"hold deal numbers up to 2147483647 .*deal_actions"
    ):
        PatienceGame("easy-start", {"deal": MAX_DEAL_PARAMETER + 1})
    with pytest.raises(pr.InvalidDealError, match="got an integer of 5001 digits"):
        PatienceGame("easy-start", {"deal": 10**5000})
    with pytest.raises(pr.InvalidDealError, match=r"expected -1 .* got -5"):
        pyspiel.load_game("patience_easy_start(deal=-5)")
    # OpenSpiel's own parser refuses a number of more than 32 bits before the game sees it.
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game(f"patience_easy_start(deal={MAX_DEAL_PARAMETER + 1})")
    top = pyspiel.load_game(f"patience_easy_start(deal={MAX_DEAL_PARAMETER})")
    assert top.new_initial_state().game_state == pr.get_game("easy-start").deal(MAX_DEAL_PARAMETER)


@pytest.mark.parametrize(
    ("params", "error", "message"),
    [
        ({"dael": 3}, pr.InvalidRulesError, "unknown parameter 'dael'"),
        ({"deal": "3"}, pr.InvalidDealError, "expected a deal number or -1"),
        ({"hide_covered": 1}, pr.InvalidRulesError, "hide_covered: expected True or False"),
        ({"rewards": "win"}, pr.InvalidRulesError, "rewards: expected 'step' or 'terminal'"),
        ([("deal", 3)], pr.InvalidRulesError, "a mapping"),
    ],
)
def test_bad_parameters_are_refused(params: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        PatienceGame("easy-start", params)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [MAX_DEAL_PARAMETER + 1, 2**64 - 1])
def test_any_deal_number_is_dealt_by_chance_actions_and_its_state_loads(number: int) -> None:
    game = pyspiel.load_game("patience_royal_cotillion")
    state = game.new_initial_state()
    for action in deal_actions(game, number):
        state.apply_action(action)
    rules = pr.get_game("royal-cotillion")
    assert state.game_state == rules.deal(number)
    state.apply_action(state.legal_actions()[-1])
    text = serialize_game_and_state(game, state)
    for _, loaded in (
        deserialize_game_and_state(text),
        pyspiel.deserialize_game_and_state(text),
        (None, pickle.loads(pickle.dumps(state))),
    ):
        assert loaded.history() == state.history()
        assert loaded.game_state == state.game_state
    with pytest.raises(pr.InvalidDealError, match="got an integer of 5001 digits"):
        deal_actions(game, 10**5000)
    with pytest.raises(pr.InvalidDealError, match="load it with deal=-1"):
        deal_actions(pyspiel.load_game("patience_royal_cotillion(deal=1)"), number)


# -- serialization never unpickles ---------------------------------------------


class Payload:
    """A pickle that touches a file when it is loaded."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[Path]]:
        return Path.touch, (self.path,)


def crafted(text: str, path: Path) -> str:
    head = text.rsplit("__dict__=", 1)[0]
    return head + "__dict__=" + base64.b64encode(pickle.dumps({"x": Payload(path)})).decode() + "\n"


def test_deserializing_reads_the_history_and_never_unpickles(tmp_path: Path) -> None:
    game = pyspiel.load_game("patience_easy_start(deal=3)")
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    marker = tmp_path / "ran"
    text = crafted(pyspiel.serialize_game_and_state(game, state), marker)
    game_2, state_2 = deserialize_game_and_state(text)
    state_3 = game.deserialize_state(text.split("[State]\n", 1)[1])
    assert not marker.exists()
    for loaded in (state_2, state_3):
        assert loaded.history() == state.history()
        assert loaded.game_state == state.game_state
    assert str(game_2) == str(game)
    # OpenSpiel's own reader runs the payload: the reason for the one above.
    pyspiel.deserialize_game_and_state(text)
    assert marker.exists()


def test_serializing_refuses_a_state_of_another_game() -> None:
    # (the text names the game given and the state's history: a state of
    # deal 7 given with deal 3's game read back as a state of deal 3)
    deal_3 = pyspiel.load_game("patience_royal_cotillion(deal=3)")
    deal_7 = pyspiel.load_game("patience_royal_cotillion(deal=7)")
    state = deal_7.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    game, read = deserialize_game_and_state(serialize_game_and_state(deal_7, state))
    assert (str(game), read.game_state) == (str(deal_7), state.game_state)
    of_deal_7 = "got one of patience_royal_cotillion[(]deal=7,"
    with pytest.raises(pr.InvalidRulesError, match=rf"expected a state of .*deal=3.*{of_deal_7}"):
        serialize_game_and_state(deal_3, state)
    with pytest.raises(pr.InvalidRulesError, match="expected a patience game, got tic_tac_toe"):
        serialize_game_and_state(pyspiel.load_game("tic_tac_toe"), state)
    with pytest.raises(pr.InvalidRulesError, match="expected a patience game, got None"):
        serialize_game_and_state(None, state)  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match=r"expected a state of .*, got None"):
        serialize_game_and_state(deal_7, None)  # type: ignore[arg-type]


def test_the_observer_refuses_what_is_no_patience_game_or_state() -> None:
    game = PatienceGame("royal-cotillion", {"deal": 3})
    observer = game.make_py_observer()
    for method in (observer.set_from, observer.string_from):
        with pytest.raises(pr.InvalidRulesError, match="expected a state of a patience game"):
            method(None, 0)  # type: ignore[arg-type]
        for deal in (1, -1):  # (dealt, and at its chance nodes, not dealt yet)
            klondike = PatienceGame("klondike", {"deal": deal}).new_initial_state()
            with pytest.raises(pr.InvalidRulesError, match="this observer sees states of"):
                method(klondike, 0)
    with pytest.raises(pr.InvalidRulesError, match="expected a patience game, got None"):
        PatienceObserver(None)  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidRulesError, match="perfect_recall is True or False, got 'x'"):
        PatienceObserver(game, perfect_recall="x")  # type: ignore[arg-type]
    assert observer.string_from(game.new_initial_state(), 0).startswith("royal-cotillion:")


def test_deserializing_reads_lines_that_end_in_crlf() -> None:
    game = pyspiel.load_game("patience_easy_start")
    state = game.new_initial_state()
    for action in deal_actions(game, np.uint64(2**64 - 1)):  # (NumPy's integers are deal numbers)
        state.apply_action(action)
    state.apply_action(state.legal_actions()[0])
    text = serialize_game_and_state(game, state).replace("\n", "\r\n")
    _, read = deserialize_game_and_state(text)
    assert read.history() == state.history()
    assert read.game_state == state.game_state
    # The game's own reader too, which refuses what is no text in words of its own.
    alone = game.deserialize_state(state.serialize().replace("\n", "\r\n"))
    assert alone.history() == state.history()
    for wrong, kind in ((None, "NoneType"), (state.serialize().encode(), "bytes")):
        with pytest.raises(
            pr.NotationError, match=f"^a state's serialized text is text, got {kind}$"
        ):
            game.deserialize_state(wrong)


def test_a_deal_parameter_with_a_plus_sign_reads_as_openspiel_reads_it() -> None:
    # (pyspiel.load_game read "deal=+7" as 7, and the serialized form's reader refused it)
    text = "[Meta]\nVersion: 1\n\n[Game]\npatience_easy_start(deal=+7)\n[State]\nhistory=\nmove_number=0\n"
    game, _ = deserialize_game_and_state(text)
    assert (
        game.get_parameters()["deal"]
        == 7
        == pyspiel.load_game("patience_easy_start(deal=+7)").get_parameters()["deal"]
    )


def test_every_spelling_get_game_reads_gets_that_games_short_name(
    isolated_registry: None,
) -> None:
    # (as the Gymnasium ids: a variant's rules carry its base game's name)
    pr.register_game("klondike-3", lambda: pr.klondike(draw=3), summary="d3", aliases=("k3",))
    register_games()
    for spelling in ("Easy-Start-Parlett", " easy-start-parlett", "K3", "QUADRILLE"):
        game = pyspiel.load_game(short_name(spelling))
        assert game.rules == pr.get_game(spelling)


def test_a_game_won_with_a_card_that_could_go_back_is_over(isolated_registry: None) -> None:
    # A won Klondike with foundation_back could still move a card back: the
    # game is over at the win, with nothing to play, and not "stopped".
    pr.register_game(
        "klondike-back", lambda: pr.klondike(foundation_back=True), summary="Cards go back."
    )
    register_games()
    game = pyspiel.load_game(f"{short_name('klondike-back')}(deal=14,max_moves=2000)")
    _, _, played = won_with_moves_left()
    state = game.new_initial_state()
    for move in played:
        assert not state.is_terminal()
        state.apply_action(game.actions.id_of(move))
    assert state.game_state.is_won and state.game_state.legal_moves()
    assert state.is_terminal() and not state.stopped
    assert state.legal_actions() == []
    assert state.returns() == [52.0]
    with pytest.raises(pr.IllegalMoveError, match="the game is won, and no action follows"):
        state.apply_action(game.actions.id_of(state.game_state.legal_moves()[0]))
    # Won at the move limit's last move: won, not stopped.
    limited = pyspiel.load_game(f"{short_name('klondike-back')}(deal=14,max_moves={len(played)})")
    state = limited.new_initial_state()
    for move in played:
        state.apply_action(limited.actions.id_of(move))
    assert state.is_terminal() and not state.stopped
    with pytest.raises(pr.IllegalMoveError, match="the game is won, and no action follows"):
        state.apply_action(limited.actions.id_of(state.game_state.legal_moves()[0]))


def test_names_that_share_a_short_name_are_refused_not_confused(isolated_registry: None) -> None:
    klondike = pr.get_game("klondike")
    pr.register_game("easy_start", lambda: attrs.evolve(klondike, name="easy_start"), summary="x")
    assert short_name("easy-start") == "patience_easy_start"
    with pytest.raises(pr.InvalidRulesError, match="'patience_easy_start' is game 'easy-start'"):
        short_name("easy_start")
    assert "patience_easy_start" in register_games()  # easy_start left out, not registered over
    assert pyspiel.load_game("patience_easy_start").rules.name == "easy-start"


def test_a_short_name_stays_with_the_game_registered_under_it_first(
    isolated_registry: None,
) -> None:
    # my_game is registered with OpenSpiel before my-game exists: it keeps the
    # short name, though my-game sorts first.
    klondike, freecell = pr.get_game("klondike"), pr.get_game("freecell")
    pr.register_game("my_game", lambda: attrs.evolve(klondike, name="my_game"), summary="x")
    register_games()
    pr.register_game("my-game", lambda: attrs.evolve(freecell, name="my-game"), summary="y")
    names = register_games()
    assert short_name("my_game") == "patience_my_game"
    with pytest.raises(pr.InvalidRulesError, match="'patience_my_game' is game 'my_game'"):
        short_name("my-game")
    assert names.count("patience_my_game") == 1
    assert pyspiel.load_game("patience_my_game").rules.name == "my_game"


@pytest.mark.parametrize(
    ("state_text", "message"),
    [
        ("history=0:0\nmove_number=1", None),
        ("history=0:0,0:0\nmove_number=2", None),
        ("history=0:2\nmove_number=1", r"history entry 1 \(0:2\): action 2: illegal move"),
        ("history=0:11\nmove_number=1", r"history entry 1 \(0:11\): 11 is not an action"),
        ("history=-1:0\nmove_number=1", r"history entry 1 \(-1:0\): the action is player 0's"),
        ("history=0:0\nmove_number=2", "move_number: expected 1"),
        ("history=0:x\nmove_number=1", r"history entry 1: expected <player>:<action>, got '0:x'"),
        ("history=0:0", "a state's text is the lines history="),
        ("history=0:0\nmove_number=1\n__dict__=\nmore", "three lines at most"),
        (
            "history=0:0\nmove_number=1\njunk",
            "line 3 of a state's text: expected OpenSpiel's __dict__= line or nothing, got 'junk'",
        ),
        (
            "history=" + ",".join(["0:0"] * 10**5) + "\nmove_number=100000",
            r"has at most \d+ actions, got 100000",
        ),
    ],
)
def test_malformed_state_text_is_refused(state_text: str, message: str | None) -> None:
    game = pyspiel.load_game("patience_easy_start(deal=3)")
    text = f"[Meta]\nVersion: 1\n\n[Game]\n{game}\n[State]\n{state_text}\n"
    if message is None:
        _, state = deserialize_game_and_state(text)
        assert state.history() == [0] * state_text.count("0:0")
    else:
        with pytest.raises(pr.NotationError, match=message):
            deserialize_game_and_state(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[Game]\ntic_tac_toe\n[State]\nhistory=\nmove_number=0\n", "expected the sections"),
        ("[Meta]\n[Game]\ntic_tac_toe\n[State]\nhistory=\nmove_number=0\n", "a patience game"),
        (
            "[Meta]\n[Game]\npatience_nothing\n[State]\nhistory=\nmove_number=0\n",
            "unknown game 'patience_nothing': expected one of patience_captive_queens, ",
        ),
        ("[Meta]\n[Game]\npatience_easy_start(deal=-7)\n[State]\nhistory=\n", "got -7"),
        ("[Meta]\n[Game]\n[State]\nhistory=\nmove_number=0\n", r"\[Game\]: expected one line"),
        ("stray\n[Meta]\n", "line 1: expected \\[Meta\\]"),
        (b"[Meta]", "is text, got bytes"),
    ],
)
def test_malformed_game_text_is_refused(text: str, message: str) -> None:
    with pytest.raises(pr.NotationError, match=message):
        deserialize_game_and_state(text)


def read_game_string(game_string: str) -> pyspiel.Game:
    """The game of ``game_string``, read by deserialize_game_and_state."""
    text = f"[Meta]\nVersion: 1\n\n[Game]\n{game_string}\n[State]\nhistory=\nmove_number=0\n"
    return deserialize_game_and_state(text)[0]


@pytest.mark.parametrize(
    "game_string",
    [
        # deep enough that OpenSpiel's own reader, which nests without bound, crashes
        "patience_easy_start(deal=" + "x(a=" * 20000 + "1" + ")" * 20000 + ")",
        "patience_easy_start(deal=" + "0" * 10**6 + "1)",
        "patience_" + "x" * 300,
    ],
)
def test_a_game_string_too_long_is_refused_before_openspiel_reads_it(
    game_string: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unread(*args: object) -> None:
        raise AssertionError(f"pyspiel.load_game was given {args!r}")

    state = pyspiel.load_game("patience_easy_start").new_initial_state()
    restore, _ = state.__reduce__()
    replay, _ = state._play.__reduce__()
    monkeypatch.setattr(pyspiel, "load_game", unread)
    length = f"({len(game_string)} characters)"
    message = "a game string has at most 256 characters (a short name and at most four parameters)"
    for read in (read_game_string, lambda text: restore(text, ()), lambda text: replay(text, ())):
        with pytest.raises(pr.NotationError, match=re.escape(message)) as caught:
            read(game_string)
        assert str(caught.value).endswith(length)


def test_openspiel_is_given_the_game_strings_name_and_parameters_not_its_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[object, ...]] = []
    load_game = pyspiel.load_game

    def recorded(*args: object) -> pyspiel.Game:
        calls.append(args)
        return load_game(*args)

    monkeypatch.setattr(pyspiel, "load_game", recorded)
    # the longest string read: 256 characters (OpenSpiel reads the leading zeros too)
    longest = "patience_easy_start(hide_covered=true,deal=" + "0" * 211 + "7)"
    assert len(longest) == 256
    game = read_game_string(longest)
    assert (game.deal, game.observer.hide_covered) == (7, True)
    assert calls == [("patience_easy_start", {"hide_covered": True, "deal": 7})]
    assert str(read_game_string("patience_easy_start()")) == str(load_game("patience_easy_start"))
    with pytest.raises(pr.NotationError, match=r"at most 256 characters .*\(257 characters\)"):
        read_game_string(longest.replace("deal=", "deal=0"))  # one character more
    assert len(calls) == 2


@pytest.mark.parametrize(
    ("game_string", "message"),
    [
        (
            "patience_easy_start(deal=1)garbage",
            "expected nothing after the parameters' ')', got 'garbage'",
        ),
        (
            "patience_easy_start(deal=1,deal=2)",
            "parameter 'deal' given twice: expected each parameter at most once",
        ),
        (
            "patience_easy_start(deal=2147483648)",
            "deal: OpenSpiel's game parameters hold deal numbers up to 2147483647 (2**31 - 1), "
            "got 2147483648: deal it by chance actions instead (deal_actions)",
        ),
        (
            "patience_easy_start(max_moves=99999999999)",
            "max_moves: expected -1 (the default limit) or a whole number from 1 to "
            "2147483647, got 99999999999",
        ),
        (
            "patience_easy_start(deal=" + "9" * 200 + ")",
            "deal: expected -1 (dealt by chance nodes) or a deal number of Captive Queens "
            "(Easy start) from 0 to 2147483647, got an integer of 200 digits",
        ),
        (
            "patience_easy_start(deal=" + "x(a=" * 40 + "1" + ")" * 40 + ")",
            "expected parameters such as deal=7 or rewards=terminal, got a '(' among them",
        ),
        ("patience_easy_start(deal=1", "expected the parameters to end with ')', got no ')'"),
        ("patience_easy_start(deal=1,)", "parameter '': expected <key>=<value>"),
        ("patience_easy_start(deal)", "parameter 'deal': expected <key>=<value>"),
        ("patience_easy_start(deal=1.5)", "deal: expected a deal number or -1, got '1.5'"),
        ("patience_easy_start(hide_covered=1)", "hide_covered: expected True or False, got 1"),
        ("patience_easy_start(seed=1)", "unknown parameter 'seed': expected deal, "),
        ("patience_easy_start_(deal=1)", "unknown game 'patience_easy_start_': expected one of"),
    ],
)
def test_a_malformed_game_string_is_refused_by_every_reader(game_string: str, message: str) -> None:
    state = pyspiel.load_game("patience_easy_start").new_initial_state()
    restore, _ = state.__reduce__()
    replay, _ = state._play.__reduce__()
    remake, _ = pyspiel.load_game("patience_easy_start").__reduce__()
    for read in (
        read_game_string,
        lambda text: restore(text, ()),
        lambda text: replay(text, ()),
        remake,
    ):
        with pytest.raises(pr.NotationError, match=re.escape(message)) as caught:
            read(game_string)
        assert str(caught.value).startswith(f"game {game_string[:60]!r}")


def test_a_game_over_takes_no_more_actions_in_a_history() -> None:
    game = pyspiel.load_game("patience_captive_queens(deal=1)")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    text = serialize_game_and_state(game, state)
    history = text.split("history=")[1].split("\n")[0]
    longer = text.replace(
        f"history={history}\nmove_number={len(state.history())}",
        f"history={history},0:0\nmove_number={len(state.history()) + 1}",
    )
    with pytest.raises(pr.NotationError, match="the game is over, and no action follows"):
        deserialize_game_and_state(longer)


def test_a_pickled_state_is_its_game_and_history_checked_on_load() -> None:
    game = pyspiel.load_game("patience_captive_queens")
    state = play_randomly(game.new_initial_state(), 70, seed=3)
    data = pickle.dumps(state)
    assert b"__dict__" not in data and b"serialize" not in data
    again = pickle.loads(data)
    assert again.history() == state.history()
    assert again.game_state == state.game_state
    reducer, (game_string, _) = state.__reduce__()
    with pytest.raises(
        pr.NotationError,
        match=r"history entry 2 \(0\): chance outcome 0 \(AC\): the deck holds 1 AC",
    ):
        reducer(game_string, (0, 0))
    with pytest.raises(pr.NotationError, match="a patience game"):
        reducer("tic_tac_toe", ())
    with pytest.raises(pr.NotationError, match="a tuple of action ids, got \\[0, '1'\\]"):
        reducer(game_string, [0, "1"])


@pytest.mark.parametrize(
    ("history", "message"),
    [
        (None, "a pickled state's history is a tuple of action ids, got None"),
        ([0], r"a pickled state's history is a tuple of action ids, got \[0\]"),
        (
            (2**63,),
            "history entry 1: expected an action id, a whole number from 0 to 51, "
            "got 9223372036854775808",
        ),
        (("x",), "history entry 1: expected an action id, a whole number from 0 to 51, got 'x'"),
        ((0, -1), "history entry 2: expected an action id, a whole number from 0 to 51, got -1"),
        ((0, True), "history entry 2: expected an action id, .* got True"),
        ((0, 52), "history entry 2: expected an action id, a whole number from 0 to 51, got 52"),
        ((0, 1, 1.0), "history entry 3: expected an action id, .* got 1.0"),
        ((0, 0), r"history entry 2 \(0\): chance outcome 0 \(AC\): the deck holds 1 AC"),
        ((0,) * 10**6, "history: a game of Captive Queens has at most 262 actions, got 1000000"),
    ],
)
def test_a_crafted_pickled_history_is_refused_with_a_notation_error(
    history: object, message: str
) -> None:
    state = pyspiel.load_game("patience_captive_queens(deal=1)").new_initial_state()
    chance = pyspiel.load_game("patience_captive_queens").new_initial_state()
    assert chance.num_distinct_actions() <= 52  # (so that 51 is the largest id, a card's)
    restore, (game_string, _) = chance.__reduce__()
    replay, _ = chance._play.__reduce__()
    for read in (restore, replay):
        with pytest.raises(pr.NotationError, match=message):
            read(game_string, history)
    # where play has begun, an action id in range but not legal there is refused as such
    _, (game_string, _) = state.__reduce__()
    illegal = min(set(range(state.num_distinct_actions())) - set(state.legal_actions()))
    for read in (restore, replay):
        with pytest.raises(
            pr.NotationError,
            match=rf"history entry 1 \({illegal}\): action {illegal}: illegal move .* in Captive",
        ):
            read(game_string, (illegal,))


# -- information states -----------------------------------------------------------


def test_information_states_show_what_the_player_sees_and_did() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=7,hide_covered=True)")
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert game.information_state_tensor_shape() == [game.observation_tensor_size()]
    state = game.new_initial_state()
    observer = pr.Observer(pr.get_game("royal-cotillion"), hide_covered=True)
    moves = []
    for action in (29, 0, 0):
        state.apply_action(action)
        after = state.game_state
        # Each move with the card it brought into view: the card uncovered
        # in column 4 (hidden before), then each card drawn.
        # (T4:2 8S: column 4 shows the 8S from its second card up)
        column, waste = after.columns[3], after.waste
        shown = f"T4:{len(column)} {column[-1]}" if action == 29 else f"W:{len(waste)} {waste[-1]}"
        moves.append(f"{pr.ActionSpace(after.rules).move_of(action)} ({shown})")
        text = state.information_state_string(0)
        assert text == f"{observer.observe(state.game_state)}\nmoves played: {' '.join(moves)}"
        assert text.startswith(state.observation_string(0))
        assert state.information_state_tensor(0) == list(observer.vector(state.game_state))
        assert pr.HIDDEN_CARD in state.information_state_tensor(0)
        for card in state.game_state.stock:  # the stock's order is not in it
            assert str(card) not in text.split("\n")[0]
    fresh = game.new_initial_state()
    assert fresh.information_state_string(0).endswith("moves played: --")
    chance = pyspiel.load_game("patience_easy_start").new_initial_state()
    assert chance.information_state_string(0) == "dealing: 0 of 52 cards dealt"
    assert not any(chance.information_state_tensor(0))


@pytest.mark.parametrize(
    "name",
    [
        "patience_klondike",  # draws, redeals, face-down cards turned
        "patience_royal_cotillion(hide_covered=True)",  # cards uncovered, cells refilled
        "patience_captive_queens",
        "patience_sultan",
        "patience_crescent(hide_covered=True)",  # shifts bring up covered cards
        "patience_windmill",
    ],
)
def test_information_states_have_perfect_recall(name: str) -> None:
    # Two deals that differ in two cards, played by the same moves: their
    # information states are the same exactly when everything the player
    # was shown along the way was the same (OpenSpiel's perfect recall), and
    # the same information state allows the same actions.
    game = pyspiel.load_game(name)
    rules = game.rules
    chooser = random.Random(name)
    hidden = rules.deal(0).stock_size or len(rules.deck())  # (the stock is dealt last)
    for trial in range(4):
        order = list(rules.deck_order(trial))
        swapped = order.copy()
        i, j = chooser.sample(range(len(order) - hidden, len(order)), 2)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        one, two = dealt(game, order), dealt(game, swapped)
        shown_one, shown_two = [one.observation_string(0)], [two.observation_string(0)]
        for _ in range(300):
            same = one.information_state_string(0) == two.information_state_string(0)
            assert same == (shown_one == shown_two)
            if same:
                assert one.legal_actions() == two.legal_actions()
            common = sorted(set(one.legal_actions()) & set(two.legal_actions()))
            if one.is_terminal() or two.is_terminal() or not common:
                break
            action = chooser.choice(common)
            for state, shown in ((one, shown_one), (two, shown_two)):
                state.apply_action(action)
                shown.append(state.observation_string(0))
        # Asked at every step, now and then, or once after a replay, the
        # string is the same.
        replayed = game.deserialize_state(one.serialize())
        assert replayed.information_state_string(0) == one.information_state_string(0)
        now_and_then = game.deserialize_state(one.serialize())  # (asked at its end only)
        history = now_and_then.history()[len(order) :]
        again = dealt(game, order)
        for step, action in enumerate(history):
            again.apply_action(action)
            if step % 7 == 3:
                assert again.information_state_string(0).count("moves played") == 1
        assert again.information_state_string(0) == now_and_then.information_state_string(0)


def test_a_crescent_shift_that_hides_a_card_and_shows_its_twin_is_remembered() -> None:
    # Two deals differing only in which of piles 1 and 2 has 5H and which 9S
    # at the bottom, both topped by the other copies: the first shift shows
    # them the other way round, and the second puts the views back as they
    # were; a record of the cards whose count in view grew saw nothing.
    game = pyspiel.load_game("patience_crescent(hide_covered=True)")
    rules = game.rules
    five, nine = pr.Card.from_str("5H"), pr.Card.from_str("9S")
    laid = [pr.Card.from_str(text) for text in ["AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS"]]
    rest = list(rules.deck())
    for card in (*laid, five, five, nine, nine):
        rest.remove(card)
    random.Random(1).shuffle(rest)
    one = [*laid, nine, five, *rest[:78], five, nine, *rest[78:]]
    two = [*laid, five, nine, *rest[:78], five, nine, *rest[78:]]
    assert rules.deal_from(one).columns[0][0] == nine  # (piles dealt in rows: 1, 2, ...)
    states = [dealt(game, order) for order in (one, two)]
    views = [[state.observation_string(0)] for state in states]
    shift = game.actions.moves.index(pr.Move.redeal())
    for _ in range(2):
        for state, seen in zip(states, views, strict=True):
            state.apply_action(shift)
            seen.append(state.observation_string(0))
    assert views[0][0] == views[1][0] and views[0][2] == views[1][2]
    assert views[0][1] != views[1][1]
    assert states[0].information_state_string(0) != states[1].information_state_string(0)


# -- terminal rewards and MCTS ---------------------------------------------------


def test_terminal_rewards_come_at_the_end_and_add_up_as_step_rewards_do() -> None:
    step = pyspiel.load_game("patience_royal_cotillion(deal=5)")
    terminal = pyspiel.load_game("patience_royal_cotillion(deal=5,rewards=terminal)")
    assert step.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    assert terminal.get_type().reward_model == pyspiel.GameType.RewardModel.TERMINAL
    one, two = step.new_initial_state(), terminal.new_initial_state()
    total = 0.0
    while not one.is_terminal():
        action = one.legal_actions()[-1]
        one.apply_action(action)
        two.apply_action(action)
        total += one.rewards()[0]
        if not two.is_terminal():
            assert two.rewards() == two.returns() == [0.0]
    assert two.rewards() == two.returns() == one.returns() == [total]
    assert 0 < total <= terminal.max_utility()


def late_in_the_game(game: pyspiel.Game) -> pyspiel.State:
    """A Royal Cotillion state with 8 cards left in the stock: a short game to search."""
    state = game.new_initial_state()
    while state.game_state.stock_size > 8:
        state.apply_action(state.legal_actions()[-1])
    return state


def test_openspiels_python_mcts_plays_a_game_to_the_end() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=3,rewards=terminal)")
    state = late_in_the_game(game)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2, 6, evaluator, random_state=np.random.RandomState(0))
    played = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        played += 1
    assert played > 10
    assert state.game_state.is_over
    assert state.returns() == [state.game_state.cards_home - 8]
    with pytest.raises(ValueError, match="Game must have terminal rewards"):
        mcts.MCTSBot(pyspiel.load_game("patience_royal_cotillion(deal=3)"), 2, 6, evaluator)


def test_openspiels_cpp_mcts_searches_a_game_to_the_end() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=3,rewards=terminal)")
    state = late_in_the_game(game)
    bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 0), 2.0, 6, 100, False, 0, False)
    while not state.is_terminal():
        # Not bot.step(state): it lets go of Python's lock, which no game written in
        # Python survives; mcts_search keeps it.
        action = bot.mcts_search(state).best_child().action
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.returns()[0] > 0
    with pytest.raises(pyspiel.SpielError, match="terminal rewards"):
        pyspiel.MCTSBot(
            pyspiel.load_game("patience_royal_cotillion(deal=3)"),
            pyspiel.RandomRolloutEvaluator(1, 0),
            2.0,
            6,
            100,
            False,
            0,
            False,
        )


@pytest.mark.parametrize(
    "name",
    ["patience_easy_start(rewards=terminal)", "patience_odd_and_even(deal=4,rewards=terminal)"],
)
def test_openspiels_random_simulation_plays_games_with_terminal_rewards(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=2, serialize=True, verbose=False)


# -- hostile input: only the library's errors -----------------------------------

_STATE_TEXT = (
    "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
    "[Game]\npatience_easy_start(deal=3)\n[State]\nhistory=0:0,0:0,0:0\nmove_number=3\n"
)


@given(data=st.data())
@settings(max_examples=200)
def test_mutated_state_text_loads_or_raises_a_notation_error(data: st.DataObject) -> None:
    text = _STATE_TEXT
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = (
            text[:at] + data.draw(st.text("0123456789:,-=x\n[]_()", max_size=3)) + text[at + cut :]
        )
    try:
        game, state = deserialize_game_and_state(text)
    except pr.NotationError:
        return
    again = deserialize_game_and_state(serialize_game_and_state(game, state))[1]
    assert again.history() == state.history()
    assert again.game_state == state.game_state


@given(outcomes=st.lists(st.integers(-(2**63) + 1, 2**63 - 1), max_size=60))
@settings(max_examples=100)
def test_any_chance_outcomes_deal_or_raise_an_invalid_deal_error(outcomes: list[int]) -> None:
    state = pyspiel.load_game("patience_captive_queens").new_initial_state()
    for outcome in outcomes:
        if not state.is_chance_node():
            break
        legal = outcome in dict(state.chance_outcomes())
        if outcome == pyspiel.INVALID_ACTION:
            continue
        before = state.history()
        try:
            state.apply_action(outcome)
        except pr.InvalidDealError:
            assert not legal
            assert state.history() == before
        else:
            assert legal


# -- the move limit -------------------------------------------------------------------


def test_a_game_that_may_go_on_for_ever_stops_at_its_move_limit() -> None:
    game = pyspiel.load_game("patience_klondike(deal=2,max_moves=30)")
    assert game.max_game_length() == game.max_moves == 30
    state = game.new_initial_state()
    ours = pr.get_game("klondike").deal(2)
    chooser = random.Random(2)
    total = 0.0
    for _ in range(30):
        assert not state.is_terminal() and not state.stopped
        assert state.current_player() == 0
        action = chooser.choice(state.legal_actions())
        ours = ours.apply(pr.ActionSpace(ours.rules).move_of(action))
        state.apply_action(action)
        total += state.rewards()[0]
    assert state.game_state == ours
    assert state.is_terminal() and state.stopped
    assert not ours.is_over  # moves are still legal in the game: it was stopped
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    assert state.returns() == [total] == [float(ours.cards_home)]
    with pytest.raises(pr.IllegalMoveError, match="stopped at its limit of 30 moves"):
        state.apply_action(0)
    once = pyspiel.load_game("patience_klondike(deal=2,max_moves=1)").new_initial_state()
    once.apply_action(once.legal_actions()[0])
    with pytest.raises(pr.IllegalMoveError, match="stopped at its limit of 1 move, and"):
        once.apply_action(0)
    assert state.history() == state.history()[:30]
    # Serialized, the stopped state reads back; one action more is refused.
    text = serialize_game_and_state(game, state)
    assert deserialize_game_and_state(text)[1].stopped
    history = ",".join(f"0:{action}" for action in state.history())
    longer = text.replace(
        f"history={history}\nmove_number=30", f"history={history},0:0\nmove_number=31"
    )
    with pytest.raises(pr.NotationError, match="at most 30 actions"):
        deserialize_game_and_state(longer)


def test_terminal_rewards_come_at_the_move_limit() -> None:
    step = pyspiel.load_game("patience_freecell(deal=5,max_moves=40)")
    terminal = pyspiel.load_game("patience_freecell(deal=5,max_moves=40,rewards=terminal)")
    one, two = step.new_initial_state(), terminal.new_initial_state()
    chooser = random.Random(5)
    while not one.is_terminal():
        action = chooser.choice(one.legal_actions())
        assert two.rewards() == two.returns() == [0.0]
        one.apply_action(action)
        two.apply_action(action)
    assert two.is_terminal() and two.stopped == one.stopped
    assert two.rewards() == two.returns() == one.returns()


def test_a_game_that_always_ends_has_its_own_bound_unless_the_limit_is_lower() -> None:
    game = pyspiel.load_game("patience_royal_cotillion(deal=3)")
    assert (game.max_moves, game.max_game_length()) == (None, 172)
    assert pyspiel.load_game("patience_royal_cotillion(max_moves=500)").max_moves is None
    short = pyspiel.load_game("patience_royal_cotillion(deal=3,max_moves=5)")
    assert (short.max_moves, short.max_game_length()) == (5, 5)
    state = short.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    assert state.is_terminal() and state.stopped


@pytest.mark.parametrize("name", ["patience_crescent", "patience_freecell"])
def test_games_whose_cards_go_back_and_forth_stop_at_the_default_limit(name: str) -> None:
    game = pyspiel.load_game(name, {"deal": 4})
    assert game.max_moves == game.max_game_length() == 1000
    state = game.new_initial_state()
    unwrapped = pr.ActionSpace(game.rules)
    moves = 0
    while not state.is_terminal():
        # The first legal action that does not end the game: play goes round in circles.
        legal = state.legal_actions()
        going_on = [a for a in legal if not state.game_state.apply(unwrapped.move_of(a)).is_over]
        state.apply_action((going_on or legal)[0])
        moves += 1
    assert moves == 1000
    assert state.stopped


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, "got 0"),
        (-2, "got -2"),
        (2**31, "got 2147483648"),
        ("10", "got '10'"),
        (True, "got True"),
    ],
)
def test_a_bad_move_limit_is_refused(value: object, message: str) -> None:
    with pytest.raises(pr.InvalidRulesError, match=f"max_moves: expected -1 .*{message}"):
        PatienceGame("klondike", {"max_moves": value})


@pytest.mark.parametrize("value", [1, 2**31 - 1])
def test_a_move_limit_from_1_to_the_largest_parameter_is_taken(value: int) -> None:
    game = PatienceGame("klondike", {"max_moves": value, "deal": 2})
    assert game.max_moves == game.max_game_length() == value
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert state.is_terminal() == (value == 1)


def test_deal_0_is_a_deal_and_minus_1_deals_by_chance() -> None:
    fixed = PatienceGame("easy-start", {"deal": 0})
    assert fixed.max_chance_nodes_in_history() == 0
    state = fixed.new_initial_state()
    assert not state.is_chance_node()
    assert state.game_state == pr.get_game("easy-start").deal(0)
    by_chance = PatienceGame("easy-start", {"deal": -1})
    with pytest.raises(pr.InvalidDealError, match=r"expected -1 .* got -2"):
        PatienceGame("easy-start", {"deal": -2})
    assert by_chance.max_chance_nodes_in_history() == 52
    assert by_chance.new_initial_state().is_chance_node()
    with pytest.raises(
        pr.InvalidDealError, match=r"deals deal 0 by its parameter and has no chance"
    ):
        deal_actions(fixed, 0)
    # By chance, any deal number from 0 to the game's last: its deck order.
    for number in (0, pr.get_game("easy-start").max_deal_number):
        order = deal_actions(by_chance, number)
        assert order == [card.index for card in pr.get_game("easy-start").deck_order(number)]


def test_the_game_type_is_one_player_with_chance_and_observations() -> None:
    kind = pyspiel.load_game("patience_royal_cotillion").get_type()
    assert (kind.min_num_players, kind.max_num_players) == (1, 1)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_observation_string and kind.provides_observation_tensor
    assert kind.provides_information_state_string


# -- deal numbers of the game's own numbering ------------------------------------------


def test_freecell_deals_by_parameter_and_by_chance_are_microsofts() -> None:
    rules = pr.get_game("freecell")
    for number in (1, 617, 2**31 - 1):
        by_parameter = pyspiel.load_game("patience_freecell", {"deal": number})
        assert by_parameter.new_initial_state().game_state == rules.deal(number)
        game = pyspiel.load_game("patience_freecell")
        state = game.new_initial_state()
        for action in deal_actions(game, number):
            state.apply_action(action)
        assert state.game_state == rules.deal(number)
    first_row = pyspiel.load_game("patience_freecell(deal=1)").new_initial_state().game_state
    assert [str(column[0]) for column in first_row.columns] == [
        "JD",
        "2D",
        "9H",
        "JC",
        "5D",
        "7H",
        "7C",
        "5H",
    ]
    game = pyspiel.load_game("patience_freecell")
    with pytest.raises(
        pr.InvalidDealError, match="FreeCell is a whole number from 0 to 2147483647"
    ):
        deal_actions(game, 2**31)
    with pytest.raises(pr.InvalidDealError, match="a deal number of FreeCell from 0 to 2147483647"):
        PatienceGame("freecell", {"deal": 2**31})
    with pytest.raises(pr.InvalidDealError, match="deal it by chance actions"):
        PatienceGame("klondike", {"deal": 2**31})


@pytest.mark.parametrize("name", ["patience_klondike", "patience_freecell", "patience_windmill"])
def test_a_game_dealt_by_chance_is_a_legal_deal_of_the_game(name: str) -> None:
    game = pyspiel.load_game(name)
    rules = game.rules
    for seed in range(3):
        state = game.new_initial_state()
        chooser = random.Random(seed)
        order = []
        while state.is_chance_node():
            cards, odds = zip(*state.chance_outcomes(), strict=True)
            assert sum(odds) == pytest.approx(1.0)
            card = chooser.choices(cards, odds)[0]
            order.append(pr.Card.from_index(card))
            state.apply_action(card)
        dealt = state.game_state
        assert sorted(order) == sorted(rules.deck())
        assert dealt == rules.deal_from(order)
        assert rules.make_state(**dealt.parts()) == dealt  # a position the rules accept
        assert dealt.cards_home == rules.deal(seed).cards_home
        assert dealt.face_down == rules.deal(seed).face_down
        assert [len(column) for column in dealt.columns] == [
            len(column) for column in rules.deal(seed).columns
        ]


# -- hidden cards ----------------------------------------------------------------------


def dealt(game: pyspiel.Game, order: list[pr.Card]) -> pyspiel.State:
    state = game.new_initial_state()
    for card in order:
        state.apply_action(card.index)
    return state


def views(state: pyspiel.State) -> tuple[object, ...]:
    """Everything the player is shown of ``state``."""
    return (
        state.observation_string(0),
        state.observation_tensor(0),
        state.information_state_string(0),
        state.information_state_tensor(0),
        state.legal_actions(),
    )


@pytest.mark.parametrize("name", ["patience_klondike", "patience_freecell"])
def test_hide_covered_is_refused_where_runs_move(name: str) -> None:
    # (which runs may move, the legal actions, would tell the covered cards)
    with pytest.raises(pr.InvalidRulesError, match=r"runs=Runs\.NONE"):
        pyspiel.load_game(name, {"hide_covered": True})
    assert pyspiel.load_game(name, {"hide_covered": False}).observer.size > 0


def test_klondike_deals_differing_in_hidden_cards_look_alike_until_one_turns() -> None:
    game = pyspiel.load_game("patience_klondike")
    rules = game.rules
    order = list(rules.deck_order(8))
    column = rules.deal_from(order).columns[6]
    # Swap the card under column 7's top card (face down) with another face-down card
    # of that column, and two cards of the stock.
    swapped = order.copy()
    at, under = order.index(column[5]), order.index(column[0])
    swapped[at], swapped[under] = swapped[under], swapped[at]
    swapped[40], swapped[45] = swapped[45], swapped[40]
    one, two = dealt(game, order), dealt(game, swapped)
    assert one.game_state != two.game_state
    assert str(column[5]) not in one.observation_string(0).split()
    hidden = np.array(one.observation_tensor(0)) == pr.HIDDEN_CARD
    assert hidden.sum() == sum(one.game_state.face_down)
    chooser = random.Random(0)
    while one.game_state.face_down[6] == 6:
        assert views(one) == views(two)
        action = chooser.choice(one.legal_actions())
        one.apply_action(action)
        two.apply_action(action)
        assert not one.is_terminal()
    # The card under column 7's top card has turned: it differs between the two.
    assert views(one)[:4] != views(two)[:4]
    assert str(column[5]) in one.observation_string(0).split("columns (top last): ")[1]


def test_klondike_information_states_never_show_a_face_down_card() -> None:
    game = pyspiel.load_game("patience_klondike(max_moves=300)")
    state = play_randomly(game.new_initial_state(), 52, seed=4)  # a chance deal
    chooser = random.Random(4)
    observer = pr.Observer(game.rules)
    while not state.is_terminal():
        ours = state.game_state
        for view in (state.information_state_string(0), state.observation_string(0)):
            shown = view.split("columns (top last): ")[1].split("\n")[0].split(" | ")
            for words, cards, down in zip(shown, ours.columns, ours.face_down, strict=True):
                shown_cards = [] if words == "--" else words.split()
                assert shown_cards[:down] == ["##"] * down
                assert shown_cards[down:] == [str(card) for card in cards[down:]]
        tensor = state.information_state_tensor(0)
        assert tensor == state.observation_tensor(0) == list(observer.vector(ours))
        state.apply_action(chooser.choice(state.legal_actions()))


# -- MCTS on a game that may go on for ever ------------------------------------------------


def test_openspiels_mcts_plays_klondike_to_its_move_limit() -> None:
    game = pyspiel.load_game("patience_klondike(deal=7,max_moves=25,rewards=terminal)")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2, 8, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 25 and state.stopped
    assert state.returns() == [float(state.game_state.cards_home)]


def test_a_long_windmill_game_fits_in_its_max_game_length() -> None:
    # Deal 17 won by random moves takes 210 moves: more than a bound that counts one
    # move home per card and a draw per card of the stock (104 + 95 = 199), since a
    # card may go home to a corner and then on to the centre.
    game = pyspiel.load_game("patience_windmill(deal=17)")
    state = game.new_initial_state()
    ours = game.rules.deal(17)
    chooser = random.Random(17)
    moves = []
    while not state.is_terminal():
        move = chooser.choice(ours.legal_moves())
        ours = ours.apply(move)
        state.apply_action(game.actions.id_of(move))
        moves.append(move)
    assert state.game_state.is_won
    assert len(state.history()) == 210
    draws = sum(move.is_draw for move in moves)
    corner_to_centre = sum(move.source.kind is pr.PileKind.FOUNDATION for move in moves)
    assert (draws, corner_to_centre) == (92, 15)
    assert 103 + draws + corner_to_centre == 210 > 104 + 95
    assert game.max_game_length() == longest_game(game.rules) == 2 * 104 + 95


# -- the typed bases: _spiel.pyi against pyspiel itself -------------------------

_STUB = Path(pr.__file__).parent / "contrib" / "_spiel.pyi"
_SIGNATURE_RE = re.compile(r"(?:\d+\. )?(\w+)\((.*)\) -> (.+)")
#: pyspiel's names of types (in its pybind11 signatures), as the stub writes them.
_STUB_NAMES = {
    "typing.SupportsInt | typing.SupportsIndex": {"SupportsIndex"},
    "pyspiel.State": {"SpielState", "Self"},
    "pyspiel.Game": {"SpielGame"},
    "pyspiel.GameType": {"GameType"},
    "pyspiel.GameInfo": {"GameInfo"},
    "open_spiel::Game": {"SpielGame"},
    "collections.abc.Mapping[str, GameParameter]": {"Mapping[str, Any]"},
    "dict[str, GameParameter]": {"dict[str, Any]"},
}


def _split_parameters(text: str) -> list[str]:
    """The parameters of a signature, split at the commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]


def _pybind_signatures(method: object) -> set[tuple[tuple[str, ...], str]]:
    """The (parameter types less self, return type) of each overload pyspiel documents."""
    signatures = set()
    for line in (getattr(method, "__doc__", None) or "").splitlines():
        match = _SIGNATURE_RE.fullmatch(line.strip())
        if match is None or "*args" in match[2]:
            continue
        parameters = tuple(p.partition(": ")[2] for p in _split_parameters(match[2])[1:])
        signatures.add((parameters, match[3]))
    return signatures


def _stub_signatures() -> dict[str, dict[str, list[tuple[tuple[str, ...], str]]]]:
    """Each stub class's methods: (parameter types less self, return type) of each def."""
    classes: dict[str, dict[str, list[tuple[tuple[str, ...], str]]]] = {}
    for node in ast.parse(_STUB.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef):
            methods = classes[node.name] = {}
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.args.vararg is None:
                    arguments = [*item.args.posonlyargs, *item.args.args][1:]
                    parameters = tuple(ast.unparse(a.annotation) for a in arguments if a.annotation)
                    assert len(parameters) == len(arguments), f"{node.name}.{item.name}"
                    assert item.returns is not None
                    signature = (parameters, ast.unparse(item.returns))
                    methods.setdefault(item.name, []).append(signature)
    return classes


def _stub_names() -> dict[str, set[str]]:
    """Each stub class's methods by name, those typed as Any (``*args``) too."""
    return {
        node.name: {item.name for item in node.body if isinstance(item, ast.FunctionDef)}
        for node in ast.parse(_STUB.read_text(encoding="utf-8")).body
        if isinstance(node, ast.ClassDef)
    }


#: The methods of one release of OpenSpiel that the stub declares for users of
#: another: its struct methods changed from 1.6 (the oldest the openspiel
#: extra takes) to 2.0.
_OF_ONE_RELEASE = {
    "SpielGame": {"action_struct_spec"},
    "SpielState": {
        "actions_to_struct",
        "get_action_struct_sampler",
        "struct_to_action",
        "struct_to_actions",
        "validate_action_struct",
    },
}


def test_the_typed_bases_declare_every_method_of_pyspiels_classes_and_no_other() -> None:
    # A name the stub lacks would be a type checker's error for a method that
    # exists; a name no release has would pass a misspelt call.
    real = {"SpielGame": pyspiel.Game, "SpielState": pyspiel.State}
    for name, declared in _stub_names().items():
        public = {method for method in dir(real[name]) if not method.startswith("_")}
        assert public - declared == set(), f"the stub's {name} lacks these of pyspiel's"
        assert declared - public - {"__init__"} <= _OF_ONE_RELEASE[name]
        assert _OF_ONE_RELEASE[name] <= declared
    # Most are typed as pyspiel documents them; the rest are Any.
    typed = _stub_signatures()
    for name, declared in _stub_names().items():
        assert len(declared) > len(typed[name]) > 20
    # A misspelt method is a type checker's error (the typing session's mypy
    # fails where this ignore is unused), as it is an AttributeError here.
    state = PatienceGame("captive-queens").new_initial_state()
    with pytest.raises(AttributeError):
        state.legal_actoins()  # type: ignore[attr-defined]


def _as_stub_writes(type_text: str) -> set[str]:
    return _STUB_NAMES.get(type_text, {type_text})


def test_the_typed_bases_declare_pyspiels_own_methods_and_signatures() -> None:
    # The stub gives type checkers the bases of PatienceGame and PatienceState:
    # every method it declares must be pyspiel's, with one of its signatures.
    from patience_rules.contrib import _spiel

    real = {"SpielGame": pyspiel.Game, "SpielState": pyspiel.State}
    assert (_spiel.SpielGame, _spiel.SpielState) == (pyspiel.Game, pyspiel.State)
    stub = _stub_signatures()
    assert set(stub) == set(real)
    for name, methods in stub.items():
        assert len(methods) > 20
        for method, signatures in methods.items():
            assert hasattr(real[name], method), f"pyspiel.{real[name].__name__} has no {method}"
            documented = _pybind_signatures(getattr(real[name], method))
            for parameters, returns in signatures:
                fits = [
                    (theirs, their_return)
                    for theirs, their_return in documented
                    if len(theirs) == len(parameters)
                    and all(
                        p in _as_stub_writes(t) for p, t in zip(parameters, theirs, strict=True)
                    )
                    and returns in _as_stub_writes(their_return)
                ]
                assert fits, f"{name}.{method}{parameters} -> {returns}: pyspiel has {documented}"


def _conforms(value: object, declared: str, owner: object) -> bool:
    """Whether ``value``, returned by a method of ``owner``, has the stub's type ``declared``."""
    simple: dict[str, type] = {"int": int, "float": float, "str": str, "bool": bool}
    if declared in simple:
        return type(value) is simple[declared]
    if declared.startswith("list[") and isinstance(value, list):
        return all(_conforms(item, declared[5:-1], owner) for item in value)
    if declared == "tuple[int, float]":
        return isinstance(value, tuple) and [type(v) for v in value] == [int, float]
    if declared == "float | None":
        return value is None or type(value) is float
    if declared == "dict[str, Any]":
        return isinstance(value, dict) and all(type(key) is str for key in value)
    expected = {
        "Self": type(owner),
        "SpielState": pyspiel.State,
        "SpielGame": pyspiel.Game,
        "GameType": pyspiel.GameType,
    }[declared]
    return isinstance(value, expected) and (declared != "Self" or type(value) is type(owner))


@pytest.mark.parametrize("game_string", ["patience_royal_cotillion(deal=7)", "patience_sultan"])
def test_the_typed_bases_methods_return_what_the_stub_declares(game_string: str) -> None:
    game = pyspiel.load_game(game_string)
    chance = game.new_initial_state()
    played = game.new_initial_state()
    while played.is_chance_node():
        played.apply_action(played.chance_outcomes()[0][0])
    played.apply_action(played.legal_actions()[-1])
    stub = _stub_signatures()
    checked = 0
    for owner, methods in (
        (game, stub["SpielGame"]),
        (chance, stub["SpielState"]),
        (played, stub["SpielState"]),
    ):
        for method, signatures in methods.items():
            for parameters, returns in signatures:
                if method == "__init__" or parameters:
                    continue
                try:
                    value = getattr(owner, method)()
                except pyspiel.SpielError:  # a player's view, asked at a chance node
                    assert owner is chance
                    continue
                assert _conforms(value, returns, owner), f"{method}() -> {value!r}, not {returns}"
                checked += 1
    assert checked > 60
    assert _conforms(played.child(played.legal_actions()[0]), "Self", played)
    assert _conforms(played.player_return(0), "float", played)
    assert _conforms(played.legal_actions(0), "list[int]", played)


def test_threads_registering_at_once_register_a_new_game_once(
    isolated_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each call read the names OpenSpiel knew, then registered the others:
    # threads calling at once each registered the new game (OpenSpiel
    # replaces a game registered again without a word).
    registered: list[str] = []
    register = pyspiel.register_game

    def slowly(game_type: Any, creator: Any) -> None:
        registered.append(game_type.short_name)
        time.sleep(0.05)  # (a window in which the others read the names)
        register(game_type, creator)

    monkeypatch.setattr(pyspiel, "register_game", slowly)
    pr.register_game("klondike-at-once", lambda: pr.klondike(draw=3), summary="d3")
    results = together(4, lambda i: register_games())
    assert registered == [short_name("klondike-at-once")]
    assert all(
        isinstance(names, tuple) and short_name("klondike-at-once") in names for names in results
    )


def test_an_action_adds_to_the_history_without_copying_it() -> None:
    # A state keeps the actions played as a chain, each play holding the one
    # before: a tuple copied at every action made a long game quadratic (40,000
    # actions of Klondike took 156 us each at the end, 40 us at 5,000).
    game = pyspiel.load_game("patience_klondike", {"deal": 1, "max_moves": 100_000})
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(500):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    before = state._play
    action = state.legal_actions()[0]
    state.apply_action(action)
    after = state._play
    assert after._chain[1] is before._chain
    assert after.actions == (*before.actions, action)
    assert after.moves == len(after.actions) == 501
    assert state.history() == list(after.actions)
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again._play.actions == after.actions
    assert str(again) == str(state)
