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


def cycled_record(rules: pr.GameRules, deal: int, most: int) -> pr.GameRecord:
    """The record of deal ``deal`` played for at most ``most`` moves, move ``i``
    the legal move at ``i`` modulo their number (a walk that varies its choices
    with no seed)."""
    state, moves = rules.deal(deal), list[pr.Move]()
    for _ in range(most):
        legal = state.legal_moves()
        if not legal:
            break
        moves.append(legal[len(moves) % len(legal)])
        state = state.apply(moves[-1])
    return pr.GameRecord(rules, deal, moves)


def won_with_moves_left() -> tuple[pr.State, pr.Move, list[pr.Move]]:
    """A Klondike with ``foundation_back`` one move from its win, that move, and
    every move from the deal (the winning move last).

    The state the move reaches is won, yet a card could go back from a
    foundation: the game is past winning but not over (deal 14, as the
    greedy player wins it in 1,482 moves).
    """
    from patience_rules.players import GreedyPlayer

    state = pr.get_game("klondike", foundation_back=True).deal(14)
    choose = GreedyPlayer().chooser(14)
    played: list[pr.Move] = []
    while True:
        move = choose(state, state.legal_moves())
        assert move is not None
        played.append(move)
        after = state.apply(move)
        if after.is_won:
            assert after.legal_moves() and not after.is_over
            return state, move, played
        state = after
