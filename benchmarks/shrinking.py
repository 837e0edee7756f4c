"""Shrinking: how fast, how far and how steadily a failure found by the strategies shrinks.

The example project ``examples/hint_engine`` has a hint engine with a
planted bug and a property that finds it.  This benchmark runs that failing
property under pytest, as a user would, once per seed (``--hypothesis-seed``
0, 1, ...), with a fresh example database each time, for Royal Cotillion and
for Captive Queens.  For each run it prints how long Hypothesis spent
finding and shrinking the failure (from ``--hypothesis-show-statistics``),
how many moves the shrunk example plays, and how many lines pytest's report
of the failure takes; then, for each game, the medians, the most common
shrunk example (and in how many runs it came out) and the longest report.

    python benchmarks/shrinking.py                 # 10 runs per game
    python benchmarks/shrinking.py --runs 3 --game captive-queens
    python benchmarks/shrinking.py --compare       # also games dealt by number
    python benchmarks/shrinking.py --src OTHER/src # another checkout's strategies

``--compare`` adds, for comparison, the same Royal Cotillion property with
games dealt by number (``states(game, deal_numbers=deal_numbers())``), and a
bug that needs a rarer position (a hint engine that reads the front card of
every Ladies column, and fails once a column is emptied), shrunk both ways.

The runs take CPU time (seconds each, a few minutes in all): run one
benchmark at a time.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "hint_engine"
TESTS = {
    "royal-cotillion": "test_hint_engine.py::test_royal_cotillion_hints_name_the_card_they_play",
    "captive-queens": "test_hint_engine.py::test_captive_queens_hints_name_the_card_they_play",
}


@attrs.frozen
class Targets:
    """What a property's figures should meet, over ten runs."""

    #: The median time to find and shrink the failure, in seconds: under this.
    median_seconds: float
    #: The most moves in any shrunk example.
    most_moves: int
    #: In how many of ten runs the same shrunk example comes out, at least (None: no target).
    same_in: int | None
    #: The lines of pytest's report of the failure: under this.
    report_lines: int


#: Royal Cotillion's failure must shrink fast, short and always the same way;
#: Captive Queens' must stay as good as with the first version of the strategies
#: (2-5 s, 8 moves or fewer).
TARGETS = {
    "royal-cotillion": Targets(15.0, 5, 8, 40),
    "captive-queens": Targets(5.0, 8, None, 40),
}

_SECTION = re.compile(r"^_{3,} .+ _{3,}$")
_END = re.compile(r"^={3,}")
_PHASE = re.compile(r"during (generate|shrink|explain) phase \(([\d.]+) seconds\)")
_NOTE = re.compile(r"^E?\s*(\S+ deal \d+.*?, (?:then (\d+) moves?: .*|no moves))$")
_DRAW = re.compile(r"^E?\s*(Draw \d+.*|state=.*)$")
#: The note of the first version of the strategies, for ``--src`` runs of that code.
_OLD_NOTE = re.compile(r"^E?\s*(\S+: (\d+) moves from the deal: .*)$")

#: The properties of ``--compare``, written to a temporary directory.
_COMPARE_PROJECT = '''
"""The example's property dealt by number; a hint engine that reads every Ladies column."""

from hypothesis import given, settings

import patience_rules as pr
from hint_engine import hint
from patience_rules.strategies import deal_numbers, states

settings.register_profile("compare", deadline=None)
settings.load_profile("compare")


@given(states(pr.royal_cotillion(), deal_numbers=deal_numbers()))
def test_hint_names_its_card_deal_numbers(state: pr.State) -> None:
    suggested = hint(state)
    if suggested is not None and suggested.card is not None:
        played = state.card_of(suggested.move)
        assert suggested.card == played, f"{suggested}, but the move plays {played}"


def blocked_fronts(state: pr.State) -> int:
    """How many columns' front cards cannot go home (fails on an emptied column)."""
    fronts = [column[-1] for column in state.columns]
    wanted = {state.card_of(move) for move in state.legal_moves()}
    return sum(card not in wanted for card in fronts)


@given(states(pr.royal_cotillion()))
def test_emptied_column_deal_one_with_cards_swapped(state: pr.State) -> None:
    assert blocked_fronts(state) >= 0


@given(states(pr.royal_cotillion(), deal_numbers=deal_numbers()))
def test_emptied_column_deal_numbers(state: pr.State) -> None:
    assert blocked_fronts(state) >= 0
'''

_COMPARED = {
    "royal-cotillion, dealt by number": "test_hint_names_its_card_deal_numbers",
    "emptied column, deal 1 with cards swapped": "test_emptied_column_deal_one_with_cards_swapped",
    "emptied column, dealt by number": "test_emptied_column_deal_numbers",
}


@attrs.frozen
class Run:
    """One run of a failing property: what Hypothesis reported."""

    seed: int
    failed: bool
    phases: dict[str, float]
    moves: int | None
    example: str
    report_lines: int
    wall: float

    @property
    def seconds(self) -> float:
        """Time spent finding and shrinking the failure (generate and shrink phases)."""
        return self.phases.get("generate", 0.0) + self.phases.get("shrink", 0.0)


def failure_reports(output: str) -> dict[str, list[str]]:
    """pytest's report of each failure, by test name: the lines of its section, header included."""
    reports: dict[str, list[str]] = {}
    lines = output.splitlines()
    for start, line in enumerate(lines):
        if _SECTION.match(line):
            end = start + 1
            while end < len(lines) and not (_SECTION.match(lines[end]) or _END.match(lines[end])):
                end += 1
            reports[line.strip("_ ")] = lines[start:end]
    return reports


def failure_report(output: str) -> list[str]:
    """The lines of pytest's report of the first failure (none if nothing failed)."""
    return next(iter(failure_reports(output).values()), [])


def parse_run(seed: int, output: str, wall: float) -> Run:
    """A :class:`Run` from pytest's output (with ``--hypothesis-show-statistics``)."""
    report = failure_report(output)
    phases = {name: float(seconds) for name, seconds in _PHASE.findall(output)}
    notes = [match for line in report if (match := _NOTE.match(line) or _OLD_NOTE.match(line))]
    draws = [match.group(1) for line in report if (match := _DRAW.match(line))]
    moves = None
    example = ""
    if notes:
        note = notes[-1]
        moves = int(note.group(2)) if note.group(2) else 0
        # The note names the deal and the moves; the state follows from them.
        example = note.group(1)
    elif draws:
        example = draws[-1]
    return Run(seed, bool(report), phases, moves, example, len(report), wall)


def run_once(project: Path, test: str, seed: int, source: Path) -> Run:
    """Run ``test`` in ``project`` under pytest with ``seed`` and a fresh database."""
    with tempfile.TemporaryDirectory() as storage:
        environment = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(source), str(project), str(EXAMPLE)]),
            "HYPOTHESIS_STORAGE_DIRECTORY": storage,
        }
        command = [
            sys.executable,
            "-m",
            "pytest",
            test,
            "-p",
            "no:cacheprovider",
            f"--hypothesis-seed={seed}",
            "--hypothesis-show-statistics",
        ]
        start = time.perf_counter()
        done = subprocess.run(
            command, cwd=project, env=environment, capture_output=True, text=True, check=False
        )
        wall = time.perf_counter() - start
    return parse_run(seed, done.stdout, wall)


def summary(name: str, runs: Sequence[Run], targets: Targets | None = None) -> list[str]:
    """The figures for one property over its runs, and whether each meets its target."""
    failed = [run for run in runs if run.failed]
    lines = [f"{name}: the failure found in {len(failed)} of {len(runs)} runs"]
    if not failed:
        return lines
    seconds = statistics.median(run.seconds for run in failed)
    moves = [run.moves for run in failed if run.moves is not None]
    example, count = Counter(run.example for run in failed).most_common(1)[0]
    longest = max(run.report_lines for run in failed)
    lines += [
        f"  median time to find and shrink: {seconds:.1f} s "
        f"(shrinking alone {statistics.median(run.phases.get('shrink', 0.0) for run in failed):.1f} s; "
        f"whole pytest run {statistics.median(run.wall for run in failed):.1f} s)",
        f"  moves in the shrunk example: {min(moves, default=0)} to {max(moves, default=0)}",
        f"  the same shrunk example in {count} of {len(runs)} runs: {example}",
        f"  the longest failure report: {longest} lines",
    ]
    if targets is not None:
        met = [
            f"median under {targets.median_seconds:.0f} s "
            + _mark(seconds < targets.median_seconds),
            f"at most {targets.most_moves} moves "
            + _mark(bool(moves) and max(moves) <= targets.most_moves),
            f"reports under {targets.report_lines} lines " + _mark(longest < targets.report_lines),
        ]
        if targets.same_in is not None:
            least = -(-targets.same_in * len(runs) // 10)
            met.insert(2, f"the same example in {least} or more runs " + _mark(count >= least))
        lines.append("  targets: " + ", ".join(met))
    return lines


def _mark(met: bool) -> str:
    return "(met)" if met else "(MISSED)"


def measure(
    name: str, project: Path, test: str, runs: int, source: Path, targets: Targets | None = None
) -> list[str]:
    """Run one property ``runs`` times, print a line per run, and return its summary."""
    results = []
    for seed in range(runs):
        run = run_once(project, test, seed, source)
        results.append(run)
        phases = ", ".join(f"{phase} {seconds:.1f} s" for phase, seconds in run.phases.items())
        print(
            f"{name} seed {seed}: {phases or 'no statistics'}; "
            f"{run.moves if run.moves is not None else '?'} moves, "
            f"report {run.report_lines} lines: {run.example}",
            flush=True,
        )
    return summary(name, results, targets)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs (seeds) per property")
    parser.add_argument(
        "--game",
        choices=["royal-cotillion", "captive-queens"],
        action="append",
        help="only this game's property (repeatable; default both)",
    )
    parser.add_argument(
        "--compare", action="store_true", help="also games dealt by number, and a rarer bug"
    )
    parser.add_argument("--src", default=str(ROOT / "src"), help="the source tree to import from")
    args = parser.parse_args(argv)
    source = Path(args.src).resolve()
    summaries: list[str] = []
    for game in args.game or ["royal-cotillion", "captive-queens"]:
        summaries += measure(game, EXAMPLE, TESTS[game], args.runs, source, TARGETS[game])
    if args.compare:
        with tempfile.TemporaryDirectory() as directory:
            project = Path(directory)
            (project / "test_compare.py").write_text(textwrap.dedent(_COMPARE_PROJECT), "utf-8")
            for name, test in _COMPARED.items():
                summaries += measure(name, project, f"test_compare.py::{test}", args.runs, source)
    print()
    print("\n".join(summaries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
