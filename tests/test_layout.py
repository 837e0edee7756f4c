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


@pytest.mark.parametrize("name", ["windmill", "royal-cotillion", "sultan"])
def test_the_read_only_counts_count_zero_for_a_card_not_there(name: str) -> None:
    # Every card is taken (by a foundation of its suit or the middle) or
    # spare, its copies split between the two: each lookup of a card that
    # one of them lacks reads 0.
    rules = pr.get_game(name)
    layout = rules.layout
    for card in pr.standard_deck():
        assert layout.taken[card] + layout.spare[card] == rules.decks
    assert len(layout.taken) + len(layout.spare) >= 52
