"""The command line: ``patience-rules`` or ``python -m patience_rules``.

>>> from patience_rules.cli import main
>>> main(["show", "captive-queens", "--deal", "1"])
Captive Queens
Foundations:  --  --  --  -- |  --  --  --  --
Queens:  (empty)
Stock: 52 cards   Waste: (empty)   Redeals left: 2
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .errors import PatienceRulesError
from .games import game_entries, get_game


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="patience-rules",
        description="Deal, show and play patience games by the letter of their rules.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("games", help="list the registered games and variants")
    show = commands.add_parser("show", help="show the dealt layout of a game")
    show.add_argument("game", help="a game name, as listed by 'games'")
    show.add_argument("--deal", type=int, default=1, help="the deal number (default 1)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    args = _build_parser().parse_args(argv)
    try:
        if args.command == "games":
            for entry in game_entries():
                print(f"{entry.name:30} {entry.summary}")
        elif args.command == "show":
            print(get_game(args.game).deal(args.deal))
    except PatienceRulesError as error:
        print(f"patience-rules: error: {error}", file=sys.stderr)
        return 2
    return 0
