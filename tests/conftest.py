"""Shared test configuration: markers for optional extras, Hypothesis profiles.

Hypothesis profiles (choose one with ``HYPOTHESIS_PROFILE=<name>``):

- ``ci`` (the default): few examples, so the property suite runs in seconds.
- ``thorough``: enough examples that the random-play invariant test makes
  more than 10**5 random moves per game (and tests/test_klondike_engine.py
  10**5 per draw); the terminal summary prints the count of moves played,
  by game.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings

# Whole games are long examples: no deadline, and no complaint that they are slow.
_LONG_GAMES = settings(
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", _LONG_GAMES, max_examples=10)
settings.register_profile("thorough", _LONG_GAMES, max_examples=1000)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(PROFILE)

_TRANSITIONS = pytest.StashKey[Counter[str]]()


def pytest_configure(config: pytest.Config) -> None:
    """Make the per-game transition counter."""
    config.stash[_TRANSITIONS] = Counter()


@pytest.fixture(scope="session")
def transitions(pytestconfig: pytest.Config) -> Counter[str]:
    """A counter of the random moves the property tests play, by game name."""
    return pytestconfig.stash[_TRANSITIONS]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print how many random moves each game's property tests played."""
    counts = terminalreporter.config.stash.get(_TRANSITIONS, Counter())
    if counts:
        terminalreporter.section(f"random moves played (Hypothesis profile {PROFILE!r})")
        for name, count in sorted(counts.items()):
            terminalreporter.write_line(f"{name:48} {count:>9,}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Doctests of modules that need an optional extra are marked ``extra``."""
    for item in items:
        if item.nodeid.startswith("src/patience_rules/contrib/"):
            item.add_marker(pytest.mark.extra)
