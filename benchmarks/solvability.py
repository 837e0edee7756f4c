"""The solvability of a range of deals: how many are won, lost and unknown.

``python benchmarks/solvability.py --first 1 --last 1000 --max-nodes 300000 --jobs 2``
solves each deal with :func:`patience_rules.solver.solve_deal` under a node
budget (the same answers on every machine) or, with ``--max-seconds``, a time
budget, prints one line per deal (number, outcome, nodes, seconds) and then
the totals.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from patience_rules.solver import solve_deal
from patience_rules.stats import _process_context


def one(job: tuple[str, int, int | None, float | None]) -> tuple[int, str, int, float]:
    """Solve one deal: (number, outcome, nodes, seconds)."""
    game, number, max_nodes, max_seconds = job
    solution = solve_deal(game, number, max_nodes=max_nodes, max_seconds=max_seconds)
    return number, solution.outcome.value, solution.nodes, solution.seconds


def main(argv: list[str] | None = None) -> int:
    """Solve the deals and print the lines and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="royal-cotillion")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=100)
    parser.add_argument(
        "--max-nodes", type=int, default=None, help="a node budget (default 300000)"
    )
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="a time budget (no node budget then)"
    )
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.max_nodes is None and args.max_seconds is None:
        args.max_nodes = 300_000
    jobs = [
        (args.game, n, args.max_nodes, args.max_seconds) for n in range(args.first, args.last + 1)
    ]
    counts = {"won": 0, "lost": 0, "unknown": 0}
    slowest = 0.0
    began = time.perf_counter()
    # Worker processes that start clean, as the statistics' pool starts them
    # (forking a process that runs threads, a test runner say, may deadlock).
    with ProcessPoolExecutor(args.jobs, mp_context=_process_context()) as pool:
        for number, outcome, nodes, seconds in pool.map(one, jobs, chunksize=4):
            counts[outcome] += 1
            if outcome != "unknown":
                slowest = max(slowest, seconds)
            print(f"{number} {outcome} {nodes} {seconds:.2f}", flush=True)
    total = sum(counts.values())
    budget = " and ".join(
        part
        for part in (
            None if args.max_nodes is None else f"{args.max_nodes:,} nodes",
            None if args.max_seconds is None else f"{args.max_seconds:g} s",
        )
        if part
    )
    print(
        f"{args.game} deals {args.first}-{args.last}, at most {budget} each: "
        f"won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']} of {total}; "
        f"won {100 * counts['won'] / total:.1f}% (at least), decided "
        f"{100 * (counts['won'] + counts['lost']) / total:.1f}%; slowest decided deal "
        f"{slowest:.1f} s; "
        f"{time.perf_counter() - began:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
