"""Tests of the command line, with the interactive ``play`` driven by scripted input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import patience_rules as pr
from patience_rules.cli import main, move_text, parse_move_text
from patience_rules.stats import RandomPolicy, play_deal, play_deals, wilson_interval

ROOT = Path(__file__).resolve().parent.parent


def run(
    capsys: pytest.CaptureFixture[str], *argv: str
) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def feed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


# -- games and show -------------------------------------------------------------


def test_games_lists_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "games")
    assert status == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == list(pr.game_names())
    assert "quadrille" in lines[0]


def test_show_prints_the_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "show", "royal-cotillion", "--deal", "7")
    assert status == 0
    assert out == str(pr.get_game("royal-cotillion").deal(7)) + "\n"


def test_the_readme_command_runs_as_a_module() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-m", "patience_rules", "show", "royal-cotillion", "--deal", "7"],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert done.returncode == 0
    assert done.stdout.startswith("Royal Cotillion\n")


@pytest.mark.parametrize(
    ("argv", "status", "words"),
    [
        (["show", "klondike"], 1, "unknown game 'klondike'"),
        (["show", "easy-start", "--deal", "-1"], 2, "at least 0), got '-1'"),
        (["show", "easy-start", "--deal", "seven"], 2, "got 'seven'"),
        (["play", "nope"], 1, "unknown game 'nope'"),
        (["stats", "easy-start"], 2, "required: --deals"),
        (["stats", "easy-start", "--deals", "0"], 2, "at least 1), got '0'"),
        (["stats", "easy-start", "--deals", "-5"], 2, "at least 1), got '-5'"),
        (["stats", "easy-start", "--deals", "many"], 2, "got 'many'"),
        (["stats", "easy-start", "--deals", "5", "--jobs", "0"], 2, "jobs"),
        (["stats", "easy-start", "--deals", "5", "--start", "-2"], 2, "--start"),
        (["stats", "easy-start", "--deals", "5", "--policy", "best"], 2, "invalid choice"),
        (["stats", "klondike", "--deals", "5"], 1, "unknown game"),
        ([], 2, "COMMAND"),
        (["dance"], 2, "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_fails(
    capsys: pytest.CaptureFixture[str], argv: list[str], status: int, words: str
) -> None:
    got, out, err = run(capsys, *argv)
    assert got == status
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("patience-rules: error: ")
    assert words in err


# -- stats ----------------------------------------------------------------------


def test_stats_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "stats", "royal-cotillion", "--deals", "24", "--start", "100",
        "--policy", "random", "--seed", "7", "--jobs", "1", "--json",
    )
    assert status == 0
    data = json.loads(out)
    expected = play_deals(
        pr.get_game("royal-cotillion"), 24, start=100, policy=RandomPolicy(seed=7), jobs=1
    )
    assert data["game"] == "royal-cotillion"
    assert (data["policy"], data["seed"], data["start"], data["deals"]) == ("random", 7, 100, 24)
    assert (data["games"], data["wins"]) == (expected.games, expected.wins)
    assert data["cards_home"] == list(expected.cards_home)
    assert data["ci95"] == pytest.approx(list(wilson_interval(expected.wins, 24)))
    assert data["jobs"] == 1
    assert data["seconds"] >= 0


def test_stats_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "stats", "captive-queens", "--deals", "40", "--jobs", "1")
    assert status == 0
    wins = sum(play_deal(pr.get_game("captive-queens"), deal).won for deal in range(40))
    low, high = wilson_interval(wins, 40)
    lines = out.splitlines()
    assert lines[0] == "Captive Queens: deals 0 to 39, policy greedy"
    assert lines[1] == (
        f"Won {wins} of 40: {wins / 40:.2%} (95% confidence interval {low:.2%} to {high:.2%})"
    )
    assert lines[2].startswith("Mean cards home: ")
    assert "with 1 job" in err
    assert "[" not in err  # no progress bar: standard error is not a terminal here


def test_stats_draws_a_progress_bar_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    status = main(["stats", "easy-start", "--deals", "300", "--jobs", "1"])
    assert status == 0
    drawn = terminal.getvalue()
    assert "\r[" in drawn
    assert "] 250/300 deals" in drawn
    assert "[" + "#" * 30 + "] 300/300 deals\n" in drawn


# -- the text form of moves -----------------------------------------------------


def test_move_text_round_trips_along_games() -> None:
    for name in ("royal-cotillion", "captive-queens", "easy-start"):
        rules = pr.get_game(name)
        choose = RandomPolicy(seed=1).chooser(3)
        state = rules.deal(3)
        while state.legal_moves():
            for move in state.legal_moves():
                assert parse_move_text(move_text(move), state) == move
            state = state.apply(choose(state, state.legal_moves()))


def test_move_text_reads_cards_and_piles() -> None:
    state = pr.get_game("royal-cotillion").deal(7)
    column = pr.Move.to_foundation(pr.Place(pr.PileKind.COLUMN, 3), 3)
    assert parse_move_text("3S", state) == column
    assert parse_move_text("col4", state) == column
    assert parse_move_text("3s -> F4", state) == column
    assert parse_move_text("c4, f4", state) == column
    assert parse_move_text("d", state) == pr.Move.draw()
    assert parse_move_text("4H", state) == pr.Move.to_foundation(pr.Place(pr.PileKind.CELL, 2), 6)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3D", "fits more than one legal move (R2-F2, R10-F2)"),
        ("KH", "no legal move fits 'KH'"),
        ("redeal", "'redeal' is not a legal move here"),
        ("3S 4H", "two cards"),
        ("f1 f2", "two targets"),
        ("col1 cell2", "two sources"),
        ("col0", "cannot read 'col0'"),
        ("jump", "cannot read 'jump'"),
        ("  ", "an empty move"),
    ],
)
def test_move_text_refuses_what_it_cannot_read(text: str, message: str) -> None:
    state = pr.get_game("royal-cotillion").deal(7)
    with pytest.raises(pr.NotationError) as caught:
        parse_move_text(text, state)
    assert message in str(caught.value)


# -- play, driven by scripted input ---------------------------------------------


def test_play_a_compulsory_game_to_a_win(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = play_deal(pr.get_game("captive-queens"), 1)
    assert result.won
    feed(monkeypatch, *[""] * result.moves)  # Enter plays the only legal move
    status, out, _ = run(capsys, "play", "captive-queens", "--deal", "1")
    assert status == 0
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")
    assert out.count("move> ") == result.moves


def test_play_a_lost_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    result = play_deal(pr.get_game("captive-queens"), 0)
    assert not result.won
    feed(monkeypatch, *["1"] * result.moves)
    status, out, _ = run(capsys, "play", "quadrille", "--deal", "0")
    assert status == 0
    assert out.rstrip().endswith(f"Lost: {result.cards_home} of 52 cards home.")


def test_play_by_number_text_undo_and_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal 7 of Royal Cotillion: the eight bases are home; 3S (Ladies 4) and
    # 4H (Lords 3) can go home at once.
    feed(monkeypatch, "1", "undo", "undo", "99", "KH", "", "4H", "col4 f4", "quit")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "7")
    assert status == 0
    assert "   1.  3S  T4-F4  (onto AS)" in out
    assert "Undone." in out
    assert "Nothing to undo." in out
    assert "Not a move: expected a move number from 1 to 6, got 99." in out
    assert "Not a move: no legal move fits 'KH'." in out
    assert "Not a move: there are 6 moves to choose from." in out
    assert out.rstrip().endswith("Quit: 10 of 104 cards home.")


def test_play_stops_at_the_end_of_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, "draw")
    status, out, _ = run(capsys, "play", "royal-cotillion", "--deal", "2")
    assert status == 0
    assert out.rstrip().endswith("Quit: 8 of 104 cards home.")
    assert "Stock: 67 cards" in out


def test_play_help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, "help", "q")
    status, out, _ = run(capsys, "play", "easy-start", "--deal", "1")
    assert status == 0
    assert out.count("'undo' takes back the last move") == 2


# -- replay -------------------------------------------------------------------


def test_replay_shows_the_final_state_of_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = pr.get_game("captive-queens")
    state, moves = rules.deal(3), []
    while not state.is_over:
        moves.append(state.legal_moves()[0])
        state = state.apply(moves[-1])
    path = tmp_path / "game.txt"
    path.write_text(pr.GameRecord(rules, 3, moves).to_text(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(path))
    assert status == 0, err
    assert out.startswith(str(state))
    assert out.rstrip().endswith(
        f"{len(moves)} moves replayed; 52 of 52 cards home; result: won"
    )


def test_replay_refuses_a_missing_file_and_an_illegal_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "replay", str(tmp_path / "absent.txt"))
    assert status == 2
    assert "cannot read the game record" in err and "No such file" in err
    path = tmp_path / "bad.txt"
    path.write_text('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. redeal\n', encoding="utf-8")
    status, _, err = run(capsys, "replay", str(path))
    assert status == 1
    assert err.count("\n") == 1
    assert "move 2 (redeal)" in err and "a redeal needs an empty stock" in err


# -- solve --------------------------------------------------------------------


def test_solve_prints_a_win_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "royal-cotillion", "--deal", "3", "--max-nodes", "300000")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("won (")
    state = pr.get_game("royal-cotillion").deal(3)
    for line in lines[1:]:
        _, text, card = line.split()
        move = pr.move_from_text(text, state)
        assert str(state.card_of(move)) == card
        state = state.apply(move)
    assert state.is_won


def test_solve_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "solve", "klondike", "--deal", "1")
    assert status == 2
    assert "unknown game 'klondike'" in err


def test_a_closed_pipe_ends_the_output_quietly() -> None:
    environment = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    shown = subprocess.run(
        [sys.executable, "-m", "patience_rules", "show", "royal-cotillion", "--deal", "7"],
        capture_output=True, text=True, env=environment, check=True,
    ).stdout
    command = (
        f"{sys.executable} -m patience_rules show royal-cotillion --deal 7 | head -c 20; "
        "exit ${PIPESTATUS[0]}"
    )
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=environment, check=False
    )
    assert done.stdout == shown[:20]
    assert done.stderr == ""
    assert done.returncode == 0
