"""Shared test configuration."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Doctests of modules that need an optional extra are marked ``extra``."""
    for item in items:
        if item.nodeid.startswith("src/patience_rules/contrib/"):
            item.add_marker(pytest.mark.extra)
