"""benchmarks/shrinking.py reads pytest's report as it should (a canned report, no runs)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import shrinking

OUTPUT = """\
============================= test session starts ==============================
collected 1 item

test_hint_engine.py F                                                    [100%]

=================================== FAILURES ===================================
______________ test_royal_cotillion_hints_name_the_card_they_play ______________

    @given(states(pr.royal_cotillion()))
>   def test_royal_cotillion_hints_name_the_card_they_play(state: pr.State) -> None:
E           AssertionError: W-F2: play 8D home from the waste, but the move plays 3D
E           royal-cotillion deal 1 (patience-rules show royal-cotillion --deal 1), then 4 moves: draw draw draw draw
E           Failing test case: test_royal_cotillion_hints_name_the_card_they_play(
E               state=state_from_text(
E                   'royal-cotillion AC/AD/AH/AS/2C/2D/2H/2S ... 0',
E               ),
E           )

test_hint_engine.py:52: AssertionError
______________ test_captive_queens_hints_name_the_card_they_play _______________
E           captive-queens deal 1 with 7D and QS swapped in its deck order (cards 1 and 38), then 2 moves: draw W-M
E           deck order: QS 9C 4D
============================ Hypothesis Statistics =============================
  - during generate phase (1.25 seconds):
  - during shrink phase (2.50 seconds):
  - during explain phase (0.30 seconds):
=========================== short test summary info ============================
"""


def test_the_reports_are_split_by_test() -> None:
    reports = shrinking.failure_reports(OUTPUT)
    assert list(reports) == [
        "test_royal_cotillion_hints_name_the_card_they_play",
        "test_captive_queens_hints_name_the_card_they_play",
    ]
    first = reports["test_royal_cotillion_hints_name_the_card_they_play"]
    assert first[0].startswith("____") and first[-1] == "test_hint_engine.py:52: AssertionError"
    assert len(first) == 13
    assert shrinking.failure_report(OUTPUT) == first
    assert shrinking.failure_report("1 passed") == []


def test_a_run_reads_the_phases_the_note_and_the_moves() -> None:
    run = shrinking.parse_run(3, OUTPUT, wall=5.0)
    assert run.failed
    assert run.phases == {"generate": 1.25, "shrink": 2.5, "explain": 0.3}
    assert run.seconds == 3.75
    assert run.moves == 4
    assert run.example.startswith("royal-cotillion deal 1 (patience-rules show royal-cotillion")
    assert run.report_lines == 13


def test_the_summary_says_which_targets_are_met() -> None:
    runs = [
        shrinking.Run(seed, True, {"generate": 1.0, "shrink": 2.0}, 4, "deal 1: 4 draws", 33, 4.0)
        for seed in range(9)
    ] + [shrinking.Run(9, True, {"generate": 1.0, "shrink": 30.0}, 7, "deal 5: 7 moves", 45, 31.0)]
    lines = shrinking.summary("royal-cotillion", runs, shrinking.TARGETS["royal-cotillion"])
    assert lines[0] == "royal-cotillion: the failure found in 10 of 10 runs"
    assert "median time to find and shrink: 3.0 s" in lines[1]
    assert lines[2] == "  moves in the shrunk example: 4 to 7"
    assert lines[3] == "  the same shrunk example in 9 of 10 runs: deal 1: 4 draws"
    assert lines[-1] == (
        "  targets: median under 15 s (met), at most 5 moves (MISSED), "
        "the same example in 8 or more runs (met), reports under 40 lines (MISSED)"
    )
