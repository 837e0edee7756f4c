"""The notation guide runs, and its pictures are what the library draws.

Run this file as a script to redraw the pictures after a change to
:mod:`patience_rules.svg`: ``PYTHONPATH=src python tests/test_docs_notation.py``.
"""

from __future__ import annotations

import doctest
from collections.abc import Callable
from pathlib import Path

import pytest

import patience_rules as pr

GUIDES = Path(__file__).resolve().parent.parent / "docs" / "guides"


def _first_moves(name: str, deal: int, moves: int) -> pr.State:
    state = pr.get_game(name).deal(deal)
    for _ in range(moves):
        state = state.apply(state.legal_moves()[0])
    return state


#: The guide's pictures: file name and the state drawn.
PICTURES: dict[str, Callable[[], pr.State]] = {
    "notation-royal-cotillion.svg": lambda: pr.get_game("royal-cotillion").deal(7),
    "notation-captive-queens.svg": lambda: _first_moves("captive-queens", 3, 60),
}


def test_the_notation_guide_runs() -> None:
    failures, tried = doctest.testfile(
        str(GUIDES / "notation.rst"),
        module_relative=False,
        optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS,
    )
    assert tried > 20
    assert failures == 0


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_the_guides_pictures_are_up_to_date(name: str) -> None:
    drawn = pr.state_to_svg(PICTURES[name]())
    assert (GUIDES / name).read_text(encoding="utf-8") == drawn, (
        f"docs/guides/{name} is out of date: run PYTHONPATH=src python "
        "tests/test_docs_notation.py to redraw it"
    )


if __name__ == "__main__":
    for name, state in PICTURES.items():
        (GUIDES / name).write_text(pr.state_to_svg(state()), encoding="utf-8")
