"""The command line: ``patience-rules`` or ``python -m patience_rules``.

Subcommands:

- ``games``: the registered games and variants, one line each;
- ``show GAME --deal N``: the dealt layout;
- ``play GAME --deal N``: play in the terminal;
- ``stats GAME --deals N [--start K] [--jobs J] [--policy P] [--seed S] [--json]``:
  the win rate over many deals, with a 95% confidence interval;
- ``replay FILE``: replay a game record and show the final state;
- ``solve GAME --deal N [--max-seconds S] [--max-nodes K]``: search a deal
  for a win (see :mod:`patience_rules.solver`).

Bad input (an unknown game, a negative or non-numeric number) gets a
one-line message on standard error and exit status 2.

>>> from patience_rules.cli import main
>>> main(["show", "captive-queens", "--deal", "1"])
Captive Queens
Foundations:  --  --  --  -- |  --  --  --  --
Queens:  (empty)
Stock: 52 cards   Waste: (empty)   Redeals left: 2
0
>>> main(["show", "klondike"])
1
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import NoReturn, TextIO

from .cards import Card
from .deals import MAX_DEAL_NUMBER
from .errors import NotationError, PatienceRulesError
from .games import game_entries, get_game
from .notation import move_from_text, move_to_text
from .piles import PileKind, Place
from .records import GameRecord
from .rules import GameRules
from .state import Move, State
from .stats import DealStats, get_policy, play_deals, policy_names

__all__ = ["main", "move_text", "parse_move_text"]

_PROG = "patience-rules"


class _UsageError(Exception):
    """A command line that cannot be run: the message says why."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, with no usage dump."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see '{self.prog} --help')")


# -- argument types -----------------------------------------------------------


def _whole_number(low: int, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"expected {what} (a whole number of at least {low}), got {text!r}"
            ) from None
        if value < low:
            raise argparse.ArgumentTypeError(
                f"expected {what} (a whole number of at least {low}), got {text!r}"
            )
        if value > MAX_DEAL_NUMBER:
            raise argparse.ArgumentTypeError(
                f"expected {what} (a whole number of at most {MAX_DEAL_NUMBER}), got {text!r}"
            )
        return value

    parse.__name__ = what
    return parse


_deal_number = _whole_number(0, "a deal number")
_count = _whole_number(1, "a number of deals")
_jobs = _whole_number(1, "a number of jobs")
_seed = _whole_number(0, "a seed")


# -- the text form of moves ---------------------------------------------------

_PLACE_WORDS = {
    "waste": PileKind.WASTE,
    "w": PileKind.WASTE,
    "stock": PileKind.STOCK,
    "s": PileKind.STOCK,
    "middle": PileKind.MIDDLE,
    "m": PileKind.MIDDLE,
}
_PLACE_PREFIXES = {
    "col": PileKind.COLUMN,
    "c": PileKind.COLUMN,
    "cell": PileKind.CELL,
    "l": PileKind.CELL,
    "f": PileKind.FOUNDATION,
}
_NUMBERED = re.compile(r"([a-z]+)(\d+)")


def move_text(move: Move) -> str:
    """The text form of ``move`` that ``play`` shows: the library's notation.

    >>> from patience_rules import Move, PileKind, Place
    >>> from patience_rules.cli import move_text
    >>> move_text(Move.to_foundation(Place(PileKind.CELL, 2), 5)), move_text(Move.draw())
    ('R3-F6', 'draw')
    """
    return move_to_text(move)


def _parse_place(token: str) -> Place | None:
    kind = _PLACE_WORDS.get(token)
    if kind is not None:
        return Place(kind)
    match = _NUMBERED.fullmatch(token)
    if match is None or match[1] not in _PLACE_PREFIXES or int(match[2]) < 1:
        return None
    return Place(_PLACE_PREFIXES[match[1]], int(match[2]) - 1)


def parse_move_text(text: str, state: State) -> Move:
    """The legal move of ``state`` that ``text`` names.

    ``text`` is a move in the library's notation (``R3-F6``, ``draw``; see
    :func:`~patience_rules.move_from_text`), or, more loosely, anything that
    picks out one legal move: a card (``QH``), a card and a pile (``QH f6``,
    ``QH cell3``), or a pile (``col2``).  A foundation or
    the middle is a target; any other pile is a source.  Case and ``->``
    between the piles do not matter.

    :raises NotationError: if the text is malformed, or names no legal move,
        or fits more than one.

    >>> import patience_rules as pr
    >>> from patience_rules.cli import parse_move_text
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> parse_move_text("3s", state)
    Move.to_foundation(Place(PileKind.COLUMN, 3), 3)
    >>> parse_move_text("cell3 -> f7", state)
    Move.to_foundation(Place(PileKind.CELL, 2), 6)
    >>> parse_move_text("KH", state)
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: no legal move fits 'KH'
    """
    moves = state.legal_moves()
    try:
        written = move_from_text(text, state)
    except NotationError:
        pass  # not the notation: read the friendlier forms below
    else:
        if written in moves:
            return written
        raise NotationError(f"{text!r} is not a legal move here")
    words = text.replace("->", " ").replace(",", " ").lower().split()
    if words in (["draw"], ["d"]):
        candidates = [move for move in moves if move.is_draw]
    elif words in (["redeal"], ["r"]):
        candidates = [move for move in moves if move.is_redeal]
    else:
        if not words:
            raise NotationError("an empty move: expected a move such as 'cell3 f6' or 'QH'")
        card: Card | None = None
        source: Place | None = None
        target: Place | None = None
        for word in words:
            place = _parse_place(word)
            if place is None:
                if card is not None:
                    raise NotationError(f"{text!r} names two cards: expected one card at most")
                try:
                    card = Card.from_str(word)
                except NotationError:
                    raise NotationError(
                        f"cannot read {word!r} in {text!r}: expected a card (QH) or a pile "
                        "(col1, cell1, waste, f1, middle)"
                    ) from None
            elif place.kind in (PileKind.FOUNDATION, PileKind.MIDDLE):
                if target is not None:
                    raise NotationError(f"{text!r} names two targets: expected one at most")
                target = place
            else:
                if source is not None:
                    raise NotationError(f"{text!r} names two sources: expected one at most")
                source = place
        candidates = [
            move
            for move in moves
            if not move.is_draw
            and not move.is_redeal
            and (card is None or state.card_of(move) == card)
            and (source is None or move.source == source)
            and (target is None or move.target == target)
        ]
    if not candidates:
        raise NotationError(f"no legal move fits {text!r}")
    if len(candidates) > 1:
        shown = ", ".join(move_text(move) for move in candidates)
        raise NotationError(f"{text!r} fits more than one legal move ({shown}): say which")
    return candidates[0]


# -- play ---------------------------------------------------------------------

_PLAY_HELP = (
    "Type a move's number, or the move as text ('R3-F6', 'QH', 'QH f6', 'draw'); "
    "Enter alone plays the only legal move; 'undo' takes back the last move; 'quit' stops."
)


def _describe_move(state: State, move: Move) -> str:
    if move.is_draw:
        return "draw"
    if move.is_redeal:
        return "redeal (turn the waste over as the new stock)"
    card = state.card_of(move)
    where = f"{card!s:>3}  {move_text(move)}"
    if move.target.kind is PileKind.FOUNDATION:
        below = state.top_card(move.target)
        return f"{where}  (onto {below})" if below is not None else f"{where}  (starts it)"
    return where


def _read(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def _play(rules: GameRules, deal: int, read: Callable[[str], str | None] = _read) -> int:
    """Play deal ``deal`` of ``rules`` in the terminal; return the exit status."""
    total = len(rules.deck())
    history: list[State] = []
    state = rules.deal(deal)
    print(f"{rules.title}, deal {deal}. {_PLAY_HELP}")
    show = True
    while True:
        moves = state.legal_moves()
        if not moves:
            print(state)
            verdict = "Won" if state.is_won else "Lost"
            print(f"{verdict}: {state.cards_home} of {total} cards home.")
            return 0
        if show:
            print()
            print(state)
            print("Moves:")
            for number, move in enumerate(moves, 1):
                print(f"  {number:>2}. {_describe_move(state, move)}")
        show = True
        answer = read("move> ")
        if answer is None or answer.strip().lower() in ("quit", "q", "exit"):
            print(f"Quit: {state.cards_home} of {total} cards home.")
            return 0
        text = answer.strip()
        if text.lower() in ("undo", "u"):
            if history:
                state = history.pop()
                print("Undone.")
            else:
                print("Nothing to undo.")
                show = False
            continue
        if text.lower() in ("help", "h", "?"):
            print(_PLAY_HELP)
            show = False
            continue
        try:
            move = _choose(text, state, moves)
        except NotationError as error:
            print(f"Not a move: {error}. Type 'help' for how to enter a move.")
            show = False
            continue
        history.append(state)
        state = state.apply(move)


def _choose(text: str, state: State, moves: tuple[Move, ...]) -> Move:
    """The move the player typed: a number, nothing (the only move) or text."""
    if not text:
        if len(moves) == 1:
            return moves[0]
        raise NotationError(f"there are {len(moves)} moves to choose from")
    if text.isdigit():
        number = int(text)
        if not 1 <= number <= len(moves):
            raise NotationError(f"expected a move number from 1 to {len(moves)}, got {number}")
        return moves[number - 1]
    return parse_move_text(text, state)


# -- stats --------------------------------------------------------------------


def _progress_bar(stream: TextIO) -> Callable[[int, int], None] | None:
    """A progress callback drawing a bar on ``stream``, or ``None`` if it is no terminal."""
    isatty = getattr(stream, "isatty", None)
    if isatty is None or not isatty():
        return None

    def draw(done: int, total: int) -> None:
        width = 30
        filled = width * done // total if total else width
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done >= total else ""
        stream.write(f"\r[{bar}] {done}/{total} deals{end}")
        stream.flush()

    return draw


def _stats_report(
    rules: GameRules, args: argparse.Namespace, stats: DealStats, jobs: int, seconds: float
) -> dict[str, object]:
    data: dict[str, object] = {
        "game": rules.name,
        "title": rules.title,
        "policy": args.policy,
        "start": args.start,
        "deals": args.deals,
        "cards": len(rules.deck()),
    }
    if args.policy == "random":
        data["seed"] = args.seed
    data.update(stats.to_dict())
    data["jobs"] = jobs
    data["seconds"] = round(seconds, 3)
    return data


def _run_stats(args: argparse.Namespace) -> int:
    rules = get_game(args.game)
    policy = get_policy(args.policy, seed=args.seed)
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    began = time.perf_counter()
    stats = play_deals(
        rules,
        args.deals,
        start=args.start,
        policy=policy,
        jobs=jobs,
        progress=_progress_bar(sys.stderr),
    )
    seconds = time.perf_counter() - began
    if args.json:
        print(json.dumps(_stats_report(rules, args, stats, jobs, seconds)))
        return 0
    low, high = stats.confidence_interval()
    seed = f" (seed {args.seed})" if args.policy == "random" else ""
    last = args.start + args.deals - 1
    print(f"{rules.title}: deals {args.start} to {last}, policy {args.policy}{seed}")
    print(
        f"Won {stats.wins} of {stats.games}: {stats.win_rate:.2%} "
        f"(95% confidence interval {low:.2%} to {high:.2%})"
    )
    print(
        f"Mean cards home: {stats.mean_cards_home:.1f} of {len(rules.deck())}; "
        f"mean moves: {stats.mean_moves:.1f}"
    )
    job_word = "job" if jobs == 1 else "jobs"
    print(f"Played in {seconds:.1f} s with {jobs} {job_word}", file=sys.stderr)
    return 0


# -- the subcommands ----------------------------------------------------------


def _add_game_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a game name, as listed by 'games'")


def _run_games(args: argparse.Namespace) -> int:
    for entry in game_entries():
        aliases = f" (also: {', '.join(entry.aliases)})" if entry.aliases else ""
        print(f"{entry.name:30} {entry.summary}{aliases}")
    return 0


def _add_games(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("games", help="list the registered games and variants")
    parser.set_defaults(run=_run_games)


def _run_show(args: argparse.Namespace) -> int:
    print(get_game(args.game).deal(args.deal))
    return 0


def _add_show(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser("show", help="show the dealt layout of a game")
    _add_game_argument(parser)
    parser.add_argument(
        "--deal", type=_deal_number, default=1, help="the deal number (default 1)"
    )
    parser.set_defaults(run=_run_show)


def _run_play(args: argparse.Namespace) -> int:
    return _play(get_game(args.game), args.deal)


def _add_play(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser(
        "play", help="play a deal in the terminal", description=_PLAY_HELP
    )
    _add_game_argument(parser)
    parser.add_argument(
        "--deal", type=_deal_number, default=1, help="the deal number (default 1)"
    )
    parser.set_defaults(run=_run_play)


def _add_stats(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser(
        "stats",
        help="play many deals with a policy and print the win rate",
        description="Play deals START to START+DEALS-1 with a policy and print the win rate "
        "with a 95% (Wilson) confidence interval.",
    )
    _add_game_argument(parser)
    parser.add_argument("--deals", type=_count, required=True, help="how many deals to play")
    parser.add_argument(
        "--start", type=_deal_number, default=0, help="the first deal number (default 0)"
    )
    parser.add_argument(
        "--jobs", type=_jobs, default=None, help="worker processes (default: one per CPU)"
    )
    parser.add_argument(
        "--policy",
        choices=policy_names(),
        default=policy_names()[0],
        help="how moves are chosen where the rules give a choice: greedy (cards home before "
        "a draw, the tableau's first, then the cells', then the waste's), random (seeded by "
        "--seed and the deal number) or first (the engine's first legal move); "
        "default: %(default)s",
    )
    parser.add_argument(
        "--seed", type=_seed, default=0, help="the seed of the random policy (default 0)"
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=_run_stats)


def _run_replay(args: argparse.Namespace) -> int:
    path: str = args.file
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise _UsageError(f"cannot read the game record {path!r}: {error.strerror}") from None
    record = GameRecord.from_text(text)
    final = record.replay()
    print(final)
    total = len(record.rules.deck())
    print(
        f"{len(record.moves)} moves replayed; {final.cards_home} of {total} cards home; "
        f"result: {record.result}"
    )
    return 0


def _add_replay(commands: argparse._SubParsersAction[_Parser]) -> None:
    parser = commands.add_parser(
        "replay",
        help="replay a game record and show the final state",
        description="Replay a game record (the library's PGN-like text form; '-' reads "
        "standard input) through the engine, checking every move, and show the final state.",
    )
    parser.add_argument("file", metavar="FILE", help="the game record, or - for standard input")
    parser.set_defaults(run=_run_replay)


def _add_solve(commands: argparse._SubParsersAction[_Parser]) -> None:
    # Listed here for 'patience-rules --help' only: main() hands 'solve' and its
    # arguments to the solver's own parser (which also answers 'solve --help').
    commands.add_parser(
        "solve", help="search a deal for a win: won (with the moves), lost or unknown"
    )


#: Each adds one subcommand (its parser and its ``run`` function).
_SUBCOMMANDS: tuple[Callable[[argparse._SubParsersAction[_Parser]], None], ...] = (
    _add_games,
    _add_show,
    _add_play,
    _add_stats,
    _add_replay,
    _add_solve,
)


def _build_parser() -> _Parser:
    parser = _Parser(
        prog=_PROG,
        description="Deal, show, play and count patience games by the letter of their rules.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in _SUBCOMMANDS:
        add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit status.

    The status is 0 on success, 1 when the library refuses the input (an
    unknown game, a deal out of range), 2 for a malformed command line and
    130 when interrupted.  Errors are one line on standard error.

    >>> from patience_rules.cli import main
    >>> main(["stats", "easy-start", "--deals", "-5"])
    2
    """
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["solve"]:
        # The solver parses its own options (and answers 'solve --help').
        from .solver import solve_command

        return solve_command(arguments[1:])
    try:
        args = _build_parser().parse_args(arguments)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except _UsageError as error:
        print(f"{_PROG}: error: {error}", file=sys.stderr)
        return 2
    except PatienceRulesError as error:
        print(f"{_PROG}: error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{_PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``patience-rules games | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
