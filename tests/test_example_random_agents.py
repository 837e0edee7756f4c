"""examples/random_agents.py runs, and both adapters report the same games."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

import patience_rules as pr
from patience_rules.contrib import longest_game

pytestmark = pytest.mark.extra

EXAMPLE = Path(__file__).parent.parent / "examples" / "random_agents.py"
LINE = re.compile(
    r"(?P<game>\S+) +(?P<adapter>gymnasium|openspiel) +(?P<episodes>\d+) episodes: "
    r"mean cards home +(?P<mean>[\d.]+) of (?P<total>\d+), won (?P<won>\d+), "
    r"stopped (?P<stopped>\d+)"
)


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("random_agents", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_prints_agreeing_lines_for_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    load_example().main(["--episodes", "4"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 * len(pr.game_names())
    found = [LINE.fullmatch(line) for line in lines]
    assert all(found), lines
    rows = [match.groupdict() for match in found if match]
    for gym, spiel in zip(rows[::2], rows[1::2], strict=True):
        assert (gym["adapter"], spiel["adapter"]) == ("gymnasium", "openspiel")
        assert {k: v for k, v in gym.items() if k != "adapter"} == {
            k: v for k, v in spiel.items() if k != "adapter"
        }
        total = len(pr.get_game(gym["game"]).deck())
        assert int(gym["total"]) == total
        assert 0 < float(gym["mean"]) <= total
        assert 0 <= int(gym["won"]) + int(gym["stopped"]) <= 4
        if longest_game(pr.get_game(gym["game"])) is not None:
            assert gym["stopped"] == "0"  # a game that always ends is never stopped


def test_the_move_limit_stops_both_adapters_alike(capsys: pytest.CaptureFixture[str]) -> None:
    load_example().main(["--episodes", "3", "--game", "klondike", "--max-moves", "40"])
    rows = [LINE.fullmatch(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["adapter"] for row in rows if row] == ["gymnasium", "openspiel"]
    for row in rows:
        assert row is not None
        # No Klondike deal comes out in 40 moves: every episode is stopped.
        assert (row["episodes"], row["won"], row["stopped"]) == ("3", "0", "3")


def test_an_episode_ends_with_every_card_home_exactly_when_it_is_won() -> None:
    example = load_example()
    from patience_rules.contrib.gymnasium import PatienceEnv

    env = PatienceEnv("easy-start")
    for deal in range(3):
        home, won, stopped = example.gymnasium_episode(env, deal)
        assert won == (home == 52)
        assert not stopped
        assert example.openspiel_episode("patience_easy_start", deal) == (home, won, stopped)
