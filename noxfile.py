"""Development sessions, each runnable on its own: ``python -m nox -s NAME``.

- ``tests``: the whole suite with the doctests, slow tests included, on the
  Python that runs nox (the README's test command);
- ``matrix``: the suite less the slow tests on every other supported Python,
  so that ``tests`` and ``matrix`` together run on each of 3.10-3.13 once;
- ``extras``: the tests that need the optional extras, against the real packages;
- ``thorough``: the invariant suite with the thorough Hypothesis profile;
- ``typing``: ``mypy --strict``, then pyright's type completeness of the public API;
- ``lint``: ``ruff check`` and ``ruff format --check``;
- ``coverage``: branch coverage of the whole suite, extras included;
- ``docs``: the HTML docs (warnings as errors) and every page's examples;
- ``package``: the wheel and the sdist, installed and used;
- ``bench``: the benchmarks.

``nox`` alone runs tests, extras, typing and lint; ``.ci/run`` runs tests,
matrix, extras, typing, lint, package and docs.  Sessions make their
virtualenvs with uv when nox has it (``python -m pip install "nox[uv]"``),
with virtualenv otherwise.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import nox

nox.options.sessions = ["tests", "extras", "typing", "lint"]
nox.options.default_venv_backend = "uv|virtualenv"
nox.options.reuse_existing_virtualenvs = True
# A missing interpreter skips its session locally and fails it under CI (nox's default).


def _pyenv_pythons() -> None:
    """Put every Python 3.10-3.13 that pyenv has installed on the path for nox to find.

    pyenv's shims run only the versions selected in ``PYENV_VERSION`` (which
    pyenv itself sets to the running version), so keep those first (the first
    one runs nox) and add the newest release of each other minor version.
    Nothing happens without pyenv.
    """
    if shutil.which("pyenv") is None:
        return

    def pyenv(*args: str) -> str:
        return subprocess.run(["pyenv", *args], capture_output=True, text=True).stdout

    selected = os.environ.get("PYENV_VERSION") or pyenv("version-name").strip()
    chosen = [v for v in selected.split(":") if v]
    minors = {v.rsplit(".", 1)[0] for v in chosen}
    releases = [
        v for v in pyenv("versions", "--bare").split() if re.fullmatch(r"3\.1[0-3]\.\d+", v)
    ]
    for version in sorted(releases, key=lambda v: tuple(map(int, v.split("."))), reverse=True):
        minor = version.rsplit(".", 1)[0]
        if minor not in minors:
            minors.add(minor)
            chosen.append(version)
    os.environ["PYENV_VERSION"] = ":".join(chosen)


_pyenv_pythons()

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]

#: The Python that runs nox, and so the ``tests`` session.
CURRENT_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"

#: The Python of the single-interpreter sessions (extras, typing, docs, ...).
MAIN_PYTHON = "3.11"


@nox.session(python=None)
def tests(session: nox.Session) -> None:
    """Run the whole suite with the doctests (no extras) on the Python that runs nox."""
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "not extra", *session.posargs)


@nox.session(python=[v for v in PYTHONS if v != CURRENT_PYTHON])
def matrix(session: nox.Session) -> None:
    """Run the suite less the slow tests on each supported Python but the one running nox."""
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "not extra and not slow", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def extras(session: nox.Session) -> None:
    """Run the tests that need the optional extras, against the real packages."""
    session.install("-e", ".[test,all]")
    session.run("pytest", "-m", "extra", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def thorough(session: nox.Session) -> None:
    """The invariant suite with the thorough Hypothesis profile (10**5 moves per game)."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "tests/test_invariants.py",
        "tests/test_stateful.py",
        *session.posargs,
        env={"HYPOTHESIS_PROFILE": "thorough"},
    )


@nox.session(python=MAIN_PYTHON)
def typing(session: nox.Session) -> None:
    """Check types with mypy --strict, then report pyright's type completeness of the API."""
    session.install("-e", ".[test,all]", "mypy>=1.10", "pyright[nodejs]>=1.1.400")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks")
    # The share of the public API whose types a type checker knows, as pyright
    # sees it from a user's code.  Report-only for now: delete
    # ``success_codes=[0, 1]`` to fail the session below 100%.
    session.run(
        "pyright",
        "--verifytypes",
        "patience_rules",
        "--ignoreexternal",
        success_codes=[0, 1],
    )


@nox.session(python=MAIN_PYTHON)
def lint(session: nox.Session) -> None:
    """Lint with ruff and check that the code is formatted."""
    # Formatting changes between ruff's minor releases: raise the pin deliberately.
    session.install("ruff~=0.17.6")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=MAIN_PYTHON)
def coverage(session: nox.Session) -> None:
    """Measure the branch coverage of the whole suite, extras and slow tests included."""
    session.install("-e", ".[test,all]", "coverage>=7.6")
    session.run("coverage", "erase")
    session.run("coverage", "run", "-m", "pytest", *session.posargs)
    session.run("coverage", "combine", "--quiet")
    session.run("coverage", "html", "--quiet")
    session.log("line-by-line: htmlcov/index.html")
    session.run("coverage", "report")


@nox.session(python=MAIN_PYTHON)
def package(session: nox.Session) -> None:
    """Build the wheel and sdist, install the wheel into a fresh venv and use it."""
    import glob
    import shutil
    import tempfile

    shutil.rmtree("dist", ignore_errors=True)
    session.install("build>=1.0")
    session.run("python", "-m", "build", "--outdir", "dist")
    wheels = glob.glob("dist/*.whl")
    sdists = glob.glob("dist/*.tar.gz")
    if len(wheels) != 1 or len(sdists) != 1:
        session.error(f"expected one wheel and one sdist, got {wheels + sdists}")
    with tempfile.TemporaryDirectory() as tmp:
        session.run("python", "-m", "venv", tmp, external=True)
        python = f"{tmp}/bin/python"
        session.run(python, "-m", "pip", "install", "--quiet", wheels[0], external=True)
        session.run(
            python,
            "-c",
            "import patience_rules as pr, sys; "
            "s = pr.get_game('royal-cotillion').deal(7); "
            "assert s.apply(s.legal_moves()[0]) != s; "
            "import importlib.resources as r; "
            "assert r.files('patience_rules').joinpath('py.typed').is_file(); "
            "assert 'hypothesis' not in sys.modules; print('wheel OK', pr.__version__)",
            external=True,
        )
        session.run(f"{tmp}/bin/patience-rules", "games", external=True)


@nox.session(python=MAIN_PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML docs (warnings as errors, nitpicky) and run every page's examples.

    .readthedocs.yaml builds the same docs: keep the two in step.
    """
    session.install("-e", ".[docs,all]")
    session.run(
        "sphinx-build",
        "-E",
        "-W",
        "--keep-going",
        "-n",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
        *session.posargs,
    )
    session.run("pytest", "--doctest-glob=*.rst", "docs", "src/patience_rules", "README.md")


@nox.session(python=MAIN_PYTHON)
def bench(session: nox.Session) -> None:
    """Run the benchmarks (``nox -s bench -- --long`` for a steadier run)."""
    session.install("-e", ".")
    session.run("python", "benchmarks/run.py", *session.posargs)
