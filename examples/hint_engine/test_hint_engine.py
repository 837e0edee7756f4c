"""Property tests of the hint engine, with the strategies of patience-rules.

The first three properties are checked for every registered game.  The
last, that a hint names the card its move plays, is checked for the two
games the engine was written for, and fails for both: the planted bug
names the wrong card once the waste holds two cards or more.
``python -m pytest`` shows each failure, shrunk to a short game.
"""

from __future__ import annotations

from hypothesis import given, settings

import patience_rules as pr
from patience_rules.strategies import games, states

from hint_engine import hint

# Whole games can take longer than Hypothesis's 200 ms deadline on a busy machine.
settings.register_profile("hint-engine", deadline=None)
settings.load_profile("hint-engine")

#: The states of every registered game, the game drawn first.
ANY_STATE = games().flatmap(states)


@given(ANY_STATE)
def test_a_hint_is_given_until_the_game_is_over(state: pr.State) -> None:
    assert (hint(state) is None) == state.is_over


@given(ANY_STATE)
def test_the_hint_is_a_legal_move(state: pr.State) -> None:
    suggested = hint(state)
    if suggested is not None:
        assert suggested.move in state.legal_moves()


@given(ANY_STATE)
def test_a_card_goes_home_before_the_next_is_turned(state: pr.State) -> None:
    suggested = hint(state)
    plays = [move for move in state.legal_moves() if not (move.is_draw or move.is_redeal)]
    if suggested is not None and plays:
        assert suggested.move in plays


@given(states(pr.royal_cotillion()))
def test_royal_cotillion_hints_name_the_card_they_play(state: pr.State) -> None:
    suggested = hint(state)
    if suggested is not None and suggested.card is not None:
        played = state.card_of(suggested.move)
        assert suggested.card == played, f"{suggested}, but the move plays {played}"


@given(states(pr.captive_queens()))
def test_captive_queens_hints_name_the_card_they_play(state: pr.State) -> None:
    suggested = hint(state)
    if suggested is not None and suggested.card is not None:
        played = state.card_of(suggested.move)
        assert suggested.card == played, f"{suggested}, but the move plays {played}"
