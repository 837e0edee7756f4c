"""The Gymnasium adapter, against the real gymnasium package."""

from __future__ import annotations

import re
import time
import warnings
from typing import Any

import attrs
import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import SyncVectorEnv
from gymnasium.wrappers import FlattenObservation, RecordEpisodeStatistics, TimeLimit
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules as pr
from composed import compositions, together
from foreign_numbers import ambiguous
from patience_rules.contrib import MOVE_LIMIT, longest_game
from patience_rules.contrib.gymnasium import PatienceEnv, env_id, register_envs
from patience_rules.players import RandomPlayer
from patience_rules.stats import play_deals
from random_play import won_with_moves_left

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
        env_id("no-such-game")


def test_the_action_space_samples_a_legal_action_under_the_infos_mask() -> None:
    # Gymnasium's idiom: Discrete.sample(mask) takes an int8 mask, 1 for legal.
    env = gymnasium.make(env_id("klondike"))
    env.action_space.seed(3)
    _, info = env.reset(seed=3)
    for _ in range(200):
        action = env.action_space.sample(info["action_mask"])
        assert info["action_mask"][action] == 1
        _, _, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
        if terminated or truncated:
            _, info = env.reset()


def test_every_spelling_get_game_reads_gets_that_games_id(isolated_registry: None) -> None:
    # A variant's rules carry its base game's name (Parlett's Easy start is
    # easy-start with redeals=3): the id comes from the entry the name reads as.
    pr.register_game("klondike-3", lambda: pr.klondike(draw=3), summary="d3", aliases=("k3",))
    register_envs()
    for spelling in ("Easy-Start-Parlett", " easy-start-parlett", "K3", "QUADRILLE"):
        made = gymnasium.make(env_id(spelling)).unwrapped
        assert made.rules == pr.get_game(spelling)  # type: ignore[attr-defined]


def test_games_that_may_go_on_for_ever_are_registered_with_a_step_limit() -> None:
    limited = {
        name
        for name in pr.game_names()
        if gymnasium.spec(env_id(name)).max_episode_steps == MOVE_LIMIT
    }
    unlimited = {
        name for name in pr.game_names() if gymnasium.spec(env_id(name)).max_episode_steps is None
    }
    assert limited == {"klondike", "freecell", "crescent"}
    assert unlimited == set(pr.game_names()) - limited
    assert all(longest_game(pr.get_game(name)) is None for name in limited)
    assert all(isinstance(longest_game(pr.get_game(name)), int) for name in unlimited)
    assert isinstance(gymnasium.make(env_id("klondike")), TimeLimit)


@pytest.mark.parametrize("name", ["royal-cotillion", "klondike", "windmill"])
def test_the_observation_space_is_the_observers_bounds_each_at_least_1(name: str) -> None:
    # (Gymnasium warns about a Box whose low and high are equal: a number
    # that is always 0, such as Royal Cotillion's redeals left, gets 1.)
    env = PatienceEnv(name)
    high = pr.Observer(pr.get_game(name)).high
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    assert space.low.tolist() == [0] * len(high)
    assert space.high.tolist() == [max(bound, 1) for bound in high]
    if name == "royal-cotillion":
        assert high[1] == 0  # (its redeals left)


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


@pytest.mark.parametrize("name", ["captive-queens", "freecell"])
def test_reset_without_a_seed_draws_deals_from_the_seeded_generator(name: str) -> None:
    one, two = PatienceEnv(name), PatienceEnv(name)
    one.reset(seed=3)
    two.reset(seed=3)
    deals = []
    for _ in range(20):
        _, info = one.reset()
        deals.append(info["deal"])
        assert one.state == one.rules.deal(info["deal"])
    assert deals == [two.reset()[1]["deal"] for _ in range(20)]
    assert len(set(deals)) == 20
    top = pr.get_game(name).max_deal_number
    assert all(0 <= deal <= top for deal in deals)
    # Drawn from the whole range: some in its upper half.
    assert any(deal > top // 2 for deal in deals)


def test_freecell_deals_are_microsofts() -> None:
    env = PatienceEnv("freecell")
    _, info = env.reset(seed=1)
    assert env.state == pr.freecell().deal(1)
    assert [str(column[0]) for column in env.state.columns] == [
        "JD",
        "2D",
        "9H",
        "JC",
        "5D",
        "7H",
        "7C",
        "5H",
    ]
    _, info = env.reset(options={"deal": pr.get_game("freecell").max_deal_number})
    assert env.state == pr.freecell().deal(pr.get_game("freecell").max_deal_number)
    assert info["deal"] == 2**31 - 1
    with pytest.raises(
        pr.InvalidDealError, match="FreeCell is a whole number from 0 to 2147483647"
    ):
        env.reset(options={"deal": 2**31})
    assert env.state == pr.freecell().deal(2**31 - 1)
    env.reset(seed=2**31 + 5)  # a seed past the last deal number deals modulo
    assert env.deal_number == 5
    assert env.state == pr.freecell().deal(5)


def test_any_seed_deals_so_vector_envs_seed_every_copy() -> None:
    # A vector env seeds its copies with seed + i: past FreeCell's last deal
    # number for the second copy here, past every game's for 128-bit seeds.
    envs = gymnasium.make_vec(env_id("freecell"), num_envs=2, vectorization_mode="sync")
    _, info = envs.reset(seed=2**31 - 1)
    assert info["deal"].tolist() == [2**31 - 1, 0]
    big = 2**127 + 3
    env = PatienceEnv("klondike")
    env.reset(seed=big)
    assert env.deal_number == big % 2**64 == 3
    envs.close()


#: The step limit of the random episodes below (the registered one is 1,000: kept short here).
STEPS = 250


def move_shape(move: pr.Move) -> str:
    """What kind of move ``move`` is: ``draw``, ``column->cell``, ``column->column run``, ..."""
    if move.is_draw or move.is_redeal:
        return "draw" if move.is_draw else "redeal"
    run = " run" if move.count > 1 else ""
    return f"{move.source.kind.value}->{move.target.kind.value}{run}"


def random_masked_episodes(env: PatienceEnv, seeds: range) -> set[str]:
    """Play the seeds' deals by random legal actions, up to STEPS steps each, checking
    every step against the rules; return the shapes of the moves played."""
    limited = TimeLimit(env, STEPS)
    chooser = np.random.default_rng(0)
    shapes = set()
    for seed in seeds:
        observation, info = limited.reset(seed=seed)
        total, steps, terminated, truncated = 0.0, 0, False, False
        while not (terminated or truncated):
            mask = env.action_masks()
            assert np.array_equal(mask, info["action_mask"])
            assert mask.tolist() == list(env.actions.mask(env.state))
            action = int(chooser.choice(np.flatnonzero(mask)))
            move = env.actions.move_of(action)
            shapes.add(move_shape(move))
            before = env.state
            observation, reward, terminated, truncated, info = limited.step(action)
            steps += 1
            assert observation in env.observation_space
            assert observation.tolist() == list(env.observer.vector(env.state))
            assert reward == env.state.cards_home - before.cards_home
            assert env.state == before.apply(move)
            assert terminated == env.state.is_over
            # (TimeLimit truncates at its limit even a game that ends there)
            assert truncated == (steps == STEPS)
            assert not info["illegal_action"]
            total += reward
        assert total == info["cards_home"] - env.rules.deal(seed).cards_home
        assert info["won"] == env.state.is_won
        assert env.action_masks().any() == (truncated and not terminated)
    return shapes


@pytest.mark.parametrize("name", pr.game_names())
def test_random_masked_episodes_follow_the_rules(name: str) -> None:
    hide = pr.get_game(name).layout.max_run == 1  # (refused where runs move)
    random_masked_episodes(PatienceEnv(name, hide_covered=hide), range(3))


@pytest.mark.parametrize(
    ("rules", "shapes"),
    [
        # runs of cards between columns, a column's face-down cards, the redeal
        (
            pr.klondike(),
            {"column->column run", "waste->column", "column->foundation", "redeal"},
        ),
        (pr.klondike(draw=3), {"column->column run", "waste->foundation", "redeal"}),
        # a foundation as a source, onto a column
        (pr.klondike(foundation_back=True), {"foundation->column", "column->column run"}),
        # free cells: parks and moves out of them; supermoves
        (
            pr.freecell(),
            {"column->cell", "cell->column", "cell->foundation", "column->column run"},
        ),
        (pr.freecell(supermoves=False), {"column->cell", "cell->column", "column->column"}),
        # builds between columns, and the shift
        (pr.crescent(), {"column->column", "column->foundation", "redeal"}),
        # a foundation (a corner) as a source, onto another foundation (the centre)
        (pr.windmill(), {"foundation->foundation", "cell->foundation"}),
        # the player's parks from the waste into the divan's cells
        (pr.sultan(), {"waste->cell", "cell->foundation", "redeal"}),
    ],
    ids=lambda value: repr(value) if isinstance(value, pr.GameRules) else "",
)
def test_masks_and_ids_cover_every_shape_of_move(rules: pr.GameRules, shapes: set[str]) -> None:
    played = random_masked_episodes(PatienceEnv(rules), range(3))
    assert shapes <= played
    if rules.tableau is not None and rules.tableau.runs is pr.Runs.NONE:
        assert not any(shape.endswith(" run") for shape in played)


@pytest.mark.parametrize("action", [1, 2, 169, 170, -1, 10**30, np.int64(170)])
def test_an_illegal_action_ends_the_episode_with_the_penalty(action: object) -> None:
    env = PatienceEnv("royal-cotillion", illegal_reward=-5.0)
    observation, _ = env.reset(seed=7)
    before = env.state
    after, reward, terminated, truncated, info = env.step(action)  # type: ignore[arg-type]
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)
    assert env.state == before
    assert np.array_equal(after, observation)


def test_a_card_is_no_action_id() -> None:
    # (a card is an int: its index would name an action id, as ActionSpace.move_of refuses)
    env = PatienceEnv("royal-cotillion", illegal_reward=-5.0)
    _, info = env.reset(seed=7)
    legal = [i for i, ok in enumerate(info["action_mask"]) if ok and i < 52]
    assert legal
    before = env.state
    with pytest.raises(pr.InvalidArgumentError, match=r"got Card\.from_str"):
        env.step(pr.Card.from_index(legal[0]))
    assert env.state == before
    _, _, terminated, _, info = env.step(legal[0])
    assert (terminated, info["illegal_action"]) == (False, False)


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
    # (an array, compared, has no truth value: refused as any other value)
    with pytest.raises(
        pr.InvalidRulesError, match=r"^render_mode is None or 'ansi', got Ambiguous\(\)$"
    ):
        PatienceEnv("royal-cotillion", render_mode=ambiguous())
    with pytest.raises(pr.UnknownGameError):
        PatienceEnv("no-such-game")
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
    assert env.state == env.rules.deal(7)  # the state is unchanged, 29 legal in it,
    assert env.actions.mask(env.state)[29]
    assert not info["action_mask"].any()  # but no action is legal in the ended episode
    assert not env.action_masks().any()
    _, reward, terminated, _, info = env.step(29)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert not info["action_mask"].any()
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
        assert info["action_mask"].dtype == np.int8  # (as Gymnasium's own environments)
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


@pytest.mark.parametrize("name", ["klondike", "freecell", "crescent"])
def test_the_registered_step_limit_truncates_games_that_may_go_on_for_ever(name: str) -> None:
    env = gymnasium.make(env_id(name))
    assert env.spec is not None
    assert env.spec.max_episode_steps == MOVE_LIMIT == 1000
    shorter = gymnasium.make(env_id(name), max_episode_steps=40)
    for limited, steps in ((env, MOVE_LIMIT), (shorter, 40)):
        _, info = limited.reset(seed=4)
        unwrapped = limited.unwrapped
        assert isinstance(unwrapped, PatienceEnv)
        terminated = truncated = False
        for step in range(1, steps + 1):
            # The first legal action that does not end the game: play goes round in circles.
            legal = np.flatnonzero(info["action_mask"]).tolist()
            going_on = [
                a for a in legal if not unwrapped.state.apply(unwrapped.actions.move_of(a)).is_over
            ]
            _, _, terminated, truncated, info = limited.step((going_on or legal)[0])
            assert not terminated
            assert truncated == (step == steps)
        assert (terminated, truncated) == (False, True)
        assert limited.unwrapped.state.legal_moves()  # type: ignore[attr-defined]
        _, info = limited.reset(seed=4)  # a new episode after truncation
        assert limited.unwrapped.state == pr.get_game(name).deal(4)  # type: ignore[attr-defined]


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


@pytest.mark.parametrize("name", ["captive-queens", "royal-cotillion"])
def test_vector_envs_stack_the_deal_numbers_of_random_deals_and_autoresets(name: str) -> None:
    # Deal numbers go up to 2**64 - 1: a Python int would make Gymnasium's
    # int64 info array overflow on the first deal past 2**63.
    rules = pr.get_game(name)
    envs = gymnasium.make_vec(env_id(name), num_envs=2, vectorization_mode="sync")
    assert isinstance(envs, SyncVectorEnv)
    _, info = envs.reset(options={"deal": rules.max_deal_number})
    assert info["deal"].dtype == np.uint64
    assert info["deal"].tolist() == [rules.max_deal_number] * 2
    envs.reset(seed=[5, 6])
    envs.action_space.seed(1)
    seen: set[int] = set()
    for _ in range(300):  # long enough for several games to end and autoreset
        masks = np.stack(envs.call("action_masks"))
        actions = np.array([int(np.flatnonzero(row)[0]) if row.any() else 0 for row in masks])
        _, _, _, _, info = envs.step(actions)
        seen.update(int(deal) for deal in info["deal"])
    assert len(seen) > 2  # the autoresets dealt new, random deals
    assert all(0 <= deal <= rules.max_deal_number for deal in seen)
    assert max(seen) >= 2**63  # (half of all random deals are)
    envs.close()


def test_a_vector_env_of_episodes_started_from_states_has_no_deal_numbers() -> None:
    rules = pr.get_game("klondike")
    start = rules.deal(5).apply(pr.Move.draw())
    envs = SyncVectorEnv([lambda: PatienceEnv(rules), lambda: PatienceEnv(rules)])
    _, info = envs.reset(seed=[2**64 - 1, 3])
    assert info["deal"].tolist() == [2**64 - 1, 3]
    _, info = envs.reset(options={"state": start})
    assert "deal" not in info
    assert [env.unwrapped.deal_number for env in envs.envs] == [None, None]  # type: ignore[attr-defined]
    envs.close()


def test_the_deal_number_needs_a_reset_first() -> None:
    env = PatienceEnv("klondike")
    with pytest.raises(gymnasium.error.ResetNeeded):
        _ = env.deal_number
    env.reset(seed=3)
    assert env.deal_number == 3


@pytest.mark.parametrize(
    ("action", "shown"),
    [
        (True, "got True$"),
        (False, "got False"),
        (np.True_, None),  # (NumPy's own repr: np.True_ from NumPy 2, True before)
        (pr.Card.from_str("AC"), r"got Card\.from_str\('AC'\)$"),
        (0.0, "got 0.0"),
        (np.float32(0), None),
        ("0", "got '0'"),
        (None, "got None"),
        (np.array(0.0), r"an array of shape \(\) and dtype float64$"),
        (np.array([0]), r"shape \(1,\) and dtype int64 \(a batch of one action: step with"),
        (np.zeros((2,), np.int64), r"shape \(2,\) and dtype int64$"),
    ],
)
def test_an_action_that_is_no_action_id_is_refused_and_changes_nothing(
    action: object, shown: str | None
) -> None:
    # A fault of the calling program, not an agent's move: it raises, and
    # the episode goes on (action 0, draw, is legal here; 1 would redeal).
    env = PatienceEnv("easy-start")
    env.reset(seed=1)
    if shown is None:
        shown = re.escape(f"got {action!r}") + "$"
    message = "an action is an action id, a whole number from 0 to 10 .*" + shown
    with pytest.raises(pr.InvalidArgumentError, match=message):
        env.step(action)  # type: ignore[arg-type]
    assert env.state == env.rules.deal(1)
    _, _, terminated, _, info = env.step(np.array(0))  # an array of no dimensions is an id
    assert (terminated, info["illegal_action"]) == (False, False)
    assert env.state == env.rules.deal(1).apply(pr.Move.draw())


def test_numpy_integers_are_action_ids_and_seeds() -> None:
    env = PatienceEnv("royal-cotillion")
    env.reset(seed=np.int64(7))
    assert env.deal_number == 7
    assert env.state == env.rules.deal(7)
    assert env.actions.label(np.int64(29)) == env.actions.label(29)
    assert env.actions.move_of(np.uint8(29)) == env.actions.move_of(29)
    _, reward, _, _, _ = env.step(np.int32(29))
    assert reward == 1.0
    env.reset(seed=np.int64(3), options={"deal": 2})  # the seed seeds the generator alone
    assert env.deal_number == 2
    with pytest.raises(pr.IllegalMoveError, match="expected a whole number from 0"):
        env.actions.label(np.float64(29.0))  # type: ignore[arg-type, unused-ignore]
    with pytest.raises(pr.IllegalMoveError, match="expected a whole number from 0"):
        env.actions.move_of(np.True_)  # type: ignore[arg-type]
    assert PatienceEnv("easy-start", illegal_reward=np.float32(-2)).illegal_reward == -2.0
    # Deal numbers elsewhere in the library, as a policy's arrays give them.
    easy = pr.get_game("easy-start")
    assert easy.deal(np.uint64(2**64 - 1)) == easy.deal(2**64 - 1)
    assert pr.GameRecord(easy, np.int64(3), ()).deal == 3
    assert play_deals(easy, 2, start=np.int64(3), jobs=1) == play_deals(easy, 2, start=3, jobs=1)


def test_a_card_leaving_a_foundation_is_a_reward_of_minus_one() -> None:
    rules = pr.get_game("klondike", foundation_back=True)
    for deal in range(20):
        state = rules.deal(deal)
        choose = RandomPlayer(seed=4).chooser(deal)
        for _ in range(400):
            back = [m for m in state.legal_moves() if m.source.kind is pr.PileKind.FOUNDATION]
            if back:
                env = PatienceEnv(rules)
                env.reset(options={"state": state})
                action = env.actions.id_of(back[0])
                _, reward, _, _, info = env.step(action)
                assert reward == -1.0 and not info["illegal_action"]
                assert env.state.cards_home == state.cards_home - 1
                return
            if state.is_over:
                break
            state = state.apply(choose(state, state.legal_moves()))
    pytest.fail("no random game of deals 0-19 moved a card off a foundation")


def test_names_that_differ_only_where_a_dash_was_get_ids_of_their_own(
    isolated_registry: None,
) -> None:
    klondike, queens = pr.get_game("klondike"), pr.get_game("captive-queens")
    pr.register_game("klondike-1", lambda: attrs.evolve(klondike, name="klondike-1"), summary="a")
    pr.register_game("klondike1", lambda: attrs.evolve(queens, name="klondike1"), summary="b")
    assert env_id("klondike-1") == "patience_rules/Klondike-1-v0"
    assert env_id("klondike1") == "patience_rules/Klondike1-v0"
    ids = register_envs()
    try:
        assert gymnasium.make(env_id("klondike-1")).unwrapped.rules.name == "klondike-1"  # type: ignore[attr-defined]
        assert gymnasium.make(env_id("klondike1")).unwrapped.rules.name == "klondike1"  # type: ignore[attr-defined]
    finally:
        for id_ in ids:
            if "Klondike" in id_ and id_ != env_id("klondike"):
                del gymnasium.registry[id_]


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
        ({"dael": 7}, None, "the options are 'deal' .* and 'state' .*got 'dael'"),
        ([("deal", 7)], None, "expected a dict"),
        (None, -1, r"reset\(seed=...\): a seed is a whole number of at least 0, got -1"),
        (None, 7.0, r"reset\(seed=...\): a seed is a whole number of at least 0, got 7.0"),
        # A card is an int, but no number.
        ({"deal": pr.Card.from_str("KS")}, None, r"a deal number .* got Card.from_str\('KS'\)"),
        (
            None,
            pr.Card.from_str("KS"),
            r"reset\(seed=...\): a seed is a whole number .* got Card.from_str\('KS'\)",
        ),
        ({"deal": 3}, pr.Card.from_str("KS"), r"reset\(seed=...\): a seed is a whole number"),
        ({"deal": 3}, -1, r"reset\(seed=...\): a seed is a whole number of at least 0, got -1"),
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
    assert len(str(raised.value)) < 200
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


@pytest.mark.parametrize(
    "reward",
    [
        "x",
        None,
        float("nan"),
        float("inf"),
        True,
        pr.Card.from_str("KS"),
        pytest.param(10**5000, id="huge"),
    ],
)
def test_the_illegal_reward_is_a_finite_number(reward: object) -> None:
    with pytest.raises(pr.InvalidRulesError, match="illegal_reward is a finite number"):
        PatienceEnv("easy-start", illegal_reward=reward)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["easy-start", "freecell"])
@given(
    deal=st.integers()
    | st.integers(2**31 - 3, 2**31 + 3)
    | st.floats()
    | st.text(max_size=4)
    | st.none()
    | st.booleans()
)
@settings(max_examples=100)
def test_any_deal_option_deals_or_raises_an_invalid_deal_error(name: str, deal: object) -> None:
    env = PatienceEnv(name)
    rules = pr.get_game(name)
    try:
        _, info = env.reset(options={"deal": deal})
    except pr.InvalidDealError as error:
        message = str(error)
    else:
        assert deal is None or env.state == rules.deal(deal)  # type: ignore[arg-type]
        assert 0 <= info["deal"] <= rules.max_deal_number
        return
    assert len(message) < 200
    if isinstance(deal, int) and not isinstance(deal, bool):
        assert not 0 <= deal <= rules.max_deal_number


# -- starting from a state -----------------------------------------------------------


def test_an_episode_can_start_from_a_state() -> None:
    rules = pr.get_game("klondike")
    start = rules.deal(5).apply(pr.Move.draw())
    env = PatienceEnv(rules)
    observation, info = env.reset(seed=9, options={"state": start})
    assert env.state == start
    assert "deal" not in info and env.deal_number is None
    assert observation.tolist() == list(env.observer.vector(start))
    assert info["action_mask"].tolist() == list(env.actions.mask(start))
    _, info = env.reset()  # then a deal drawn from the seeded generator, as usual
    assert env.state == rules.deal(info["deal"])


def test_an_episode_ends_at_the_win_though_a_card_could_go_back() -> None:
    # A won Klondike with foundation_back could still move a card back: the
    # episode ends won, with no action legal, as at the end of any game.
    before, winning, _ = won_with_moves_left()
    env = PatienceEnv(before.rules)
    env.reset(options={"state": before})
    _, reward, terminated, truncated, info = env.step(env.actions.id_of(winning))
    assert (reward, terminated, truncated, info["won"]) == (1.0, True, False, True)
    assert not info["action_mask"].any() and not env.action_masks().any()
    assert env.state.legal_moves()  # (the engine still lists the card going back)
    _, reward, terminated, _, info = env.step(env.actions.id_of(env.state.legal_moves()[0]))
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.state.is_won
    with pytest.raises(pr.InvalidDealError, match=r"a game that is over \(won\)$"):
        env.reset(options={"state": before.apply(winning)})


@pytest.mark.parametrize(
    ("state", "message"),
    [
        (pr.get_game("freecell").deal(1), r"expected a state of get_game\('klondike'\)"),
        ("T1-T2", r"expected a state of get_game\('klondike'\), got 'T1-T2'"),
        (None, None),
    ],
)
def test_a_bad_start_state_is_refused(state: object, message: str | None) -> None:
    env = PatienceEnv("klondike")
    env.reset(seed=2)
    if message is None:  # a state of the game, but one with no legal move
        won = pr.get_game("captive-queens").deal(1).play_forced()
        assert won.is_over
        with pytest.raises(pr.InvalidDealError, match=r"a game that is over \(won\)$"):
            PatienceEnv("captive-queens").reset(options={"state": won})
        with pytest.raises(pr.InvalidDealError, match="not both"):
            env.reset(options={"deal": 3, "state": env.rules.deal(3)})
    else:
        with pytest.raises(pr.InvalidDealError, match=message):
            env.reset(options={"state": state})
    assert env.state == pr.get_game("klondike").deal(2)
    assert env.deal_number == 2


# -- hidden cards ------------------------------------------------------------------


def hidden_cards_shuffled(state: pr.State, seed: int) -> pr.State:
    """``state`` with its hidden cards (the face-down cards and the stock) shuffled among
    their places: a state that a player cannot tell from ``state``."""
    parts = state.parts()
    down = parts["face_down"]
    hidden = [*parts["stock"]]
    for column, count in zip(parts["columns"], down, strict=True):
        hidden += column[:count]
    np.random.default_rng(seed).shuffle(hidden)
    stock, rest = hidden[: len(parts["stock"])], hidden[len(parts["stock"]) :]
    columns = []
    for column, count in zip(parts["columns"], down, strict=True):
        columns.append((*rest[:count], *column[count:]))
        rest = rest[count:]
    parts["stock"], parts["columns"] = tuple(stock), tuple(columns)
    return state.rules.make_state(**parts)


@pytest.mark.parametrize("name", ["klondike", "freecell"])
def test_hide_covered_is_refused_where_runs_move(name: str) -> None:
    # (which runs may move, the action mask, would tell the covered cards)
    with pytest.raises(pr.InvalidRulesError, match=r"runs=Runs\.NONE"):
        PatienceEnv(name, hide_covered=True)
    with pytest.raises(pr.InvalidRulesError, match=r"runs=Runs\.NONE"):
        gymnasium.make(env_id(name), hide_covered=True)


def test_klondike_observations_never_show_a_face_down_card() -> None:
    env = PatienceEnv("klondike")
    twin = PatienceEnv("klondike")
    chooser = np.random.default_rng(1)
    observation, info = env.reset(seed=3)
    differed = 0
    for step in range(200):
        other = hidden_cards_shuffled(env.state, step)
        assert other.face_down == env.state.face_down
        differed += other != env.state
        seen, _ = twin.reset(options={"state": other})
        assert np.array_equal(seen, observation)
        columns = env.observer.field("columns")
        codes = observation[columns.offset : columns.stop].reshape(7, -1)
        for column, down, row in zip(env.state.columns, env.state.face_down, codes, strict=True):
            # top card first: the face-down cards are the last of the column's codes
            assert row[len(column) - down : len(column)].tolist() == [pr.HIDDEN_CARD] * down
        action = int(chooser.choice(np.flatnonzero(info["action_mask"])))
        observation, _, terminated, _, info = env.step(action)
        if terminated:
            break
    assert differed > 150  # the twins were other states, not the same one


def test_two_klondike_deals_differing_in_a_face_down_card_look_alike_until_it_turns() -> None:
    rules = pr.get_game("klondike")
    order = list(rules.deck_order(8))
    dealt = rules.deal_from(order).columns[6]
    # Swap the two cards under column 7's top card (both face down) in the deck order.
    at, under = order.index(dealt[5]), order.index(dealt[4])
    swapped = order.copy()
    swapped[at], swapped[under] = swapped[under], swapped[at]
    one, two = PatienceEnv(rules), PatienceEnv(rules)
    seen_one, _ = one.reset(options={"state": rules.deal_from(order)})
    seen_two, _ = two.reset(options={"state": rules.deal_from(swapped)})
    assert one.state.columns[6][4:6] == two.state.columns[6][5:3:-1]
    assert one.state != two.state
    assert np.array_equal(seen_one, seen_two)
    # The same legal moves in both until column 7's top card leaves: then they differ.
    chooser = np.random.default_rng(0)
    for _ in range(2000):
        if one.state.face_down[6] < 6:
            break
        assert np.array_equal(seen_one, seen_two)
        mask = one.action_masks()
        assert np.array_equal(mask, two.action_masks())
        action = int(chooser.choice(np.flatnonzero(mask)))
        seen_one, _, over, _, _ = one.step(action)
        seen_two, _, _, _, _ = two.step(action)
        assert over is False
    assert one.state.face_down[6] == 5
    assert not np.array_equal(seen_one, seen_two)


@settings(max_examples=settings().max_examples * 2)
@given(rules=compositions())
def test_a_composed_game_passes_the_env_checker_and_plays_by_its_masks(
    rules: pr.GameRules,
) -> None:
    # A game that no module registers, of any shape the parts compose (made
    # without gymnasium.make, so with no spec whose render modes to try).
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(PatienceEnv(rules), skip_render_check=True)
    random_masked_episodes(PatienceEnv(rules, hide_covered=rules.layout.max_run == 1), range(2))


def test_threads_registering_at_once_register_a_new_environment_once(
    isolated_registry: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # As register_games: each thread read the registry, then registered what
    # it lacked, so threads calling at once each registered the new game.
    registered: list[str] = []
    register = gymnasium.register

    def slowly(id: str, **kwargs: Any) -> None:
        registered.append(id)
        time.sleep(0.05)  # (a window in which the others read the registry)
        register(id=id, **kwargs)

    monkeypatch.setattr(gymnasium, "register", slowly)
    pr.register_game("klondike-at-once", lambda: pr.klondike(draw=3), summary="d3")
    results = together(4, lambda i: register_envs())
    assert registered == [env_id("klondike-at-once")]
    assert all(isinstance(ids, tuple) and env_id("klondike-at-once") in ids for ids in results)
