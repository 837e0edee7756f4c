"""``patience-rules play`` for Klondike and FreeCell: runs of cards typed as the card that
heads them, face-down cards turning, and whole games won at the prompt."""

from __future__ import annotations

import io
import sys

import pytest

import patience_rules as pr
from fc_solve import solve
from patience_rules.cli import main
from patience_rules.deals import microsoft_deck_order
from patience_rules.players import GreedyPlayer


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().out


def feed(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def boards(out: str) -> list[list[str]]:
    """Each picture of the state that ``play`` printed, as its lines."""
    pictures: list[list[str]] = []
    picture: list[str] | None = None
    for line in out.splitlines():
        if line in ("Klondike", "FreeCell"):
            picture = []
            pictures.append(picture)
        elif line == "Moves:" or line.startswith(("Won:", "Lost:", "Quit:")):
            picture = None
        if picture is not None:
            picture.append(line)
    return pictures


def test_play_klondike_deal_1_with_a_run_typed_as_its_head_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 7D onto 8S empties column 1; the drawn QC goes onto KH; typing KH moves the
    # King and the Queen together into the empty column, and the card under them turns.
    feed(monkeypatch, "7D", "draw", "QC", "KH", "quit")
    status, out = run(capsys, "play", "klondike", "--deal", "1")
    assert status == 3
    assert "   1.  7D  T1-T7  (onto 8S)" in out
    assert " KH  T5-T1:2" in out  # the run, listed with its count and its head card
    pictures = boards(out)
    assert len(pictures) == 5
    assert pictures[2][3:10] == [
        "   1: (empty)",
        "   2: ## 6D",
        "   3: ## ## 2D",
        "   4: ## ## ## 2C",
        "   5: ## ## ## ## KH",
        "   6: ## ## ## ## ## JS",
        "   7: ## ## ## ## ## ## 8S 7D",
    ]
    last = pictures[-1]
    assert last[3] == "   1: KH QC"
    assert last[7].startswith("   5: ## ## ## ") and "KH" not in last[7]  # turned face up
    assert "Not a move" not in out
    assert out.rstrip().endswith("Quit: 0 of 52 cards home.")


def test_play_freecell_deal_1_with_a_supermove_typed_as_its_head_card(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 10C to a free cell, 6S onto the 7D it uncovers, then 7D (with the 6S on it) onto 8C.
    feed(monkeypatch, "10C R1", "6S T8", "7D", "undo", "T8-T7:2", "quit")
    status, out = run(capsys, "play", "freecell", "--deal", "1")
    assert status == 3
    assert "7D  T8-T7:2  (onto 8C)" in out
    assert "Undone." in out and "Not a move" not in out
    pictures = boards(out)
    for picture in (pictures[3], pictures[5]):  # typed as the card, and in the notation
        assert picture[9:11] == ["   7: 7C KH AH 4D JH 8C 7D 6S", "   8: 5H 3H 3C 7S"]
        assert picture[12] == "  10C  --  --  --"
    assert out.rstrip().endswith("Quit: 0 of 52 cards home.")


def test_a_run_with_two_targets_is_typed_as_its_head_card_and_a_place(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # With 9C and 10C in the cells, 7D (with the 6S on it) fits on 8S and on 8C.
    feed(monkeypatch, "9C R1", "10C R2", "6S T8", "7D", "7D T2", "quit")
    status, out = run(capsys, "play", "freecell", "--deal", "1")
    assert status == 3
    assert out.count("Not a move") == 1
    assert (
        "Not a move: '7D' fits more than one legal move (T8-T2:2, T8-T7:2): say which, "
        "such as '7D T2'."
    ) in out
    last = boards(out)[-1]
    assert last[4] == "   2: 2D KC KS 5C 10D 8S 7D 6S"
    assert last[12] == "   9C 10C  --  --"


def test_play_klondike_to_a_win(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Deal 14 is won by the greedy player: typing its moves wins at the prompt.
    rules = pr.get_game("klondike")
    state = rules.deal(14)
    choose = GreedyPlayer().chooser(14)
    typed = []
    while not state.is_over:
        move = choose(state, state.legal_moves())
        assert move is not None  # the greedy player never gives up on this deal
        typed.append(str(move))
        state = state.apply(move)
    assert state.is_won
    assert any(":" in text for text in typed)  # runs among them
    feed(monkeypatch, *typed)
    status, out = run(capsys, "play", "klondike", "--deal", "14")
    assert status == 0
    assert out.count("move> ") == len(typed)
    assert "Not a move" not in out
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")


def test_play_freecell_to_a_win_with_freecell_solver_s_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = solve(microsoft_deck_order(1))
    assert any(":" in text for text in typed)  # supermoves among them
    feed(monkeypatch, *typed)
    status, out = run(capsys, "play", "freecell", "--deal", "1")
    assert status == 0
    assert out.count("move> ") == len(typed) and "Not a move" not in out
    assert out.rstrip().endswith("Game over: won\nWon: 52 of 52 cards home.")
