"""Play one game of Captive Queens to the end and show what happened.

Run: ``python examples/play_one_game.py [DEAL]``.
"""

from __future__ import annotations

import sys

import patience_rules as pr


def main(deal: int) -> int:
    game = pr.get_game("captive-queens")
    state = game.deal(deal)
    moves = 0
    while not state.is_over:
        # Every move in Captive Queens is compulsory: there is exactly one.
        (move,) = state.legal_moves()
        state = state.apply(move)
        moves += 1
    print(state)
    print(
        f"deal {deal}: {'won' if state.is_won else 'lost'} after {moves} moves, "
        f"{state.cards_home} of 52 cards home"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1))
