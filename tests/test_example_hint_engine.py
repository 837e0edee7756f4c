"""examples/hint_engine: its property tests find the planted bug, and say how to see it.

The example is a project of its own; this runs its tests with pytest as its
user would (with a fixed seed and a fresh example database), and reads the
report: which tests fail, how long each failure report is, and whether the
deal and the moves it gives reproduce the state it shows.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import patience_rules as pr
from patience_rules.notation import cards_from_text, move_from_text, state_from_text

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hint_engine"
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(EXAMPLE))

import shrinking  # noqa: E402
from hint_engine import hint  # noqa: E402

FAILING = {
    "test_royal_cotillion_hints_name_the_card_they_play": 5,
    "test_captive_queens_hints_name_the_card_they_play": 8,
}
NOTE = re.compile(
    r"E\s+(?P<game>\S+) deal (?P<deal>\d+).*?, (?:then (?P<count>\d+) moves?: (?P<moves>.*)|no moves)"
)


# (Hypothesis shrinks the planted bug for seconds: see the marker in pyproject.toml)
pytestmark = pytest.mark.reporting


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> str:
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(EXAMPLE)]),
        "HYPOTHESIS_STORAGE_DIRECTORY": str(tmp_path_factory.mktemp("hypothesis")),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--hypothesis-seed=0"],
        cwd=EXAMPLE,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout


def test_the_planted_bug_is_found_and_nothing_else_fails(output: str) -> None:
    assert set(shrinking.failure_reports(output)) == set(FAILING)
    assert re.search(r"^=+ 2 failed, 4 passed in ", output, re.M), output[-500:]


@pytest.mark.parametrize("test", sorted(FAILING))
def test_each_report_is_short_and_reproducible(output: str, test: str) -> None:
    report = shrinking.failure_reports(output)[test]
    text = "\n".join(report)
    assert len(report) < 40, text
    for private in ("_engine=", "_wanted=", "_key=", "_waste=", "Move(source="):
        assert private not in text
    notes = [found for line in report if (found := NOTE.fullmatch(line))]
    assert len(notes) == 1, text
    note = notes[0]
    moves = (note["moves"] or "").split()
    assert len(moves) == int(note["count"] or 0) <= FAILING[test]
    # The note reproduces the state the report shows ...
    game = pr.get_game(note["game"])
    decks = [line.split("deck order: ")[1] for line in report if "deck order: " in line]
    state = game.deal_from(cards_from_text(decks[0])) if decks else game.deal(int(note["deal"]))
    for move in moves:
        state = state.apply(move_from_text(move, game))
    # The falsifying example's own line: the last, after any repr pytest cut short.
    joined = " ".join(line[1:].strip() for line in report)
    shown = re.findall(r"state_from_text\(\s*'([^']*)'", joined)
    assert shown, text
    assert state_from_text(shown[-1]) == state
    # ... and in it the hint names a card that its move does not play.
    suggested = hint(state)
    assert suggested is not None
    assert suggested.card != state.card_of(suggested.move)
