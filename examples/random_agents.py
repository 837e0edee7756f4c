"""A random agent through the Gymnasium and OpenSpiel adapters.

Needs the extras: ``pip install patience-rules[gymnasium,openspiel]``.

For every game, a random agent (uniform over the legal actions, from a
seeded generator) plays deals 0 to N-1 through each adapter, and the script
prints the mean number of cards home at the end (on the foundations, and
in the middle for Captive Queens), how many games came out, and how many
were stopped at the move limit (games that may go on for ever, such as
Klondike, FreeCell and Crescent, are stopped after 1,000 moves: Gymnasium
truncates the episode, OpenSpiel ends the game).  Both adapters play the
same deals with the same choices and the same limit, so their lines agree:
they are two views of one game.

    python examples/random_agents.py              # 100 episodes per game
    python examples/random_agents.py --episodes 10 --game klondike --max-moves 300
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import pyspiel

import patience_rules as pr
from patience_rules.contrib import MOVE_LIMIT
from patience_rules.contrib.gymnasium import env_id
from patience_rules.contrib.openspiel import short_name

#: What an episode comes to: the cards home at the end, won, stopped at the move limit.
Result = tuple[int, bool, bool]


def gymnasium_episode(env: gymnasium.Env[Any, Any], deal: int) -> Result:
    """Play deal ``deal`` with random legal actions until it ends or is truncated."""
    chooser = random.Random(deal)
    _, info = env.reset(seed=deal)
    terminated = truncated = False
    while not (terminated or truncated):
        legal = np.flatnonzero(info["action_mask"]).tolist()
        _, _, terminated, truncated, info = env.step(chooser.choice(legal))
    return int(info["cards_home"]), bool(info["won"]), truncated and not terminated


def openspiel_episode(game: str, deal: int, max_moves: int = MOVE_LIMIT) -> Result:
    """The same through OpenSpiel: deal ``deal`` of the game with short name ``game``."""
    chooser = random.Random(deal)
    loaded = pyspiel.load_game(game, {"deal": deal, "max_moves": max_moves})
    state = loaded.new_initial_state()
    while not state.is_terminal():
        state.apply_action(chooser.choice(state.legal_actions()))
    end: pr.State = state.game_state
    return end.cards_home, end.is_won, bool(state.stopped)


def summary(adapter: str, game: str, results: Sequence[Result], total: int) -> str:
    """One line of the report."""
    mean = sum(home for home, _, _ in results) / len(results)
    won = sum(1 for _, is_won, _ in results if is_won)
    stopped = sum(1 for _, _, was_stopped in results if was_stopped)
    return (
        f"{game:<29} {adapter:<10} {len(results):>4} episodes: "
        f"mean cards home {mean:6.2f} of {total}, won {won}, stopped {stopped}"
    )


def run(episodes: int, games: Sequence[str], max_moves: int = MOVE_LIMIT) -> list[str]:
    """The report's lines: one per game and adapter."""
    lines = []
    for name in games:
        total = len(pr.get_game(name).deck())
        env = gymnasium.make(env_id(name), max_episode_steps=max_moves)
        results = [gymnasium_episode(env, deal) for deal in range(episodes)]
        lines.append(summary("gymnasium", name, results, total))
        short = short_name(name)
        results = [openspiel_episode(short, deal, max_moves) for deal in range(episodes)]
        lines.append(summary("openspiel", name, results, total))
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=100, help="episodes per game and adapter")
    parser.add_argument(
        "--game", action="append", choices=pr.game_names(), help="a game (default: all)"
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        default=MOVE_LIMIT,
        help=f"stop an episode after this many moves (default: {MOVE_LIMIT})",
    )
    args = parser.parse_args(argv)
    for line in run(args.episodes, args.game or pr.game_names(), args.max_moves):
        print(line)


if __name__ == "__main__":
    main()
