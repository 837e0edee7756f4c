"""A greedy player against the random player, in Royal Cotillion by default.

Run: ``python examples/greedy_player.py --deal 7 --deals 300``

The greedy player follows Royal Cotillion's strategy tips: play a Ladies'
card home first (it uncovers the card beneath), then a Lords' card (the next
card drawn refills its cell), then the waste's top card; draw only when
nothing can go home.  It is tuned to that game: in games that build on
their tableau (Klondike, FreeCell) it plays worse than the random player.
"""

from __future__ import annotations

import argparse

import patience_rules as pr
from patience_rules.players import GreedyPlayer, RandomPlayer
from patience_rules.stats import MAX_MOVES, play_deals


def pile_names(game: pr.GameRules) -> dict[pr.PileKind, str]:
    """What the game calls each kind of pile a card can leave (Ladies, Lords, ...)."""
    return {
        pr.PileKind.COLUMN: game.tableau.name if game.tableau is not None else "tableau",
        pr.PileKind.CELL: game.reserve.name if game.reserve is not None else "reserve",
        pr.PileKind.MIDDLE: game.middle.name if game.middle is not None else "middle",
        pr.PileKind.WASTE: "waste",
        pr.PileKind.FOUNDATION: "foundations",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A greedy player against a random one.")
    parser.add_argument(
        "--game",
        default="royal-cotillion",
        help="a game, with options if it takes them: klondike[draw=3]",
    )
    parser.add_argument("--deal", type=int, default=7, help="the deal to show move by move")
    parser.add_argument("--deals", type=int, default=300, help="how many deals to compare")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)

    game = pr.game_from_text(args.game)
    greedy = GreedyPlayer()
    choose = greedy.chooser(args.deal)
    state = game.deal(args.deal)
    names = pile_names(game)
    counts: dict[str, int] = {}
    draws = 0
    for _ in range(MAX_MOVES):  # (as play_deals stops a game that goes on for ever)
        moves = () if state.is_won else state.legal_moves()  # (won: over, as for
        # play_deal, though Klondike's foundation_back could move a card back)
        move = choose(state, moves) if moves else None
        if move is None:  # the game is over, or the player gives it up
            break
        if move.is_draw or move.is_redeal:
            draws += 1
        else:
            where = names[move.source.kind]
            counts[where] = counts.get(where, 0) + 1
        state = state.apply(move)
    played = ", ".join(f"{count} from the {where}" for where, count in counts.items())
    print(f"Deal {args.deal}: {played}; {draws} draws")
    print(state)

    for player in (greedy, RandomPlayer()):
        stats = play_deals(game, args.deals, player=player, jobs=args.jobs)
        low, high = stats.confidence_interval()
        print(
            f"{player.name:>6}: won {stats.wins} of {stats.games} ({stats.win_rate:.1%}, "
            f"95% CI {low:.1%} to {high:.1%}); mean cards home {stats.mean_cards_home:.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
