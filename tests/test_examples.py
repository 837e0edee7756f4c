"""Every script in examples/ runs, with small sizes, and prints what it should."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import patience_rules as pr
from patience_rules.players import GreedyPlayer, RandomPlayer
from patience_rules.stats import play_deal, play_deals

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run_example(name: str, *argv: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *argv],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
        timeout=300,
    )


def test_every_example_is_tested() -> None:
    tested = {
        "quickstart.py",
        "random_player.py",
        "greedy_player.py",
        "captive_queens_figures.py",
        "play_one_game.py",
        "random_agents.py",  # needs the gymnasium and openspiel extras: its own test file
    }
    assert {path.name for path in EXAMPLES.glob("*.py")} == tested


def test_quickstart() -> None:
    done = run_example("quickstart.py")
    assert done.returncode == 0, done.stderr
    result = play_deal(pr.get_game("royal-cotillion"), 7, GreedyPlayer())
    assert done.stdout.startswith(str(pr.get_game("royal-cotillion").deal(7)))
    assert "Cards home: 8 before, 9 after." in done.stdout
    assert "Refused: illegal move redeal" in done.stdout
    assert done.stdout.rstrip().endswith(repr(result))


def test_play_one_game() -> None:
    done = run_example("play_one_game.py", "3")
    assert done.returncode == 0, done.stderr
    result = play_deal(pr.get_game("captive-queens"), 3, GreedyPlayer())
    assert done.stdout.splitlines()[0] == "Captive Queens"
    assert done.stdout.rstrip().endswith(
        f"deal 3: {'won' if result.won else 'lost'} after {result.moves} moves, "
        f"{result.cards_home} of 52 cards home"
    )


def test_random_player() -> None:
    done = run_example("random_player.py", "--deals", "30", "--seed", "4", "--start", "10")
    assert done.returncode == 0, done.stderr
    stats = play_deals(
        pr.get_game("royal-cotillion"), 30, start=10, player=RandomPlayer(seed=4), jobs=1
    )
    assert f"won {stats.wins} of 30" in done.stdout
    one = play_deal(pr.get_game("royal-cotillion"), 10, RandomPlayer(seed=4))
    assert (
        f"deal 10: {'won' if one.won else 'lost'} with {one.cards_home} cards home" in done.stdout
    )


@pytest.mark.parametrize("game", ["klondike", "freecell", "crescent"])
def test_the_players_end_every_game_they_are_given(game: str) -> None:
    # Klondike redeals without limit, and moves go back and forth in the
    # tableaux: the examples stop a game as play_deal does (each example
    # checks that its one game is play_deal's).
    done = run_example("random_player.py", "--game", game, "--deals", "3", "--start", "2")
    assert done.returncode == 0, done.stderr
    one = play_deal(pr.get_game(game), 2, RandomPlayer(seed=0))
    assert f"deal 2: {'won' if one.won else 'lost'} with {one.cards_home} cards home" in done.stdout
    done = run_example("greedy_player.py", "--game", game, "--deal", "2", "--deals", "3")
    assert done.returncode == 0, done.stderr
    assert "Ladies" not in done.stdout and "Lords" not in done.stdout


def test_greedy_player() -> None:
    done = run_example("greedy_player.py", "--deal", "7", "--deals", "30")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Deal 7 is won: all 96 cards dealt go home, one move each, after 68 draws.
    assert lines[0].startswith("Deal 7: ")
    assert lines[0].endswith("; 68 draws")
    played = sum(
        int(part.split()[0]) for part in lines[0][len("Deal 7: ") :].split(";")[0].split(", ")
    )
    assert played == 96
    assert "Game over: won" in done.stdout
    greedy = play_deals(pr.get_game("royal-cotillion"), 30, jobs=1)
    assert f"greedy: won {greedy.wins} of 30" in done.stdout
    assert "random: won " in done.stdout


def test_captive_queens_figures() -> None:
    done = run_example("captive_queens_figures.py", "--deals", "200", "--jobs", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split()[0] for line in lines] == [
        "captive-queens",
        "easy-start",
        "easy-start-parlett",
    ]
    for line, name in zip(lines, ("captive-queens", "easy-start"), strict=False):
        wins = play_deals(pr.get_game(name), 200, jobs=1).wins
        assert f"won {wins:>6} of 200" in line
        assert line.endswith("agrees")


@pytest.mark.parametrize(
    "name", ["random_player.py", "greedy_player.py", "captive_queens_figures.py"]
)
def test_examples_explain_themselves(name: str) -> None:
    done = run_example(name, "--help")
    assert done.returncode == 0
    assert "--deals" in done.stdout
