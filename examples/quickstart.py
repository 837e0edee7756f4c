"""Quickstart: deal a game, look at it, make moves, play it to the end.

Run: ``python examples/quickstart.py``
"""

from __future__ import annotations

import patience_rules as pr
from patience_rules.players import GreedyPlayer
from patience_rules.stats import play_deal


def main() -> int:
    game = pr.get_game("royal-cotillion")
    state = game.deal(7)  # deal number 7: the same deal on every machine
    print(state)

    moves = state.legal_moves()  # every legal move, in a fixed order
    print(f"\n{len(moves)} legal moves; the first plays {state.card_of(moves[0])} home.")
    after = state.apply(moves[0])  # a new state: the old one is unchanged
    print(f"Cards home: {state.cards_home} before, {after.cards_home} after.")

    try:
        after.apply(pr.Move.redeal())
    except pr.IllegalMoveError as error:
        print(f"Refused: {error}")

    # Play the rest of the game: always the first legal move.
    moves_made = 0
    while not after.is_over:
        after = after.apply(after.legal_moves()[0])
        moves_made += 1
    outcome = "won" if after.is_won else "lost"
    print(f"After {moves_made} more moves the game is {outcome}: {after.cards_home} of 104 home.")

    # The statistics module does the same in one call, with a player.
    print(play_deal(game, 7, GreedyPlayer()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
