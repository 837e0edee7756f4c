"""Tests of the statistics API: play_deal, play_deals, the Wilson interval."""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import attrs
import pytest
from typing_extensions import assert_type

import patience_rules as pr
from foreign_numbers import Float32, Int64, UInt8, bool_
from patience_rules import stats
from patience_rules.players import FirstPlayer, GreedyPlayer, RandomPlayer
from patience_rules.stats import DealResult, DealStats, play_deal, play_deals, wilson_interval
from random_play import won_with_moves_left

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
    # Every level below 1 is taken, the last float before 1 too (z about 8.3).
    widest = wilson_interval(40, 100, math.nextafter(1.0, 0.0))
    assert widest[0] < wide[0] and wide[1] < widest[1]
    z = 8.29  # (the normal quantile of 1 - 2**-54, to two decimals)
    assert widest[0] == pytest.approx(
        (0.4 + z * z / 200 - z * math.sqrt(0.0024 + z * z / 40_000)) / (1 + z * z / 100), abs=1e-2
    )


def test_wilson_with_no_trials_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


#: Integers too long for Python to write out (its limit is 4300 digits).
HUGE = 10**5000


@pytest.mark.parametrize(
    ("successes", "trials", "confidence", "message"),
    [
        (5, 4, 0.95, "successes <= trials"),
        (-1, 4, 0.95, "successes is a whole number from 0"),
        (1, 4, 1.0, "between 0 and 1"),
        (1, 4, 0.0, "between 0 and 1"),
        (1, 4, math.nan, "between 0 and 1"),
        (1, 4, "0.9", "between 0 and 1"),
        (1.5, 4, 0.95, "whole number"),
        (1, 2**64 + 1, 0.95, "trials is a whole number from 0 to 18446744073709551616"),
        pytest.param(1, HUGE, 0.95, "got an integer of 5001 digits", id="huge-trials"),
        pytest.param(HUGE, HUGE, 0.95, "got an integer of 5001 digits", id="huge-both"),
        pytest.param(-HUGE, 4, 0.95, "a negative integer of 5001 digits", id="huge-negative"),
    ],
)
def test_wilson_refuses_bad_input(
    successes: int, trials: int, confidence: float, message: str
) -> None:
    with pytest.raises(pr.PatienceRulesError, match=message) as caught:
        wilson_interval(successes, trials, confidence)
    assert len(str(caught.value)) < 200


def test_wilson_takes_one_trial_per_deal_number() -> None:
    low, high = wilson_interval(2**63, 2**64)
    assert low < 0.5 < high
    assert high - low < 1e-9


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
    # The counts of no results, and what sum() starts from: 0 (an int) only.
    assert DealStats.of([]) == empty == DealStats(0, 0, (), 0, 0)
    one = DealStats(games=1, wins=1, cards_home=(0, 1), moves=3)
    assert sum([one, one]) == one + one and 0 + one == one
    assert_type(sum([one, one], DealStats()), DealStats)  # (typed as one, given a start)
    for zero in (0.0, False):
        with pytest.raises(TypeError):
            zero + one  # type: ignore[operator]  # (a type checker refuses it too)


def test_a_histogram_counts_up_to_the_cards_of_sixteen_decks() -> None:
    # 0 to 832 cards home: 833 counts, one more refused.
    assert len(DealStats(games=1, cards_home=[0] * 832 + [1]).cards_home) == 833
    with pytest.raises(pr.PatienceRulesError, match="a count for 0 to 832 cards home, got more"):
        DealStats(games=1, cards_home=[0] * 833 + [1])
    for given in ("ab", b"ab", 3):
        with pytest.raises(pr.PatienceRulesError, match="cards_home is a sequence of counts"):
            DealStats(games=1, cards_home=given)  # type: ignore[arg-type]


def test_a_stopped_game_is_not_won() -> None:
    # (play_deal counts a game given up or stopped as not won)
    with pytest.raises(pr.PatienceRulesError, match="a game given up or stopped is not won"):
        DealResult(0, True, 52, 10, stopped=True)
    with pytest.raises(pr.PatienceRulesError, match="wins and games stopped together"):
        DealStats(games=2, wins=2, stopped=1, cards_home=(0, 2))
    assert DealStats(games=3, wins=2, stopped=1, cards_home=(0, 3)).stopped == 1
    # A game stopped at the limit is one of those stopped.
    with pytest.raises(
        pr.InvalidArgumentError, match=r"^a game at the move limit was stopped there: at_limit"
    ):
        DealResult(0, False, 3, 10, at_limit=True)
    with pytest.raises(
        pr.InvalidArgumentError, match=r"expected at_limit at most stopped, got 2 at_limit and 1"
    ):
        DealStats(games=3, stopped=1, at_limit=2, cards_home=(3,))
    with pytest.raises(pr.InvalidArgumentError, match=r"^at_limit is True or False, got 1$"):
        DealResult(1, False, 1, 1, stopped=True, at_limit=1)  # type: ignore[arg-type]


def test_games_given_up_are_told_apart_from_games_stopped_at_the_limit() -> None:
    # The greedy player gives up FreeCell's deal 1 after 12 moves (every move
    # goes back to a position seen) and deal 2 after 115; a limit of 100
    # moves stops deal 2 first, with moves legal: an outcome unknown.
    freecell = pr.get_game("freecell")
    given_up = [play_deal(freecell, deal) for deal in (1, 2)]
    assert [(r.moves, r.stopped, r.at_limit) for r in given_up] == [
        (12, True, False),
        (115, True, False),
    ]
    limited = [play_deal(freecell, deal, max_moves=100) for deal in (1, 2)]
    assert [(r.moves, r.stopped, r.at_limit) for r in limited] == [
        (12, True, False),
        (100, True, True),
    ]
    # The counts add up as the results do, over processes too, and read back.
    stats = play_deals(freecell, 3, start=1, max_moves=100, jobs=2, chunk_size=1)
    assert (stats.games, stats.stopped, stats.at_limit) == (3, 2, 1)
    assert stats == DealStats.of([play_deal(freecell, d, max_moves=100) for d in (1, 2, 3)])
    assert DealStats.from_dict(json.loads(json.dumps(stats.to_dict()))) == stats
    assert (stats + stats).at_limit == 2
    # A game that ends by the rules at the limit's last move is not at it.
    ended = play_deal(freecell, 3)
    assert not ended.stopped
    assert play_deal(freecell, 3, max_moves=ended.moves) == ended


def test_stats_sum_and_read_back_from_their_dict() -> None:
    first = play_deals(CAPTIVE, 10, jobs=1)
    second = play_deals(CAPTIVE, 10, start=10, jobs=1)
    assert sum([first, second]) == first + second == play_deals(CAPTIVE, 20, jobs=1)
    assert DealStats.from_dict(json.loads(json.dumps(first.to_dict()))) == first
    # (a reader of dicts: NotationError, as every other)
    with pytest.raises(pr.NotationError, match="lacks wins, cards_home, moves"):
        DealStats.from_dict({"games": 1})
    with pytest.raises(pr.NotationError, match="cards_home counts each game once"):
        DealStats.from_dict({**first.to_dict(), "games": 11})
    with pytest.raises(pr.NotationError, match="games is a whole number"):
        DealStats.from_dict({**first.to_dict(), "games": -1})
    with pytest.raises(pr.NotationError, match="reads a mapping"):
        DealStats.from_dict([1, 2])  # type: ignore[arg-type]


def test_stats_counts_keep_the_means_finite() -> None:
    # At most one game per deal number, each of at most 2**64 moves.
    with pytest.raises(pr.PatienceRulesError, match="moves is a whole number from 0 to"):
        DealStats(games=1, cards_home=(1,), moves=10**30)
    with pytest.raises(pr.PatienceRulesError, match="games is a whole number from 0 to"):
        DealStats(games=2**65, cards_home=(2**65,))
    assert DealStats(games=1, cards_home=(1,), moves=2**64).mean_moves == 2.0**64


def test_histogram_drops_trailing_zeros() -> None:
    assert DealStats(games=1, cards_home=(0, 1, 0, 0)).cards_home == (0, 1)
    assert DealStats(games=1, cards_home=(0, 1, 0)).cards_home == (0, 1)


def test_counts_of_nothing_are_counts_too() -> None:
    # A game over at once (no move legal at the deal) and stats of no games.
    assert DealResult(0, False, 0, 0).moves == 0
    assert DealStats.from_dict(json.loads(json.dumps(DealStats().to_dict()))) == DealStats()
    # (a dict written before games were counted as stopped has none)
    earlier = {
        key: value
        for key, value in DealStats().to_dict().items()
        if key not in ("stopped", "at_limit")
    }
    assert DealStats.from_dict(earlier) == DealStats()
    # (nor, before they were told apart, those stopped at the limit)
    stopped = DealStats(games=2, stopped=1, cards_home=(2,)).to_dict()
    del stopped["at_limit"]  # type: ignore[misc]
    assert DealStats.from_dict(stopped) == DealStats(games=2, stopped=1, cards_home=(2,))


def test_to_dict_is_json() -> None:
    stats = DealStats.of([DealResult(0, True, 3, 7), DealResult(1, False, 1, 4)])
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["games"] == 2
    assert data["wins"] == 1
    assert data["cards_home"] == [0, 1, 0, 1]
    assert data["ci95"] == pytest.approx(list(wilson_interval(1, 2)))


# -- integers of other libraries -----------------------------------------------


@pytest.mark.parametrize(
    ("successes", "trials"), [(59, 100), (0, 7), (7, 7), (10, 2**62), (2**63, 2**64)]
)
def test_the_wilson_interval_of_other_libraries_integers_is_that_of_ints(
    successes: int, trials: int
) -> None:
    expected = wilson_interval(successes, trials)
    if trials < 256:  # (as many as a uint8 holds: its 4 * trials wraps round)
        assert wilson_interval(UInt8(successes), UInt8(trials)) == expected
    assert wilson_interval(Int64(successes), Int64(trials)) == expected
    assert wilson_interval(successes, Int64(trials), 0.99) == wilson_interval(
        successes, trials, 0.99
    )


def test_the_wilson_interval_takes_a_level_of_any_real_number_type() -> None:
    # As NumPy's float32 and a Fraction: the interval of the same level as a float.
    assert wilson_interval(5, 10, Float32(0.9)) == wilson_interval(5, 10, 0.9)
    assert wilson_interval(5, 10, Fraction(19, 20)) == wilson_interval(5, 10, 0.95)
    # Refused: a level that a float rounds to 1 has no interval, nor has a bool.
    for level in (bool_(), True, 10**400, 1, 0.0):
        with pytest.raises(
            pr.InvalidArgumentError, match=r"^the confidence level is a number.*[^)]$"
        ):
            wilson_interval(5, 10, level)  # type: ignore[arg-type]
    # (one of another type says what it is as a float)
    rounding: list[tuple[object, float]] = [
        (Fraction(10**20 - 1, 10**20), 1.0),
        (Fraction(1, 10**400), 0.0),
        (Float32(1.0), 1.0),
    ]
    for given, rounded in rounding:
        with pytest.raises(pr.InvalidArgumentError, match=rf"\(as a float, {rounded}\)$"):
            wilson_interval(5, 10, given)  # type: ignore[arg-type]


def test_the_wilson_interval_refuses_other_libraries_integers_as_ints() -> None:
    with pytest.raises(pr.InvalidArgumentError, match=r"got 5 successes in 4 trials$"):
        wilson_interval(UInt8(5), UInt8(4))
    with pytest.raises(pr.InvalidArgumentError, match=r"^trials is a whole number from 0 to"):
        wilson_interval(0, Int64(2**64 + 1))
    with pytest.raises(pr.InvalidArgumentError, match=r"^successes is a whole number .*got True$"):
        wilson_interval(True, 4)


def test_a_deal_result_keeps_other_libraries_integers_as_ints() -> None:
    result = DealResult(Int64(7), False, UInt8(49), UInt8(200), stopped=True)
    assert result == DealResult(7, False, 49, 200, stopped=True)
    assert [type(result.deal), type(result.cards_home), type(result.moves)] == [int, int, int]
    assert type(attrs.evolve(result, moves=UInt8(3)).moves) is int
    # Added up, the moves are those of the ints, not wrapped round at 256.
    won = DealResult(0, True, UInt8(3), UInt8(200))
    assert DealStats.of([won, won]) == DealStats(2, 2, (0, 0, 0, 2), 400)
    # Out of range, or no whole number (a bool, NumPy's too, as before), refused by name.
    with pytest.raises(
        pr.InvalidArgumentError, match=r"^cards_home is a whole number from 0 to 832, got 833$"
    ):
        DealResult(1, False, Int64(833), 1)
    with pytest.raises(
        pr.InvalidArgumentError, match=r"^moves is a whole number of at least 0, got True$"
    ):
        DealResult(1, False, 1, True)
    with pytest.raises(pr.InvalidArgumentError, match=r"^deal is a whole number from 0 to"):
        DealResult(bool_(), False, 1, 1)
    with pytest.raises(pr.InvalidArgumentError, match=r"^won is True or False, got"):
        DealResult(1, bool_(), 1, 1)  # type: ignore[arg-type]
    with pytest.raises(pr.InvalidArgumentError, match=r"^stopped is True or False, got 1$"):
        DealResult(1, False, 1, 1, stopped=1)  # type: ignore[arg-type]


def test_deal_stats_keep_other_libraries_integers_as_ints() -> None:
    counts = DealStats(
        games=UInt8(200),
        wins=UInt8(150),
        cards_home=(UInt8(100), Int64(0), UInt8(100), Int64(0)),
        moves=UInt8(255),
        stopped=Int64(10),
        at_limit=UInt8(4),
    )
    assert counts == DealStats(200, 150, (100, 0, 100), 255, 10, 4)
    numbers = (
        counts.games,
        counts.wins,
        counts.moves,
        counts.stopped,
        counts.at_limit,
        *counts.cards_home,
    )
    assert {type(number) for number in numbers} == {int}
    assert counts.mean_cards_home == 1.0 and counts.mean_moves == 255 / 200
    assert (counts + counts).games == 400
    assert json.loads(json.dumps(counts.to_dict()))["cards_home"] == [100, 0, 100]
    # A game of a wide integer (whose games * 2**64 no fixed width holds).
    one = DealStats(games=Int64(1), wins=0, cards_home=(1,), moves=Int64(2**64))
    assert one == DealStats(1, 0, (1,), 2**64)
    # Refused as ever: a bool is no count, and the counts are checked as ints.
    with pytest.raises(
        pr.InvalidArgumentError,
        match=r"^a count of cards_home is a whole number of at least 0, got True$",
    ):
        DealStats(games=1, cards_home=(0, True))
    with pytest.raises(
        pr.InvalidArgumentError,
        match=r"^games is a whole number from 0 to 18446744073709551616, got True$",
    ):
        DealStats(games=True, cards_home=(1,))
    with pytest.raises(pr.InvalidArgumentError, match=r"got 1 game, 2 wins and 0 stopped$"):
        DealStats(games=UInt8(1), wins=UInt8(2), cards_home=(1,))


# -- play_deal ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_compulsory_games_play_the_same_with_any_player(name: str) -> None:
    rules = pr.get_game(name)
    for deal in range(15):
        results = {
            play_deal(rules, deal, player)
            for player in (GreedyPlayer(), FirstPlayer(), RandomPlayer(seed=deal))
        }
        assert len(results) == 1


def test_a_game_that_goes_round_is_stopped_after_its_moves() -> None:
    # The first move of Klondike's deal 1, taken each time, goes round for
    # ever: stopped after 2,000 moves by default, or after as many as given.
    klondike = pr.get_game("klondike")
    assert play_deal(klondike, 1, FirstPlayer()) == DealResult(
        1, False, 2, 2000, stopped=True, at_limit=True
    )
    for most in (1, 7):
        assert play_deal(klondike, 1, FirstPlayer(), max_moves=most).moves == most
        played = play_deals(klondike, 3, player=FirstPlayer(), max_moves=most, jobs=1)
        assert (played.moves, played.stopped, played.at_limit) == (3 * most, 3, 3)


def test_a_game_won_with_moves_left_ends_won() -> None:
    # A won Klondike with foundation_back could still move a card back: the
    # game ends at the win, won, neither given up nor at the limit.
    before, winning, _ = won_with_moves_left()
    klondike = before.rules
    result = play_deal(klondike, 14)
    assert result == DealResult(14, True, 52, 1482)
    assert play_deal(klondike, 14, max_moves=1482) == result
    assert play_deal(klondike, 14, max_moves=1481).at_limit
    stats = play_deals(klondike, 1, start=14, jobs=1)
    assert (stats.wins, stats.stopped, stats.moves) == (1, 0, 1482)
    # Its pictures say so, as of any game over.
    won = before.apply(winning)
    assert str(won).endswith("Game over: won")
    assert "game over: won" in pr.state_to_svg(won)
    assert "Game over" not in str(before)


def test_play_deal_reaches_the_end() -> None:
    for deal in range(10):
        result = play_deal(ROYAL, deal, RandomPlayer())
        assert result.deal == deal
        assert result.won == (result.cards_home == 104)
        assert 8 <= result.cards_home <= 104  # the eight bases are home from the start
        # Replaying the same choices ends in a state with no legal move.
        choose = RandomPlayer().chooser(deal)
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
    expected = DealStats.of(play_deal(ROYAL, deal, RandomPlayer()) for deal in range(10, 40))
    got = play_deals(ROYAL, 30, start=10, player=RandomPlayer(), jobs=1, chunk_size=7)
    assert got == expected
    assert got.games == 30


def test_play_deals_does_not_depend_on_the_executor() -> None:
    player = RandomPlayer(seed=3)
    inline = play_deals(ROYAL, 40, player=player, jobs=1)
    with ThreadPoolExecutor(3) as threads:
        threaded = play_deals(ROYAL, 40, player=player, executor=threads, chunk_size=3)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as processes:
        pooled = play_deals(ROYAL, 40, player=player, executor=processes, chunk_size=11)
    default_pool = play_deals(ROYAL, 40, player=player, jobs=2, chunk_size=5)
    assert inline == threaded == pooled == default_pool


@pytest.mark.usefixtures("isolated_registry")
def test_a_game_registered_by_the_caller_plays_in_fresh_worker_processes() -> None:
    # The default pool's workers start clean: they never ran the caller's
    # register_game, so the rules travel whole rather than by their name.
    mine = attrs.evolve(CAPTIVE, name="my-queens", title="My Queens", options=())
    pr.register_game("my-queens", lambda: mine, summary="Captive Queens by another name.")
    rules = pr.get_game("my-queens")
    player = RandomPlayer(seed=5)
    assert play_deals(rules, 12, player=player, jobs=2, chunk_size=3) == play_deals(
        CAPTIVE, 12, player=player, jobs=1
    )


PLAYER_UNDER_THE_MAIN_GUARD = """
import patience_rules as pr
from patience_rules.players import FirstPlayer
from patience_rules.stats import play_deals
if __name__ == "__main__":
    class Mine(FirstPlayer):
        pass
    try:
        play_deals(pr.get_game("captive-queens"), 8, player=Mine(), jobs=2, chunk_size=2)
    except pr.PatienceRulesError as error:
        print(type(error).__name__, error)
"""


@pytest.mark.parametrize(
    ("where", "expected"),
    [
        # A class defined at the prompt: refused before any worker starts.
        ("-c", "InvalidArgumentError the player Mine() is of a class defined at the prompt"),
        # A class a script defines under its main guard: the worker cannot load it.
        ("script", "PatienceRulesError a worker process of the default pool stopped"),
        # A program read from standard input: no worker can run it again.
        ("stdin", "InvalidArgumentError the program runs from '<stdin>', not a file"),
        # A script with no main guard: a worker that runs it again plays again.
        ("unguarded", "PatienceRulesError a worker process of the default pool stopped"),
    ],
)
def test_a_player_the_workers_cannot_load_gets_the_library_error(
    tmp_path: Path, where: str, expected: str
) -> None:
    code = PLAYER_UNDER_THE_MAIN_GUARD
    given = None
    if where == "-c":
        code = code.replace('if __name__ == "__main__":\n', "if True:\n")
        command = [sys.executable, "-c", code]
    elif where == "stdin":  # (the library's own player: the program is what cannot load)
        given = code.replace("player=Mine()", "player=FirstPlayer()")
        command = [sys.executable, "-"]
    elif where == "unguarded":  # (the library's own player again)
        script = tmp_path / "script.py"
        unguarded = code.replace('if __name__ == "__main__":\n', "if True:\n")
        script.write_text(unguarded.replace("player=Mine()", "player=FirstPlayer()"), "utf-8")
        command = [sys.executable, str(script)]
    else:
        script = tmp_path / "script.py"
        script.write_text(code, encoding="utf-8")
        command = [sys.executable, str(script)]
    result = subprocess.run(
        command, input=given, capture_output=True, text=True, timeout=300, check=False
    )
    assert result.stdout.startswith(expected), (result.stdout, result.stderr[-2000:])
    assert "jobs=1" in result.stdout
    if where in ("script", "unguarded"):
        assert 'if __name__ == "__main__":' in result.stdout


@attrs.frozen
class LockedPlayer(FirstPlayer):
    """A player of a top-level class that holds a value that does not pickle."""

    lock: object = attrs.field(factory=threading.Lock)


def test_a_player_that_does_not_pickle_is_refused_before_any_worker_starts() -> None:
    for pool in (None, ProcessPoolExecutor(2)):
        with pytest.raises(pr.PatienceRulesError, match=r"does not pickle, so worker processes"):
            play_deals(
                ROYAL,
                8,
                player=LockedPlayer(),
                jobs=None if pool else 2,
                executor=pool,
                chunk_size=2,
            )
        if pool is not None:
            pool.shutdown()
    # In this process, or in threads, it plays.
    assert play_deals(ROYAL, 8, player=LockedPlayer(), jobs=1).games == 8


def test_integers_of_other_libraries_are_deal_numbers_and_counts() -> None:
    # (play_deal played the whole game, then refused the deal number it had dealt)
    one = play_deal(ROYAL, Int64(1))
    assert one == play_deal(ROYAL, 1) and type(one.deal) is int
    many = play_deals(
        ROYAL,
        Int64(6),
        chunk_size=Int64(4),
        jobs=Int64(1),
        max_moves=Int64(900),
    )
    assert many == play_deals(ROYAL, 6, jobs=1, max_moves=900)


def test_play_deals_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    play_deals(CAPTIVE, 25, jobs=1, chunk_size=10, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(10, 25), (20, 25), (25, 25)]
    seen.clear()
    with ThreadPoolExecutor(2) as threads:
        play_deals(
            CAPTIVE, 25, executor=threads, chunk_size=10, progress=lambda d, t: seen.append((d, t))
        )
    assert sorted(seen)[-1] == (25, 25)
    assert len(seen) == 3


def test_play_deals_of_nothing() -> None:
    assert play_deals(CAPTIVE, 0) == DealStats()


def test_play_deals_refuses_deals_past_the_games_last_up_front() -> None:
    # FreeCell's deal numbers stop at 2**31 - 1: refused before any deal is
    # played, not when the first deal past them comes up.
    freecell = pr.get_game("freecell")
    with pytest.raises(pr.InvalidDealError, match="expected at most 748 deals"):
        play_deals(freecell, 1000, start=2**31 - 748, jobs=1)
    with pytest.raises(pr.InvalidDealError, match="of FreeCell is a whole number from 0 to"):
        play_deals(freecell, 1, start=2**31, jobs=1)
    assert play_deals(freecell, 2, start=2**31 - 2, jobs=1).games == 2
    with pytest.raises(
        pr.InvalidDealError, match=r"last deal number, 2147483647: expected at most 1 deal$"
    ):
        play_deals(freecell, 2, start=2**31 - 1, jobs=1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"count": -1}, "number of deals"),
        ({"count": 2.5}, "number of deals"),
        ({"start": -3}, "first deal number"),
        ({"jobs": 0}, "jobs"),
        ({"jobs": 4097}, r"^jobs is a whole number from 1 to 4096, got 4097$"),
        ({"chunk_size": 0}, "chunk size"),
        ({"max_pending": 0}, "max_pending"),
        ({"start": pr.MAX_DEAL_NUMBER}, "go past Captive Queens's last deal number"),
        ({"executor": "x"}, "an executor is a concurrent.futures.Executor"),
        ({"player": "greedy"}, "a player has a chooser"),
        (
            {"player": GreedyPlayer},
            r"^a player is an instance of a player class, got the class GreedyPlayer: "
            r"give GreedyPlayer\(\)$",
        ),
        ({"player": GreedyPlayer, "jobs": 2}, "got the class GreedyPlayer"),
        ({"progress": 3}, "progress is a function"),
        ({"player": GreedyPlayer(), "policy": GreedyPlayer()}, "not both"),
        pytest.param({"count": HUGE}, "an integer of 5001 digits", id="huge-count"),
        pytest.param({"start": HUGE}, "an integer of 5001 digits", id="huge-start"),
        pytest.param({"chunk_size": -HUGE}, "a negative integer of 5001", id="huge-chunks"),
    ],
)
def test_play_deals_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"count": 2, **kwargs}
    count = arguments.pop("count")
    with pytest.raises(pr.PatienceRulesError, match=message) as caught:
        play_deals(CAPTIVE, count, **arguments)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("deal", [-1, "1", pytest.param(HUGE, id="huge")])
def test_play_deal_refuses_bad_arguments_briefly(deal: object) -> None:
    with pytest.raises(pr.InvalidDealError) as caught:
        play_deal(CAPTIVE, deal)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 200
    with pytest.raises(pr.PatienceRulesError, match="GameRules"):
        play_deal("captive-queens", 1)  # type: ignore[arg-type]


def test_the_old_policy_keyword_still_works_with_a_warning() -> None:
    player = RandomPlayer(seed=3)
    with pytest.warns(DeprecationWarning, match="policy= is an old name of player="):
        many = play_deals(ROYAL, 6, policy=player, jobs=1)
    assert many == play_deals(ROYAL, 6, player=player, jobs=1)
    with pytest.warns(DeprecationWarning, match="policy= is an old name of player="):
        one = play_deal(ROYAL, 4, policy=player)
    assert one == play_deal(ROYAL, 4, player)


class Recording(ThreadPoolExecutor):
    """A thread pool that keeps the futures it hands out, and counts those not done."""

    def __init__(self, workers: int, fail_after: int | None = None) -> None:
        super().__init__(workers)
        self.futures: list[Future[object]] = []
        self.most_waiting = 0
        self.fail_after = fail_after

    def submit(  # type: ignore[override]
        self, fn: Callable[..., object], /, *args: object, **kwargs: object
    ) -> Future[object]:
        if self.fail_after is not None and len(self.futures) >= self.fail_after:
            raise RuntimeError("the executor broke")
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        self.most_waiting = max(self.most_waiting, sum(not f.done() for f in self.futures))
        return future

    def wait_for_a_cancellation(self, seconds: float = 10) -> None:
        """Wait (in a task) until some future handed out is cancelled, or ``seconds`` pass."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not any(f.cancelled() for f in list(self.futures)):
            time.sleep(0.001)


def test_play_deals_keeps_few_tasks_waiting() -> None:
    # A billion deals, one per chunk: had every chunk been submitted before
    # the first result was read, this would never end.
    seen: list[int] = []

    def stop_soon(done: int, total: int) -> None:
        seen.append(done)
        if done == 40:
            raise KeyboardInterrupt

    with Recording(2) as executor, pytest.raises(KeyboardInterrupt):
        play_deals(
            CAPTIVE, 10**9, executor=executor, chunk_size=1, max_pending=5, progress=stop_soon
        )
    assert seen[-1] == 40
    assert executor.most_waiting <= 5
    assert len(executor.futures) <= 40 + 5
    assert all(future.done() for future in executor.futures)


def test_play_deals_makes_its_chunks_as_it_goes() -> None:
    # Every deal number there is, played here: the first chunk starts at once.
    seen: list[tuple[int, int]] = []

    def stop(done: int, total: int) -> None:
        seen.append((done, total))
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play_deals(CAPTIVE, pr.MAX_DEAL_NUMBER + 1, jobs=1, chunk_size=3, progress=stop)
    assert seen == [(3, pr.MAX_DEAL_NUMBER + 1)]


class Failing(Exception):
    pass


def test_a_failing_progress_callback_leaves_nothing_running() -> None:
    def fail(done: int, total: int) -> None:
        raise Failing

    with Recording(3) as executor:

        class Waiting:
            """Plays first moves; the deals after the first chunk wait for the cancellations."""

            name = "waiting"

            def chooser(self, deal: int) -> Callable[[object, object], object]:
                if deal >= 2:  # (after the first chunk, whose progress fails)
                    executor.wait_for_a_cancellation()
                return lambda state, moves: moves[0]  # type: ignore[index]

        with pytest.raises(Failing):
            play_deals(
                ROYAL,
                200,
                executor=executor,
                chunk_size=2,
                progress=fail,
                player=Waiting(),  # type: ignore[arg-type]
            )
        assert 1 < len(executor.futures) <= 64
        assert all(future.done() for future in executor.futures)
        assert any(future.cancelled() for future in executor.futures)


def test_a_failing_executor_leaves_nothing_running() -> None:
    with Recording(2, fail_after=7) as executor:
        with pytest.raises(RuntimeError, match="the executor broke"):
            play_deals(ROYAL, 100, executor=executor, chunk_size=1)
        assert len(executor.futures) == 7
        assert all(future.done() for future in executor.futures)


def test_a_failing_task_leaves_nothing_running() -> None:
    # One worker plays the deals in order; deal 3 fails.  Deal 4, which may
    # be running by then, waits until the failure has cancelled the tasks not
    # yet started (so that a fast machine cannot finish them all first), and
    # play_deals waits for it: nothing is left running.
    with Recording(1) as executor:

        class Broken:
            name = "broken"

            def chooser(self, deal: int) -> Callable[[object, object], object]:
                if deal == 3:
                    raise Failing
                if deal == 4:
                    executor.wait_for_a_cancellation()
                return lambda state, moves: moves[0]  # type: ignore[index]

        with pytest.raises(Failing):
            play_deals(CAPTIVE, 500, executor=executor, chunk_size=1, player=Broken())  # type: ignore[arg-type]
        assert all(future.done() for future in executor.futures)
        assert any(future.cancelled() for future in executor.futures)


class PoolOfNone:
    """Stands for ProcessPoolExecutor in play_deals, and starts no process.

    It keeps the number of workers asked for, and hands out futures already
    done (with no games played); it counts the tasks handed out and not yet
    counted done by the progress callback, :meth:`done`.
    """

    def __init__(self) -> None:
        self.workers: list[int] = []
        self.submitted = 0
        self.finished = 0
        self.most_waiting = 0

    def __call__(
        self, max_workers: int, mp_context: object = None, initializer: object = None
    ) -> PoolOfNone:
        self.workers.append(max_workers)
        return self

    def submit(self, fn: Callable[..., object], /, *args: object) -> Future[DealStats]:
        self.submitted += 1
        self.most_waiting = max(self.most_waiting, self.submitted - self.finished)
        future: Future[DealStats] = Future()
        future.set_result(DealStats())
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass

    def done(self, done: int, total: int) -> None:
        self.finished += 1


def test_play_deals_refuses_more_jobs_than_max_jobs_before_making_a_pool(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_pool(max_workers: int, mp_context: object = None) -> None:
        raise AssertionError(f"a pool of {max_workers} workers was made")

    monkeypatch.setattr(stats, "ProcessPoolExecutor", no_pool)
    klondike = pr.get_game("klondike")
    for jobs in (4097, 10**9):
        with pytest.raises(
            pr.InvalidArgumentError, match=rf"^jobs is a whole number from 1 to 4096, got {jobs}$"
        ):
            play_deals(klondike, 10**6, jobs=jobs, chunk_size=1)
    assert stats.MAX_JOBS == 4096  # (as the command line's --jobs)


def test_the_default_pool_has_at_most_max_jobs_workers_and_max_pending_tasks_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    # A machine of a million CPUs gets a pool of MAX_JOBS workers, with
    # twice as many tasks waiting.
    pool = PoolOfNone()
    monkeypatch.setattr(stats, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: range(10**6), raising=False)
    with pytest.raises(Stop):
        play_deals(CAPTIVE, 10**5, chunk_size=1, progress=stop)
    assert pool.workers == [4096]
    assert pool.submitted == 2 * 4096
    # The CPUs counted are those the process may run on (a container's or
    # taskset's limit), where the system says; else every CPU.
    for affinity, cpus, workers in [(range(3), 10**6, 3), (None, 5, 5)]:
        pool = PoolOfNone()
        monkeypatch.setattr(stats, "ProcessPoolExecutor", pool)
        if affinity is None:
            monkeypatch.delattr(os, "sched_getaffinity", raising=False)
        else:
            monkeypatch.setattr(
                os, "sched_getaffinity", lambda pid, cpus=affinity: cpus, raising=False
            )
        monkeypatch.setattr(os, "cpu_count", lambda count=cpus: count)
        play_deals(CAPTIVE, 40, chunk_size=1, progress=pool.done)
        assert pool.workers == [workers]
    # Twice the workers is held to MAX_PENDING (here made smaller than that).
    pool = PoolOfNone()
    monkeypatch.setattr(stats, "ProcessPoolExecutor", pool)
    monkeypatch.setattr(stats, "MAX_PENDING", 3)
    stats_of_none = play_deals(CAPTIVE, 40, jobs=4, chunk_size=1, progress=pool.done)
    assert stats_of_none == DealStats()
    assert pool.workers == [4]
    assert pool.submitted == pool.finished == 40
    assert pool.most_waiting == 3


def test_the_default_pool_is_as_large_as_the_jobs_asked_and_the_chunks_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (what the command line's time line says ran the deals)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: range(6), raising=False)
    assert [stats._workers(jobs, count, 1) for jobs, count in [(1, 9), (8, 1), (8, 0)]] == [0] * 3
    assert stats._workers(8, 3, 1) == 3 and stats._workers(2, 3, 1) == 2
    assert (
        stats._workers(None, 40, 1) == 6
        and stats._workers(stats.MAX_JOBS, 10**6, 1) == stats.MAX_JOBS
    )


def test_play_deals_refuses_executor_and_jobs() -> None:
    with ThreadPoolExecutor(1) as threads, pytest.raises(pr.PatienceRulesError, match="not both"):
        play_deals(CAPTIVE, 2, executor=threads, jobs=2)


# -- the published figures ------------------------------------------------------


class Choosing:
    """Plays first moves, then from move ``at`` on returns ``choice`` instead."""

    name = "choosing"

    def __init__(self, choice: object, at: int) -> None:
        self.choice, self.at = choice, at

    def chooser(self, deal: int) -> Callable[[pr.State, tuple[pr.Move, ...]], object]:
        made = 0

        def choose(state: pr.State, moves: tuple[pr.Move, ...]) -> object:
            nonlocal made
            made += 1
            return self.choice if made >= self.at else moves[0]

        return choose


@pytest.mark.parametrize(
    ("choice", "at", "refusal"),
    [
        ("draw", 1, r"expected a Move, got 'draw'"),
        (pr.Move.redeal(), 3, r"illegal move redeal in Captive Queens: a redeal needs an empty"),
    ],
)
def test_a_players_illegal_choice_is_named_by_its_deal_and_move(
    choice: object, at: int, refusal: str
) -> None:
    # (the player's fault, not the caller's: the message says where it chose)
    head = rf"^deal 1, move {at}: the player's choice is not one of the legal moves it was given: "
    with pytest.raises(pr.IllegalMoveError, match=head + refusal):
        play_deal(CAPTIVE, 1, player=Choosing(choice, at))  # type: ignore[arg-type]
    with pytest.raises(pr.IllegalMoveError, match=head + refusal):
        play_deals(CAPTIVE, 1, start=1, jobs=1, player=Choosing(choice, at))  # type: ignore[arg-type]


@attrs.frozen
class Lingering:
    """Plays deal ``quick`` at once; any other deal waits ``seconds`` first, then
    leaves a file named for it in ``folder`` (a worker that plays it to its end)."""

    folder: str
    quick: int
    seconds: float
    name = "lingering"

    def chooser(self, deal: int) -> Callable[[pr.State, tuple[pr.Move, ...]], pr.Move]:
        if deal != self.quick:
            time.sleep(self.seconds)
            Path(self.folder, f"played-{deal}").touch()
        return lambda state, moves: moves[0]


def test_ctrl_c_stops_the_default_pools_workers_without_waiting_for_their_chunks(
    tmp_path: Path,
) -> None:
    # Ctrl-C (a KeyboardInterrupt, here from the progress callback once the quick
    # deal is in) while both workers play deals that take long: the call goes on
    # with the interrupt and stops the workers, rather than waiting for their
    # chunks to end (a minute for a long one), and leaves nothing running.
    player = Lingering(str(tmp_path), quick=0, seconds=30.0)

    def interrupt(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play_deals(CAPTIVE, 3, player=player, jobs=2, chunk_size=1, progress=interrupt)
    assert list(tmp_path.iterdir()) == []  # (no worker played a lingering deal to its end)
    assert multiprocessing.active_children() == []


@attrs.frozen
class Reporting:
    """Plays first moves; each deal leaves a file that says whether the worker
    playing it ignores Ctrl-C (SIGINT)."""

    folder: str
    name = "reporting"

    def chooser(self, deal: int) -> Callable[[pr.State, tuple[pr.Move, ...]], pr.Move]:
        ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        Path(self.folder, f"{deal}-{'ignores' if ignored else 'takes'}").touch()
        return lambda state, moves: moves[0]


def test_the_default_pools_workers_leave_ctrl_c_to_a_call_on_the_main_thread(
    tmp_path: Path,
) -> None:
    # Ctrl-C reaches only the main thread: there the call stops the workers,
    # which ignore it; a call on another thread cannot see it, so its workers
    # take it (their chunks fail with it, and the call stops).
    main, other = tmp_path / "main", tmp_path / "other"
    main.mkdir()
    other.mkdir()
    play_deals(CAPTIVE, 2, player=Reporting(str(main)), jobs=2, chunk_size=1)
    thread = threading.Thread(
        target=play_deals,
        args=(CAPTIVE, 2),
        kwargs={"player": Reporting(str(other)), "jobs": 2, "chunk_size": 1},
    )
    thread.start()
    thread.join()
    assert sorted(path.name for path in main.iterdir()) == ["0-ignores", "1-ignores"]
    # (a process started with Ctrl-C ignored, as a shell starts a job in the
    # background, passes that on to every worker: then they ignore it too)
    inherited = "ignores" if signal.getsignal(signal.SIGINT) is signal.SIG_IGN else "takes"
    assert sorted(path.name for path in other.iterdir()) == [f"0-{inherited}", f"1-{inherited}"]
