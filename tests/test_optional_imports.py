"""Importing the package: it makes no game's rules, and an optional module whose
extra is not installed says which extra to install."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Each module, the extra that installs what it needs, and those packages in
# the order it imports them (all are hidden, whichever this Python has: the
# first is the one named).
CASES = [
    ("patience_rules.strategies", "hypothesis", ["hypothesis"]),
    ("patience_rules.contrib.gymnasium", "gymnasium", ["gymnasium", "numpy"]),
    ("patience_rules.contrib.openspiel", "openspiel", ["numpy", "pyspiel"]),
]

PROGRAM = """
import sys
for name in {hidden!r}:
    sys.modules[name] = None  # (as if it were not installed)
import patience_rules  # the package itself needs none of them
try:
    import {module}
except ModuleNotFoundError as error:
    print(error.name)
    print(error)
"""


def python(program: str) -> subprocess.CompletedProcess[str]:
    """``program`` run by a Python of its own on the tree under test, whatever copy is installed."""
    return subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")},
    )


@pytest.mark.parametrize(("module", "extra", "hidden"), CASES)
def test_a_missing_dependency_names_the_extra(module: str, extra: str, hidden: list[str]) -> None:
    # (the Hypothesis entry point is not run: the program imports no Hypothesis)
    done = python(PROGRAM.format(hidden=hidden, module=module))
    assert done.returncode == 0, done.stderr
    name, message = done.stdout.splitlines()
    assert name == hidden[0]
    assert message == (
        f"{module} needs {hidden[0]}, which the extra installs: "
        f'pip install "patience-rules[{extra}]"'
    )


def test_importing_the_package_makes_no_game_s_rules() -> None:
    # The registered games' rules are made when first asked for, not as the
    # package is imported (which they would slow).
    program = (
        "import patience_rules, patience_rules.rules as r; "
        "print(len(r._MADE)); patience_rules.get_game('sultan'); print(len(r._MADE))"
    )
    done = python(program)
    assert (done.returncode, done.stdout) == (0, "0\n1\n"), done.stderr
