"""Cards as integers: what a ``Card`` that is an ``int`` buys, and what equality with numbers costs.

A :class:`~patience_rules.Card` is an :class:`int` subclass, its index, so
that cards hash, index tables and pack into ``bytes`` at C speed; but a card
equals only a card and is ordered among cards only (``Card.from_str("AC")
== 0`` is false, ``sorted([KS, 3])`` raises ``TypeError``).  This benchmark
measures that card against two others, each in a process of its own that
the whole engine then runs with:

- ``plain-int``: the same ``int`` subclass with ``int``'s own equality,
  ordering and truth, all in C: a card equals its index
  (``Card.from_str("AC") == 0``), sorts among numbers, and the Ace of clubs
  is false.  This was the card of the first versions;
- ``card``: the library's card, with ``__eq__``, ``__ne__``, ``__bool__``
  and the ordering written in Python, and ``int``'s own hash;
- ``object``: a card that is no ``int`` at all: a class with an index,
  ``__index__`` (so that ``bytes(cards)`` still works), equality by
  identity (cards are interned), a hash that is its index, and ordering
  by index.

Each row is a rate (higher is better) in CPU time (``time.process_time``):
the best of several repeats in each of several rounds, the three cards
taking turns from round to round.  The rows "in turns" play the same games
with the library's card and with ``plain-int`` alternately in one process
(the two differ by the methods of one class), which a busy machine upsets
less than separate processes.  The engine rows list the legal moves of, and
apply a move to, Royal Cotillion states reached by random play, and play
whole random games of Royal Cotillion and whole games of Captive Queens
(whose middle is kept in card order); every card plays the same games (the benchmark checks
that the moves and the final positions agree), so the rows compare like
with like.

Run ``python benchmarks/cards.py`` (about 15 s of CPU time; ``--long`` for
a steadier measurement, about a minute; ``--quick`` for a smoke run).  The
figures of ``--long`` are quoted in :class:`patience_rules.Card`'s notes.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

_SRC = str(Path(__file__).resolve().parents[1] / "src")

#: The cards measured, in the order of the table's columns.
VARIANTS = ("plain-int", "card", "object")


# -- the alternatives ------------------------------------------------------------


#: The methods by which the library's card equals only a card.
_CARD_ONLY = ("__eq__", "__ne__", "__hash__", "__bool__", "__lt__", "__le__", "__gt__", "__ge__")


def _make_plain_int(card: Any) -> None:
    """Give the library's ``card`` class ``int``'s own equality, hash and ordering."""
    for name in _CARD_ONLY:
        if name in vars(card):
            delattr(card, name)  # int's own, in C, from the base class


def _object_card_class(cards: types.ModuleType) -> type:
    """A card class that is no ``int``, with the public API of ``cards.Card``."""
    interned: list[Any] = []

    class Card:
        __slots__ = ("_index",)
        _index: int

        def __new__(cls, rank: Any, suit: Any) -> Any:
            return interned[suit * 13 + rank - 1]

        @classmethod
        def _make(cls, index: int) -> Any:
            made = object.__new__(cls)
            made._index = index
            return made

        @classmethod
        def from_index(cls, index: int) -> Any:
            if type(index) is not int or not 0 <= index < 52:
                raise cards.NotationError(
                    f"a card index is a whole number from 0 to 51, got {index}"
                )
            return interned[index]

        @classmethod
        def from_str(cls, text: str) -> Any:
            stripped = text.strip()
            rank = cards._RANK_BY_TEXT.get(stripped[:-1]) if len(stripped) >= 2 else None
            suit = cards._SUIT_BY_TEXT.get(stripped[-1:]) if stripped else None
            if rank is None or suit is None:
                raise cards.NotationError(f"malformed card {text!r}")
            return interned[suit * 13 + rank - 1]

        @property
        def index(self) -> int:
            return self._index

        @property
        def rank(self) -> Any:
            return cards._RANKS[self._index % 13]

        @property
        def suit(self) -> Any:
            return cards._SUITS[self._index // 13]

        @property
        def pretty(self) -> str:
            return str(self.rank.symbol + self.suit.glyph)

        def __index__(self) -> int:
            return self._index

        __int__ = __index__

        def __hash__(self) -> int:
            return self._index

        def __lt__(self, other: Any) -> bool:
            return self._index < other._index if type(other) is Card else NotImplemented

        def __le__(self, other: Any) -> bool:
            return self._index <= other._index if type(other) is Card else NotImplemented

        def __gt__(self, other: Any) -> bool:
            return self._index > other._index if type(other) is Card else NotImplemented

        def __ge__(self, other: Any) -> bool:
            return self._index >= other._index if type(other) is Card else NotImplemented

        def __str__(self) -> str:
            return str(cards._STRS[self._index])

        def __repr__(self) -> str:
            return f"Card.from_str({cards._STRS[self._index]!r})"

        def __format__(self, spec: str) -> str:
            return format(str(self), spec)

        def __reduce__(self) -> tuple[object, tuple[int]]:
            return (Card.from_index, (self._index,))

        def __copy__(self) -> Any:
            return self

        def __deepcopy__(self, memo: object) -> Any:
            return self

    Card.__module__ = cards.__name__
    Card.__qualname__ = "Card"
    interned.extend(Card._make(index) for index in range(52))
    return Card


def _install(variant: str, src: str) -> None:
    """Make ``import patience_rules`` give the package with the card ``variant``."""
    sys.path.insert(0, src)
    if variant == "card":
        return
    if variant == "plain-int":
        import patience_rules.cards

        _make_plain_int(patience_rules.cards.Card)
        return
    # The package is set up by hand so that the new card class is in place
    # before any module takes Card (and the interned cards) from patience_rules.cards.
    spec = importlib.util.find_spec("patience_rules")
    assert spec is not None and spec.loader is not None and spec.submodule_search_locations
    package = importlib.util.module_from_spec(spec)
    sys.modules["patience_rules"] = package
    cards_spec = importlib.util.spec_from_file_location(
        "patience_rules.cards", Path(spec.submodule_search_locations[0], "cards.py")
    )
    assert cards_spec is not None and cards_spec.loader is not None
    cards = importlib.util.module_from_spec(cards_spec)
    sys.modules["patience_rules.cards"] = cards
    cards_spec.loader.exec_module(cards)
    card = _object_card_class(cards)
    cards.Card = card  # type: ignore[attr-defined]
    cards._CARDS = tuple(card.from_index(index) for index in range(52))  # type: ignore[attr-defined]
    cards._CELLS = (*cards._CARDS, *(None,) * 204)  # type: ignore[attr-defined]
    spec.loader.exec_module(package)


# -- the measurements ---------------------------------------------------------------


def _best(work: Callable[[], object], repeats: int) -> float:
    """The least CPU time of ``repeats`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return max(best, 1e-9)


def _best_fresh(make: Callable[[], Any], work: Callable[[Any], object], repeats: int) -> float:
    """The least CPU time of ``repeats`` runs of ``work`` on a fresh ``make()`` each (untimed).

    States keep what they have worked out (their hash, their legal moves), so
    each run works on new copies of the states.
    """
    best = float("inf")
    for _ in range(repeats):
        fresh = make()
        start = time.process_time()
        work(fresh)
        best = min(best, time.process_time() - start)
    return max(best, 1e-9)


def _playout(state: Any, rng: random.Random) -> tuple[Any, int]:
    steps = 0
    while True:
        moves = state.legal_moves()
        if not moves:
            return state, steps
        state = state.apply(moves[rng.randrange(len(moves))])
        steps += 1


def measure(scale: float, repeats: int) -> dict[str, Any]:
    """Rates of card operations and of the engine, with the card installed."""
    import patience_rules as pr

    card_type = pr.Card
    deck = pr.get_game("royal-cotillion").deck()
    rng = random.Random(1)
    picks = [deck[rng.randrange(len(deck))] for _ in range(int(100_000 * scale) + 100)]
    rates: dict[str, float] = {}

    table = {card: index for index, card in enumerate(deck[:52])}
    rates["dict lookup"] = len(picks) / _best(lambda: [table[card] for card in picks], repeats)
    eight = [frozenset(deck[i : i + 52 : 7]) for i in range(7)]  # small sets: probes collide
    rates["set membership (small sets)"] = (
        len(picks) * 7 / _best(lambda: [card in s for s in eight for card in picks], repeats)
    )
    rates["hash"] = len(picks) / _best(lambda: [hash(card) for card in picks], repeats)
    pairs = list(zip(picks, picks[1:] + picks[:1], strict=True))
    rates["== between cards"] = len(pairs) / _best(lambda: [a == b for a, b in pairs], repeats)
    hands = [picks[i : i + 104] for i in range(0, len(picks) - 104, 104)]
    rates["sort 104 cards"] = len(hands) / _best(lambda: [sorted(hand) for hand in hands], repeats)
    rates["bytes(104 cards)"] = len(hands) / _best(lambda: [bytes(hand) for hand in hands], repeats)

    rules = pr.get_game("royal-cotillion")
    sample: list[tuple[Any, Any]] = []
    deal = 0
    while len(sample) < int(2000 * scale) + 20:
        state = rules.deal(deal)
        deal += 1
        while len(sample) < int(2000 * scale) + 20 and state.legal_moves():
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            sample.append((state, move))
            state = state.apply(move)
    texts = [(pr.state_to_text(state), move) for state, move in sample]

    def copies() -> list[tuple[Any, Any]]:
        return [(pr.state_from_text(text), move) for text, move in texts]

    rates["RC legal moves of a state"] = len(sample) / _best_fresh(
        copies, lambda fresh: [state.legal_moves() for state, _ in fresh], repeats
    )
    rates["RC apply a move"] = len(sample) / _best_fresh(
        copies, lambda fresh: [state.apply(move) for state, move in fresh], repeats
    )
    games = max(2, int(40 * scale))
    rates["RC random playouts"] = games / _best_fresh(
        lambda: [rules.deal(n) for n in range(games)],
        lambda starts: [_playout(state, random.Random(n)) for n, state in enumerate(starts)],
        repeats,
    )
    starts = [rules.deal(n) for n in range(games)]
    # Captive Queens keeps its middle (the Queens) in card order: a move there sorts it.
    captive = pr.get_game("captive-queens")
    cq_games = max(2, int(300 * scale))
    rates["CQ complete games (play_forced)"] = cq_games / _best_fresh(
        lambda: [captive.deal(n) for n in range(cq_games)],
        lambda deals: [state.play_forced() for state in deals],
        repeats,
    )

    paired: dict[str, dict[str, float]] = {}
    if "__eq__" in vars(card_type):  # the library's card: against plain-int, taking turns
        paired = _paired(card_type, rules, captive, games, cq_games, repeats)

    # What the engine did, to check that every card plays the same games.
    ends = [_playout(state, random.Random(n)) for n, state in enumerate(starts)]
    listed = [[str(move) for move in state.legal_moves()] for state, _ in sample[:200]]
    ace, king = card_type.from_str("AC"), card_type.from_str("KS")
    try:
        sorted([king, 3, ace])
    except TypeError:
        mixed = "raises"
    else:
        mixed = "mixes them"
    return {
        "rates": rates,
        "paired": paired,
        "plays": [[pr.state_to_text(end), steps] for end, steps in ends],
        "listed": listed,
        "card is int": isinstance(ace, int),
        "AC == 0": ace == 0,
        "sorted([KS, 3])": mixed,
    }


def _paired(
    card: Any, rules: Any, captive: Any, games: int, cq_games: int, repeats: int
) -> dict[str, dict[str, float]]:
    """Whole games with the library's card and with plain-int, taking turns in this process.

    The two differ only in the methods of one class, which are swapped
    between runs: a busy machine slows both alike, so the two figures
    compare better than those of separate processes.
    """
    own = {name: vars(card)[name] for name in _CARD_ONLY}
    best: dict[str, dict[str, float]] = {
        "RC random playouts, in turns": {},
        "CQ complete games, in turns": {},
    }
    try:
        for _ in range(2 * repeats):
            for variant in ("plain-int", "card"):
                if variant == "plain-int":
                    _make_plain_int(card)
                else:
                    for name, method in own.items():
                        setattr(card, name, method)
                rc = games / _best_fresh(
                    lambda: [rules.deal(n) for n in range(games)],
                    lambda starts: [
                        _playout(state, random.Random(n)) for n, state in enumerate(starts)
                    ],
                    1,
                )
                cq = cq_games / _best_fresh(
                    lambda: [captive.deal(n) for n in range(cq_games)],
                    lambda deals: [state.play_forced() for state in deals],
                    1,
                )
                for name, rate in (
                    ("RC random playouts, in turns", rc),
                    ("CQ complete games, in turns", cq),
                ):
                    best[name][variant] = max(best[name].get(variant, 0.0), rate)
    finally:
        for name, method in own.items():
            setattr(card, name, method)
    return best


def _child(variant: str, src: str, scale: float, repeats: int) -> dict[str, Any]:
    """Measure ``variant`` in a fresh process."""
    done = subprocess.run(
        [
            sys.executable,
            __file__,
            "--variant",
            variant,
            "--src",
            src,
            "--scale",
            str(scale),
            "--repeats",
            str(repeats),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def table(results: dict[str, dict[str, Any]]) -> Iterable[str]:
    """The lines of the report: a row per measurement, a column per card."""
    yield f"{'per second (best of repeats)':32}" + "".join(f"{v:>14}" for v in VARIANTS)
    for name in results[VARIANTS[0]]["rates"]:
        rates = [results[v]["rates"][name] for v in VARIANTS]
        yield f"{name:32}" + "".join(f"{rate:14,.0f}" for rate in rates)
    for name, rates in results["card"]["paired"].items():
        yield f"{name:32}" + "".join(
            f"{rates[v]:14,.0f}" if v in rates else f"{'-':>14}" for v in VARIANTS
        )
    for name in ("RC random playouts", "CQ complete games (play_forced)"):
        base = results["card"]["rates"][name]
        yield f"{'  ' + name.split(' (')[0] + ', vs card':32}" + "".join(
            f"{results[v]['rates'][name] / base:14.2f}" for v in VARIANTS
        )
    for question in ("card is int", "AC == 0", "sorted([KS, 3])"):
        yield f"{question:32}" + "".join(f"{results[v][question]!s:>14}" for v in VARIANTS)


def main(argv: list[str] | None = None) -> int:
    """Measure every card in its own process and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a tiny run that checks it all works")
    size.add_argument("--long", action="store_true", help="more work and more repeats")
    parser.add_argument("--src", default=_SRC, help="the source tree to import from")
    parser.add_argument("--variant", choices=VARIANTS, help=argparse.SUPPRESS)
    parser.add_argument("--scale", type=float, default=1.0, help=argparse.SUPPRESS)
    parser.add_argument("--repeats", type=int, default=5, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.variant is not None:  # a child: measure one card, answer in JSON
        _install(args.variant, args.src)
        print(json.dumps(measure(args.scale, args.repeats)))
        return 0
    scale, repeats, rounds = (
        (0.02, 1, 1) if args.quick else (2.0, 5, 3) if args.long else (1.0, 3, 2)
    )
    results: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):  # the cards take turns, so that a busy spell hits them alike
        for variant in VARIANTS:
            result = _child(variant, args.src, scale, repeats)
            if variant in results:
                best = results[variant]["rates"]
                for name, rate in result["rates"].items():
                    best[name] = max(best[name], rate)
            else:
                results[variant] = result
    first = results[VARIANTS[0]]
    for variant in VARIANTS[1:]:
        if (results[variant]["plays"], results[variant]["listed"]) != (
            first["plays"],
            first["listed"],
        ):
            print(
                f"the {variant} card plays other games than the {VARIANTS[0]} card", file=sys.stderr
            )
            return 1
    print(
        f"Python {sys.version.split()[0]}; scale {scale}; "
        f"the best of {rounds} rounds of {repeats} repeats"
    )
    for line in table(results):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
