"""A random player: play deals with uniformly random legal moves.

Run: ``python examples/random_player.py --deals 200 --seed 1``

Each deal's moves come from a generator seeded by the seed and the deal
number, so a run is reproducible and any deal can be replayed on its own.
"""

from __future__ import annotations

import argparse

import patience_rules as pr
from patience_rules.players import RandomPlayer
from patience_rules.stats import MAX_MOVES, play_deal, play_deals


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--game",
        default="royal-cotillion",
        help="a game, with options if it takes them: klondike[draw=3]",
    )
    parser.add_argument("--deals", type=int, default=200, help="how many deals (default 200)")
    parser.add_argument("--start", type=int, default=0, help="the first deal number")
    parser.add_argument("--seed", type=int, default=0, help="the random player's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)

    game = pr.game_from_text(args.game)
    player = RandomPlayer(seed=args.seed)

    # One game, move by move, to show what the player does.  Some games can
    # go on for ever (Klondike redeals without limit), so, as play_deal does,
    # the game is stopped after MAX_MOVES moves.
    choose = player.chooser(args.start)
    state = game.deal(args.start)
    shown = 0
    for _ in range(MAX_MOVES):
        moves = state.legal_moves()
        if not moves or state.is_won:  # (won: over, as for play_deal, though
            break  # Klondike's foundation_back could move a card back)
        move = choose(state, moves)
        if shown < 5 and not move.is_draw:
            print(
                f"deal {args.start}: plays {state.card_of(move)} ({len(moves)} moves to choose from)"
            )
            shown += 1
        state = state.apply(move)
    one = play_deal(game, args.start, player)
    assert one.cards_home == state.cards_home  # the same game, replayed
    print(f"deal {args.start}: {'won' if one.won else 'lost'} with {one.cards_home} cards home")

    # Many games.
    stats = play_deals(game, args.deals, start=args.start, player=player, jobs=args.jobs)
    low, high = stats.confidence_interval()
    print(
        f"{game.title}, random play (seed {args.seed}): won {stats.wins} of {stats.games} "
        f"({stats.win_rate:.1%}, 95% CI {low:.1%} to {high:.1%}); "
        f"mean cards home {stats.mean_cards_home:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
