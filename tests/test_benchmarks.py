"""The benchmark runs, and its hand-written simulators play by the same rules."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import cards
import handwritten as hw
import readers
import run
import solvability

import patience_rules as pr
from patience_rules import Rank


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


def _moves_of_a_playout(
    game: pr.GameRules,
    deal: int,
    to_tuple: Callable[[pr.State], Any],
    simulated: Any,
    listing: Callable[[Any], list[hw.TableauMove]],
    apply: Callable[[Any, hw.TableauMove], Any],
) -> tuple[list[hw.TableauMove], set[str], pr.State, Any]:
    """Play one seeded random playout on both sides, checking them against each other.

    Returns the moves played, a label for each kind of move listed on the way,
    and the two final states.
    """
    state = game.deal(deal)
    rng = random.Random(deal)
    played: list[hw.TableauMove] = []
    listed: set[str] = set()
    while len(played) < run.PLAYOUT_CAP:
        assert to_tuple(state) == simulated
        moves = state.legal_moves()
        simulated_moves = listing(simulated)
        assert [run.hw_tableau_move(move) for move in moves] == simulated_moves
        if not moves:
            break
        listed.update(_label(move) for move in moves)
        choice = rng.randrange(len(moves))
        state = state.apply(moves[choice])
        simulated = apply(simulated, simulated_moves[choice])
        played.append(simulated_moves[choice])
    assert to_tuple(state) == simulated
    return played, listed, state, simulated


def _label(move: pr.Move) -> str:
    """The kind of a move, told apart as the simulators tell them apart."""
    if move.is_draw or move.is_redeal:
        return str(move)
    label = f"{move.source.kind.value} to {move.target.kind.value}"
    if move.count > 1:
        label += ", a run"
    return label


def test_freecell_simulator_plays_like_the_engine() -> None:
    game = pr.freecell()
    listed: set[str] = set()
    ends = []
    for deal in (1, 2, 3, 7, 8, 11, 617):
        played, seen, state, simulated = _moves_of_a_playout(
            game,
            deal,
            run.fc_tuple,
            hw.fc_deal(list(map(int, game.deck_order(deal)))),
            hw.fc_moves,
            hw.fc_apply,
        )
        # The playouts of the benchmark make the same moves on both sides.
        end, steps = run.capped_playout(game.deal(deal), random.Random(deal))
        simulated_end, simulated_steps = run.hw_fc_playout(
            hw.fc_deal(list(map(int, game.deck_order(deal)))), random.Random(deal)
        )
        assert steps == simulated_steps == len(played)
        assert run.fc_tuple(end) == simulated_end == simulated
        assert state.is_won == hw.fc_won(simulated)
        listed |= seen
        ends.append(steps)
    # Playouts that got stuck and playouts stopped by the cap, and every kind
    # of move, supermoves included, compared on the way.
    assert min(ends) < run.PLAYOUT_CAP == max(ends)
    assert listed == {
        "column to foundation",
        "cell to foundation",
        "column to column",
        "column to column, a run",
        "cell to column",
        "column to cell",
    }


def test_supermoves_into_an_empty_column_agree() -> None:
    # A position of the checks above seldom has two empty columns: build one
    # where a run of 4 moves onto a column but only a run of 2 into the other
    # empty column ((1 + 0 empty cells) x 2 ** (2 empty columns, 1 not counted)).
    game = pr.freecell()
    cards = {str(card): card for card in game.deck()}
    run_of_four = [cards[name] for name in ("9S", "8H", "7C", "6D")]
    held = [cards[name] for name in ("4C", "4D", "4H", "4S")]
    # Aces to Threes are home; the Fives to Kings lie under the columns' tops.
    rest = [
        card
        for card in game.deck()
        if card.rank >= Rank.FIVE and card not in [*run_of_four, cards["10H"]]
    ]
    columns = [rest[:5] + run_of_four, [*rest[5:10], cards["10H"]], [], []]
    columns += [rest[10:16], rest[16:21], rest[21:26], rest[26:]]
    state = game.make_state(columns=columns, cells=held, foundation_heights=[3, 3, 3, 3])
    simulated = run.fc_tuple(state)
    moves = [run.hw_tableau_move(move) for move in state.legal_moves()]
    assert moves == hw.fc_moves(simulated)
    assert (hw.COLUMN, 0, hw.COLUMN, 1, 4) in moves
    assert (hw.COLUMN, 0, hw.COLUMN, 2, 2) in moves
    assert (hw.COLUMN, 0, hw.COLUMN, 2, 3) not in moves


def test_klondike_simulator_plays_like_the_engine() -> None:
    game = pr.klondike()
    listed: set[str] = set()
    wins = capped = 0
    for deal in (1, 2, 3, 4, 5, 6):
        played, seen, state, simulated = _moves_of_a_playout(
            game,
            deal,
            run.kl_tuple,
            hw.kl_deal(list(map(int, game.deck_order(deal)))),
            hw.kl_moves,
            hw.kl_apply,
        )
        end, steps = run.capped_playout(game.deal(deal), random.Random(deal))
        simulated_end, simulated_steps = run.hw_kl_playout(
            hw.kl_deal(list(map(int, game.deck_order(deal)))), random.Random(deal)
        )
        assert steps == simulated_steps == len(played)
        assert run.kl_tuple(end) == simulated_end == simulated
        assert state.is_won == hw.kl_won(simulated)
        listed |= seen
        wins += state.is_won
        capped += steps == run.PLAYOUT_CAP
    assert wins and capped
    assert listed == {
        "column to foundation",
        "waste to foundation",
        "column to column",
        "column to column, a run",
        "waste to column",
        "draw",
        "redeal",
    }


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
    assert "FreeCell random playouts" in names
    assert "Klondike random playouts" in names
    assert any(name.startswith("RC memory per state") for name in names)
    for line in lines[2:]:
        assert float(line[40:].split()[2]) > 0  # a ratio


def test_the_reader_benchmark_reads_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    # (main() checks that each form reads back as the position it measures.)
    assert readers.main(["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["game", "text", "dict", "record"]
    rows = {line[:30].strip(): line[30:].split() for line in lines[2:]}
    for name in pr.game_names():
        assert len(rows[name]) == 3
        assert all(float(rate.replace(",", "")) > 0 for rate in rows[name])
    assert list(rows)[-2:] == ["composed (mine), dict", "composed (mine), dict, rules="]


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
