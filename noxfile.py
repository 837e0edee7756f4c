"""Development sessions: ``nox -s tests``, ``typing``, ``lint``, ``docs``.

Each session is runnable on its own; ``nox`` alone runs tests, typing and lint.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "typing", "lint"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite (with the doctests in the package)."""
    session.install("-e", ".[test]")
    session.run("pytest", *session.posargs)


@nox.session(python="3.11")
def typing(session: nox.Session) -> None:
    """Check types with mypy --strict over src, tests and examples."""
    session.install("-e", ".[test]", "mypy>=1.10")
    session.run("mypy", "--strict", "src", "tests", "examples")


@nox.session(python="3.11")
def lint(session: nox.Session) -> None:
    """Lint with ruff."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")
