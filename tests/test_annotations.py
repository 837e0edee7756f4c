"""The public API's annotations resolve at run time, as they read to a type checker.

Tools that read annotations while a program runs (``typing.get_type_hints``:
typeguard, beartype, cattrs, a documentation builder) evaluate the texts that
``from __future__ import annotations`` leaves; a name imported for type
checkers only, or an alias kept as a text, fails there with ``NameError`` or
``TypeError`` though every type checker is content.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import typing
from collections.abc import Iterator

import pytest

import patience_rules

#: The modules that need an optional extra (their tests are marked ``extra``).
EXTRA = {
    "patience_rules.strategies",
    "patience_rules.contrib.gymnasium",
    "patience_rules.contrib.openspiel",
}
#: The package and every public module (no part of its name private;
#: ``__main__`` runs the command line).
MODULES = [
    "patience_rules",
    *sorted(
        module.name
        for module in pkgutil.walk_packages(patience_rules.__path__, "patience_rules.")
        if not any(part.startswith("_") for part in module.name.split("."))
    ),
]


def annotated(module_name: str) -> Iterator[tuple[str, object]]:
    """Each public function, class and method of a module's ``__all__``, by name.

    A class is asked for its methods' annotations and its own (attributes);
    what a class inherits from another library (Gymnasium's ``Env``) is that
    library's to resolve, so a class is asked for its own attributes only.
    """
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None)
    if names is None:  # (the command line's module: what it defines)
        names = [
            name
            for name, value in vars(module).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module_name
        ]
    for name in names:
        value = getattr(module, name)
        if inspect.isfunction(value):
            yield name, value
        elif inspect.isclass(value) and value.__module__.startswith("patience_rules"):
            yield name, value
            for attribute, member in vars(value).items():
                member = getattr(member, "__func__", member)  # static and class methods
                if isinstance(member, property):
                    member = member.fget
                if inspect.isfunction(member) and (
                    not attribute.startswith("_") or attribute in ("__init__", "__new__")
                ):
                    yield f"{name}.{attribute}", member


def resolved(name: str, value: object) -> dict[str, object]:
    """The annotations of ``value`` evaluated as ``typing.get_type_hints`` evaluates them."""
    if inspect.isclass(value):
        # Its own attributes' annotations (get_type_hints would evaluate every
        # base class's too, another library's among them).
        return inspect.get_annotations(value, eval_str=True)
    return typing.get_type_hints(value)


@pytest.mark.parametrize(
    "module_name",
    [pytest.param(name, marks=[pytest.mark.extra] if name in EXTRA else []) for name in MODULES],
)
def test_public_annotations_resolve_at_run_time(module_name: str) -> None:
    failures = []
    count = 0
    for name, value in annotated(module_name):
        try:
            resolved(name, value)
        except Exception as error:  # each failure is reported below
            failures.append(f"{module_name}.{name}: {type(error).__name__}: {error}")
        count += 1
    assert count, f"{module_name} exports nothing annotated"
    assert not failures, "\n".join(failures)
