"""A random agent through the Gymnasium and OpenSpiel adapters.

Needs the extras: ``pip install patience-rules[gymnasium,openspiel]``.

For every game, a random agent (uniform over the legal actions, from a
seeded generator) plays deals 0 to N-1 through each adapter, and the script
prints the mean number of cards home at the end (on the foundations, and
in the middle for Captive Queens) and how many games came out.  Both
adapters play the same deals with the same choices, so their lines agree:
they are two views of one game.

    python examples/random_agents.py              # 100 episodes per game
    python examples/random_agents.py --episodes 10 --game captive-queens
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

import numpy as np
import pyspiel

import patience_rules as pr
from patience_rules.contrib.gymnasium import PatienceEnv
from patience_rules.contrib.openspiel import short_name


def gymnasium_episode(env: PatienceEnv, deal: int) -> tuple[int, bool]:
    """Play deal ``deal`` with random legal actions; the cards home at the end and the result."""
    chooser = random.Random(deal)
    _, info = env.reset(seed=deal)
    terminated = False
    while not terminated:
        legal = np.flatnonzero(info["action_mask"]).tolist()
        _, _, terminated, _, info = env.step(chooser.choice(legal))
    return int(info["cards_home"]), bool(info["won"])


def openspiel_episode(game: str, deal: int) -> tuple[int, bool]:
    """The same through OpenSpiel: deal ``deal`` of the game with short name ``game``."""
    chooser = random.Random(deal)
    state = pyspiel.load_game(game, {"deal": deal}).new_initial_state()
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    end: pr.State = state.game_state
    return end.cards_home, end.is_won


def summary(adapter: str, game: str, results: Sequence[tuple[int, bool]], total: int) -> str:
    """One line of the report."""
    mean = sum(home for home, _ in results) / len(results)
    won = sum(1 for _, is_won in results if is_won)
    return (
        f"{game:<29} {adapter:<10} {len(results):>4} episodes: "
        f"mean cards home {mean:6.2f} of {total}, won {won}"
    )


def run(episodes: int, games: Sequence[str]) -> list[str]:
    """The report's lines: one per game and adapter."""
    lines = []
    for name in games:
        total = len(pr.get_game(name).deck())
        env = PatienceEnv(name)
        results = [gymnasium_episode(env, deal) for deal in range(episodes)]
        lines.append(summary("gymnasium", name, results, total))
        short = short_name(name)
        results = [openspiel_episode(short, deal) for deal in range(episodes)]
        lines.append(summary("openspiel", name, results, total))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="episodes per game and adapter")
    parser.add_argument(
        "--game", action="append", choices=pr.game_names(), help="a game (default: all)"
    )
    args = parser.parse_args(argv)
    for line in run(args.episodes, args.game or pr.game_names()):
        print(line)


if __name__ == "__main__":
    main()
