"""Hypothesis's entry point: strategies for the library's public value types.

Hypothesis runs :func:`_hypothesis_setup_hook` when it is imported, through
the ``hypothesis`` entry point that the package declares, so that
``st.from_type(pr.State)``, ``st.builds(...)`` of a class with a ``GameRules``
field, and ``@given(state=...)`` with type annotations work once Hypothesis
is installed, without ``import patience_rules`` ever importing Hypothesis.

Each type gets a strategy that draws valid values only: rules of registered
games (:func:`~patience_rules.strategies.games`), states reached by legal
play (:func:`~patience_rules.strategies.states`), moves and places of a
game's layout, records of legal games, and the parts of registered games.
"""

from __future__ import annotations

import importlib

__all__: list[str] = []


def _hypothesis_setup_hook() -> None:
    """Register a strategy for each public value type (Hypothesis calls this once).

    The strategies live in :mod:`patience_rules.strategies`, which imports
    Hypothesis; importing Hypothesis runs this hook.  So the hook imports that
    module by name, and registers through it once it is there: when the
    import of Hypothesis came from that very module, the module registers the
    types itself at its end.
    """
    strategies = importlib.import_module("patience_rules.strategies")
    register = getattr(strategies, "_register_types", None)
    if register is not None:
        register()
