"""The documentation covers the public API.

Every public module has an API page; every public
class, function, method and property has a docstring.  (The documentation
build checks, in addition, that each public name has an entry in the built
reference; see ``docs/_ext/patience_docs.py``.)
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import public_api  # noqa: E402

MODULES = public_api.public_module_names()


def _marks(module_name: str) -> list[pytest.MarkDecorator]:
    """Modules under contrib need an optional extra to import."""
    return [pytest.mark.extra] if module_name.startswith("patience_rules.contrib.") else []


PARAMS = [pytest.param(name, marks=_marks(name), id=name) for name in MODULES]


def test_the_public_modules_are_found() -> None:
    for name in ("patience_rules", "patience_rules.cards", "patience_rules.state"):
        assert name in MODULES
    assert not [name for name in MODULES if "._" in name]


@pytest.mark.parametrize("module_name", PARAMS)
def test_every_exported_name_exists(module_name: str) -> None:
    module = __import__(module_name, fromlist=["__all__"])
    missing = [name for name in getattr(module, "__all__", ()) if not hasattr(module, name)]
    assert not missing, f"{module_name}.__all__ names what it lacks: {missing}"


@pytest.mark.parametrize("module_name", PARAMS)
def test_every_public_looking_function_and_class_is_exported(module_name: str) -> None:
    # A name without a leading underscore that a module defines but leaves out
    # of __all__ reads as public and is not documented: name it _private.
    module = __import__(module_name, fromlist=["__all__"])
    if not hasattr(module, "__all__"):
        return  # (exports what it defines: the test below)
    exported = set(module.__all__)
    stray = [
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and name not in exported
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module_name
    ]
    assert not stray, f"{module_name} defines public-looking names outside __all__: {stray}"


@pytest.mark.parametrize("module_name", PARAMS)
def test_no_exported_name_reports_a_private_module(module_name: str) -> None:
    # help(), reprs and the documentation name a class by its __module__.
    module = __import__(module_name, fromlist=["__all__"])
    private = {
        name: owner
        for name in getattr(module, "__all__", ())
        if isinstance(owner := getattr(getattr(module, name), "__module__", None), str)
        and owner.startswith("patience_rules")
        and "._" in owner
    }
    assert not private, f"{module_name} exports names of private modules: {private}"


@pytest.mark.parametrize("module_name", PARAMS)
def test_every_exported_class_and_function_is_where_it_says_it_is(module_name: str) -> None:
    # help(), reprs, pickles and the documentation look a class or a function
    # up by its __module__ and __qualname__.
    module = __import__(module_name, fromlist=["__all__"])
    lost = {}
    for name in getattr(module, "__all__", ()):
        value = getattr(module, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            try:
                home = importlib.import_module(value.__module__)
            except ImportError:
                home = None
            if getattr(home, value.__qualname__, None) is not value:
                lost[name] = f"{value.__module__}.{value.__qualname__}"
    assert not lost, f"{module_name} exports names not found where they say they are: {lost}"


def test_a_module_without_all_exports_what_it_defines() -> None:
    import patience_rules.cli

    assert "main" in public_api.exported(patience_rules.cli)
    assert "argparse" not in public_api.exported(patience_rules.cli)


@pytest.mark.parametrize("module_name", PARAMS)
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    objects = public_api.module_objects(module_name)
    assert public_api.undocumented(objects) == []


def test_every_public_module_has_an_api_page() -> None:
    pages = "\n".join(page.read_text(encoding="utf-8") for page in (DOCS / "api").glob("*.rst"))
    documented = public_api.page_modules(pages)
    missing = [name for name in MODULES if name not in documented]
    assert not missing, (
        "each public module needs a page docs/api/<module>.rst with "
        f"'.. automodule:: <module>'; none documents {', '.join(missing)}"
    )


def test_pages_name_their_modules() -> None:
    page = ".. automodule:: patience_rules.cards\n\n.. public-submodules:: patience_rules.games\n"
    assert public_api.page_modules(page) >= {
        "patience_rules.cards",
        "patience_rules.games.captive_queens",
        "patience_rules.games.royal_cotillion",
    }


def test_a_page_ahead_of_its_module_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "here.rst").write_text(".. automodule:: patience_rules.cards\n", "utf-8")
    (tmp_path / "later.rst").write_text(".. automodule:: patience_rules.no_such\n", "utf-8")
    assert public_api.absent_module_pages(tmp_path) == [f"{tmp_path.name}/later.rst"]


def test_the_check_sees_a_missing_docstring() -> None:
    def bare(*args: object) -> None:
        pass

    def described() -> None:
        """Described."""

    assert public_api.undocumented({"x.bare": bare, "x.described": described}) == ["x.bare"]
    assert public_api.undocumented({"x.prop": property(bare)}) == ["x.prop"]


def test_the_readme_shows_both_commands_on_its_first_screen() -> None:
    # Installing and running from a checkout, and the test command, which
    # .ci/run runs word for word, within the README's first 30 lines.
    root = DOCS.parent
    first_screen = root.joinpath("README.md").read_text(encoding="utf-8").splitlines()[:30]
    install = "python -m pip install -e . && python -m patience_rules show royal-cotillion"
    tests = 'python -m pip install "nox[uv]" && python -m nox -s tests'
    assert any(line.startswith(install) for line in first_screen)
    assert tests in first_screen
    ci = root / ".ci" / "run"
    if ci.exists():  # (a checkout; the sdist leaves .ci out)
        assert f"run bash -c '{tests}'" in ci.read_text(encoding="utf-8")
