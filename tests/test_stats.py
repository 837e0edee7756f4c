"""Tests of the statistics API: policies, play_deal, play_deals, the Wilson interval."""

from __future__ import annotations

import json
import math
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import patience_rules as pr
from patience_rules.stats import (
    DealResult,
    DealStats,
    FirstPolicy,
    GreedyPolicy,
    Policy,
    RandomPolicy,
    get_policy,
    play_deal,
    play_deals,
    policy_names,
    wilson_interval,
)

Z95 = 1.959963984540054
ROYAL = pr.get_game("royal-cotillion")
CAPTIVE = pr.get_game("captive-queens")


# -- the Wilson interval --------------------------------------------------------


@pytest.mark.parametrize("trials", [1, 10, 250])
def test_wilson_at_zero_and_all(trials: int) -> None:
    # With p = 0 the interval is [0, z²/(n+z²)]; with p = 1 it is [n/(n+z²), 1].
    low, high = wilson_interval(0, trials)
    assert low == 0.0
    assert high == pytest.approx(Z95**2 / (trials + Z95**2))
    low, high = wilson_interval(trials, trials)
    assert low == pytest.approx(trials / (trials + Z95**2))
    assert high == 1.0


def test_wilson_is_symmetric() -> None:
    for successes in range(0, 31):
        low, high = wilson_interval(successes, 30)
        mirror_low, mirror_high = wilson_interval(30 - successes, 30)
        assert low == pytest.approx(1 - mirror_high)
        assert high == pytest.approx(1 - mirror_low)
        assert low <= successes / 30 <= high


def test_wilson_approaches_the_normal_interval() -> None:
    low, high = wilson_interval(59_000, 100_000)
    half = Z95 * math.sqrt(0.59 * 0.41 / 100_000)
    assert low == pytest.approx(0.59 - half, abs=1e-5)
    assert high == pytest.approx(0.59 + half, abs=1e-5)


def test_wilson_narrows_with_confidence() -> None:
    wide = wilson_interval(40, 100, 0.99)
    narrow = wilson_interval(40, 100, 0.80)
    assert wide[0] < narrow[0] < 0.4 < narrow[1] < wide[1]


def test_wilson_with_no_trials_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(
    ("successes", "trials", "confidence", "message"),
    [
        (5, 4, 0.95, "successes <= trials"),
        (-1, 4, 0.95, "successes <= trials"),
        (1, 4, 1.0, "between 0 and 1"),
        (1, 4, 0.0, "between 0 and 1"),
        (1.5, 4, 0.95, "whole number"),
    ],
)
def test_wilson_refuses_bad_input(
    successes: int, trials: int, confidence: float, message: str
) -> None:
    with pytest.raises(pr.PatienceRulesError, match=message):
        wilson_interval(successes, trials, confidence)


# -- DealStats ------------------------------------------------------------------


def test_stats_of_results_and_sums() -> None:
    results = [
        DealResult(0, True, 52, 100),
        DealResult(1, False, 49, 90),
        DealResult(2, False, 49, 80),
        DealResult(3, True, 52, 70),
    ]
    whole = DealStats.of(results)
    assert (whole.games, whole.wins, whole.losses, whole.moves) == (4, 2, 2, 340)
    assert whole.cards_home[49] == 2
    assert whole.cards_home[52] == 2
    assert sum(whole.cards_home) == 4
    assert whole.mean_cards_home == pytest.approx((49 * 2 + 52 * 2) / 4)
    assert whole.mean_moves == 85.0
    assert whole.win_rate == 0.5
    parts = [DealStats.of(results[i : i + 1]) for i in range(4)]
    assert parts[0] + parts[1] + parts[2] + parts[3] == whole
    assert parts[3] + parts[1] + parts[0] + parts[2] == whole
    assert DealStats() + whole == whole


def test_empty_stats() -> None:
    empty = DealStats()
    assert (empty.games, empty.win_rate, empty.mean_cards_home, empty.mean_moves) == (0, 0, 0, 0)
    assert empty.confidence_interval() == (0.0, 1.0)


def test_histogram_drops_trailing_zeros() -> None:
    assert DealStats(games=1, cards_home=(0, 1, 0, 0)).cards_home == (0, 1)


def test_to_dict_is_json() -> None:
    stats = DealStats.of([DealResult(0, True, 3, 7), DealResult(1, False, 1, 4)])
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["games"] == 2
    assert data["wins"] == 1
    assert data["cards_home"] == [0, 1, 0, 1]
    assert data["ci95"] == pytest.approx(list(wilson_interval(1, 2)))


# -- policies -------------------------------------------------------------------


def test_policy_names_and_lookup() -> None:
    assert policy_names()[0] == "greedy"
    for name in policy_names():
        policy = get_policy(name, seed=5)
        assert isinstance(policy, Policy)
        assert policy.name == name
    assert get_policy("random", seed=5) == RandomPolicy(seed=5)
    with pytest.raises(pr.PatienceRulesError, match="unknown policy 'best'"):
        get_policy("best")


@pytest.mark.parametrize("seed", [-1, 1.5, True])
def test_random_policy_refuses_bad_seeds(seed: object) -> None:
    with pytest.raises(pr.PatienceRulesError, match="seed"):
        RandomPolicy(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("policy", [GreedyPolicy(), FirstPolicy(), RandomPolicy(seed=9)])
def test_policies_pickle(policy: Policy) -> None:
    assert pickle.loads(pickle.dumps(policy)) == policy


def test_greedy_prefers_columns_then_cells_then_waste_then_draw() -> None:
    state = ROYAL.deal(7)
    moves = state.legal_moves()
    choose = GreedyPolicy().chooser(7)
    # Whatever order the moves come in, the column move wins.
    kinds = {move.source.kind for move in moves}
    assert pr.PileKind.COLUMN in kinds
    assert choose(state, moves[::-1]).source.kind is pr.PileKind.COLUMN
    no_column = tuple(m for m in moves if m.source.kind is not pr.PileKind.COLUMN)
    assert choose(state, no_column[::-1]).source.kind is pr.PileKind.CELL
    # Two waste plays and a draw, then the redeal and the draw.
    waste = pr.Place(pr.PileKind.WASTE)
    waste_moves = (pr.Move.draw(), pr.Move.to_foundation(waste, 3))
    assert choose(state, waste_moves) == pr.Move.to_foundation(waste, 3)
    assert choose(state, (pr.Move.redeal(), pr.Move.draw())) == pr.Move.draw()


def test_random_chooser_is_uniform() -> None:
    state = ROYAL.deal(7)
    moves = state.legal_moves()  # six moves
    choose = RandomPolicy(seed=2).chooser(0)
    counts = dict.fromkeys(moves, 0)
    draws = 6000
    for _ in range(draws):
        counts[choose(state, moves)] += 1
    expected = draws / len(moves)
    spread = math.sqrt(draws * (1 / 6) * (5 / 6))  # about 29
    assert all(abs(count - expected) < 5 * spread for count in counts.values())


def test_random_policy_is_seeded_by_seed_and_deal() -> None:
    a = [play_deal(ROYAL, deal, RandomPolicy(seed=1)) for deal in range(8)]
    again = [play_deal(ROYAL, deal, RandomPolicy(seed=1)) for deal in range(8)]
    other = [play_deal(ROYAL, deal, RandomPolicy(seed=2)) for deal in range(8)]
    assert a == again
    assert a != other
    # The choices of one deal do not depend on the deals played before it.
    assert play_deal(ROYAL, 5, RandomPolicy(seed=1)) == a[5]


# -- play_deal ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_compulsory_games_play_the_same_with_any_policy(name: str) -> None:
    rules = pr.get_game(name)
    for deal in range(15):
        results = {
            play_deal(rules, deal, policy)
            for policy in (GreedyPolicy(), FirstPolicy(), RandomPolicy(seed=deal))
        }
        assert len(results) == 1


def test_play_deal_reaches_the_end() -> None:
    for deal in range(10):
        result = play_deal(ROYAL, deal, RandomPolicy())
        assert result.deal == deal
        assert result.won == (result.cards_home == 104)
        assert 8 <= result.cards_home <= 104  # the eight bases are home from the start
        # Replaying the same choices ends in a state with no legal move.
        choose = RandomPolicy().chooser(deal)
        state = ROYAL.deal(deal)
        for _ in range(result.moves):
            state = state.apply(choose(state, state.legal_moves()))
        assert state.is_over
        assert state.cards_home == result.cards_home


def test_play_deal_refuses_bad_deal_numbers() -> None:
    with pytest.raises(pr.InvalidDealError):
        play_deal(CAPTIVE, -1)


# -- play_deals -----------------------------------------------------------------


def test_play_deals_counts_each_deal_once() -> None:
    expected = DealStats.of(play_deal(ROYAL, deal, RandomPolicy()) for deal in range(10, 40))
    got = play_deals(ROYAL, 30, start=10, policy=RandomPolicy(), jobs=1, chunk_size=7)
    assert got == expected
    assert got.games == 30


def test_play_deals_does_not_depend_on_the_executor() -> None:
    policy = RandomPolicy(seed=3)
    inline = play_deals(ROYAL, 40, policy=policy, jobs=1)
    with ThreadPoolExecutor(3) as threads:
        threaded = play_deals(ROYAL, 40, policy=policy, executor=threads, chunk_size=3)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as processes:
        pooled = play_deals(ROYAL, 40, policy=policy, executor=processes, chunk_size=11)
    default_pool = play_deals(ROYAL, 40, policy=policy, jobs=2, chunk_size=5)
    assert inline == threaded == pooled == default_pool


def test_play_deals_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    play_deals(CAPTIVE, 25, jobs=1, chunk_size=10, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(10, 25), (20, 25), (25, 25)]
    seen.clear()
    with ThreadPoolExecutor(2) as threads:
        play_deals(CAPTIVE, 25, executor=threads, chunk_size=10, progress=lambda d, t: seen.append((d, t)))
    assert sorted(seen)[-1] == (25, 25)
    assert len(seen) == 3


def test_play_deals_of_nothing() -> None:
    assert play_deals(CAPTIVE, 0) == DealStats()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"count": -1}, "number of deals"),
        ({"count": 2.5}, "number of deals"),
        ({"start": -3}, "first deal number"),
        ({"jobs": 0}, "jobs"),
        ({"chunk_size": 0}, "chunk size"),
        ({"start": pr.MAX_DEAL_NUMBER}, "deal number"),
    ],
)
def test_play_deals_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"count": 2, **kwargs}
    count = arguments.pop("count")
    with pytest.raises(pr.PatienceRulesError, match=message):
        play_deals(CAPTIVE, count, **arguments)  # type: ignore[arg-type]


def test_play_deals_refuses_executor_and_jobs() -> None:
    with ThreadPoolExecutor(1) as threads, pytest.raises(pr.PatienceRulesError, match="not both"):
        play_deals(CAPTIVE, 2, executor=threads, jobs=2)


# -- the published figures ------------------------------------------------------
