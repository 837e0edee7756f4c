"""Reproduce the published Captive Queens figures.

Run: ``python examples/captive_queens_figures.py --deals 20000``

The rules quote computer runs by Jan Wolter and Mark Masten: about 59% of
Captive Queens games come out, and about 97% with the Easy start (Queens,
5s and 6s laid out first) within three passes.  Captive Queens leaves the
player no choice, so these are properties of the rules alone.  David
Parlett's Easy start allows a third redeal; no figure is quoted for it.
"""

from __future__ import annotations

import argparse
import math

import patience_rules as pr
from patience_rules.stats import play_deals

#: Game name and the published win rate (None: none quoted).
FIGURES: tuple[tuple[str, float | None], ...] = (
    ("captive-queens", 0.59),
    ("easy-start", 0.97),
    ("easy-start-parlett", None),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Reproduce the Captive Queens figures.")
    parser.add_argument("--deals", type=int, default=20000, help="deals per game (default 20000)")
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: CPUs)")
    args = parser.parse_args(argv)

    agree = True
    for name, published in FIGURES:
        game = pr.get_game(name)
        stats = play_deals(game, args.deals, jobs=args.jobs)
        low, high = stats.confidence_interval()
        line = (
            f"{name:20} won {stats.wins:>6} of {stats.games}: {stats.win_rate:6.2%} "
            f"(95% CI {low:.2%} to {high:.2%})"
        )
        if published is not None:
            # Within sampling error: four standard errors of the published rate.
            error = math.sqrt(published * (1 - published) / stats.games)
            fits = abs(stats.win_rate - published) <= 4 * error
            agree = agree and fits
            line += f"  published {published:.0%}: {'agrees' if fits else 'DIFFERS'}"
        print(line)
    return 0 if agree else 1


if __name__ == "__main__":
    raise SystemExit(main())
