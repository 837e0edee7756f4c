"""The learning-agents guide's examples run (they need both extras)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytestmark = pytest.mark.extra

GUIDE = Path(__file__).parent.parent / "docs" / "guides" / "agents.rst"


def test_the_agents_guide_examples_run() -> None:
    result = doctest.testfile(
        str(GUIDE), module_relative=False, optionflags=doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 10
    assert result.failed == 0
