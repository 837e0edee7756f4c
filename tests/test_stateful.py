"""Games played move by move against a simple model of the visible piles.

The model (``pile_model.PileModel``) keeps every pile as a list and plays by
the rules with no code shared with the engine.  After every step the
engine's piles, legal moves, and over and won flags must match the model's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import patience_rules as pr
from patience_rules.strategies import deck_orders, illegal_moves, legal_moves
from pile_model import PileModel
from test_invariants import always_ends


def machine_for(name: str, counter: Counter[str]) -> type[RuleBasedStateMachine]:
    """A state machine that plays the game registered as ``name`` against the model."""
    game = pr.get_game(name)

    class PlayAgainstModel(RuleBasedStateMachine):
        state: pr.State
        model: PileModel

        @initialize(order=deck_orders(game))
        def deal(self, order: tuple[pr.Card, ...]) -> None:
            self.state = game.deal_from(order)
            self.model = PileModel(game, order)

        @precondition(lambda self: not self.state.is_over)
        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            move = data.draw(legal_moves(self.state), label="move")
            self.state = self.state.apply(move)
            self.model.apply(move)
            counter[f"{name} (against the model)"] += 1

        @precondition(lambda self: not self.state.is_over)
        @rule()
        def play_the_first_move(self) -> None:
            # Take the engine's first move, as a player who always plays the
            # first listed move (or a compulsory game) would.
            move = self.state.legal_moves()[0]
            self.state = self.state.apply(move)
            self.model.apply(move)
            counter[f"{name} (against the model)"] += 1

        @rule(data=st.data())
        def try_an_illegal_move(self, data: st.DataObject) -> None:
            move = data.draw(illegal_moves(self.state), label="illegal move")
            with pytest.raises(pr.IllegalMoveError):
                self.state.apply(move)

        @invariant()
        def piles_match(self) -> None:
            assert PileModel.snapshot_of(self.state) == self.model.snapshot()

        @invariant()
        def moves_match(self) -> None:
            assert list(self.state.legal_moves()) == self.model.legal_moves()

        @invariant()
        def outcome_matches(self) -> None:
            assert self.state.is_over == (not self.model.legal_moves())
            assert self.state.is_won == self.model.is_won
            assert self.state.cards_home == self.model.cards_home

    PlayAgainstModel.__name__ = f"PlayAgainstModel[{name}]"
    return PlayAgainstModel


@pytest.mark.parametrize("name", pr.game_names())
def test_engine_plays_like_the_model(name: str, transitions: Counter[str]) -> None:
    """Random play, move by move, with the engine and the model in step."""
    machine = machine_for(name, transitions)
    # Older Hypothesis releases leave this function unannotated: call it typed.
    run: Callable[..., None] = run_state_machine_as_test
    run(machine, settings=settings(stateful_step_count=60))


@pytest.mark.parametrize("name", pr.game_names())
@pytest.mark.parametrize("deal", [1, 2, 3])
def test_whole_games_by_the_first_move_match_the_model(name: str, deal: int) -> None:
    """Deals 1-3 played to the end, always by the first listed move (the first 300
    moves of a game that may go on for ever)."""
    game = pr.get_game(name)
    state, model = game.deal(deal), PileModel(game, game.deck_order(deal))
    for _ in range(1000 if always_ends(game) else 300):
        assert PileModel.snapshot_of(state) == model.snapshot()
        moves = state.legal_moves()
        assert list(moves) == model.legal_moves()
        if not moves:
            break
        state = state.apply(moves[0])
        model.apply(moves[0])
    assert state.is_won == model.is_won
