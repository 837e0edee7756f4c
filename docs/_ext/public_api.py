"""The public API of patience_rules, as the documentation must cover it.

A module is public when no part of its dotted name starts with an underscore;
its public names are those in its ``__all__``.  This module tells which name
each public object is documented under, so that the documentation build and
the test suite can check that nothing public is left out.

It needs nothing but the standard library and the package itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

PACKAGE = "patience_rules"


def public_module_names(package: str = PACKAGE) -> list[str]:
    """The dotted names of the package and of every public module in it, sorted.

    Subpackages are imported to look inside them; modules are not.
    """
    root = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(root.__path__, prefix=package + "."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


def exported(module: ModuleType) -> list[str]:
    """The module's public names: its ``__all__``, if it has one.

    Without ``__all__``, they are the classes and functions the module
    defines under a name without a leading underscore.
    """
    if hasattr(module, "__all__"):
        return [str(name) for name in module.__all__]
    return [
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and is_code(obj)
        and getattr(obj, "__module__", None) == module.__name__
    ]


def is_code(obj: object) -> bool:
    """Whether ``obj`` is a class or a function (it knows where it was defined)."""
    return inspect.isclass(obj) or inspect.isroutine(obj)


def canonical_name(module: ModuleType, name: str, obj: object) -> str:
    """The name ``obj``, exported by ``module`` as ``name``, is documented under.

    A class or function is documented where it is defined when that module is
    public, and otherwise under the module that exports it; data (constants)
    are documented under the module that exports them.
    """
    if is_code(obj):
        home = str(getattr(obj, "__module__", ""))
        if home.startswith(PACKAGE) and not any(p.startswith("_") for p in home.split(".")):
            return f"{home}.{getattr(obj, '__qualname__', name)}"
    return f"{module.__name__}.{name}"


def public_members(cls: type) -> Iterator[tuple[str, object]]:
    """The public methods and properties a class defines itself (not enum members)."""
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if inspect.isfunction(value) or isinstance(value, property):
            yield name, value


def module_objects(module_name: str, package: str = PACKAGE) -> dict[str, object]:
    """The public objects one module exports, by the name each is documented under.

    That is: each name in the module's ``__all__``, and the public methods
    and properties of each class among them.  A class or function is named
    where it is defined (see :func:`canonical_name`); a constant that the
    package re-exports from a module is named under that module, and so is a
    class or function defined in a private module.
    """
    module = importlib.import_module(module_name)
    found: dict[str, object] = {}
    for name in exported(module):
        obj = getattr(module, name)
        documented = canonical_name(module, name, obj)
        if module_name == package and (not is_code(obj) or _defined_privately(obj)):
            documented = _data_home(name, obj, package) or documented
        found.setdefault(documented, obj)
        if inspect.isclass(obj):
            for member, value in public_members(obj):
                found.setdefault(f"{documented}.{member}", value)
    return found


def _defined_privately(obj: object) -> bool:
    """Whether class or function ``obj`` is defined in a private module of the package."""
    home = str(getattr(obj, "__module__", ""))
    return home.startswith(PACKAGE) and any(part.startswith("_") for part in home.split("."))


def _data_home(name: str, obj: object, package: str) -> str | None:
    """The public module, other than the package, that exports ``obj`` (a constant, or a
    class or function defined in a private module)."""
    for module_name in public_module_names(package)[1:]:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # a module that needs an optional extra exports no core constant
            continue
        if name in exported(module) and getattr(module, name) is obj:
            return f"{module_name}.{name}"
    return None


def public_objects(package: str = PACKAGE) -> dict[str, object]:
    """The public objects of every public module, by the name each is documented under."""
    found: dict[str, object] = {}
    for module_name in public_module_names(package):
        for documented, obj in module_objects(module_name, package).items():
            found.setdefault(documented, obj)
    return found


def documented_name(module: ModuleType, name: str, package: str = PACKAGE) -> str:
    """The name under which ``module.name`` is documented (see :func:`module_objects`)."""
    obj = getattr(module, name)
    if module.__name__ == package and (not is_code(obj) or _defined_privately(obj)):
        return _data_home(name, obj, package) or canonical_name(module, name, obj)
    return canonical_name(module, name, obj)


def docstring_of(obj: object) -> str | None:
    """The object's own docstring (a property's getter's), or ``None``."""
    if isinstance(obj, property):
        obj = obj.fget
    doc = getattr(obj, "__doc__", None)
    if not is_code(obj):
        return None  # data carry no docstring of their own; their doc-comment counts
    return inspect.cleandoc(doc) if isinstance(doc, str) and doc.strip() else None


def undocumented(objects: dict[str, object]) -> list[str]:
    """Those of ``objects`` (classes, functions, methods, properties) without a docstring."""
    return sorted(
        name
        for name, obj in objects.items()
        if (is_code(obj) or isinstance(obj, property)) and docstring_of(obj) is None
    )


#: ``.. automodule:: NAME`` and ``.. public-submodules:: NAME`` lines of a page.
_MODULE_LINE = re.compile(r"^\.\. (automodule|public-submodules):: (\S+)\s*$", re.MULTILINE)


def page_modules(text: str) -> set[str]:
    """The modules a page documents: its automodules, and the public submodules
    of each package named by ``public-submodules``."""
    found: set[str] = set()
    for directive, name in _MODULE_LINE.findall(text):
        if directive == "automodule":
            found.add(name)
        else:
            found.update(public_submodules(name))
    return found


def public_submodules(package: str) -> list[str]:
    """The public modules directly inside ``package``, sorted."""
    root = importlib.import_module(package)
    return sorted(
        f"{package}.{info.name}"
        for info in pkgutil.iter_modules(root.__path__)
        if not info.name.startswith("_")
    )


def _exists(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # a parent package is missing
        return False


def absent_module_pages(folder: Path) -> list[str]:
    """The pages in ``folder`` (as ``api/NAME.rst``) whose automodule is not in this checkout.

    Such a page was written ahead of its module; the build leaves it out
    until the module arrives.  A module that exists but fails to import is
    not absent: its page stays, and the build reports the failure.
    """
    absent = []
    for page in sorted(folder.glob("*.rst")):
        names = re.findall(r"^\.\. automodule:: (\S+)", page.read_text("utf-8"), re.MULTILINE)
        if names and not all(_exists(name) for name in names):
            absent.append(f"{folder.name}/{page.name}")
    return absent
