"""Development sessions: ``nox -s tests``, ``typing``, ``lint``, ``docs``, ``bench``.

Each session is runnable on its own; ``nox`` alone runs tests, typing and lint.
"""

from __future__ import annotations

import nox

nox.options.sessions = ["tests", "extras", "typing", "lint"]
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


#: The Python that also runs the slow tests and the extras.
MAIN_PYTHON = "3.11"


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """Run the test suite with the doctests; slow tests only on the main Python."""
    session.install("-e", ".[test]")
    marks = "not extra" if session.python == MAIN_PYTHON else "not extra and not slow"
    session.run("pytest", "-m", marks, *session.posargs)


@nox.session(python=MAIN_PYTHON)
def extras(session: nox.Session) -> None:
    """Run the tests that need the optional extras, against the real packages."""
    session.install("-e", ".[test,all]")
    session.run("pytest", "-m", "extra", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def typing(session: nox.Session) -> None:
    """Check types with mypy --strict over src, tests and examples."""
    session.install("-e", ".[test]", "mypy>=1.10")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks")


@nox.session(python=MAIN_PYTHON)
def lint(session: nox.Session) -> None:
    """Lint with ruff."""
    session.install("ruff>=0.5")
    session.run("ruff", "check", ".")


@nox.session(python=MAIN_PYTHON)
def bench(session: nox.Session) -> None:
    """Run the benchmarks (``nox -s bench -- --long`` for a steadier run)."""
    session.install("-e", ".")
    session.run("python", "benchmarks/run.py", *session.posargs)
