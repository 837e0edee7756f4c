"""Games composed at random from the parts, held to everything a registered game is.

The registered games reach only some corners of what the parts compose (no
registered game turns a face-down card over where an emptied column is
refilled at once, or splits a suit between two foundations that take any
suit).  Here the compositions of ``composed.compositions`` are dealt and
played move by move against the model of tests/pile_model.py, with every
invariant of tests/test_invariants.py checked at every step and
``play_forced`` held to move-by-move play, and turned into data, pickled,
pictured and numbered as a user's own game would be, and, once registered,
written and read as text.
"""

from __future__ import annotations

import json
import pickle
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules as pr
from composed import compositions, isolate_registry
from patience_rules.strategies import deck_orders, illegal_moves
from pile_model import PileModel
from test_fast_paths import assert_forced_is_stepped
from test_invariants import check_pickle, check_refused, check_state, check_transition

#: Moves played in each composed game (some go on for ever).
MOVES = 60
#: More examples than a registered game's properties take: each draws a game too.
EXAMPLES = settings().max_examples * 5


@settings(max_examples=EXAMPLES)
@given(rules=compositions(), data=st.data())
def test_a_composed_game_plays_like_the_model_and_keeps_every_invariant(
    rules: pr.GameRules, data: st.DataObject, transitions: Counter[str]
) -> None:
    order = data.draw(deck_orders(rules), label="deck order")
    state = rules.deal_from(order)
    model = PileModel(rules, order)
    for step in range(MOVES):
        assert PileModel.snapshot_of(state) == model.snapshot()
        if step % 10 == 0:  # play_forced's own paths reach the state move-by-move play reaches
            assert_forced_is_stepped(state)
        moves, copy = check_state(state)
        assert list(moves) == model.legal_moves()
        assert state.is_won == model.is_won
        if not moves:
            break
        for move in moves:  # every listed move applies
            check_transition(state, move, copy)
        check_refused(state, data.draw(illegal_moves(state, outside_layout=True)))
        move = data.draw(st.sampled_from(moves), label="move")
        state = state.apply(move)
        model.apply(move)
        transitions["composed games (against the model)"] += 1
    check_pickle(state)


@settings(max_examples=EXAMPLES)
@given(rules=compositions(), data=st.data())
def test_a_composed_game_travels_as_data_and_is_shown_and_numbered(
    rules: pr.GameRules, data: st.DataObject
) -> None:
    # The rules, a state and a record come back from JSON alone.
    assert pr.GameRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    deal = data.draw(st.integers(0, 10**6), label="deal")
    state = rules.deal(deal)
    played: list[pr.Move] = []
    space, observer = pr.ActionSpace(rules), pr.Observer(rules)
    for _ in range(data.draw(st.integers(0, 30), label="moves")):
        moves = state.legal_moves()
        if not moves:
            break
        # Every legal move has an action id that names it back, and only those are legal.
        actions = space.legal_actions(state)
        assert sorted(space.move_of(action) for action in actions) == sorted(moves)
        assert [i for i, legal in enumerate(space.mask(state)) if legal] == sorted(actions)
        played.append(data.draw(st.sampled_from(moves), label="move"))
        state = state.apply(played[-1])
    assert pr.state_from_dict(json.loads(json.dumps(pr.state_to_dict(state)))) == state
    record = pr.GameRecord(rules, deal, played)
    again = pr.GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert again.states()[-1] == state
    # It is pictured and observed within the sizes its layout gives.
    assert str(state).strip()
    assert pr.state_to_svg(state).startswith("<svg")
    vector = observer.vector(state)
    assert len(vector) == observer.size
    assert all(0 <= value <= high for value, high in zip(vector, observer.high, strict=True))


@settings(max_examples=EXAMPLES)
@given(rules=compositions(), data=st.data())
def test_a_composed_game_once_registered_is_written_and_read_as_text(
    rules: pr.GameRules, data: st.DataObject
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        isolate_registry(patch)  # (a fixture would last for every example, not one)
        pr.register_game("composed", lambda: rules, summary="A game composed for a test.")
        deal = data.draw(st.integers(0, 10**6), label="deal")
        state = rules.deal(deal)
        played: list[pr.Move] = []
        for _ in range(data.draw(st.integers(0, 30), label="moves")):
            moves = state.legal_moves()
            if not moves:
                break
            played.append(data.draw(st.sampled_from(moves), label="move"))
            assert pr.move_from_text(pr.move_to_text(played[-1]), state) == played[-1]
            state = state.apply(played[-1])
        text = pr.state_to_text(state)
        assert pr.state_from_text(text) == state
        assert repr(state).startswith("state_from_text(")
        record = pr.GameRecord(rules, deal, played)
        assert pr.GameRecord.from_text(record.to_text()) == record


def _spelt_otherwise(rules: pr.GameRules) -> pr.GameRules:
    """``rules`` with every part spelt another way that compares the same: each
    sequence's ``wrap`` flipped where it changes none of its ranks, and a
    depth the same for every column given as a count for each."""

    def sequence(seq: pr.FoundationSequence) -> pr.FoundationSequence:
        try:
            return attrs.evolve(seq, wrap=not seq.wrap)
        except pr.InvalidRulesError:  # (it runs on past the end: wrap changes the ranks)
            return seq

    tableau = rules.tableau
    if tableau is not None:
        tableau = attrs.evolve(tableau, depth=tableau.depths)
    return attrs.evolve(
        rules,
        foundations=[attrs.evolve(f, sequence=sequence(f.sequence)) for f in rules.foundations],
        tableau=tableau,
    )


@settings(max_examples=EXAMPLES)
@given(rules=compositions(), data=st.data())
def test_equal_compositions_however_spelt_write_one_form_and_one_key(
    rules: pr.GameRules, data: st.DataObject
) -> None:
    other = _spelt_otherwise(rules)
    assert other == rules and hash(other) == hash(rules)
    assert other.to_dict() == rules.to_dict()
    assert pr.GameRules.from_dict(other.to_dict()).to_dict() == rules.to_dict()
    deal = data.draw(st.integers(0, 10**6), label="deal")
    keys = {
        json.dumps(pr.state_to_dict(game.deal(deal)), sort_keys=True) for game in (rules, other)
    }
    assert len(keys) == 1
    # A reader told to expect either takes the other's form.
    assert pr.state_from_dict(pr.state_to_dict(other.deal(deal)), rules=rules) == rules.deal(deal)
