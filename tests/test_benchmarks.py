"""The benchmark runs, and its hand-written simulators play by the same rules."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import cards
import handwritten as hw
import run
import solvability

import patience_rules as pr


@pytest.mark.parametrize("deal", range(12))
def test_royal_cotillion_simulator_plays_like_the_engine(deal: int) -> None:
    state = pr.get_game("royal-cotillion").deal(deal)
    simulated = hw.rc_deal(list(map(int, state.rules.deck_order(deal))))
    rng = random.Random(deal)
    while True:
        assert run.rc_tuple(state) == simulated
        moves = state.legal_moves()
        assert [run.hw_move(move) for move in moves] == hw.rc_moves(simulated)
        if not moves:
            break
        choice = rng.randrange(len(moves))
        state = state.apply(moves[choice])
        simulated = hw.rc_apply(simulated, hw.rc_moves(simulated)[choice])
    assert state.is_won == hw.rc_won(simulated)


@pytest.mark.parametrize("game", ["royal-cotillion"])
def test_playouts_end_alike(game: str) -> None:
    for deal in range(12, 40):
        start = pr.get_game(game).deal(deal)
        end, steps = run.rc_playout(start, random.Random(deal))
        simulated, simulated_steps = run.hw_rc_playout(
            hw.rc_deal(list(map(int, start.rules.deck_order(deal)))), random.Random(deal)
        )
        assert steps == simulated_steps
        assert run.rc_tuple(end) == simulated


def test_captive_queens_simulator_plays_like_the_engine() -> None:
    game = pr.get_game("captive-queens")
    wins = 0
    for deal in range(60):
        end = game.deal(deal).play_forced()
        simulated = run.hw_cq_play(hw.cq_deal(list(map(int, game.deck_order(deal)))))
        assert end.foundation_heights == simulated[0]
        assert len(end.middle) == simulated[3]
        assert end.redeals_used == simulated[4]
        assert end.is_won == hw.cq_won(simulated)
        wins += end.is_won
    assert 0 < wins < 60


def test_the_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--quick", "--memory-states", "300"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[:4] == ["benchmark", "engine", "hand-written", "ratio"]
    names = [line[:40].strip() for line in lines[2:]]
    assert "RC random playouts" in names
    assert "CQ complete games (play_forced)" in names
    assert any(name.startswith("RC memory per state") for name in names)
    for line in lines[2:]:
        assert float(line[40:].split()[2]) > 0  # a ratio


def test_the_solvability_survey_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # Deals 62 and 63: one won, one lost, both in a few hundred nodes.
    assert solvability.main(["--first", "62", "--last", "63", "--max-nodes", "50000"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines[:2]] == [["62", "won"], ["63", "lost"]]
    assert lines[2].startswith("royal-cotillion deals 62-63, at most 50,000 nodes each: ")
    assert "won 1, lost 1, unknown 0 of 2" in lines[2]
    assert solvability.main(["--first", "5", "--last", "5", "--max-seconds", "0"]) == 0
    assert "at most 0 s each: won 0, lost 0, unknown 1 of 1" in capsys.readouterr().out


def test_the_card_benchmark_runs_the_engine_alike_with_every_card(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Each card plays the same games (main() checks it, and fails otherwise),
    # and each behaves as the report says.
    assert cards.main(["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[-3:] == list(cards.VARIANTS) == ["plain-int", "card", "object"]
    rows = {line[:32].strip(): line[32:].split() for line in lines[2:]}
    assert rows["card is int"] == ["True", "True", "False"]
    assert rows["AC == 0"] == ["True", "False", "False"]
    assert rows["sorted([KS, 3])"] == ["mixes", "them", "raises", "raises"]
    for name in ("dict lookup", "bytes(104 cards)", "RC random playouts", "CQ complete games"):
        row = next(value for key, value in rows.items() if key.startswith(name))
        assert all(float(rate.replace(",", "")) > 0 for rate in row)
    assert [float(rate) for rate in rows["RC random playouts, vs card"]][1] == 1.0


def test_the_card_benchmark_puts_the_library_card_back() -> None:
    # Its comparison in turns swaps the card's methods; the card is itself after.
    before = dict(vars(pr.Card))
    cards._paired(pr.Card, pr.get_game("easy-start"), pr.get_game("captive-queens"), 1, 1, 1)
    assert dict(vars(pr.Card)) == before
    assert pr.Card.from_str("AC") != 0
