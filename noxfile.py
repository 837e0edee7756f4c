"""Development sessions, each runnable on its own: ``python -m nox -s NAME``.

- ``tests``: the suite with the doctests, slow tests included (the extras'
  tests left to ``extras``, the long fuzzing to ``hostile``, the model's
  deepest perft search to ``thorough``), on the Python that runs nox: the
  README's test command;
- ``matrix``: the suite less the slow tests on every other supported Python
  but the oldest;
- ``lowest``: the suite less the slow tests and the tests of failure reports,
  extras included, on the oldest supported Python with the oldest version of
  every dependency that ``pyproject.toml`` allows (so ``tests``, ``matrix``
  and ``lowest`` together run on each of 3.10-3.13 once; needs uv);
- ``extras``: the tests that need the optional extras, against the real packages;
- ``thorough``: the invariant suite and the validity property (220,000 mutated
  positions) with the thorough Hypothesis profile, the Klondike engine against
  its rule reader over 10**5 random moves per draw, and the perft figures
  against the model at every pinned depth (not part of ``.ci/run``);
- ``hostile``: the hostile-input suite and the readers' fuzz tests with 10**5
  inputs per reader (some four and a half hours on one core; a nightly run,
  not part of ``.ci/run``);
- ``typing``: ``mypy --strict``, then pyright's type completeness of the public API,
  which must be 100%;
- ``lint``: ``ruff check`` and ``ruff format --check``;
- ``coverage``: branch coverage of the whole suite, extras included;
- ``docs``: the HTML docs (warnings as errors) and every page's examples;
- ``package``: the wheel and the sdist, checked;
- ``release``: the local part of a release (``docs/releasing.rst``); it uploads nothing;
- ``bench``: the benchmarks.

``nox`` alone runs tests, extras, typing and lint; ``.ci/run`` runs tests,
then the matrix's newest Python, beside lowest, typing, extras, docs,
package and lint (two sessions at once, one a core).  Sessions make their virtualenvs with uv when
nox has it (``python -m pip install "nox[uv]"``), with virtualenv otherwise.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

import nox

# The uv backend with a fallback to virtualenv works from nox 2024.04.15 on.
nox.needs_version = ">=2024.4.15"
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


#: The outside program the FreeCell tests replay (tests/fc_solve.py), and its Debian package.
FC_SOLVE = "fc-solve"
FC_SOLVE_PACKAGE = "freecell-solver-bin"


def _install_fc_solve(session: nox.Session) -> None:
    """Install Freecell Solver's ``fc-solve`` where it is missing (Debian's package).

    The FreeCell tests replay its solutions, so the suite needs it.  It comes
    from the system's packages: as root, or through ``sudo`` that asks no
    password; elsewhere the session stops and says what to install.
    """
    if shutil.which(FC_SOLVE) is not None:
        return
    sudo = [] if os.name == "posix" and os.geteuid() == 0 else ["sudo", "-n"]
    if shutil.which("apt-get") is None or (sudo and shutil.which("sudo") is None):
        session.error(
            f"the FreeCell tests need Freecell Solver's {FC_SOLVE} on the path, and this "
            f"session cannot install it: install Freecell Solver (Debian and Ubuntu: "
            f"apt-get install {FC_SOLVE_PACKAGE}), then run again"
        )
    # .ci/run runs two sessions at a time: the first to get here installs,
    # the other waits for it, then finds fc-solve (apt-get refuses to run
    # twice at once).  apt-get is there, so this is a POSIX system: fcntl is too.
    import fcntl

    with open(Path(tempfile.gettempdir()) / "patience-rules-fc-solve.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if shutil.which(FC_SOLVE) is None:
            _apt_get_fc_solve(session, sudo)


def _apt_get_fc_solve(session: nox.Session, sudo: list[str]) -> None:
    """Install Debian's package of Freecell Solver with apt-get (through ``sudo`` if given)."""
    session.log(f"{FC_SOLVE} is missing: installing Debian's {FC_SOLVE_PACKAGE}")
    session.run(*sudo, "apt-get", "update", "-qq", external=True, silent=True)
    session.run(
        *sudo,
        "env",
        "DEBIAN_FRONTEND=noninteractive",
        "apt-get",
        "install",
        "-y",
        "-qq",
        FC_SOLVE_PACKAGE,
        external=True,
        silent=True,
    )
    if shutil.which(FC_SOLVE) is None:
        session.error(f"{FC_SOLVE_PACKAGE} is installed, but {FC_SOLVE} is not on the path")


@nox.session(python=None)
def tests(session: nox.Session) -> None:
    """Run the whole suite with the doctests (no extras) on the Python that runs nox."""
    _install_fc_solve(session)
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "not extra", *session.posargs)


@nox.session(python=[v for v in PYTHONS if v not in (CURRENT_PYTHON, PYTHONS[0])])
def matrix(session: nox.Session) -> None:
    """Run the suite less the slow tests on each supported Python but the one running nox
    and the oldest (which ``lowest`` runs), and less the tests of failure reports, which
    test Hypothesis's shrinking rather than the Python version (``tests`` runs them)."""
    _install_fc_solve(session)
    session.install("-e", ".[test]")
    session.run("pytest", "-m", "not extra and not slow and not reporting", *session.posargs)


@nox.session(python=PYTHONS[0], venv_backend="uv")
def lowest(session: nox.Session) -> None:
    """Run the suite less the slow tests, extras included, on the oldest Python with the
    oldest versions that pyproject.toml allows of every dependency it names (uv's
    ``--resolution lowest-direct``): the lower bounds are tested, not hoped for.

    The tests of failure reports are left to ``tests``: the oldest Hypothesis shrinks
    them for three and a half minutes (the printing of drawn values that it must
    support is tested without a failure to shrink)."""
    _install_fc_solve(session)
    session.install("--resolution", "lowest-direct", "-e", ".[test,all]")
    session.run("pytest", "-m", "not slow and not reporting", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def extras(session: nox.Session) -> None:
    """Run the tests that need the optional extras, against the real packages."""
    session.install("-e", ".[test,all]")
    session.run("pytest", "-m", "extra", *session.posargs)


@nox.session(python=MAIN_PYTHON)
def thorough(session: nox.Session) -> None:
    """The invariant suite with the thorough Hypothesis profile (10**5 moves per game), the
    validity property (220,000 mutated positions; the summary prints how many were
    accepted), the Klondike engine against its rule reader over 10**5 random moves
    each for draw 1 and draw 3, and the perft figures against the model's brute force at
    every pinned depth (four levels by default)."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "tests/test_invariants.py",
        "tests/test_stateful.py",
        "tests/test_klondike_engine.py",
        "tests/test_validity.py",
        "tests/test_perft.py",
        *session.posargs,
        env={"HYPOTHESIS_PROFILE": "thorough"},
    )


@nox.session(python=MAIN_PYTHON)
def hostile(session: nox.Session) -> None:
    """The hostile-input suite and the readers' fuzz tests (``tests/test_notation_fuzz.py``)
    with 10**5 inputs per reader (the hostile Hypothesis profile).

    A nightly run: some four and a half hours on one core (10**4 inputs per reader
    took 22 minutes of CPU in the hostile suite; the fuzz tests take about 7 ms an
    input); ``HOSTILE_EXAMPLES=10000 nox -s hostile`` runs that shorter size.  The
    summary prints the inputs fed to each reader.  The extras are installed, so that
    the adapters' cases run too.
    """
    session.install("-e", ".[test,all]")
    session.run(
        "pytest",
        "tests/test_hostile.py",
        "tests/test_notation_fuzz.py",
        *session.posargs,
        env={"HYPOTHESIS_PROFILE": "hostile"},
    )


@nox.session(python=MAIN_PYTHON)
def typing(session: nox.Session) -> None:
    """Check types with mypy --strict (as Python 3.10, then as 3.11, where NumPy's types
    are read), then pyright's type completeness of the API (100%)."""
    session.install("-e", ".[test,all]", "mypy>=1.14", "pyright[nodejs]>=1.1.400")
    session.run("mypy", "--strict", "src", "tests", "examples", "benchmarks")
    # Again as Python 3.11, where NumPy's own types are read (its stubs need
    # 3.11, so checked as 3.10 its values are Any): the API's annotations
    # must take the NumPy numbers that it documents taking.
    session.run(
        "mypy", "--strict", "--python-version", "3.11", "src", "tests", "examples", "benchmarks"
    )
    # The share of the public API whose types a type checker knows, as pyright
    # sees it from a user's code: anything below 100% fails the session.
    # pyright finds the package through the editable install's .pth file
    # (hatchling writes a plain path, which pyright follows; an import hook
    # it would not), and a package it cannot find scores 0% and fails too.
    # The extras are installed, as the adapters' base classes come from them.
    session.run("pyright", "--verifytypes", "patience_rules", "--ignoreexternal")


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
    _install_fc_solve(session)
    session.install("-e", ".[test,all]", "coverage>=7.6")
    session.run("coverage", "erase")
    session.run("coverage", "run", "-m", "pytest", *session.posargs)
    session.run("coverage", "combine", "--quiet")
    session.run("coverage", "html", "--quiet")
    session.log("line-by-line: htmlcov/index.html")
    session.run("coverage", "report")


# -- the wheel and the sdist ---------------------------------------------------


def _wheel_files(path: Path) -> dict[str, bytes]:
    """The files of a wheel by name, with their contents.

    RECORD lists every file with its hash and size, so it is compared too,
    but as a set of lines: only the order in which a build wrote it may differ.
    """
    with zipfile.ZipFile(path) as wheel:
        files = {info.filename: wheel.read(info) for info in wheel.infolist() if not info.is_dir()}
    for name in files:
        if name.endswith(".dist-info/RECORD"):
            files[name] = b"\n".join(sorted(files[name].splitlines()))
    return files


def _same_wheels(session: nox.Session, ours: Path, theirs: Path) -> None:
    """Fail unless the two wheels hold the same files with the same contents."""
    a, b = _wheel_files(ours), _wheel_files(theirs)
    problems = [f"only in the wheel from the tree: {name}" for name in sorted(a.keys() - b.keys())]
    problems += [
        f"only in the wheel from the sdist: {name}" for name in sorted(b.keys() - a.keys())
    ]
    problems += [f"differs: {name}" for name in sorted(a.keys() & b.keys()) if a[name] != b[name]]
    if problems:
        session.error("the sdist builds another wheel:\n  " + "\n  ".join(problems))
    session.log(f"the sdist builds the same wheel ({len(a)} files, identical contents)")


def _check_licence(session: nox.Session, wheel: Path, sdist: Path) -> None:
    """Both artifacts hold the LICENSE file, and the metadata names it."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        headers = archive.read(metadata).decode()
    if not any(n.endswith(".dist-info/licenses/LICENSE") for n in names):
        session.error(f"{wheel.name} holds no LICENSE file")
    if "License-Expression: MIT" not in headers or "License-File: LICENSE" not in headers:
        session.error(f"{wheel.name}: the metadata does not name the MIT licence and its file")
    with tarfile.open(sdist) as archive:
        if f"{sdist.name.removesuffix('.tar.gz')}/LICENSE" not in archive.getnames():
            session.error(f"{sdist.name} holds no LICENSE file")


def _build_and_check(session: nox.Session) -> tuple[Path, Path]:
    """Build the wheel and the sdist into dist/ from the tree and check them.

    twine's strict check of both; the licence in both; the sdist, unpacked,
    builds a wheel identical to the one built from the tree; the wheel
    installs into a fresh venv without the extras and works.
    """
    dist = Path("dist")
    shutil.rmtree(dist, ignore_errors=True)
    # (hatchling writes Metadata-Version 2.5, which packaging reads from 26.2:
    # an older twine with an older packaging refuses the wheel before uploading it)
    session.install("build>=1.2", "twine>=6.1", "packaging>=26.2")
    session.run("python", "-m", "build", "--sdist", "--wheel", "--outdir", str(dist))
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        session.error(f"expected one wheel and one sdist, got {wheels + sdists}")
    wheel, sdist = wheels[0], sdists[0]
    session.run("twine", "check", "--strict", str(wheel), str(sdist))
    _check_licence(session, wheel, sdist)

    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(sdist) as archive:
            if hasattr(tarfile, "data_filter"):
                archive.extractall(tmp, filter="data")
            else:  # a Python without extraction filters
                archive.extractall(tmp)
        unpacked = Path(tmp) / sdist.name.removesuffix(".tar.gz")
        session.run("python", "-m", "build", "--wheel", "--outdir", f"{tmp}/wheel", str(unpacked))
        _same_wheels(session, wheel, next(Path(tmp, "wheel").glob("*.whl")))

    with tempfile.TemporaryDirectory() as tmp:
        session.run("python", "-m", "venv", tmp, external=True)
        python = f"{tmp}/bin/python"
        session.run(python, "-m", "pip", "install", "--quiet", str(wheel), external=True)
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
    return wheel, sdist


@nox.session(python=MAIN_PYTHON)
def package(session: nox.Session) -> None:
    """Build the wheel and the sdist into dist/ and check them (twine, licence, rebuild, install)."""
    _build_and_check(session)


def _source_version() -> str:
    """The version in ``patience_rules/__init__.py``, which the build reads too."""
    text = Path("src/patience_rules/__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise RuntimeError("src/patience_rules/__init__.py sets no __version__")
    return found.group(1)


@nox.session(python=MAIN_PYTHON)
def release(session: nox.Session) -> None:
    """Check, build and check a release; print the upload command (it uploads nothing).

    The checkout must be clean and tagged ``v<version>``, and CHANGELOG.md
    must have a dated section and a link for the version.  See
    ``docs/releasing.rst``.
    """
    version = _source_version()
    tag = f"v{version}"
    changelog = Path("CHANGELOG.md").read_text(encoding="utf-8")
    if not re.search(rf"^## \[{re.escape(version)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", changelog, re.M):
        session.error(f"CHANGELOG.md has no section '## [{version}] - YYYY-MM-DD'")
    if not re.search(rf"^\[{re.escape(version)}\]: https://\S+$", changelog, re.M):
        session.error(f"CHANGELOG.md has no link '[{version}]: https://...' at its foot")
    changes = session.run("git", "status", "--porcelain", silent=True, external=True)
    if not isinstance(changes, str) or changes.strip():
        session.error(f"the checkout has uncommitted changes:\n{changes}")
    tags = session.run("git", "tag", "--points-at", "HEAD", silent=True, external=True)
    if not isinstance(tags, str) or tag not in tags.split():
        session.error(f"HEAD is not tagged {tag}: git tag -a {tag} -m 'patience-rules {version}'")

    wheel, sdist = _build_and_check(session)
    for artifact in (wheel, sdist):
        if f"-{version}" not in artifact.name:
            session.error(f"{artifact.name} is not version {version}")
    twine = Path(os.path.relpath(session.bin), "twine")
    session.log(
        f"patience-rules {version} is ready. Upload it, then push the tag:\n\n"
        f"    {twine} upload {wheel} {sdist}\n"
        f"    git push origin main {tag}\n"
    )


# -- the docs and the benchmarks -----------------------------------------------


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
