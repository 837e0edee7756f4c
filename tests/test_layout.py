"""The layout as a value: shared by every state of a game, so read-only."""

from __future__ import annotations

import copy
import pickle
from collections import Counter

import attrs
import pytest

import patience_rules as pr


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_cannot_be_changed(name: str) -> None:
    layout = pr.get_game(name).layout
    text = pr.state_to_text(pr.get_game(name).deal(1))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        layout.columns = 3
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del layout.moves
    with pytest.raises(TypeError):
        layout.taken[pr.Card.from_str("AC")] = 5  # type: ignore[index]
    for attribute in type(layout).__slots__:
        if not attribute.startswith("_"):
            value = getattr(layout, attribute)
            assert not isinstance(value, list | dict | set | Counter), attribute
    assert pr.state_from_text(text) == pr.get_game(name).deal(1)  # nothing was changed


@pytest.mark.parametrize("name", pr.game_names())
def test_a_layout_pickles_and_copies_to_an_equal_one(name: str) -> None:
    layout = pr.get_game(name).layout
    for made in (pickle.loads(pickle.dumps(layout)), copy.copy(layout), copy.deepcopy(layout)):
        assert made == layout
        assert made.moves == layout.moves
        assert made.deck_indices == layout.deck_indices
        assert dict(made.spare) == dict(layout.spare)


def test_the_read_only_counts_count_zero_for_a_card_not_there() -> None:
    layout = pr.get_game("windmill").layout
    assert layout.taken[pr.Card.from_str("AC")] == 0 or layout.spare[pr.Card.from_str("AC")] == 0
    assert sum(layout.taken.values()) + sum(layout.spare.values()) == len(layout.deck)
