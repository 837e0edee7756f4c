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
import typing
from collections.abc import Iterator

import pytest

CORE = [
    "patience_rules",
    "patience_rules.actions",
    "patience_rules.building",
    "patience_rules.cards",
    "patience_rules.deals",
    "patience_rules.engine",
    "patience_rules.errors",
    "patience_rules.layout",
    "patience_rules.moves",
    "patience_rules.notation",
    "patience_rules.observation",
    "patience_rules.piles",
    "patience_rules.players",
    "patience_rules.policies",
    "patience_rules.records",
    "patience_rules.rules",
    "patience_rules.sequences",
    "patience_rules.solver",
    "patience_rules.state",
    "patience_rules.stats",
    "patience_rules.svg",
]
EXTRA = [
    "patience_rules.strategies",
    "patience_rules.contrib.gymnasium",
    "patience_rules.contrib.openspiel",
]


def annotated(module_name: str) -> Iterator[tuple[str, object]]:
    """Each public function, class and method of a module's ``__all__``, by name.

    A class is asked for its methods' annotations and its own (attributes);
    what a class inherits from another library (Gymnasium's ``Env``) is that
    library's to resolve, so a class is asked for its own attributes only.
    """
    module = importlib.import_module(module_name)
    for name in module.__all__:
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
    "module_name", CORE + [pytest.param(name, marks=pytest.mark.extra) for name in EXTRA]
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
