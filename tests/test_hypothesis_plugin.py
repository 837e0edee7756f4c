"""The Hypothesis entry point: st.from_type and st.builds for the public types."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import operator
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules._hypothesis import _hypothesis_setup_hook

ROOT = Path(__file__).resolve().parents[1]
ENTRY_POINT = "patience_rules._hypothesis:_hypothesis_setup_hook"

# In a checkout whose installed copy predates the entry point, Hypothesis
# has not run the hook: run it here (registering twice is harmless).
_hypothesis_setup_hook()

REGISTERED = {name: pr.get_game(name) for name in pr.game_names()}


def test_the_package_declares_the_entry_point() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = re.search(
        r"^\[project\.entry-points\.hypothesis\]\n(.*?)(?:^\[|\Z)", text, re.M | re.S
    )
    assert section, "pyproject.toml declares no hypothesis entry point"
    assert re.search(rf'^_ = "{re.escape(ENTRY_POINT)}"$', section.group(1), re.M)
    module, name = ENTRY_POINT.split(":")
    assert callable(getattr(importlib.import_module(module), name))


@settings(max_examples=30)
@given(st.data())
def test_every_public_value_type_resolves_to_valid_values(data: st.DataObject) -> None:
    card = data.draw(st.from_type(pr.Card))
    assert card in pr.standard_deck()
    assert isinstance(data.draw(st.from_type(pr.Rank)), pr.Rank)
    assert isinstance(data.draw(st.from_type(pr.Suit)), pr.Suit)
    assert isinstance(data.draw(st.from_type(pr.PileKind)), pr.PileKind)
    game = data.draw(st.from_type(pr.GameRules))
    assert game in REGISTERED.values()
    state = data.draw(st.from_type(pr.State))
    assert state.rules in REGISTERED.values()
    assert pr.state_from_text(pr.state_to_text(state)) == state
    move = data.draw(st.from_type(pr.Move))
    place = data.draw(st.from_type(pr.Place))
    # A move and a place of some registered game's layout.
    assert any(move in pr.ActionSpace(rules) for rules in REGISTERED.values())
    assert any(
        place
        in {m.source for m in pr.ActionSpace(rules)} | {m.target for m in pr.ActionSpace(rules)}
        or place.kind in (pr.PileKind.STOCK, pr.PileKind.WASTE)
        for rules in REGISTERED.values()
    )
    record = data.draw(st.from_type(pr.GameRecord))
    assert pr.GameRecord.from_text(record.to_text()) == record
    # The parts of a state of some registered game, which make it again.
    parts = data.draw(st.from_type(pr.StateParts))
    assert any(_makes_a_state(rules, parts) for rules in REGISTERED.values())
    entry = data.draw(st.from_type(pr.GameEntry))
    assert entry in pr.game_entries()


def _makes_a_state(rules: pr.GameRules, parts: pr.StateParts) -> bool:
    try:
        state = rules.make_state(**parts)
    except pr.PatienceRulesError:
        return False
    return state.parts() == parts


@settings(max_examples=20)
@given(st.data())
def test_the_parts_are_those_of_registered_games(data: st.DataObject) -> None:
    parts: list[tuple[type, Callable[[pr.GameRules], Sequence[object]]]] = [
        (pr.Foundation, lambda rules: rules.foundations),
        (pr.FoundationSequence, lambda rules: [f.sequence for f in rules.foundations]),
        (pr.Tableau, lambda rules: [rules.tableau]),
        (pr.Reserve, lambda rules: [rules.reserve]),
        (pr.Middle, lambda rules: [rules.middle]),
        (pr.Stock, lambda rules: [rules.stock]),
    ]
    for kind, of in parts:
        value = data.draw(st.from_type(kind))
        assert any(value in of(rules) for rules in REGISTERED.values()), (kind, value)


@dataclasses.dataclass(frozen=True)
class Position:
    """A user's own type, with fields of the library's types."""

    state: pr.State
    hint: pr.Move
    favourite: pr.Card


@settings(max_examples=10)
@given(st.builds(Position))
def test_builds_fills_fields_of_the_library_types(position: Position) -> None:
    # (values the strategies promise, not only of the right types)
    state = position.state
    assert state.rules.name in REGISTERED
    assert pr.state_from_text(pr.state_to_text(state)) == state
    assert any(position.hint in rules.layout.moves for rules in REGISTERED.values())
    assert position.favourite in pr.standard_deck()


@settings(max_examples=10)
@given(state=..., game=...)
def test_given_infers_from_annotations(state: pr.State, game: pr.GameRules) -> None:
    assert state.rules.name in pr.game_names()
    assert game.name in pr.game_names()


@pytest.mark.reporting
def test_a_drawn_state_prints_short() -> None:
    @settings(database=None, max_examples=5)
    @given(st.from_type(pr.State))
    def fails(state: pr.State) -> None:
        raise AssertionError("shown")

    with pytest.raises(AssertionError) as failure:
        fails()
    notes = "\n".join(getattr(failure.value, "__notes__", []))
    assert "state=state_from_text(" in notes
    assert "_engine" not in notes


#: The types whose drawn values Hypothesis prints as we print them (it prints
#: the enums, Rank and Suit included, itself).
PRINTED = (
    pr.Card,
    pr.GameRules,
    pr.State,
    pr.Move,
    pr.Place,
    pr.GameRecord,
    pr.Layout,
    pr.Observation,
    pr.StateDict,
    pr.StateParts,
    pr.RecordDict,
    pr.RulesDict,
    pr.Build,
    pr.BuildDict,
    pr.FoundationSequence,
    pr.SequenceDict,
    pr.Foundation,
    pr.FoundationDict,
    pr.Tableau,
    pr.TableauDict,
    pr.Reserve,
    pr.ReserveDict,
    pr.Middle,
    pr.MiddleDict,
    pr.Stock,
    pr.StockDict,
)


@pytest.mark.parametrize("kind", PRINTED, ids=lambda kind: kind.__name__)
def test_a_failing_example_prints_as_code_that_rebuilds_it(kind: type) -> None:
    drawn: list[object] = []

    @settings(database=None, max_examples=3, phases=[Phase.generate])
    @given(st.from_type(kind))
    def fails(value: object) -> None:
        drawn.append(value)
        raise AssertionError("shown")

    with pytest.raises(AssertionError) as failure:
        fails()
    notes = "\n".join(getattr(failure.value, "__notes__", []))
    lines = notes[notes.index("fails(") :].splitlines()
    call = lines[: lines.index(")") + 1]
    # Hypothesis's comments ("# or any other generated value") left out.
    code = "\n".join(re.sub(r"(^|  )# .*$", "", line) for line in call)
    public = {name: getattr(pr, name) for name in pr.__all__}
    rebuilt = eval(code, {**public, "operator": operator}, {"fails": lambda value: value})
    assert rebuilt == drawn[-1], code


def _declared_by_the_installed_copy() -> bool:
    entry_points = importlib.metadata.entry_points(group="hypothesis")
    return any(entry.value == ENTRY_POINT for entry in entry_points)


@pytest.mark.skipif(
    not _declared_by_the_installed_copy(),
    reason="the installed copy of the package predates the entry point",
)
def test_an_installed_copy_registers_when_hypothesis_is_imported() -> None:
    # A fresh interpreter: only Hypothesis is imported, and it runs the hook,
    # with no side effect that Hypothesis warns about (-W error).
    code = (
        "import sys\n"
        "from hypothesis import Phase, find, settings, strategies as st\n"
        "import patience_rules as pr\n"
        "assert 'patience_rules.strategies' in sys.modules\n"
        "drawn = settings(database=None, phases=[Phase.generate])\n"
        "state = find(st.from_type(pr.State), lambda state: True, settings=drawn)\n"
        "print(type(state).__name__, state.rules.name in pr.game_names())\n"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error", "-c", code],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["State", "True"]
