"""Random games for tests: every state along a game played by seeded random choices."""

from __future__ import annotations

import random

import patience_rules as pr


def random_game(
    rules: pr.GameRules, deal: int, seed: int, max_moves: int | None = None
) -> list[pr.State]:
    """The states of deal ``deal`` played by random legal moves to the end, or
    for at most ``max_moves`` moves (some games can go on for ever)."""
    chooser = random.Random(seed)
    state = rules.deal(deal)
    states = [state]
    while (max_moves is None or len(states) <= max_moves) and not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        states.append(state)
    return states
