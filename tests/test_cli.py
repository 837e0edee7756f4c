"""Tests of the command line, with the interactive ``play`` driven by scripted input."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import patience_rules as pr
from composed import UP, toy_game, waiting_for_shifts
from patience_rules import _allocation, cli
from patience_rules.cli import main, move_text, parse_move_text
from patience_rules.notation import cards_from_text
from patience_rules.players import GreedyPlayer, RandomPlayer
from patience_rules.solver import solve, solve_deal
from patience_rules.stats import MAX_JOBS, DealStats, play_deal, play_deals, wilson_interval
from random_play import won_with_moves_left

ROOT = Path(__file__).resolve().parent.parent
ENVIRONMENT = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def feed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


class Terminal(io.StringIO):
    """A stream that says it is a terminal, with an encoding."""

    def __init__(self, encoding: str = "utf-8") -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


class Unasked(io.StringIO):
    """A stream that cannot be asked whether it is a terminal."""

    isatty = None  # type: ignore[assignment]


class ClosedTerminal(Terminal):
    """A terminal closed meanwhile: asking whether it is one raises, as a closed file's does."""

    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


# -- games, show, --version, --help ---------------------------------------------


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(pr.game_names())
    assert "quadrille" in lines[0]
    # The options each game takes, as the notation writes them, read back.
    by_name = dict(zip(pr.game_names(), lines, strict=True))
    assert by_name["klondike"].endswith(" Options: draw=1, redeals, foundation_back=false.")
    assert by_name["easy-start-parlett"].endswith(" Options: redeals=3.")
    assert "Options" not in by_name["windmill"]
    for name, line in by_name.items():
        options = line.partition(" Options: ")[2].rstrip(".")
        written = [option for option in options.split(", ") if "=" in option]
        if written:
            assert pr.game_from_text(f"{name}[{','.join(written)}]") == pr.get_game(name)


@pytest.mark.usefixtures("isolated_registry")
def test_games_names_alone_an_option_whose_default_the_notation_cannot_write(
    capsys: pytest.CaptureFixture[str],
) -> None:
    def ranked(*, rank: pr.Rank = pr.Rank.KING, cells: int = 4) -> pr.GameRules:
        return pr.GameRules.from_dict({**pr.freecell().to_dict(), "name": "ranked"})

    pr.register_game("ranked", ranked, summary="A game with a rank option.")
    _, out, _ = run(capsys, "games")
    (line,) = [line for line in out.splitlines() if line.startswith("ranked ")]
    assert line.endswith("A game with a rank option. Options: rank, cells=4.")


def test_show_prints_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "royal-cotillion", "--deal", "7")
    assert status == 0
    assert out == str(pr.get_game("royal-cotillion").deal(7)) + "\n"


def test_the_readme_command_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", "show", "royal-cotillion", "--deal", "7"],
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("Royal Cotillion\n")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--version")
    assert status == 0
    assert out == f"patience-rules {pr.__version__}\n"
    assert err == ""


@pytest.mark.parametrize("argv", [["--help"], ["show", "--help"], ["solve", "-h"]])
def test_help_returns_a_status(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 0
    assert out.startswith("usage: patience-rules")
    assert err == ""


def test_one_parser_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--help")
    for command in ("games", "show", "play", "stats", "replay", "solve"):
        assert command in out
    assert "Exit status" in out
    _, out, _ = run(capsys, "solve", "--help")
    for option in ("--deal", "--max-nodes", "--max-seconds", "--seed", "--quiet"):
        assert option in out


@pytest.mark.parametrize("command", ["games", "show", "play", "stats", "replay", "solve"])
def test_each_command_says_what_it_does(capsys: pytest.CaptureFixture[str], command: str) -> None:
    _, out, _ = run(capsys, command, "--help")
    usage, description, *_ = out.split("\n\n")
    assert usage.startswith(f"usage: patience-rules {command}")
    assert description[0].isupper() and description.rstrip().endswith(".")
    assert not description.startswith(("positional arguments", "options"))


# -- errors and exit statuses ---------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["show", "spider"], "unknown game 'spider'"),
        (["play", "nope"], "unknown game 'nope'"),
        (["stats", "spider", "--deals", "5"], "unknown game 'spider'"),
        (["solve", "spider"], "unknown game 'spider'"),
        (["show", "easy-start", "--deal", "-1"], "from 0 to 18446744073709551615, got '-1'"),
        (["show", "easy-start", "--deal", "seven"], "got 'seven'"),
        (["show", "easy-start", "--deal", "18446744073709551616"], "got '18446744073709551616'"),
        (["show", "easy-start", "--deal", "²"], "got '²'"),
        (["show", "easy-start", "--deal", "9" * 5000], "(5000 characters)"),
        (["stats", "easy-start"], "required: --deals"),
        (["stats", "easy-start", "--deals", "0"], "a number of deals, a whole number from 1"),
        (["stats", "easy-start", "--deals", "-5"], "got '-5'"),
        (["stats", "easy-start", "--deals", "many"], "got 'many'"),
        (["stats", "easy-start", "--deals", "5", "--jobs", "0"], "a number of jobs"),
        (["stats", "easy-start", "--deals", "5", "--start", "-2"], "--start"),
        (["stats", "easy-start", "--deals", "5", "--player", "best"], "invalid choice"),
        (["stats", "easy-start", "--deals", "5", "--jobs", "2", "--scheduler", "x"], "not allowed"),
        (["solve", "easy-start", "--max-seconds", "nan"], "at least 0, in plain decimals"),
        (["solve", "easy-start", "--max-seconds", "inf"], "got 'inf'"),
        (["solve", "easy-start", "--max-seconds", "-1"], "got '-1'"),
        (["solve", "easy-start", "--max-seconds", "1_0"], "got '1_0'"),
        (["solve", "easy-start", "--max-seconds", "1e3"], "(such as 2.5)"),
        (["solve", "easy-start", "--max-seconds", "\uff11"], "got '\uff11'"),
        (["solve", "easy-start", "--max-nodes", "x"], "a number of nodes"),
        ([], "COMMAND"),
        (["dance"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("patience-rules: error: ")
    assert words in err
    assert len(err) < 400


def test_an_error_line_is_cut_after_1000_characters(capsys: pytest.CaptureFixture[str]) -> None:
    extra = ["word"] * 300  # (each word short, so that only the line is cut)
    status, out, err = run(capsys, "games", *extra)
    assert (status, out) == (2, "")
    message = f"unrecognized arguments: {' '.join(extra)} (see 'patience-rules games --help')"
    assert err == f"patience-rules: error: {message[:1000]}… ({len(message)} characters)\n"


def test_errors_without_standard_error_are_not_written(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As 'pythonw' runs a program: no standard error at all.
    monkeypatch.setattr(sys, "stderr", None)
    assert main(["show", "spider"]) == 2
    assert main(["stats", "easy-start", "--deals", "2", "--jobs", "1"]) == 0  # (its time line)


#: Each whole-number option: a command it belongs to, what it counts, its
#: lowest and highest value.
WHOLE_NUMBER_OPTIONS = [
    (["show", "easy-start"], "--deal", "a deal number", 0, pr.MAX_DEAL_NUMBER),
    (["stats", "captive-queens", "--jobs", "1"], "--deals", "a number of deals", 1, 2**64 - 1),
    (["stats", "captive-queens", "--deals", "1"], "--start", "a deal number", 0, 2**64 - 1),
    (["stats", "captive-queens", "--deals", "1"], "--jobs", "a number of jobs", 1, MAX_JOBS),
    (["stats", "captive-queens", "--deals", "1"], "--seed", "a seed", 0, 2**64 - 1),
    (["stats", "captive-queens", "--deals", "1"], "--max-moves", "a number of moves", 1, 10**9),
    (["solve", "captive-queens", "--deal", "0"], "--max-nodes", "a number of nodes", 0, 10**15),
    (["solve", "captive-queens", "--deal", "0"], "--seed", "a seed", 0, 2**64 - 1),
]


@pytest.mark.parametrize(("command", "option", "what", "low", "high"), WHOLE_NUMBER_OPTIONS)
def test_a_whole_number_option_refuses_one_past_either_end(
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    option: str,
    what: str,
    low: int,
    high: int,
) -> None:
    for value in (low - 1, high + 1):
        status, out, err = run(capsys, *command, option, str(value))
        assert (status, out) == (2, "")
        assert err == (
            f"patience-rules: error: argument {option}: expected {what}, a whole number "
            f"from {low} to {high}, got '{value}' (see 'patience-rules {command[0]} --help')\n"
        )


@pytest.mark.parametrize(("command", "option", "what", "low", "high"), WHOLE_NUMBER_OPTIONS)
def test_a_whole_number_option_takes_either_end(
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    option: str,
    what: str,
    low: int,
    high: int,
) -> None:
    for value in (low, high):
        if option == "--deals" and value > 1:
            continue  # (as many deals as that take too long)
        status, _, err = run(capsys, *command, option, str(value))
        assert "error" not in err
        assert status in (0, 1, 3)


@pytest.mark.parametrize("seconds", ["0", " +.001 ", "0.00"])
def test_solve_stops_at_its_time_budget(capsys: pytest.CaptureFixture[str], seconds: str) -> None:
    # (deal 5 is won in about 40,000 nodes, far more than a moment's search)
    status, out, err = run(
        capsys, "solve", "royal-cotillion", "--deal", "5", "--max-seconds", seconds
    )
    assert status == 3
    assert re.fullmatch(r"Searched in \d+\.\d\d s\n", err)  # (the time, apart from the outcome)
    assert re.fullmatch(r"unknown \(\d+ nodes?\)\n", out)


def test_an_unknown_game_is_the_same_error_in_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    errors = {
        run(capsys, *argv)[::2]
        for argv in (["show", "x"], ["play", "x"], ["solve", "x"], ["stats", "x", "--deals", "1"])
    }
    assert len(errors) == 1
    assert next(iter(errors))[0] == 2


def test_interrupting_solve_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(self: _allocation.Budget, nodes: int = 1) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(_allocation.Budget, "spend", interrupted)
    status, _, err = run(capsys, "solve", "royal-cotillion", "--deal", "5")
    assert status == 130
    assert err == "patience-rules: interrupted\n"


# -- stats ----------------------------------------------------------------------


def test_stats_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "stats",
        "royal-cotillion",
        "--deals",
        "24",
        "--start",
        "100",
        "--player",
        "random",
        "--seed",
        "7",
        "--jobs",
        "1",
        "--json",
    )
    assert status == 0
    data = json.loads(out)
    expected = play_deals(
        pr.get_game("royal-cotillion"), 24, start=100, player=RandomPlayer(seed=7), jobs=1
    )
    assert data["game"] == "royal-cotillion"
    assert (data["player"], data["seed"], data["start"], data["deals"]) == ("random", 7, 100, 24)
    assert (data["games"], data["wins"]) == (expected.games, expected.wins)
    assert data["cards_home"] == list(expected.cards_home)
    assert data["ci95"] == pytest.approx(list(wilson_interval(expected.wins, 24)))
    assert data["jobs"] == 1
    assert 0 <= data["seconds"] < 600
    # The report, game and player beside the counts, reads back whole.
    assert DealStats.from_dict(data) == expected
    the_game = ["game", "title", "player", "start", "deals", "cards", "max_moves"]
    assert list(data) == [*the_game, "seed", *expected.to_dict(), "jobs", "seconds"]
    assert (data["title"], data["cards"], data["max_moves"]) == ("Royal Cotillion", 104, 2000)
    # The greedy player has no seed; the moves a game may take are as given.
    argv = ["stats", "easy-start", "--deals", "2", "--max-moves", "9", "--jobs", "1", "--json"]
    _, out, _ = run(capsys, *argv)
    data = json.loads(out)
    assert list(data) == [*the_game, *expected.to_dict(), "jobs", "seconds"]
    assert (data["title"], data["cards"], data["max_moves"]) == (
        "Captive Queens (Easy start)",
        52,
        9,
    )


def test_commands_take_a_game_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    # The game's text form, as the notation writes it: Klondike drawing three.
    draw_three = pr.get_game("klondike", draw=3)
    argv = ["stats", "klondike[draw=3]", "--deals", "6", "--jobs", "1"]
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 0
    data = json.loads(out)
    expected = play_deals(draw_three, 6, jobs=1)
    assert data["game"] == "klondike[draw=3]"
    assert (data["wins"], data["cards_home"]) == (expected.wins, list(expected.cards_home))
    _, out, _ = run(capsys, *argv)
    assert out.splitlines()[0] == "Klondike (klondike[draw=3]): deals 0 to 5, player greedy"
    _, out, _ = run(capsys, "show", "easy-start[redeals=1]")
    assert "Redeals left: 1" in out
    status, _, err = run(capsys, "show", "klondike[draw=2]")
    assert status == 2 and "draw" in err and err.count("\n") == 1


def test_stats_takes_the_old_policy_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["stats", "royal-cotillion", "--deals", "5", "--seed", "3", "--jobs", "1", "--json"]
    _, new, quiet = run(capsys, *argv, "--player", "random")
    _, old, noted = run(capsys, *argv, "--policy", "random")
    assert json.loads(new)["wins"] == json.loads(old)["wins"]
    assert json.loads(old)["player"] == "random"
    assert (quiet, noted) == ("", "patience-rules: note: --policy is an old name of --player\n")


def test_stats_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "stats", "captive-queens", "--deals", "40", "--jobs", "1")
    assert status == 0
    wins = sum(play_deal(pr.get_game("captive-queens"), deal).won for deal in range(40))
    low, high = wilson_interval(wins, 40)
    lines = out.splitlines()
    assert lines[0] == "Captive Queens: deals 0 to 39, player greedy"
    assert lines[1] == (
        f"Won {wins} of 40: {wins / 40:.2%} (95% confidence interval {low:.2%} to {high:.2%})"
    )
    assert lines[2].startswith("Mean cards home: ")
    assert len(lines) == 3  # (no game stopped)
    assert re.fullmatch(r"Played in [0-9]+\.[0-9] s in this process\n", err)  # (no progress bar:
    # standard error is not a terminal here)


def test_stats_says_what_played_the_deals(capsys: pytest.CaptureFixture[str]) -> None:
    # Its time line said "with 1000 jobs" where one chunk of deals was played
    # in the calling process (the JSON's jobs are still the number asked).
    status, _, err = run(capsys, "stats", "easy-start", "--deals", "2", "--jobs", "1000")
    assert status == 0
    assert re.fullmatch(r"Played in [0-9]+\.[0-9] s in this process\n", err)
    _, out, _ = run(capsys, "stats", "easy-start", "--deals", "2", "--jobs", "1000", "--json")
    assert json.loads(out)["jobs"] == 1000


def test_stats_text_names_the_player_and_counts_the_games_stopped_and_given_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "stats", "captive-queens", "--deals", "4", "--max-moves", "5", "--jobs", "1"
    )
    assert status == 0
    assert out.splitlines()[-2:] == [
        "Stopped at the limit of 5 moves, outcome unknown: 4 of 4",
        "(A game stopped at the limit may be won past it: --max-moves gives it more moves.)",
    ]
    _, out, _ = run(
        capsys, "stats", "captive-queens", "--deals", "2", "--max-moves", "1", "--jobs", "1"
    )
    assert out.splitlines()[-2] == "Stopped at the limit of 1 move, outcome unknown: 2 of 2"
    # A game that can go on for ever may be won past the limit: the greedy
    # player wins Klondike's deal 2 in 9,988 moves.
    _, out, _ = run(capsys, "stats", "klondike", "--start", "2", "--deals", "1", "--jobs", "1")
    assert out.splitlines()[-2] == "Stopped at the limit of 2000 moves, outcome unknown: 1 of 1"
    # The greedy player gives up FreeCell's deals 1 and 2 (every move goes back
    # to a position seen), and plays deal 3 to its end: given up, not at the limit.
    _, out, _ = run(capsys, "stats", "freecell", "--start", "1", "--deals", "3", "--jobs", "1")
    assert out.splitlines()[-1] == "Given up by the player: 2 of 3"
    _, out, _ = run(
        capsys,
        "stats",
        "freecell",
        "--start",
        "1",
        "--deals",
        "3",
        "--jobs",
        "1",
        "--max-moves",
        "100",
    )
    assert out.splitlines()[-3:-1] == [
        "Given up by the player: 1 of 3",
        "Stopped at the limit of 100 moves, outcome unknown: 1 of 3",
    ]
    longer = ["--max-moves", "20000"]
    _, out, _ = run(
        capsys, "stats", "klondike", "--start", "2", "--deals", "1", "--jobs", "1", *longer
    )
    assert "Won 1 of 1" in out and "stopped" not in out
    random_player = ["stats", "easy-start", "--player", "random", "--jobs", "1"]
    _, out, _ = run(capsys, *random_player, "--deals", "4", "--seed", "3")
    heading = "Captive Queens (Easy start): deals 0 to {}, player random (seed {})"
    assert out.splitlines()[0] == heading.format(3, 3)
    _, out, _ = run(capsys, *random_player, "--deals", "1")
    assert out.splitlines()[0] == heading.format(0, 0)


def test_stats_draws_a_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["stats", "easy-start", "--deals", "300", "--jobs", "1"])
    assert status == 0
    drawn = terminal.getvalue()
    assert "\r[" in drawn
    assert "] 250/300 deals" in drawn
    assert "[" + "#" * 30 + "] 300/300 deals\n" in drawn


class InterruptingTerminal(Terminal):
    """A terminal on which the first progress bar drawn stands for a Ctrl-C."""

    def write(self, text: str) -> int:
        if "deals" in text:
            raise KeyboardInterrupt
        return super().write(text)


@pytest.mark.parametrize(
    "argv",
    [
        # The largest count of deals: nothing is made ahead of the first chunk.
        ["--deals", "18446744073709551615", "--jobs", "1"],
        # Many deals on two processes: only a few chunks wait at a time.
        ["--deals", "1000000000", "--jobs", "2"],
    ],
)
def test_stats_of_very_many_deals_starts_at_once_and_stops_on_ctrl_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    monkeypatch.setattr(sys, "stderr", InterruptingTerminal())
    status = main(["stats", "easy-start", *argv])
    assert status == 130
    assert capsys.readouterr().out == ""


def test_stats_scheduler_needs_dask(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed
    # (what another test found installed is forgotten, as in a new process)
    cli._distributed_client.cache_clear()
    status, _, err = run(
        capsys, "stats", "easy-start", "--deals", "5", "--scheduler", "tcp://127.0.0.1:8786"
    )
    assert status == 2
    assert err == (
        "patience-rules: error: --scheduler needs Dask's distributed package: "
        'pip install "patience-rules[dask]"\n'
    )


# -- the text form of moves -----------------------------------------------------


def test_move_text_round_trips_along_games() -> None:
    for name in ("royal-cotillion", "captive-queens", "easy-start"):
        rules = pr.get_game(name)
        choose = RandomPlayer(seed=1).chooser(3)
        state = rules.deal(3)
        while state.legal_moves():
            for move in state.legal_moves():
                assert parse_move_text(move_text(move), state) == move
            state = state.apply(choose(state, state.legal_moves()))


@pytest.mark.parametrize("text", ["c" + "1" * 5000, "1" * 5000, "²", "T" + "9" * 5000, "x" * 10**6])
def test_move_text_refuses_huge_and_odd_words_briefly(text: str) -> None:
    state = pr.get_game("royal-cotillion").deal(7)
    with pytest.raises(pr.NotationError) as caught:
        parse_move_text(text, state)
    assert len(str(caught.value)) < 400


# -- play, driven by scripted input ---------------------------------------------


def test_play_a_compulsory_game_plays_itself(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = play_deal(pr.get_game("captive-queens"), 1)
    assert result.won
    feed(monkeypatch)  # no input at all: every move is forced
    status, out, _ = run(capsys, "play", "captive-queens", "--deal", "1")
    assert status == 0
    assert "Played for you (forced): draw, draw, " in out
    assert f"and {result.moves - 12} more ({result.moves} moves)." in out
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")
    assert "move> " not in out


def test_play_a_compulsory_game_move_by_move(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = play_deal(pr.get_game("captive-queens"), 1)
    feed(monkeypatch, *[""] * result.moves)  # Enter plays the only legal move
    status, out, _ = run(capsys, "play", "captive-queens", "--deal", "1", "--auto", "none")
    assert status == 0
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")
    assert out.count("move> ") == result.moves
    assert "Played for you" not in out


def test_play_ends_at_the_win_though_a_card_could_go_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A won Klondike with foundation_back could still move a card back: the
    # game ends won at the winning move, and asks for no move after it.
    _, _, played = won_with_moves_left()
    feed(monkeypatch, *[pr.move_to_text(move) for move in played])
    game = "klondike[foundation_back=true]"
    status, out, _ = run(capsys, "play", game, "--deal", "14", "--auto", "none")
    assert status == 0
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")
    assert out.count("move> ") == len(played)


def test_play_a_lost_game_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = play_deal(pr.get_game("captive-queens"), 0)
    assert not result.won
    feed(monkeypatch, *["1"] * result.moves)
    status, out, _ = run(capsys, "play", "quadrille", "--deal", "0", "--auto", "none")
    assert status == 1
    assert out.rstrip().endswith(f"Lost: {result.cards_home} of 52 cards home.")


def test_play_by_number_text_undo_and_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal 7 of Royal Cotillion: the eight bases are home; 3S (Ladies 4) and
    # 4H (Lords 3) can go home at once.
    feed(monkeypatch, "1", "undo", "undo", "99", "KH", "", "4H", "T4 F4", "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    assert "   1.  3S  T4-F4  (onto AS)" in out
    assert "Undone." in out
    assert "Nothing to undo." in out
    assert "Not a move: expected a move number from 1 to 6, got '99'." in out
    assert "Not a move: no legal move fits 'KH': KH cannot move now." in out
    assert "Not a move: there are 6 moves to choose from" in out
    assert out.rstrip().endswith("Quit: 10 of 104 cards home.")


@pytest.mark.parametrize(("typed", "home"), [("1", 9), ("2", 9), ("6", 8)])
def test_play_takes_a_move_by_its_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, typed: str, home: int
) -> None:
    # Deal 7 of Royal Cotillion lists six moves: two plays home first, the draw last.
    feed(monkeypatch, typed, "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    assert out.splitlines()[-1] == f"move> Quit: {home} of 104 cards home."


def test_play_refuses_a_number_past_its_moves_and_asks_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal 0 of Sultan has two moves; after a refusal the moves are not listed again.
    feed(monkeypatch, "3", "quit")
    status, out, _ = run(capsys, "play", "sultan", "--deal", "0")
    assert status == 3
    lines = out.splitlines()
    assert lines.count("Moves:") == 1
    assert lines[-2:] == [
        "move> Not a move: expected a move number from 1 to 2, got '3'. "
        "Type 'help' for how to enter a move.",
        "move> Quit: 9 of 104 cards home.",
    ]


@pytest.mark.parametrize(("undo", "help_", "quit_"), [("u", "h", "q"), ("UNDO", "?", "exit")])
def test_play_takes_short_words(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    undo: str,
    help_: str,
    quit_: str,
) -> None:
    feed(monkeypatch, undo, help_, "1", undo, quit_)
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    lines = out.splitlines()
    said = [line for line in lines if line.startswith("move> ") and line != "move> "]
    assert [line[:40] for line in said] == [
        "move> Nothing to undo.",
        "move> Type a move's number (1 to 6), or ",
        "move> Undone.",
        "move> Quit: 8 of 104 cards home.",
    ]
    # The moves are listed at the start, after the move and after the undo.
    assert lines.count("Moves:") == 3


class Undecodable(io.StringIO):
    """Standard input whose first line is not text in the terminal's encoding."""

    def __init__(self, rest: str) -> None:
        super().__init__(rest)
        self.failed = False

    def readline(self, size: int = -1, /) -> str:  # type: ignore[override]  # (as typeshed's)
        if not self.failed:
            self.failed = True
            raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
        return super().readline(size)


@pytest.mark.parametrize(
    "stdin",
    [
        lambda: Undecodable("quit\n"),
        # Under the C locale Python reads standard input with 'surrogateescape':
        # bytes that are no UTF-8 arrive as lone surrogates, not as an error.
        lambda: io.StringIO("\udcff\udcfe\nquit\n"),
    ],
    ids=["undecodable", "lone-surrogates"],
)
def test_play_refuses_a_line_that_is_not_text_and_asks_again(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: Callable[[], io.StringIO],
) -> None:
    monkeypatch.setattr(sys, "stdin", stdin())
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    lines = out.splitlines()
    assert lines.count("Moves:") == 1
    assert lines[-2:] == [
        "move> Not a move: the line is not text in this terminal's encoding.",
        "move> Quit: 8 of 104 cards home.",
    ]


def test_play_reads_a_line_of_input_up_to_its_longest_and_refuses_a_longer_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    most = cli._MOST_LINE_CHARACTERS
    feed(monkeypatch, "x" * most, "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    assert out.splitlines()[-2].startswith("move> Not a move: cannot read 'xxx")
    # A longer line (endless input without a line break, say) ends the game,
    # and what was played is still recorded.
    path = tmp_path / "game.txt"
    feed(monkeypatch, "T4-F4", "x" * (most + 1), "quit")
    status, out, err = run(capsys, "play", "royal-cotillion", "--deal", "7", "--record", str(path))
    assert status == 2
    assert err == (
        "patience-rules: error: a line of input longer than 10,000 characters: expected a "
        "move, its number or a command, a line each\n"
    )
    assert [str(move) for move in pr.GameRecord.from_text(path.read_text("utf-8")).moves] == [
        "T4-F4"
    ]


def test_play_says_how_to_enter_a_move_before_its_first_question_only(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "1", "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    lines = out.splitlines()
    assert lines[0] == "Royal Cotillion, deal 7."
    helps = [i for i, line in enumerate(lines) if line.startswith("Type a move's number")]
    assert len(helps) == 1
    assert lines[helps[0] - 1] == "   6. draw"  # below the moves of the first question
    assert lines[helps[0]].startswith("Type a move's number (1 to 6), or the move")
    # A game that plays itself to the end asks nothing, so says nothing of typing.
    feed(monkeypatch)
    status, out, _ = run(capsys, "play", "captive-queens", "--deal", "1")
    assert status == 0
    assert out.splitlines()[0] == "Captive Queens, deal 1."
    assert "Type" not in out


def test_play_numbers_the_only_legal_move_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Captive Queens deals everything to the stock: its one legal move is the draw.
    feed(monkeypatch, "5", "quit")
    status, out, _ = run(capsys, "play", "captive-queens", "--deal", "1", "--auto", "none")
    assert status == 3
    assert "Not a move: expected 1, the number of the only legal move, got '5'." in out


def test_play_records_the_moves_played_for_replay(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Undone moves are not recorded; moves played for the player are.
    path = tmp_path / "game.txt"
    feed(monkeypatch, "T4-F4", "R2-F2", "undo", "R10-F2", "draw", "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7", "--record", str(path))
    assert status == 3
    record = pr.GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert [str(move) for move in record.moves] == ["T4-F4", "R10-F2", "draw"]
    assert record.replay().cards_home == 10
    status, out, _ = run(capsys, "replay", str(path))
    assert "3 moves replayed; 10 of 104 cards home; result: unfinished" in out
    # A compulsory game played for the player to its end.
    status, _, _ = run(capsys, "play", "captive-queens", "--deal", "1", "--record", str(path))
    record = pr.GameRecord.from_text(path.read_text(encoding="utf-8"))
    assert status == 0 and record.replay().is_won and len(record.moves) == 151


def test_play_refuses_a_record_it_cannot_write_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "no-such-directory" / "game.txt"
    status, out, err = run(capsys, "play", "royal-cotillion", "--record", str(path))
    assert status == 2 and out == ""
    assert err.startswith("patience-rules: error: cannot write the game record to ")
    status, out, err = run(capsys, "play", "royal-cotillion", "--record", "-")
    assert status == 2 and out == ""
    assert "--record writes to a file, not '-'" in err


def test_play_refuses_a_record_path_that_names_no_file_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An unset variable (--record "$OUT") read as the directory above, and
    # failed when the game was over; a new directory's name with its slash
    # made a file of that name.
    monkeypatch.chdir(tmp_path)
    for path, why in [("", "a file"), ("new/", "a file, not of a directory")]:
        status, out, err = run(capsys, "play", "royal-cotillion", "--record", path)
        assert (status, out) == (2, "")
        assert err == (
            f"patience-rules: error: cannot write the game record to {path!r}: "
            f"expected the name of {why}\n"
        )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (
            "R2-F9",
            "is not a legal move (--strict): move 'R2-F9': place 'F9': Royal Cotillion "
            "has foundations F1 to F8",
        ),
        ("3D", "is not a legal move (--strict): '3D' fits more than one legal move"),
        ("\udcff", "is not text in this terminal's encoding: expected a legal move (--strict)"),
    ],
)
def test_play_strict_ends_the_game_at_the_first_line_that_is_no_legal_move(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    line: str,
    why: str,
) -> None:
    # Moves piped in by a script: a bad line was answered on standard output
    # and the lines after it, meant for another position, were played.
    record = tmp_path / "game.txt"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"T4-F4\nhelp\n{line}\ndraw\n"))
    status, out, err = run(
        capsys, "play", "royal-cotillion", "--deal", "7", "--strict", "--record", str(record)
    )
    assert status == 2
    assert err.startswith(f"patience-rules: error: line 3 of the input {why}")
    assert err.count("\n") == 1 and "Not a move" not in out
    assert [str(move) for move in pr.GameRecord.from_text(record.read_text("utf-8")).moves] == [
        "T4-F4"
    ]


def test_play_leaves_a_file_as_it_is_when_it_refuses_the_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "keep.txt"
    path.write_text("precious\n", encoding="utf-8")
    status, out, err = run(
        capsys, "play", "freecell", "--deal", "3000000000", "--record", str(path)
    )
    assert status == 2 and out == ""
    assert "argument --deal: expected a deal number of FreeCell" in err
    assert path.read_text(encoding="utf-8") == "precious\n"


@pytest.mark.parametrize("command", ["play", "show", "solve"])
def test_a_deal_past_the_games_last_is_the_arguments_fault(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    last = pr.get_game("freecell").max_deal_number
    status, out, err = run(capsys, command, "freecell", "--deal", str(last + 1))
    assert (status, out) == (2, "")
    assert err == (
        "patience-rules: error: argument --deal: expected a deal number of FreeCell, a whole "
        f"number from 0 to {last}, got {last + 1} (see 'patience-rules {command} --help')\n"
    )
    status, out, _ = run(capsys, "show", "freecell", "--deal", str(last))
    assert status == 0 and out == f"{pr.get_game('freecell').deal(last)}\n"


def test_a_first_deal_past_the_games_last_is_the_start_arguments_fault(
    capsys: pytest.CaptureFixture[str],
) -> None:
    last = pr.get_game("freecell").max_deal_number
    status, out, err = run(capsys, "stats", "freecell", "--deals", "1", "--start", str(last + 1))
    assert (status, out) == (2, "")
    assert err == (
        "patience-rules: error: argument --start: expected a deal number of FreeCell, a whole "
        f"number from 0 to {last}, got {last + 1} (see 'patience-rules stats --help')\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_play_refuses_a_device_or_a_directory_as_its_record_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for path, kind in [("/dev/full", "a pipe, a socket or a device"), (tmp_path, "a directory")]:
        status, out, err = run(capsys, "play", "captive-queens", "--record", str(path))
        assert (status, out) == (2, "")
        assert err == (
            f"patience-rules: error: cannot write the game record to '{path}': it is {kind}; "
            "a record is written to a regular file, new or replaced whole\n"
        )


def test_a_long_path_is_cut_once_in_a_message(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # (it was cut to 200 characters, then cut again with a count of its own:
    # "… (203 characters) (241 characters)")
    long = str(tmp_path / ("dir/" * 60)) + "x"
    for argv in (("replay", long), ("play", "captive-queens", "--record", long)):
        status, _, err = run(capsys, *argv)
        assert status == 2
        assert err.count(" characters)") == 1, err
        assert f"… ({len(long)} characters): No such file or directory" in err


PLAY_DEAL_7 = (sys.executable, "-m", "patience_rules", "play", "royal-cotillion", "--deal", "7")
#: The environment of a process whose standard input decodes strictly, as a UTF-8 locale's.
STRICT_INPUT = {**ENVIRONMENT, "PYTHONIOENCODING": "utf-8:strict"}


def _play_deal_7(*more: str, **options: Any) -> subprocess.CompletedProcess[Any]:
    """``play royal-cotillion --deal 7`` and ``more`` run as a process of its own
    (``options`` as subprocess.run takes them; the environment ``ENVIRONMENT``)."""
    return subprocess.run(
        [*PLAY_DEAL_7, *more],
        capture_output=True,
        check=False,
        timeout=60,
        **{"env": ENVIRONMENT, **options},
    )


def test_play_refuses_a_line_that_is_no_text_and_reads_the_next_lines(tmp_path: Path) -> None:
    # Standard input that decodes strictly (a UTF-8 locale's) failed on its
    # chunk of 8 KB: the lines after the bad one were lost, and play went on
    # from the middle of a later line.  Now only the bad line is refused.
    record = tmp_path / "game.txt"
    done = _play_deal_7("--record", str(record), input=b"\xff\n1\n1\nquit\n", env=STRICT_INPUT)
    assert done.returncode == 3, done.stderr
    assert b"Not a move: the line is not text" in done.stdout
    assert record.read_text(encoding="utf-8").rstrip().endswith("\n1. T4-F4 2. R2-F2")


def test_play_reads_a_long_line_of_text_whole_whatever_its_bytes(tmp_path: Path) -> None:
    # (5,000 characters of two bytes each, then " 1": read as bytes, the line
    # came in two pieces, and its tail was played as a move)
    record = tmp_path / "game.txt"
    text = "é" * 5000 + " 1\nquit\n"
    done = _play_deal_7("--record", str(record), input=text.encode(), env=STRICT_INPUT)
    assert done.returncode == 3, done.stderr
    assert done.stdout.count(b"Not a move") == 1
    assert record.read_text(encoding="utf-8").rstrip().endswith('[Result "unfinished"]')


def test_a_long_word_that_ends_in_an_ellipsis_is_still_cut() -> None:
    # (only a word that _shown cut, its count after it, is left as it is)
    line = cli._one_line("unrecognized arguments: " + "Q" * 5000 + "…")
    assert line.endswith("… (5001 characters)") and len(line) < 200


def test_play_says_when_its_input_cannot_be_read(tmp_path: Path) -> None:
    # (standard input open for writing only: a traceback, and 1, "lost")
    with open(tmp_path / "out.txt", "w", encoding="utf-8") as written:
        done = _play_deal_7(stdin=written, text=True)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "patience-rules: error: cannot read the moves from standard input: "
    )
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes (POSIX)")
def test_play_refuses_a_named_pipe_as_its_record_without_waiting_for_a_reader(
    tmp_path: Path,
) -> None:
    # Opening a pipe to append to it waited for a reader, before the game was shown.
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", "play", "captive-queens", "--record", str(fifo)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        check=False,
        timeout=60,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert "it is a pipe, a socket or a device" in done.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="needs RLIMIT_FSIZE as Linux has it")
def test_a_record_that_cannot_be_written_whole_leaves_the_file_there_as_it_was(
    tmp_path: Path,
) -> None:
    # The size limit lets the path be checked before play, and makes the record's
    # write fail at its end (Python ignores SIGXFSZ: the write fails with EFBIG).
    import resource

    path = tmp_path / "game.txt"
    old = "precious\n" * 200
    path.write_text(old, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", "play", "klondike", "--record", str(path)],
        input="draw\n" * 30 + "quit\n",
        capture_output=True,
        text=True,
        env={**ENVIRONMENT, "PYTHONDONTWRITEBYTECODE": "1"},
        check=False,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (100, 100)),
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"patience-rules: error: cannot write the game record to {str(path)!r}: File too large\n"
    )
    assert path.read_text(encoding="utf-8") == old
    assert [entry.name for entry in tmp_path.iterdir()] == ["game.txt"]  # (nothing left over)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_record_replaces_the_file_a_link_names_and_keeps_its_permissions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old\n", encoding="utf-8")
    path.chmod(0o640)
    link = tmp_path / "latest.txt"
    link.symlink_to(path.name)
    feed(monkeypatch, "quit")
    status, _, _ = run(capsys, "play", "captive-queens", "--deal", "1", "--record", str(link))
    assert status == 0
    assert link.is_symlink() and link.resolve() == path.resolve()
    assert pr.GameRecord.from_text(path.read_text(encoding="utf-8")).replay().is_won
    assert path.stat().st_mode & 0o777 == 0o640
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["game.txt", "latest.txt"]


def test_options_are_never_abbreviated(capsys: pytest.CaptureFixture[str]) -> None:
    # '--deal' is no '--deals' (stats) and '--max' no '--max-moves'.
    status, out, err = run(capsys, "stats", "freecell", "--deals", "3", "--deal", "617")
    assert (status, out) == (2, "")
    assert "unrecognized arguments: --deal 617 (see 'patience-rules stats --help')" in err
    status, _, err = run(capsys, "stats", "freecell", "--deals", "3", "--max", "9")
    assert status == 2 and "unrecognized arguments: --max 9" in err


@pytest.mark.parametrize(
    "argv",
    [["show", "royal-cotillion", "7"], ["show", "klondike", "--draw", "3"], ["games", "x"]],
)
def test_a_stray_argument_points_to_its_command_s_help(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err == (
        f"patience-rules: error: unrecognized arguments: {' '.join(argv[2:] or argv[1:])} "
        f"(see 'patience-rules {argv[0]} --help')\n"
    )


def test_play_reads_odd_and_huge_input_without_failing(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "²", "9" * 5000, "c" + "1" * 5000, "１", "quit")
    status, out, err = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 3
    assert err == ""
    refusals = [line for line in out.splitlines() if "Not a move" in line]
    assert len(refusals) == 4
    assert all(len(line) < 400 for line in refusals)


@pytest.mark.parametrize("closed", ["none", "closed"])
def test_play_with_standard_input_closed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, closed: str
) -> None:
    # As 'patience-rules play ... <&-' starts it (no standard input), or with
    # a standard input closed meanwhile.
    stdin = io.StringIO("T4-F4\n")
    stdin.close()
    monkeypatch.setattr(sys, "stdin", None if closed == "none" else stdin)
    status, out, err = run(capsys, "play", "royal-cotillion", "--deal", "2")
    assert status == 3
    assert err == ""
    assert out.rstrip().endswith("Quit: 8 of 104 cards home.")


def test_play_stops_at_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "draw")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "2")
    assert status == 3
    assert out.rstrip().endswith("Quit: 8 of 104 cards home.")
    assert "Stock: 67 cards" in out


def test_play_help_comes_from_the_legal_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "help", "q")
    _, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert out.count("'undo' takes back your last move") == 2
    assert "such as T4-F4" in out and "such as 3S" in out and "such as 3D R2" in out
    feed(monkeypatch, "help", "q")
    _, out, _ = run(capsys, "play", "captive-queens", "--deal", "1", "--auto", "none")
    helps = [line for line in out.splitlines() if "'undo'" in line]
    assert len(helps) == 2
    # Captive Queens has no cells or columns, and only the draw to start with.
    for line in helps:
        assert not re.search(r"\b[TRF][0-9]", line)
        assert "or 'draw'" in line


def test_play_describes_the_redeal_of_the_game_at_hand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Crescent's redeal shifts its columns; it has no stock or waste to turn over.
    feed(monkeypatch, "q")
    _, out, _ = run(capsys, "play", "crescent", "--deal", "1")
    assert "redeal (the bottom card of every column of two or more cards goes to its top)" in out
    assert "waste" not in out.lower()
    # Klondike's turns the waste over, once the stock is drawn.
    state, draws = pr.get_game("klondike").deal(1), 0
    while not any(move.is_redeal for move in state.legal_moves()):
        state, draws = state.apply(pr.Move.draw()), draws + 1
    feed(monkeypatch, *["draw"] * draws, "q")
    _, out, _ = run(capsys, "play", "klondike", "--deal", "1")
    assert "redeal (the waste is turned over as the new stock, without shuffling)" in out
    assert "column" not in out.split("redeal (")[1].split("\n")[0]


def test_play_messages_name_piles_as_the_notation_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "T9", "col1", "q")
    _, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert "Not a move: place 'T9': Royal Cotillion has Ladies columns T1 to T4." in out
    assert "Not a move: cannot read 'col1'" in out
    assert "T1 a tableau column, R1 a reserve cell, F1 a foundation, W the waste" in out
    for word in ("col1,", "cell1", " f1"):
        assert word not in out


def test_play_safe_moves_play_the_end_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal 7 of Royal Cotillion is won by the greedy player; with the safe
    # moves played for them, someone typing the greedy player's choices
    # needs fewer moves than with the forced ones alone, and wins all the same.
    rules = pr.get_game("royal-cotillion")
    greedy = play_deal(rules, 7)
    assert greedy.won

    def typed_with(auto: str) -> list[str]:
        typed: list[str] = []
        choose = GreedyPlayer().chooser(7)
        state = cli._auto_play(rules.deal(7), auto, cli._Output())
        while state.legal_moves():
            move = choose(state, state.legal_moves())
            assert move is not None  # the greedy player never gives Royal Cotillion up
            typed.append(move_text(move))
            state = cli._auto_play(state.apply(move), auto, cli._Output())
        assert state.is_won
        return typed

    typed = typed_with("safe")
    assert len(typed) < len(typed_with("forced")) <= greedy.moves
    capsys.readouterr()
    feed(monkeypatch, *typed)
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7", "--auto", "safe")
    assert status == 0
    assert "Played for you (safe)" in out
    assert out.rstrip().endswith("Won: 104 of 104 cards home.")


# -- suits and colours ----------------------------------------------------------


def test_cards_get_symbols_and_colour_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["show", "royal-cotillion", "--deal", "7"]) == 0
    shown = terminal.getvalue()
    assert "A♠" in shown and "\x1b[31mA♥\x1b[39m" in shown
    assert "AS" not in shown and "\x1b[31mA♠" not in shown


@pytest.mark.parametrize("command", ["play", "replay", "solve"])
def test_every_command_that_shows_cards_styles_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, command: str
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    record = tmp_path / "deal-3.txt"
    record.write_text(pr.GameRecord(pr.get_game("royal-cotillion"), 3).to_text(), encoding="utf-8")
    argv = {
        "play": ["play", "royal-cotillion", "--deal", "3"],
        "replay": ["replay", str(record)],
        "solve": ["solve", "royal-cotillion", "--deal", "3", "--max-nodes", "300000"],
    }[command]
    feed(monkeypatch, "quit")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(argv) in (0, 3)
    assert "\x1b[31m" in terminal.getvalue() and "♠" in terminal.getvalue()


@pytest.mark.parametrize(
    ("option", "choice"),
    [
        ("--color", "auto"),
        ("--color", "always"),
        ("--color", "never"),
        ("--suits", "auto"),
        ("--suits", "symbols"),
        ("--suits", "letters"),
    ],
)
def test_each_style_can_be_asked_for(
    capsys: pytest.CaptureFixture[str], option: str, choice: str
) -> None:
    status, out, err = run(capsys, "show", "royal-cotillion", "--deal", "7", option, choice)
    assert (status, err) == (0, "")
    assert ("\x1b[31m" in out) is (choice == "always")


def test_what_to_type_is_written_with_letters_where_the_board_shows_symbols(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    feed(monkeypatch, "3D", "help", "quit")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["play", "royal-cotillion", "--deal", "7"]) == 3
    lines = terminal.getvalue().splitlines()
    # The board and the moves show symbols in colour ...
    assert "   1.  3♠  T4-F4  (onto A♠)" in lines
    assert "   2.  \x1b[31m3♦\x1b[39m  R2-F2  (onto \x1b[31mA♦\x1b[39m)" in lines
    # ... the help and the answer to what is no move name cards as they are typed.
    helps = [line for line in lines if "Type a move's number" in line]
    assert len(helps) == 2
    assert all("such as 3S," in line and "such as 3D R2" in line for line in helps)
    refused = [line for line in lines if "Not a move" in line]
    assert len(refused) == 1
    assert (
        "fits more than one legal move (R2-F2, R10-F2): say which, such as '3D R2'" in (refused[0])
    )
    assert not any("♠" in line or "\x1b[" in line for line in helps + refused)


def test_no_color_keeps_the_symbols_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    terminal = Terminal()
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["show", "royal-cotillion", "--deal", "7"]) == 0
    assert "A♥" in terminal.getvalue()
    assert "\x1b[" not in terminal.getvalue()


def test_a_terminal_without_the_symbols_gets_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    terminal = Terminal(encoding="ascii")
    monkeypatch.setattr(sys, "stdout", terminal)
    assert main(["show", "royal-cotillion", "--deal", "7", "--color", "never"]) == 0
    assert terminal.getvalue() == str(pr.get_game("royal-cotillion").deal(7)) + "\n"


def test_a_pipe_gets_plain_text_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    plain = str(pr.get_game("royal-cotillion").deal(7)) + "\n"
    assert run(capsys, "show", "royal-cotillion", "--deal", "7")[1] == plain
    _, out, _ = run(capsys, "show", "royal-cotillion", "--deal", "7", "--color", "always")
    assert "\x1b[31mAH\x1b[39m" in out


@pytest.mark.parametrize(
    ("stream", "colour", "suits", "no_color", "term", "expected"),
    [
        (Terminal(), "auto", "auto", "", "xterm", (True, True)),
        (Terminal(), "auto", "auto", "1", "xterm", (True, False)),
        (Terminal(), "auto", "auto", "", "dumb", (True, False)),
        (Terminal(), "always", "auto", "1", "dumb", (True, True)),
        (Terminal(), "never", "letters", "", "xterm", (False, False)),
        (Terminal("latin-1"), "auto", "auto", "", "xterm", (False, True)),
        (Terminal("cp65001"), "auto", "symbols", "", "xterm", (True, True)),
        (Terminal("cp437"), "auto", "symbols", "", "xterm", (False, True)),
        (io.StringIO(), "auto", "auto", "", "xterm", (False, False)),
        (io.StringIO(), "always", "symbols", "1", "xterm", (False, True)),  # no encoding to trust
        (Unasked(), "auto", "auto", "", "xterm", (False, False)),
        (ClosedTerminal(), "auto", "auto", "", "xterm", (False, False)),
    ],
)
def test_the_card_style(
    monkeypatch: pytest.MonkeyPatch,
    stream: io.StringIO,
    colour: str,
    suits: str,
    no_color: str,
    term: str,
    expected: tuple[bool, bool],
) -> None:
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", term)
    assert cli._card_style(stream, colour, suits) == expected


def test_painting_leaves_what_is_no_card_alone() -> None:
    text = "T4-F4  3S  (onto AS)  PASS 10D QH10S R10 5s"
    painted = cli._paint_cards(text, symbols=True, colour=False)
    assert painted == "T4-F4  3♠  (onto A♠)  PASS 10♦ QH10S R10 5s"


# -- replay -------------------------------------------------------------------


def record_of_deal_3() -> tuple[str, pr.State, int]:
    rules = pr.get_game("captive-queens")
    state, moves = rules.deal(3), []
    while not state.is_over:
        moves.append(state.legal_moves()[0])
        state = state.apply(moves[-1])
    return pr.GameRecord(rules, 3, moves).to_text(), state, len(moves)


def record_file_of_deal_3(folder: Path) -> tuple[Path, pr.State, int]:
    """:func:`record_of_deal_3` written to a file in ``folder``."""
    text, state, count = record_of_deal_3()
    path = folder / "game.txt"
    path.write_text(text, encoding="utf-8")
    return path, state, count


def test_replay_shows_the_final_state_of_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, state, count = record_file_of_deal_3(tmp_path)
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0, err
    assert out.startswith(str(state))
    assert out.rstrip().endswith(f"{count} moves replayed; 52 of 52 cards home; result: won")


def test_replay_reads_a_record_saved_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _, count = record_of_deal_3()
    path = tmp_path / "game.txt"
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0, err
    assert out.rstrip().endswith(f"{count} moves replayed; 52 of 52 cards home; result: won")


def test_a_path_with_a_nul_byte_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # (a shell cannot pass one, but a program calling main can)
    for argv in (["replay", "a\x00b"], ["play", "klondike", "--record", "a\x00b"]):
        status, out, err = run(capsys, *argv)
        assert status == 2
        assert out == ""
        assert err.count("\n") == 1 and "embedded null byte" in err
        assert "'a\\x00b'" in err


def test_replay_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text, state, _ = record_of_deal_3()
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, _ = run(capsys, "replay", "-")
    assert status == 0
    assert out.startswith(str(state))


def test_replay_refuses_what_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path / "absent.txt"))
    assert status == 2
    assert "cannot read the game record" in err and "No such file" in err
    path = tmp_path / "bad.txt"
    path.write_text('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. redeal\n', encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 2
    assert err.count("\n") == 1
    assert "move 2 (redeal)" in err and "a redeal needs an empty stock" in err
    assert err.startswith(f"patience-rules: error: game record {str(path)!r}: move 2 (redeal)")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b'[Game "captive-queens"]\n\xff\n')
    status, out, err = run(capsys, "replay", str(binary))
    assert (status, out) == (2, "")
    assert err == (
        f"patience-rules: error: cannot read the game record {str(binary)!r}: it is not "
        "UTF-8 text (byte 0xff at position 24)\n"
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("1. W-M\n"))
    status, _, err = run(capsys, "replay", "-")
    assert status == 2
    assert err == (
        "patience-rules: error: game record from standard input: a record names its "
        'game: expected a [Game "..."] tag\n'
    )
    for closed in (None, io.StringIO("1. W-M\n")):
        if closed is not None:
            closed.close()
        monkeypatch.setattr(sys, "stdin", closed)
        status, _, err = run(capsys, "replay", "-")
        assert status == 2
        assert err == (
            "patience-rules: error: cannot read the game record from standard input: it is closed\n"
        )


def test_replay_says_where_the_bytes_stop_being_utf8(tmp_path: Path) -> None:
    # The file is read 64 KiB at a time: here 'é' (two bytes) is cut in two
    # by the first piece's end, and the byte after it is not UTF-8.  From a
    # file, and as bytes on standard input.
    header = b'[Game "captive-queens"]\n[Deal "1"]\n\n'
    data = header + b" " * (65535 - len(header)) + "é".encode() + b"\xff\n"
    assert data.index(b"\xff") == 65537
    path = tmp_path / "split.txt"
    path.write_bytes(data)
    for argv, where in ((str(path), repr(str(path))), ("-", "from standard input")):
        done = subprocess.run(
            [sys.executable, "-m", "patience_rules", "replay", argv],
            input=data,
            capture_output=True,
            env=ENVIRONMENT,
            check=False,
        )
        assert (done.returncode, done.stdout) == (2, b"")
        assert done.stderr.decode() == (
            f"patience-rules: error: cannot read the game record {where}: it is not UTF-8 "
            "text (byte 0xff at position 65537)\n"
        )


# -- solve --------------------------------------------------------------------


def test_solve_prints_a_win_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "royal-cotillion", "--deal", "3", "--max-nodes", "300000")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("won (")
    state = pr.get_game("royal-cotillion").deal(3)
    for number, line in enumerate(lines[1:], 1):
        numbered, text, card = line.split()
        assert numbered == f"{number}."
        move = pr.move_from_text(text, state)
        assert str(state.card_of(move)) == card
        state = state.apply(move)
    assert state.is_won


def test_solve_json_gives_the_answer_and_moves_that_play_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "solve", "klondike[draw=1]", "--deal", "2", "--json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    expected = solve_deal("klondike", 2)
    assert answer["outcome"] == "won"
    assert answer["nodes"] == expected.nodes
    assert {key: answer[key] for key in ("game", "title", "deal", "seed")} == {
        "game": "klondike",
        "title": "Klondike",
        "deal": 2,
        "seed": 0,
    }
    assert (answer["max_nodes"], answer["max_seconds"]) == (200_000, None)
    assert isinstance(answer["seconds"], float) and answer["seconds"] >= 0
    state = pr.get_game("klondike").deal(2)
    for text in answer["moves"]:
        state = state.apply(pr.move_from_text(text, state))
    assert state.is_won
    assert len(answer["moves"]) == len(expected.moves)
    # Lost and unknown answers: their exit statuses, and no moves.
    status, out, _ = run(capsys, "solve", "captive-queens", "--deal", "2", "--json")
    assert status == 1
    assert (json.loads(out)["outcome"], json.loads(out)["moves"]) == ("lost", [])
    argv = ["solve", "royal-cotillion", "--deal", "5", "--max-nodes", "300", "--max-seconds", "9"]
    status, out, _ = run(capsys, *argv, "--json")
    assert status == 3
    answer = json.loads(out)
    assert (answer["outcome"], answer["nodes"], answer["moves"]) == ("unknown", 300, [])
    assert (answer["max_nodes"], answer["max_seconds"]) == (300, 9.0)
    # The outcome alone, or the whole answer as JSON: not both.
    status, out, err = run(capsys, "solve", "easy-start", "--json", "--quiet")
    assert (status, out) == (2, "")
    assert "argument --quiet: not allowed with argument --json" in err


def test_replay_json_says_where_the_moves_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _, count = record_file_of_deal_3(tmp_path)
    status, out, err = run(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out) == {
        "game": "captive-queens",
        "title": "Captive Queens",
        "deal": 3,
        "moves": count,
        "cards_home": 52,
        "cards": 52,
        "result": "won",
    }
    # A deck order, a game the registry does not make, a game not over.
    rules = toy_game()
    order = rules.deck_order(4)
    state = rules.deal_from(order)
    moves = [state.legal_moves()[0]]
    record = pr.GameRecord(rules, order, moves)
    path.write_text(record.to_text(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path), "--json")
    assert (status, err) == (0, "")
    answer = json.loads(out)
    assert answer["game"] is None and answer["title"] == rules.title
    assert answer["deal"] == [str(card) for card in order]
    assert (answer["moves"], answer["result"]) == (1, record.result)
    assert answer["cards_home"] == state.apply(moves[0]).cards_home


@pytest.mark.parametrize(
    ("nodes", "counted"), [("0", "0 nodes"), ("1", "1 node"), ("2", "2 nodes")]
)
def test_solve_counts_its_nodes(
    capsys: pytest.CaptureFixture[str], nodes: str, counted: str
) -> None:
    status, out, _ = run(capsys, "solve", "royal-cotillion", "--deal", "5", "--max-nodes", nodes)
    assert status == 3
    assert out == f"unknown ({counted})\n"


def test_solve_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "royal-cotillion", "--deal", "1", "--quiet")
    assert (status, out) == (0, "won (164 nodes)\n")
    assert out.count("\n") == 1
    status, out, _ = run(capsys, "solve", "captive-queens", "--deal", "2", "--quiet")
    assert (status, out.split()[0]) == (1, "lost")
    status, out, _ = run(capsys, "solve", "royal-cotillion", "--deal", "5", "--max-nodes", "300")
    assert (status, out.split()[0]) == (3, "unknown")


def test_a_closed_pipe_ends_the_output_quietly() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "patience_rules", "show", "royal-cotillion", "--deal", "7"],
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        check=True,
    ).stdout
    command = (
        f"{sys.executable} -m patience_rules show royal-cotillion --deal 7 | head -c 20; "
        "exit ${PIPESTATUS[0]}"
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=ENVIRONMENT, check=False
    )
    assert done.stdout == shown[:20]
    assert done.stderr == ""
    assert done.returncode == 0


@pytest.mark.parametrize(
    ("argv", "status"),
    [
        (["solve", "royal-cotillion", "--deal", "3"], 0),
        (["solve", "captive-queens", "--deal", "2"], 1),
        (["games"], 0),
        (["--help"], 0),
    ],
)
def test_output_to_a_pipe_closed_before_it_is_written(argv: list[str], status: int) -> None:
    # The reader is gone before the command writes a line (as 'solve ... | head'
    # can be): no traceback, and the command's own status.
    process = subprocess.Popen(
        [sys.executable, "-m", "patience_rules", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENVIRONMENT,
    )
    with process:  # (closes the pipes: no ResourceWarning)
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        error = process.stderr.read()
        assert process.wait() == status
    assert re.fullmatch(rb"(Searched in \d+\.\d\d s\n)?", error)  # (solve's time, no traceback)


@pytest.mark.parametrize("argv", [["stats", "--help"], ["--version"], ["games"]])
def test_buffered_output_to_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    # The pipe's reader is gone before the command starts, and standard
    # output is buffered: the closed pipe shows up only when it is flushed.
    read, write = os.pipe()
    os.close(read)
    environment = {k: v for k, v in ENVIRONMENT.items() if k != "PYTHONUNBUFFERED"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "patience_rules", *argv],
            stdout=write,
            stderr=subprocess.PIPE,
            env=environment,
            check=False,
        )
    finally:
        os.close(write)
    assert (done.returncode, done.stderr) == (0, b"")


def buffered(on: bool) -> dict[str, str]:
    """The test environment with Python's standard streams buffered (as by default) or not."""
    environment = {**ENVIRONMENT, "PYTHONUNBUFFERED": "1"}
    if on:
        del environment["PYTHONUNBUFFERED"]
    return environment


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("on", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize(
    "argv",
    [
        ["show", "klondike"],
        ["games"],
        ["stats", "easy-start", "--deals", "3", "--json"],
        # (argparse writes these itself: unbuffered, its write failed at once, and it
        # passed over the error, so the command said nothing and returned 0)
        ["--help"],
        ["--version"],
        ["show", "--help"],
    ],
)
def test_output_that_cannot_be_written_is_one_line_of_error(argv: list[str], on: bool) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "patience_rules", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=buffered(on),
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == (
        "patience-rules: error: cannot write to standard output: No space left on device\n"
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("on", [True, False], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize(
    ("argv", "status", "out"),
    [
        (["show", "no-such-game"], 2, ""),
        # (the note 'Played in ...' cannot be written; the result is)
        (["stats", "easy-start", "--deals", "3", "--jobs", "1"], 0, "Won 3 of 3"),
    ],
)
def test_an_error_stream_that_cannot_be_written_leaves_the_exit_status(
    argv: list[str], status: int, out: str, on: bool
) -> None:
    # What a note or an error could not write stayed buffered, and Python's
    # flush at exit failed too: the status became 120, even for a success.
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "patience_rules", *argv],
            stdout=subprocess.PIPE,
            stderr=full,
            text=True,
            env=buffered(on),
            check=False,
        )
    assert done.returncode == status
    assert out in done.stdout


@pytest.mark.parametrize(
    ("argv", "status"),
    [(["show", "klondike"], 0), (["play", "royal-cotillion", "--deal", "1"], 3)],
)
def test_a_closed_standard_output_is_written_to_nowhere(argv: list[str], status: int) -> None:
    # As 'patience-rules show klondike >&-' starts it: no standard output at all
    # (and play reads its moves without a prompt).
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", *argv],
        input="T4-F4\nquit\n",
        stderr=subprocess.PIPE,
        text=True,
        env=ENVIRONMENT,
        check=False,
        preexec_fn=lambda: os.close(1),  # (the child's own standard output)
    )
    assert (done.returncode, done.stderr) == (status, "")


def descendants(pid: int) -> set[int]:
    """The processes under ``pid`` (read from /proc), children's children included."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # (gone meanwhile)
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


#: A stats run longer than any test waits for.
LONG_RUN = ("--deals", "10000000", "--jobs", "2")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize(
    ("name", "status", "group"),
    [("SIGTERM", 143, False), ("SIGTERM", 143, True), ("SIGHUP", 129, True)],
    ids=["the process", "its process group", "SIGHUP to its process group"],
)
def test_sigterm_stops_stats_and_its_worker_processes(name: str, status: int, group: bool) -> None:
    # Sent to the process group (as `timeout`, `kill %1` and supervisors send
    # it), SIGTERM ends the workers too, and the pool breaks: still 143 and
    # "stopped by SIGTERM" (it was 2, with the advice for a broken pool).
    # SIGHUP to the group (the terminal closed) ended multiprocessing's
    # resource tracker too, whose loss the pool's cleanup then reported with
    # a warning and tracebacks: the tracker is started with SIGHUP blocked.
    process = subprocess.Popen(
        [sys.executable, "-m", "patience_rules", "stats", "captive-queens", *LONG_RUN],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=ENVIRONMENT,
        start_new_session=group,
    )
    try:
        workers: set[int] = set()
        # (a resource tracker, a fork server and its workers: SIGHUP waits for
        # both workers, by when the pool's locks are known to the tracker)
        started = 4 if name == "SIGHUP" else 3
        for _ in range(200):  # (the pool starts its workers within a few seconds)
            workers = descendants(process.pid)
            if len(workers) >= started:
                break
            time.sleep(0.05)
        assert len(workers) >= started
        if group:
            os.killpg(process.pid, getattr(signal, name))
        else:
            process.send_signal(getattr(signal, name))
        _, error = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == status
    assert error.endswith(f"patience-rules: stopped by {name}\n")
    assert "Traceback" not in error and "resource_tracker" not in error
    for _ in range(100):
        if not any(Path(f"/proc/{pid}").exists() for pid in workers):
            break
        time.sleep(0.1)
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]


#: A program that takes SIGTERM as a command does, while a pool would run (the
#: signal put off), and then starts a process, as a pool starting its fork
#: server or a worker again does: what does the process do with SIGTERM?
SIGTERM_THEN_A_PROCESS = """
import signal, subprocess, sys
from patience_rules import cli
with cli._sigterm_unwinds(), cli._sigterm_deferred():
    signal.raise_signal(signal.SIGTERM)  # (noted: raised when the pool is done)
    signal.raise_signal(signal.SIGTERM)  # (a second one, as supervisors send, changes nothing)
    child = [sys.executable, "-c", "import signal; print(signal.getsignal(signal.SIGTERM).name)"]
    print(subprocess.run(child, capture_output=True, text=True, check=True).stdout.strip())
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is a POSIX signal")
def test_a_process_started_while_sigterm_is_handled_can_still_be_stopped() -> None:
    # SIGTERM to a 'stats --jobs N' process group ended the fork server and the
    # workers, and the pool started them again as it unwound: they ignored
    # SIGTERM (the command ignored a second one so), the pool's own means of
    # stopping them, and the command waited for them for ever.
    result = subprocess.run(
        [sys.executable, "-c", SIGTERM_THEN_A_PROCESS],
        capture_output=True,
        text=True,
        env=ENVIRONMENT,
        timeout=60,
    )
    assert result.stdout == "SIG_DFL\n"
    assert result.returncode == 1 and "_Terminated" in result.stderr


def test_play_stops_asking_when_the_reader_of_its_output_goes_away(tmp_path: Path) -> None:
    # `yes help | patience-rules play ... | head -1` ran for ever, reading
    # lines for a game no one saw: it ends as at the end of its input.
    record = tmp_path / "game.txt"
    process = subprocess.Popen(
        [sys.executable, "-m", "patience_rules", "play", "royal-cotillion", "--record", record],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENVIRONMENT,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        assert process.stdout.readline() == b"Royal Cotillion, deal 1.\n"
        process.stdout.close()
        with contextlib.suppress(BrokenPipeError):  # (it stopped reading: the test's aim)
            for _ in range(100_000):
                os.write(process.stdin.fileno(), b"help\n")  # (unbuffered: nothing left over)
        assert process.wait(timeout=30) == 3
    finally:
        process.kill()
        process.stdin.close()
    assert process.stderr is not None and process.stderr.read() == b""
    process.stderr.close()
    assert pr.GameRecord.from_text(record.read_text(encoding="utf-8")).result == "unfinished"


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM and SIGHUP are POSIX signals")
@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 143), ("SIGHUP", 129)])
def test_sigterm_stops_a_command_that_runs_no_pool_at_once(
    tmp_path: Path, name: str, status: int
) -> None:
    # Outside a process pool SIGTERM is not put off: 'play', waiting for a
    # move, ends at once with 143 and one line, its record written.  SIGHUP
    # (the terminal closed) does the same, with 129 (it ended the game at
    # once, its record lost).
    record = tmp_path / "game.txt"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "patience_rules",
            "play",
            "royal-cotillion",
            "--deal",
            "1",
            "--record",
            str(record),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENVIRONMENT,
    )
    assert process.stdout is not None
    try:
        shown = b""
        while not shown.endswith(b"move> "):
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, shown
            shown += chunk
        process.send_signal(getattr(signal, name))
        _, error = process.communicate(timeout=30)
    finally:
        process.kill()
    assert (process.returncode, error) == (status, f"patience-rules: stopped by {name}\n".encode())
    assert pr.GameRecord.from_text(record.read_text(encoding="utf-8")).result == "unfinished"


# -- safe moves -----------------------------------------------------------------


#: Two decks, two Ace foundations a suit, the first hearts one (F3) playable.
TWO_ACES_A_SUIT = toy_game(
    decks=2,
    foundations=(
        *(pr.Foundation(suit, UP, playable=suit is pr.Suit.HEARTS) for suit in pr.Suit),
        *(pr.Foundation(suit, UP) for suit in pr.Suit),
    ),
)


def hearts_at(f3: int, f7: int, **piles: Any) -> pr.State:
    """A state of TWO_ACES_A_SUIT: hearts at those heights, every other foundation full."""
    heights = {2: f3, 6: f7}
    return TWO_ACES_A_SUIT.make_state(
        foundation_heights=tuple(heights.get(f, 13) for f in range(8)), **piles
    )


def waiting_for_5h(f3: int) -> pr.State:
    """F7 at 4H, F3 at 4H or 5H, 5H on top of T1, the other hearts in the cells and the stock."""
    rest = ("5H " if f3 == 4 else "") + "6H 7H 8H 9H 9H 10H 10H JH QH KH"
    return hearts_at(
        f3,
        4,
        stock=cards_from_text(rest),
        waste=(),
        columns=(cards_from_text("KH 5H"), cards_from_text("QH JH")),
        cells=cards_from_text("6H 7H 8H"),
    )


def last_queen() -> pr.State:
    """Captive Queens with the player choosing, the last queen in the waste."""
    queens = attrs.evolve(
        pr.get_game("captive-queens"), name="free-queens", compulsion=pr.Compulsion.NONE
    )
    return queens.make_state(
        stock=(),
        waste=cards_from_text("QH"),
        middle=cards_from_text("QC QD QS"),
        foundation_heights=(6,) * 8,
    )


def every_state(state: pr.State, seen: dict[pr.State, bool]) -> bool:
    """Brute force: whether ``state`` can be won, for it and every state after it."""
    if state.is_won:
        return True
    known = seen.get(state)
    if known is None:
        seen[state] = False
        known = any([every_state(state.apply(move), seen) for move in state.legal_moves()])
        seen[state] = known
    return known


def late(rules: pr.GameRules, deal: int, stock_left: int) -> pr.State:
    """A late position: the first legal move played until the stock is nearly out."""
    state = rules.deal(deal)
    while state.stock_size > stock_left and state.legal_moves():
        state = state.apply(state.legal_moves()[0])
    return state


@pytest.mark.parametrize(("deal", "stock_left"), [(6, 4), (7, 4), (29, 4), (16, 8)])
def test_a_safe_move_never_loses_a_game_that_can_be_won(deal: int, stock_left: int) -> None:
    # Every state after a late position of Royal Cotillion, each known won or
    # lost by brute force: where the game can be won, it can still be won
    # after any safe move.
    seen: dict[pr.State, bool] = {}
    every_state(late(pr.get_game("royal-cotillion"), deal, stock_left), seen)
    safe_moves = 0
    for state, won in seen.items():
        moves = state.legal_moves()
        for move in moves:
            if cli._is_safe(state, move, moves):
                safe_moves += 1
                after = state.apply(move)
                assert after.is_won or seen[after] == won
    assert safe_moves > 1000


def test_a_play_whose_timing_matters_is_not_safe() -> None:
    # 2S in cell 1 is wanted, and the other 2S is home; but played at once,
    # it pulls 10S into the cell, and the three draws then bury 6S under 8S:
    # the win draws 6S first.  A play that a refill follows is never safe.
    state = pr.get_game("royal-cotillion").make_state(
        stock=cards_from_text("4S 8S 6S"),
        waste=cards_from_text("JH JD 10C QS 10S"),
        columns=((), (), (), ()),
        cells=cards_from_text("2S QC KH 2H 4H 6H 8H 10H QH KD 2D 4D 6D 8D 10D QD"),
        foundation_heights=(11, 5, 5, 7, 13, 13, 13, 13),
    )
    play = pr.Move.to_foundation(pr.Place(pr.PileKind.CELL, 0), 3)
    seen: dict[pr.State, bool] = {}
    assert every_state(state, seen)
    assert not every_state(state.apply(play), seen)
    assert not cli._is_safe(state, play, state.legal_moves())
    assert cli._automatic(state, "safe") is None


def test_which_moves_are_safe() -> None:
    royal = pr.get_game("royal-cotillion")
    state = royal.deal(7)
    moves = state.legal_moves()
    # 3S is wanted by its Ace foundation, but the other 3S is still out.
    assert not any(cli._is_safe(state, move, moves) for move in moves)
    # A late position: with the stock and the waste empty, every play home
    # that nothing competes for, of a card whose twin is home, is safe.
    end = late(royal, 1, 0)
    while end.waste_size and end.legal_moves():
        end = end.apply(end.legal_moves()[0])
    assert (end.stock_size, end.waste_size) == (0, 0)
    moves = end.legal_moves()
    safe = [move for move in moves if cli._is_safe(end, move, moves)]
    assert safe
    for move in safe:
        card = end.card_of(move)
        assert sum(cards.count(card) for cards in end.foundations) == 1
        assert [m for m in moves if m.target == move.target] == [move]
    # Compulsory games are auto-played as forced; their moves to the middle
    # are never counted safe.
    queens = pr.get_game("easy-start").deal(1)
    assert cli._automatic(queens, "forced") == queens.legal_moves()[0]
    assert cli._automatic(royal.deal(7), "forced") is None


def test_no_move_is_safe_where_a_foundation_takes_any_suit() -> None:
    # Windmill's foundations want a rank, not a card: another suit's card
    # may fill one later, so which card goes there first is a choice.
    windmill = pr.get_game("windmill")
    rng = random.Random(5)
    home_plays = 0
    for deal in range(40):
        state = windmill.deal(deal)
        while not state.is_over:
            moves = state.legal_moves()
            assert not any(cli._is_safe(state, move, moves) for move in moves)
            home_plays += sum(move.target.kind is pr.PileKind.FOUNDATION for move in moves)
            state = state.apply(rng.choice(moves))
    assert home_plays > 1000
    assert cli._automatic(windmill.deal(1), "safe") is None


def test_no_move_is_safe_where_a_shift_turns_the_piles_round() -> None:
    # Two piles, nothing built, six shifts: 10C may go home at once (every
    # other condition holds), but only waiting for four shifts wins.
    state = waiting_for_shifts()
    moves = state.legal_moves()
    assert [str(move) for move in moves] == ["T2-F1", "redeal"]
    assert not cli._is_safe(state, moves[0], moves)
    assert cli._automatic(state, "safe") is None
    assert not solve(state.apply(moves[0]), max_nodes=None).is_won
    assert solve(state, max_nodes=None).is_won


def test_no_move_is_safe_where_another_move_plays_to_its_foundation() -> None:
    # 5H can go to F7 from T1 or from F3 (where the other 5H is home), so
    # which one goes there is a choice (condition 3), though every other
    # condition holds.
    state = waiting_for_5h(5)
    moves = state.legal_moves()
    assert [str(move) for move in moves] == ["T1-F7", "R1-F3", "F3-F7", "draw"]
    assert not any(cli._is_safe(state, move, moves) for move in moves)
    # Without the play from F3, 5H from T1 is not safe either: the other 5H
    # is on F3, which gives cards back, so it is not home for good (condition 4).
    assert not cli._is_safe(state, moves[0], (moves[0], moves[1], moves[3]))
    # A card played from a foundation is never safe (condition 2), though
    # here nothing else competes for it and nothing is left to refill.
    state = hearts_at(
        12,
        11,
        stock=(),
        waste=(),
        columns=(cards_from_text("QH KH"), cards_from_text("KH")),
        cells=(None,) * 3,
    )
    moves = state.legal_moves()
    assert [str(move) for move in moves] == ["T1-F3", "T2-F3", "F3-F7"]
    assert not any(cli._is_safe(state, move, moves) for move in moves)


#: One deck, three columns of three that build down in any suit, an emptied
#: column left empty: a game small enough to search whole.
BUILT_ON = pr.GameRules(
    name="built-on",
    title="Built on",
    decks=1,
    foundations=[pr.Foundation(suit, UP) for suit in pr.Suit],
    tableau=pr.Tableau(columns=3, depth=3, build=pr.Build(suits=pr.Suits.ANY)),
)


def test_a_play_home_of_a_card_that_another_card_still_out_may_go_on_is_not_safe() -> None:
    # KC can go home, but QD must go on it to let JD home: the play home
    # loses (condition 5).
    state = BUILT_ON.make_state(
        columns=(cards_from_text("KD JD QD"), cards_from_text("KC"), ()),
        foundation_heights=(12, 10, 13, 13),
    )
    moves = state.legal_moves()
    assert [str(move) for move in moves] == ["T2-F1", "T1-T2"]
    assert solve(state, max_nodes=None).is_won
    assert not solve(state.apply(moves[0]), max_nodes=None).is_won
    assert not any(cli._is_safe(state, move, moves) for move in moves)
    # With QD home (so nothing is left to go on KC), KC's play is safe.
    state = BUILT_ON.make_state(
        columns=(cards_from_text("KD"), cards_from_text("KC"), ()),
        foundation_heights=(12, 12, 13, 13),
    )
    moves = state.legal_moves()
    assert [cli._is_safe(state, move, moves) for move in moves] == [True, True]


#: The same with four columns of four, for end games dealt at random.
WIDER_BUILT_ON = attrs.evolve(
    BUILT_ON, tableau=pr.Tableau(columns=4, depth=4, build=pr.Build(suits=pr.Suits.ANY))
)


def test_a_copy_on_a_foundation_that_gives_cards_back_is_not_home() -> None:
    # Two decks of hearts: F1 builds 5H down to AH, F2 (playable) holds AH to
    # 6H.  The win plays F2's 5H to F1 and then F2's 4H; the 5H in the cell
    # goes to F2 later.  Played to F1 at once, the cell's 5H leaves F2's 5H
    # on its 4H for good: condition 4 counts only copies home for good.
    def from_(start: pr.Rank, step: int = 1, length: int = 13) -> pr.FoundationSequence:
        return pr.FoundationSequence(start=start, step=step, length=length)

    rules = pr.GameRules(
        name="back",
        title="Back",
        decks=2,
        foundations=[
            pr.Foundation(pr.Suit.HEARTS, from_(pr.Rank.FIVE, -1, 5)),
            pr.Foundation(pr.Suit.HEARTS, from_(pr.Rank.ACE, 1, 6), playable=True),
            pr.Foundation(pr.Suit.HEARTS, from_(pr.Rank.SIX, 1, 8)),
            pr.Foundation(pr.Suit.HEARTS, from_(pr.Rank.SEVEN, 1, 7)),
            pr.Foundation(pr.Suit.CLUBS, UP),
            pr.Foundation(pr.Suit.CLUBS, from_(pr.Rank.EIGHT)),
            *(pr.Foundation(suit, UP) for suit in (pr.Suit.DIAMONDS, pr.Suit.DIAMONDS)),
            *(pr.Foundation(suit, UP) for suit in (pr.Suit.SPADES, pr.Suit.SPADES)),
        ],
        tableau=pr.Tableau(columns=2, depth=(4, 1), build=pr.Build()),
        reserve=pr.Reserve(cells=1),
        stock=pr.Stock(redeals=0),
    )
    state = rules.make_state(
        columns=(cards_from_text("AH 2H 4H 3H"), cards_from_text("7C")),
        cells=cards_from_text("5H"),
        foundation_heights=(0, 6, 8, 7, 13, 12, 13, 13, 13, 13),
    )
    play = pr.Move.to_foundation(pr.Place(pr.PileKind.CELL, 0), 0)
    assert state.is_legal(play)
    assert solve(state, max_nodes=None).is_won
    assert not solve(state.apply(play), max_nodes=None).is_won
    assert not cli._is_safe(state, play, state.legal_moves())
    assert cli._automatic(state, "safe") is None


def test_a_refill_that_takes_the_last_card_of_the_waste_is_a_refill() -> None:
    # AH goes home from the cell, which takes 7S, the waste's last card; but
    # the win needs 7S to refill column 1 once 6C is home, for 6D to go on.
    def up(start: pr.Rank, step: int = 1) -> pr.FoundationSequence:
        return pr.FoundationSequence(start=start, step=step, length=13)

    rules = pr.GameRules(
        name="last-card",
        title="Last card",
        decks=1,
        foundations=[
            pr.Foundation(pr.Suit.CLUBS, up(pr.Rank.SEVEN)),
            pr.Foundation(pr.Suit.DIAMONDS, up(pr.Rank.SEVEN)),
            pr.Foundation(pr.Suit.HEARTS, up(pr.Rank.KING, -1)),
            pr.Foundation(pr.Suit.SPADES, up(pr.Rank.EIGHT)),
        ],
        tableau=pr.Tableau(columns=2, depth=(1, 2), refill=pr.Refill.FROM_WASTE, build=pr.Build()),
        reserve=pr.Reserve(cells=1, refill=pr.Refill.FROM_WASTE),
        stock=pr.Stock(redeals=0),
    )
    state = rules.make_state(
        waste=cards_from_text("7S"),
        columns=(cards_from_text("6C"), cards_from_text("5D 6D")),
        cells=cards_from_text("AH"),
        foundation_heights=(12, 11, 12, 12),
    )
    play = pr.Move.to_foundation(pr.Place(pr.PileKind.CELL, 0), 2)
    assert solve(state, max_nodes=None).is_won
    assert not solve(state.apply(play), max_nodes=None).is_won
    assert not cli._is_safe(state, play, state.legal_moves())
    assert cli._automatic(state, "safe") is None


def _endgame(rules: pr.GameRules, rng: random.Random, out: int) -> pr.State:
    """A position of ``rules`` (one deck, a suit a foundation) with ``out`` cards
    not home, dealt at random to the columns and cells."""
    heights = [13] * 4
    for _ in range(out):
        heights[rng.choice([f for f in range(4) if heights[f]])] -= 1
    cards = [
        pr.Card(pr.Rank(rank), suit)
        for suit, height in zip(pr.Suit, heights, strict=True)
        for rank in range(height + 1, 14)
    ]
    rng.shuffle(cards)
    layout = rules.layout
    columns: list[list[pr.Card]] = [[] for _ in range(layout.columns)]
    cells: list[pr.Card | None] = [None] * layout.cells
    for card in cards:  # (no column past its depth: any order of cards was dealt so)
        if None in cells and rng.random() < 0.2:
            cells[cells.index(None)] = card
        else:
            room = [i for i, column in enumerate(columns) if len(column) < layout.depths[i]]
            columns[rng.choice(room)].append(card)
    piles: dict[str, Any] = {"cells": cells} if layout.cells else {}
    return rules.make_state(columns=columns, foundation_heights=heights, **piles)


@pytest.mark.parametrize(
    "rules",
    [pr.get_game("freecell", cells=1), pr.get_game("freecell", supermoves=False), WIDER_BUILT_ON],
    ids=["freecell-1-cell", "freecell-single-cards", "built-on"],
)
def test_a_safe_move_never_loses_a_game_where_cards_build(rules: pr.GameRules) -> None:
    # End games dealt at random, each searched whole before and after every
    # safe move.
    rng = random.Random(rules.title)
    safe_moves = traps = 0
    small = rules is WIDER_BUILT_ON
    for _ in range(150 if small else 60):
        state = _endgame(rules, rng, 12 if small else 20)
        if not solve(state, max_nodes=None).is_won:
            continue
        moves = state.legal_moves()
        for move in moves:
            keeps_the_win = solve(state.apply(move), max_nodes=None).is_won
            if cli._is_safe(state, move, moves):
                safe_moves += 1
                assert keeps_the_win, str(move)
            traps += move.target.kind is pr.PileKind.FOUNDATION and not keeps_the_win
    assert safe_moves > 15
    if small:
        assert traps > 0  # plays home that lose were there to be taken for safe


def test_auto_play_plays_freecells_end_game_home() -> None:
    # Every card's lower cards of the other colour home: safe, one after another.
    state = pr.freecell().make_state(
        columns=(cards_from_text("KH QS"), cards_from_text("KS QH"), *((),) * 6),
        cells=(None,) * 4,
        foundation_heights=(13, 13, 11, 11),
    )
    moves = state.legal_moves()
    assert cli._automatic(state, "safe") == moves[0]
    said: list[str] = []
    end = cli._auto_play(state, "safe", lambda text="": said.append(text))  # type: ignore[arg-type]
    assert end.is_won
    assert said == ["Played for you (safe): T1-F4 QS, T2-F3 QH, T1-F3 KH, T2-F4 KS (4 moves)."]


def test_a_play_is_safe_only_where_nothing_is_refilled_because_of_it() -> None:
    # Condition 5, in a one-deck game (every card's only copy) whose columns
    # and cells are refilled from the waste.
    rules = toy_game(reserve=pr.Reserve(cells=3, refill=pr.Refill.FROM_WASTE))

    def safe(hearts: int, **piles: Any) -> dict[str, bool]:
        state = rules.make_state(foundation_heights=(13, 13, hearts, 12), **piles)
        moves = state.legal_moves()
        return {str(move): cli._is_safe(state, move, moves) for move in moves}

    # From a column that keeps a card: safe, with cards still to come.  From a
    # column it empties: not safe (a card may reach the waste and fill it).
    columns = (cards_from_text("QH KS"), cards_from_text("JH"))
    assert safe(10, stock=cards_from_text("KH"), waste=(), columns=columns, cells=(None,) * 3) == {
        "T1-F4": True,
        "T2-F3": False,
        "draw": False,
    }
    # From a cell, an empty waste: not safe, since it stays empty only until
    # a card reaches the waste.
    columns = (cards_from_text("QH"), cards_from_text("JH"))
    assert safe(
        10,
        stock=cards_from_text("KH"),
        waste=(),
        columns=columns,
        cells=(*cards_from_text("KS"), None, None),
    ) == {
        "R1-F4": False,
        "T2-F3": False,
        "draw": False,
    }
    # From a cell, the stock out and the waste not: the waste fills it at once.
    columns = (cards_from_text("QH"), cards_from_text("KH"))
    assert safe(
        7,
        stock=(),
        waste=cards_from_text("9H 8H"),
        columns=columns,
        cells=cards_from_text("KS 10H JH"),
    ) == {
        "R1-F4": False,
        "W-F3": False,
        "redeal": False,
    }
    # With the stock and the waste both out, any play home is safe.
    assert safe(
        12,
        stock=(),
        waste=(),
        columns=(cards_from_text("KH"), ()),
        cells=(*cards_from_text("KS"), None, None),
    ) == {
        "T1-F3": True,
        "R1-F4": True,
    }


def test_a_play_to_the_middle_is_never_safe() -> None:
    # Captive Queens with the player choosing: the last queen to the middle,
    # the last card of the game, passes every condition but the second.
    state = last_queen()
    moves = state.legal_moves()
    assert [str(move) for move in moves] == ["W-M", "redeal"]
    assert not any(cli._is_safe(state, move, moves) for move in moves)
    assert cli._automatic(state, "safe") is None


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (pr.get_game("captive-queens").deal(1), "(1), or 'draw'"),
        (
            last_queen(),
            "(1 to 2), or the move in the notation, such as W-M, or the card it moves, "
            "such as QH, or 'redeal'",
        ),
        # 5H has two moves, from two places; and two moves, to two places.
        (
            waiting_for_5h(5),
            "(1 to 4), or the move in the notation, such as T1-F7, or the card it moves, "
            "such as 5H, with a place where it has several moves, such as 5H T1, or 'draw'",
        ),
        (
            waiting_for_5h(4),
            "(1 to 3), or the move in the notation, such as T1-F3, or the card it moves, "
            "such as 5H, with a place where it has several moves, such as 5H F3, or 'draw'",
        ),
    ],
)
def test_play_help_names_what_the_player_may_type(state: pr.State, words: str) -> None:
    assert cli._play_help(state) == (
        f"Type a move's number {words}. Enter alone plays the only legal move; "
        "'undo' takes back your last move; 'help' shows this; 'quit' stops."
    )


def test_play_lists_each_move_with_what_it_goes_onto() -> None:
    # One deck, two columns built down in any suit and filled by a move; the
    # hearts foundation empty and the spades one waiting for KS.
    rules = toy_game(
        tableau=pr.Tableau(
            columns=2,
            depth=1,
            refill=pr.Refill.BY_MOVE,
            build=pr.Build(suits=pr.Suits.ANY, direction=pr.Direction.DOWN),
        )
    )
    state = rules.make_state(
        stock=cards_from_text("2H 3H 6H 7H 8H 9H 10H JH QH KH"),
        waste=(),
        columns=(cards_from_text("5H"), ()),
        cells=cards_from_text("AH KS 4H"),
        foundation_heights=(13, 13, 0, 12),
    )
    assert [cli._describe_move(state, move) for move in state.legal_moves()] == [
        " AH  R1-F3  (starts it)",
        " KS  R2-F4  (onto QS)",
        " 5H  T1-T2",
        " AH  R1-T2",
        " KS  R2-T2",
        " 4H  R3-T1  (onto 5H)",
        " 4H  R3-T2",
        "draw",
    ]
    # A card to the middle goes onto nothing the list names.
    queen = last_queen()
    assert [cli._describe_move(queen, move) for move in queen.legal_moves()] == [
        " QH  W-M",
        "redeal (the waste is turned over as the new stock, without shuffling)",
    ]


def test_auto_play_hands_over_after_many_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # A compulsory game of one's own with a huge redeal limit could go round
    # its stock for ever: auto-play stops and hands over.
    royal = pr.get_game("royal-cotillion")
    endless = pr.GameRules(
        name="endless",
        title="Endless",
        decks=2,
        foundations=royal.foundations,
        tableau=royal.tableau,
        reserve=royal.reserve,
        stock=pr.Stock(redeals=10**6),
        compulsion=pr.Compulsion.FORCED,
    )
    monkeypatch.setattr(cli, "_MOST_AUTOMATIC", 500)
    said: list[str] = []
    state = cli._auto_play(endless.deal(63), "forced", said.append)  # type: ignore[arg-type]
    assert state.legal_moves()
    assert said[-1] == "Auto-play stops after 500 moves in a row: over to you."
    assert "(500 moves)" in said[0]


@pytest.mark.parametrize("most", [1, 2, 12, 13, 14])
def test_auto_play_says_which_moves_it_made(monkeypatch: pytest.MonkeyPatch, most: int) -> None:
    # Captive Queens from its deal: every move forced, auto-play stopped after
    # 'most' of them; a move that plays a card is said with the card, and
    # twelve are named at most.
    monkeypatch.setattr(cli, "_MOST_AUTOMATIC", most)
    state = pr.get_game("captive-queens").deal(1)
    words = []
    for _ in range(most):
        move = state.legal_moves()[0]
        words.append(str(move) if move.is_draw else f"{move} {state.card_of(move)}")
        state = state.apply(move)
    named = ", ".join(words[:12]) + (f" and {most - 12} more" if most > 12 else "")
    plural = "move" if most == 1 else "moves"
    said: list[str] = []
    assert cli._auto_play(pr.get_game("captive-queens").deal(1), "forced", said.append) == state  # type: ignore[arg-type]
    assert said == [
        f"Played for you (forced): {named} ({most} {plural}).",
        f"Auto-play stops after {most} moves in a row: over to you.",
    ]
    assert most < 12 or any(" " in word for word in words)  # (a play among them)


def test_auto_play_to_the_end_of_the_game_says_so_once() -> None:
    said: list[str] = []
    state = cli._auto_play(pr.get_game("captive-queens").deal(1), "forced", said.append)  # type: ignore[arg-type]
    assert state.is_over
    assert len(said) == 1
    assert said[0].startswith("Played for you (forced): ")


@pytest.mark.parametrize(
    ("game", "heading"),
    [
        ("klondike[draw=3]", "Klondike (klondike[draw=3])"),
        ("royal-cotillion-stock-refill", "Royal Cotillion (royal-cotillion-stock-refill)"),
        ("easy-start-parlett", "Captive Queens (Easy start) (easy-start[redeals=3])"),
        ("royal-cotillion", "Royal Cotillion"),
        ("easy-start", "Captive Queens (Easy start)"),
    ],
)
def test_a_variant_is_headed_by_what_tells_it_from_its_game(
    capsys: pytest.CaptureFixture[str], game: str, heading: str, tmp_path: Path
) -> None:
    # A variant's title is its game's: its text form says which it is.
    _, shown, _ = run(capsys, "show", game)
    assert shown.splitlines()[0] == heading
    assert (
        shown.partition("\n")[2] == str(pr.game_from_text(game).deal(1)).partition("\n")[2] + "\n"
    )
    _, counted, _ = run(capsys, "stats", game, "--deals", "2", "--jobs", "1")
    assert counted.startswith(f"{heading}: deals 0 to 1")
    record = tmp_path / "game.txt"
    record.write_text(f'[Game "{game}"]\n[Deal "1"]\n\n', encoding="utf-8")
    _, replayed, _ = run(capsys, "replay", str(record))
    assert replayed.splitlines()[0] == heading


def encoded(encoding: str) -> io.TextIOWrapper:
    """A stream that encodes what is written to it strictly, as a terminal's does."""
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def written(stream: io.TextIOWrapper) -> str:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue().decode(stream.encoding)


def test_play_escapes_what_the_terminal_s_encoding_cannot_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # (a line of over 60 characters is quoted cut short, ending in an ellipsis)
    stdout = encoded("latin-1")
    monkeypatch.setattr(sys, "stdout", stdout)
    feed(monkeypatch, "x" * 61, "quit")
    assert main(["play", "royal-cotillion", "--deal", "7"]) == 3
    out = written(stdout)
    assert "cannot read 'xxxxxxxxxx" in out
    assert "'\\u2026 (61 characters)" in out
    assert out.endswith("move> Quit: 8 of 104 cards home.\n")


@pytest.mark.parametrize("command", ["show", "play", "replay", "solve"])
def test_help_is_written_on_an_ascii_terminal_with_the_suits_escaped(
    monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    stdout = encoded("ascii")
    monkeypatch.setattr(sys, "stdout", stdout)
    assert main([command, "--help"]) == 0
    assert "suits as symbols (\\u2660 \\u2665 \\u2666 \\u2663)" in written(stdout)


def test_an_error_is_written_on_an_ascii_terminal_with_what_it_lacks_escaped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stderr = encoded("ascii")
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["show", "x" * 100]) == 2
    error = written(stderr)
    assert error.startswith("patience-rules: error: unknown game 'xxxxxxxxxx")
    assert "'\\u2026 (100 characters): expected one of captive-queens" in error
