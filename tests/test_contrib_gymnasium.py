"""The Gymnasium adapter, against the real gymnasium package."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import SyncVectorEnv
from gymnasium.wrappers import FlattenObservation, RecordEpisodeStatistics, TimeLimit
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules.contrib.gymnasium import PatienceEnv, env_id, register_envs

pytestmark = pytest.mark.extra


@pytest.mark.parametrize("name", pr.game_names())
def test_every_game_passes_the_gymnasium_env_checker(name: str) -> None:
    env = gymnasium.make(env_id(name))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    env.close()


def test_every_game_is_registered_under_its_id() -> None:
    ids = register_envs()
    assert ids == tuple(env_id(name) for name in pr.game_names())
    assert "patience_rules/RoyalCotillionStockRefill-v0" in ids
    assert env_id("quadrille") == "patience_rules/CaptiveQueens-v0"
    for name, id_ in zip(pr.game_names(), ids, strict=True):
        assert id_ in gymnasium.registry
        assert gymnasium.make(id_).unwrapped.rules == pr.get_game(name)  # type: ignore[attr-defined]
    with pytest.raises(pr.UnknownGameError):
        env_id("klondike")


@pytest.mark.parametrize("name", ["royal-cotillion", "easy-start"])
def test_reset_with_a_seed_deals_that_deal_number(name: str) -> None:
    env = PatienceEnv(name)
    rules = pr.get_game(name)
    observation, info = env.reset(seed=42)
    assert env.state == rules.deal(42)
    assert info["deal"] == env.deal_number == 42
    assert observation.tolist() == list(pr.Observer(rules).vector(rules.deal(42)))
    assert observation in env.observation_space
    _, info = env.reset(options={"deal": 5})
    assert env.state == rules.deal(5)
    assert info["deal"] == 5


def test_reset_without_a_seed_draws_deals_from_the_seeded_generator() -> None:
    one, two = PatienceEnv("captive-queens"), PatienceEnv("captive-queens")
    one.reset(seed=3)
    two.reset(seed=3)
    deals = [one.reset()[1]["deal"] for _ in range(3)]
    assert deals == [two.reset()[1]["deal"] for _ in range(3)]
    assert len(set(deals)) == 3
    assert all(0 <= deal <= pr.MAX_DEAL_NUMBER for deal in deals)


@pytest.mark.parametrize("name", pr.game_names())
def test_random_masked_episodes_follow_the_rules(name: str) -> None:
    env = PatienceEnv(name, hide_covered=True)
    chooser = np.random.default_rng(0)
    for seed in range(3):
        observation, info = env.reset(seed=seed)
        total, terminated = 0.0, False
        while not terminated:
            mask = env.action_masks()
            assert np.array_equal(mask, info["action_mask"])
            assert mask.tolist() == list(env.actions.mask(env.state))
            action = int(chooser.choice(np.flatnonzero(mask)))
            before = env.state
            observation, reward, terminated, truncated, info = env.step(action)
            assert observation in env.observation_space
            assert reward == env.state.cards_home - before.cards_home
            assert env.state == before.apply(env.actions.move_of(action))
            assert terminated == env.state.is_over
            assert not truncated
            assert not info["illegal_action"]
            total += reward
        assert total == info["cards_home"] - pr.get_game(name).deal(seed).cards_home
        assert info["won"] == env.state.is_won
        assert not env.action_masks().any()


@pytest.mark.parametrize("action", [1, 2, 169, 170, -1, 10**30, "draw", None, 2.5])
def test_an_illegal_action_ends_the_episode_with_the_penalty(action: object) -> None:
    env = PatienceEnv("royal-cotillion", illegal_reward=-5.0)
    observation, _ = env.reset(seed=7)
    before = env.state
    after, reward, terminated, truncated, info = env.step(action)  # type: ignore[arg-type]
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert env.state == before
    assert np.array_equal(after, observation)


def test_any_action_after_the_end_is_illegal() -> None:
    env = PatienceEnv("captive-queens")
    env.reset(seed=1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert not info["illegal_action"]
    _, reward, terminated, _, info = env.step(0)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


def test_episodes_are_deterministic() -> None:
    def play() -> list[float]:
        env = PatienceEnv("royal-cotillion")
        env.reset(seed=11)
        rewards, terminated = [], False
        while not terminated:
            mask = env.action_masks()
            _, reward, terminated, _, _ = env.step(int(np.flatnonzero(mask)[-1]))
            rewards.append(reward)
        return rewards

    assert play() == play()


def test_render_and_errors() -> None:
    env = PatienceEnv("royal-cotillion", render_mode="ansi")
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    env.reset(seed=7)
    assert env.render() == str(pr.get_game("royal-cotillion").deal(7))
    assert PatienceEnv("royal-cotillion").render() is None
    with pytest.raises(pr.InvalidRulesError, match="render_mode"):
        PatienceEnv("royal-cotillion", render_mode="human")
    with pytest.raises(pr.UnknownGameError):
        PatienceEnv("klondike")
    with pytest.raises(pr.InvalidRulesError, match="game name or GameRules"):
        PatienceEnv(3)  # type: ignore[arg-type]


def test_make_passes_options_and_rules_values() -> None:
    env = gymnasium.make(env_id("royal-cotillion"), hide_covered=True)
    observation, _ = env.reset(seed=7)
    assert pr.HIDDEN_CARD in observation.tolist()
    custom = PatienceEnv(pr.get_game("captive-queens", redeals=4))
    custom.reset(seed=0)
    assert custom.state.redeals_left == 4


def test_after_an_illegal_action_every_step_is_illegal_until_reset() -> None:
    env = PatienceEnv("royal-cotillion")
    env.reset(seed=7)
    _, _, terminated, _, info = env.step(2)
    assert terminated
    assert info["illegal_action"]
    assert info["action_mask"][29]  # the state is unchanged: 29 is still legal there
    _, reward, terminated, _, info = env.step(29)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    _, info = env.reset(seed=7)
    assert not info["illegal_action"]
    _, reward, terminated, _, info = env.step(29)
    assert (reward, terminated, info["illegal_action"]) == (1.0, False, False)


# -- action masks through Gymnasium's own wrappers ----------------------------


def masks_as_sb3_contrib_gets_them(env: gymnasium.Env[Any, Any]) -> np.ndarray:
    """sb3-contrib's ``get_action_masks`` for one environment (it needs torch to import)."""
    return env.get_wrapper_attr("action_masks")()  # type: ignore[no-any-return]


def wrapped_envs() -> list[gymnasium.Env[Any, Any]]:
    return [
        gymnasium.make(env_id("royal-cotillion")),
        gymnasium.make(env_id("royal-cotillion"), max_episode_steps=500),
        TimeLimit(gymnasium.make(env_id("royal-cotillion")), max_episode_steps=500),
        FlattenObservation(gymnasium.make(env_id("royal-cotillion"))),
        RecordEpisodeStatistics(
            FlattenObservation(gymnasium.make(env_id("royal-cotillion"), hide_covered=True))
        ),
    ]


@pytest.mark.parametrize("env", wrapped_envs(), ids=lambda env: str(env)[:60])
def test_masks_reach_through_gymnasiums_wrappers(env: gymnasium.Env[Any, Any]) -> None:
    assert env.has_wrapper_attr("action_masks")
    _, info = env.reset(seed=7)
    chooser = np.random.default_rng(7)
    terminated = truncated = False
    steps = 0
    while not (terminated or truncated):
        mask = masks_as_sb3_contrib_gets_them(env)
        assert mask.dtype == np.bool_
        assert mask.shape == (env.action_space.n,)  # type: ignore[attr-defined]
        assert np.array_equal(mask, info["action_mask"])
        assert np.array_equal(mask, env.unwrapped.action_masks())  # type: ignore[attr-defined]
        state = env.unwrapped.state  # type: ignore[attr-defined]
        assert mask.tolist() == list(pr.ActionSpace(state.rules).mask(state))
        action = int(chooser.choice(np.flatnonzero(mask)))
        _, _, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
        steps += 1
    assert terminated and env.unwrapped.state.is_over  # type: ignore[attr-defined]
    assert not masks_as_sb3_contrib_gets_them(env).any()
    assert steps > 60
    env.close()


def test_a_time_limit_truncates_and_the_mask_stays_in_the_info() -> None:
    env = gymnasium.make(env_id("captive-queens"), max_episode_steps=5)
    _, info = env.reset(seed=1)
    for _ in range(5):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated
    assert info["action_mask"].any()
    assert np.array_equal(info["action_mask"], env.get_wrapper_attr("action_masks")())


def test_the_passive_env_checker_of_make_has_nothing_to_say() -> None:
    env = gymnasium.make(env_id("odd-and-even"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, info = env.reset(seed=2)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.close()


def test_vector_envs_give_a_mask_per_env_in_the_info_and_through_call() -> None:
    envs = gymnasium.make_vec(env_id("royal-cotillion"), num_envs=2, vectorization_mode="sync")
    assert isinstance(envs, SyncVectorEnv)
    _, info = envs.reset(seed=[3, 4])
    rules = pr.get_game("royal-cotillion")
    space = pr.ActionSpace(rules)
    assert info["action_mask"].shape == (2, space.size)
    assert info["action_mask"][0].tolist() == list(space.mask(rules.deal(3)))
    assert info["action_mask"][1].tolist() == list(space.mask(rules.deal(4)))
    masks = np.stack(envs.call("action_masks"))
    assert np.array_equal(masks, info["action_mask"])
    actions = np.array([int(np.flatnonzero(row)[-1]) for row in masks])
    _, _, _, _, info = envs.step(actions)
    assert np.array_equal(np.stack(envs.call("action_masks")), info["action_mask"])
    envs.close()


# -- bad input to reset and the constructor ----------------------------------


@pytest.mark.parametrize(
    ("options", "seed", "message"),
    [
        ({"deal": 10**5000}, None, "got an integer of 5001 digits"),
        ({"deal": -(10**5000)}, None, "got a negative integer of 5001 digits"),
        ({"deal": 2**64}, None, "from 0 to 18446744073709551615, got 18446744073709551616"),
        ({"deal": -1}, None, "got -1"),
        ({"deal": "7"}, None, "got '7'"),
        ({"deal": 7.0}, None, "got 7.0"),
        ({"deal": True}, None, "got True"),
        ({"dael": 7}, None, "the only option is 'deal'.*got 'dael'"),
        ([("deal", 7)], None, "expected a dict"),
        (None, 2**64, r"reset\(seed=...\): a deal number"),
    ],
)
def test_a_bad_deal_is_refused_and_the_env_is_left_as_it_was(
    options: object, seed: int | None, message: str
) -> None:
    env = PatienceEnv("easy-start")
    env.reset(seed=5)
    generator = env.np_random.bit_generator.state
    with pytest.raises(pr.InvalidDealError, match=message) as raised:
        env.reset(seed=seed, options=options)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 150
    assert env.state == pr.get_game("easy-start").deal(5)
    assert env.deal_number == 5
    assert env.np_random.bit_generator.state == generator


def test_numpy_integers_are_deal_numbers() -> None:
    env = PatienceEnv("easy-start")
    _, info = env.reset(options={"deal": np.uint64(2**64 - 1)})
    assert info["deal"] == 2**64 - 1
    assert env.state == pr.get_game("easy-start").deal(2**64 - 1)
    _, info = env.reset(options={"deal": np.int32(4)})
    assert info["deal"] == 4


@pytest.mark.parametrize("reward", ["x", None, float("nan"), float("inf"), True])
def test_the_illegal_reward_is_a_finite_number(reward: object) -> None:
    with pytest.raises(pr.InvalidRulesError, match="illegal_reward is a finite number"):
        PatienceEnv("easy-start", illegal_reward=reward)  # type: ignore[arg-type]


@given(deal=st.integers() | st.floats() | st.text(max_size=4) | st.none() | st.booleans())
@settings(max_examples=200)
def test_any_deal_option_deals_or_raises_an_invalid_deal_error(deal: object) -> None:
    env = PatienceEnv("easy-start")
    try:
        _, info = env.reset(options={"deal": deal})
    except pr.InvalidDealError as error:
        message = str(error)
    else:
        assert deal is None or env.state == pr.get_game("easy-start").deal(deal)  # type: ignore[arg-type]
        assert 0 <= info["deal"] <= pr.MAX_DEAL_NUMBER
        return
    assert len(message) < 200
