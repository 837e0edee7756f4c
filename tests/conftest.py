"""Shared test configuration: markers for optional extras, Hypothesis profiles.

Hypothesis profiles (choose one with ``HYPOTHESIS_PROFILE=<name>``):

- ``ci`` (the default): few examples, so the property suite runs in seconds.
- ``thorough``: enough examples that the random-play invariant test makes
  more than 10**5 random moves per game (and tests/test_klondike_engine.py
  10**5 per draw); the terminal summary prints the count of moves played,
  by game, and of the positions the validity property mutated and how many
  were accepted.
- ``hostile``: 10**5 inputs for each reader of the hostile-input suite
  (``tests/test_hostile.py``, run by ``nox -s hostile``), or as many as the
  ``HOSTILE_EXAMPLES`` environment variable says; the summary prints the
  count of inputs by reader.
"""

from __future__ import annotations

import importlib.util
import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings

from profiles import PROFILE

# Whole games are long examples: no deadline, and no complaint that they are slow.
_LONG_GAMES = settings(
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile("ci", _LONG_GAMES, max_examples=10)
settings.register_profile("thorough", _LONG_GAMES, max_examples=1000)
settings.register_profile(
    "hostile", _LONG_GAMES, max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "100000"))
)
settings.load_profile(PROFILE)

_TRANSITIONS = pytest.StashKey[Counter[str]]()
_VALIDITY = pytest.StashKey[Counter[str]]()
_HOSTILE = pytest.StashKey[Counter[str]]()
_SUMMARIES = (
    (_TRANSITIONS, "random moves played"),
    (_VALIDITY, "mutated positions"),
    (_HOSTILE, "hostile inputs, by reader"),
)


def pytest_configure(config: pytest.Config) -> None:
    """Make the counters that the terminal summary prints."""
    for key, _ in _SUMMARIES:
        config.stash[key] = Counter()


@pytest.fixture
def isolated_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game registry and its caches as copies: what a test registers is gone after it."""
    from composed import isolate_registry

    isolate_registry(monkeypatch)


@pytest.fixture(scope="session")
def transitions(pytestconfig: pytest.Config) -> Counter[str]:
    """A counter of the random moves the property tests play, by game name."""
    return pytestconfig.stash[_TRANSITIONS]


@pytest.fixture(scope="session")
def validity_counts(pytestconfig: pytest.Config) -> Counter[str]:
    """A counter of the mutated positions the validity property tried and accepted."""
    return pytestconfig.stash[_VALIDITY]


@pytest.fixture(scope="session")
def hostile_inputs(pytestconfig: pytest.Config) -> Counter[str]:
    """A counter of the inputs the hostile-input suite fed each reader."""
    return pytestconfig.stash[_HOSTILE]


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print the counters: random moves by game, mutations, hostile inputs by reader."""
    for key, title in _SUMMARIES:
        counts = terminalreporter.config.stash.get(key, Counter())
        if counts:
            terminalreporter.section(f"{title} (Hypothesis profile {PROFILE!r})")
            for name, count in sorted(counts.items()):
                terminalreporter.write_line(f"{name:60} {count:>9,}")


#: The packages the optional extras install, which the ``extra`` tests use.
_EXTRA_PACKAGES = ("numpy", "gymnasium", "pyspiel", "dask", "distributed")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Doctests of modules that need an optional extra are marked ``extra``.

    Where an extra's package is missing, the ``extra`` tests are skipped
    with a reason that names it (a distribution's build runs ``pytest``
    with the test extra alone), except under ``CI``, which installs every
    extra for them: there a missing package fails them.
    """
    for item in items:
        if item.nodeid.startswith("src/patience_rules/contrib/"):
            item.add_marker(pytest.mark.extra)
    missing = [name for name in _EXTRA_PACKAGES if importlib.util.find_spec(name) is None]
    if not missing or os.environ.get("CI"):
        return
    skip = pytest.mark.skip(
        reason=f"needs the optional extras ({', '.join(missing)} missing): "
        'pip install -e ".[all]", or run nox -s extras'
    )
    for item in items:
        if item.get_closest_marker("extra") is not None:
            item.add_marker(skip)
