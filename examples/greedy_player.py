"""A greedy player for Royal Cotillion, against the random player.

Run: ``python examples/greedy_player.py --deal 7 --deals 300``

The greedy player follows the game's strategy tips: play a Ladies' card home
first (it uncovers the card beneath), then a Lords' card (the next card
drawn refills its cell), then the waste's top card; draw only when nothing
can go home.
"""

from __future__ import annotations

import argparse

import patience_rules as pr
from patience_rules.players import GreedyPlayer, RandomPlayer
from patience_rules.stats import play_deals

WHERE = {
    pr.PileKind.COLUMN: "Ladies",
    pr.PileKind.CELL: "Lords",
    pr.PileKind.WASTE: "waste",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A greedy player against a random one.")
    parser.add_argument("--game", default="royal-cotillion", help="a registered game name")
    parser.add_argument("--deal", type=int, default=7, help="the deal to show move by move")
    parser.add_argument("--deals", type=int, default=300, help="how many deals to compare")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)

    game = pr.get_game(args.game)
    greedy = GreedyPlayer()
    choose = greedy.chooser(args.deal)
    state = game.deal(args.deal)
    counts = dict.fromkeys(WHERE.values(), 0)
    draws = 0
    while not state.is_over:
        move = choose(state, state.legal_moves())
        if move is None:  # the player gives the game up
            break
        if move.is_draw or move.is_redeal:
            draws += 1
        else:
            counts[WHERE[move.source.kind]] += 1
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
