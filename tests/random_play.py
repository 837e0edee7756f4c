"""Random games for tests: every state along a game played by seeded random choices."""

from __future__ import annotations

import random

import patience_rules as pr


def random_game(rules: pr.GameRules, deal: int, seed: int) -> list[pr.State]:
    """The states of deal ``deal`` played to the end by random legal moves."""
    chooser = random.Random(seed)
    state = rules.deal(deal)
    states = [state]
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        states.append(state)
    return states
