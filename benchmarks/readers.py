"""Reading positions and records: how many a second each reader reads, game by game.

A front end that saves games, or a service that takes positions from its
clients, reads them back through the checked readers of
:mod:`patience_rules.notation` and :class:`patience_rules.GameRecord`.
For each registered game this measures, on one position (deal 3 after up
to 40 moves, each the first legal move that is no draw where there is one):

- ``text``: :func:`~patience_rules.state_from_text` of its text form;
- ``dict``: :func:`~patience_rules.state_from_dict` of its dict form, after
  a JSON round trip (as a service receives it);
- ``record``: :meth:`GameRecord.from_text <patience_rules.GameRecord.from_text>`
  of the record of those moves from the deal's deck order (its ``Deck`` tag
  read, every move replayed).

and, for a game that no module registers (its dict form carries its whole
description), ``dict`` without and with ``rules=``: the second compares the
description with the rules' own rather than reading it.

Each figure is the best of several repeats in CPU time
(:func:`time.process_time`).  Run ``python benchmarks/readers.py``
(about 15 s of CPU time; ``--quick`` for a smoke run); ``--src`` reads
another checkout's package, to compare two versions on one machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (imported from --src at run time)
    from patience_rules import GameRules, Move, State

_SRC = str(Path(__file__).resolve().parents[1] / "src")


def best_rate(work: Callable[[], object], count: int, repeats: int) -> float:
    """Calls of ``work`` a second: the best of ``repeats`` runs of ``count`` calls."""
    best = float("inf")
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        for _ in range(count):
            work()
        best = min(best, time.process_time() - start)
    return count / max(best, 1e-9)


def position(rules: GameRules, moves: int = 40) -> tuple[State, list[Move]]:
    """Deal 3 of ``rules`` after up to ``moves`` moves, and the moves played."""
    state = rules.deal(3)
    played = []
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        plays = [move for move in legal if not move.is_draw]
        move = (plays or legal)[0]
        played.append(move)
        state = state.apply(move)
    return state, played


def main(argv: list[str] | None = None) -> int:
    """Measure the readers and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a tiny run that checks it all works")
    parser.add_argument("--src", default=_SRC, help="the source tree to import from")
    args = parser.parse_args(argv)
    count, repeats = (5, 1) if args.quick else (200, 5)
    sys.path.insert(0, args.src)
    import patience_rules as pr

    print(
        f"patience-rules {pr.__version__} from {Path(pr.__file__).parent}, Python "
        f"{sys.version.split()[0]}; reads a second, best of {repeats}"
    )
    print(f"{'game':30} {'text':>9} {'dict':>9} {'record':>9}")
    for name in pr.game_names():
        rules = pr.get_game(name)
        state, played = position(rules)
        text = pr.state_to_text(state)
        data = json.loads(json.dumps(pr.state_to_dict(state)))
        record = pr.GameRecord(rules, rules.deck_order(3), played).to_text()
        assert pr.state_from_text(text) == state == pr.state_from_dict(data)
        assert pr.GameRecord.from_text(record).replay() == state
        rates = [
            best_rate(partial(pr.state_from_text, text), count, repeats),
            best_rate(partial(pr.state_from_dict, data), count, repeats),
            best_rate(partial(pr.GameRecord.from_text, record), max(1, count // 4), repeats),
        ]
        print(f"{name:30} " + " ".join(f"{rate:>9,.0f}" for rate in rates))

    # A game of its own: Royal Cotillion's parts under another name.
    mine = pr.GameRules.from_dict(pr.get_game("royal-cotillion").to_dict() | {"name": "mine"})
    state, _ = position(mine)
    data = json.loads(json.dumps(pr.state_to_dict(state)))
    assert pr.state_from_dict(data) == state
    plain = best_rate(lambda: pr.state_from_dict(data), max(1, count // 4), repeats)
    print(f"{'composed (mine), dict':30} {'':>9} {plain:>9,.0f}")
    try:
        expected = pr.state_from_dict(data, rules=mine)
    except TypeError:  # (a version whose readers take no rules=)
        return 0
    assert expected == state
    pinned = best_rate(lambda: pr.state_from_dict(data, rules=mine), count, repeats)
    print(f"{'composed (mine), dict, rules=':30} {'':>9} {pinned:>9,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
