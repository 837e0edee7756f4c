"""Statistics: play many deals with a policy and count the results.

A *policy* chooses a move whenever the player has a choice.  Policies are
small frozen values, so they pickle and travel to worker processes or to a
cluster.  Three come with the library:

- :class:`GreedyPolicy` (``"greedy"``): plays to a foundation whenever it
  can, preferring a card from the tableau (Royal Cotillion's Ladies), then
  from a cell (the Lords), then from the waste; draws only when no card can
  be played; redeals last.
- :class:`RandomPolicy` (``"random"``): a uniformly random legal move, from
  a random generator seeded by the policy's seed and the deal number.
- :class:`FirstPolicy` (``"first"``): the first legal move in the engine's
  fixed order.

In a game whose moves are compulsory (Captive Queens) there is at most one
legal move, so every policy plays the same game.

:func:`play_deal` plays one deal to its end; :func:`play_deals` plays a run
of consecutive deal numbers, in chunks, on any
:class:`concurrent.futures.Executor` (a process pool by default), and adds
the results up into a :class:`DealStats`.  Each deal is played from its deal
number and the policy alone, so the counts are the same whatever executor,
number of workers or chunk size does the work.

>>> import patience_rules as pr
>>> from patience_rules.stats import play_deals
>>> stats = play_deals(pr.get_game("easy-start"), 200, jobs=1)
>>> stats.games, stats.wins
(200, 196)
>>> low, high = stats.confidence_interval()
>>> f"{stats.win_rate:.1%} (95% CI {low:.1%} to {high:.1%})"
'98.0% (95% CI 95.0% to 99.2%)'
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
import os
import statistics
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from .deals import MAX_DEAL_NUMBER, check_deal_number
from .errors import PatienceRulesError
from .piles import PileKind
from .rules import GameRules
from .state import Move, State

if TYPE_CHECKING:
    # Named in full in the signature of play_deals, so that the documentation
    # links it to its public name rather than to concurrent.futures._base.
    import concurrent.futures

__all__ = [
    "Chooser",
    "DealResult",
    "DealStats",
    "FirstPolicy",
    "GreedyPolicy",
    "Policy",
    "RandomPolicy",
    "get_policy",
    "play_deal",
    "play_deals",
    "policy_names",
    "wilson_interval",
]

class Chooser(Protocol):
    """Picks one of the legal moves of a state.

    It is called as ``choose(state, moves)`` with ``moves ==
    state.legal_moves()`` (never empty) and returns one of them; any function
    of that shape is a chooser.  :meth:`Policy.chooser` makes one per deal.

    >>> first: Chooser = lambda state, moves: moves[0]
    """

    def __call__(self, state: State, moves: tuple[Move, ...], /) -> Move:
        """The move chosen among ``moves``, the legal moves of ``state``."""
        ...

#: How many deals one task plays, unless the caller says otherwise.
DEFAULT_CHUNK_SIZE = 250


@runtime_checkable
class Policy(Protocol):
    """What a policy is: a named value that makes a chooser for each deal.

    ``chooser(deal)`` returns a function that is called with the state and
    its legal moves (never empty) whenever a move is to be made in the game
    of deal number ``deal``, and returns one of those moves.  A policy that
    uses randomness must seed it from its own fields and ``deal`` only, so
    that a deal plays the same game wherever it is played.  Write a policy as
    a frozen ``attrs`` class (or any picklable value) so that
    :func:`play_deals` can send it to other processes.

    >>> from patience_rules.stats import GreedyPolicy, Policy
    >>> isinstance(GreedyPolicy(), Policy)
    True
    """

    @property
    def name(self) -> str:
        """A short name, such as ``"greedy"``."""
        ...

    def chooser(self, deal: int) -> Chooser:
        """The function that chooses the moves of deal number ``deal``."""
        ...


@attrs.frozen
class FirstPolicy:
    """Always the first legal move in the engine's fixed order.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import FirstPolicy, play_deal
    >>> play_deal(pr.get_game("captive-queens"), 1, FirstPolicy()).won
    True
    """

    @property
    def name(self) -> str:
        """``"first"``."""
        return "first"

    def chooser(self, deal: int) -> Chooser:
        """A chooser that takes ``moves[0]``."""
        return _first


def _first(state: State, moves: tuple[Move, ...]) -> Move:
    return moves[0]


#: The greedy policy's preference among the sources of a move: lower first.
_SOURCE_PRIORITY = {
    PileKind.COLUMN: 0,
    PileKind.CELL: 1,
    PileKind.WASTE: 2,
    PileKind.STOCK: 3,
}


def _greedy_key(move: Move) -> int:
    if move.is_redeal:
        return 5
    if move.is_draw:
        return 4
    return _SOURCE_PRIORITY.get(move.source.kind, 3)


def _greedy(state: State, moves: tuple[Move, ...]) -> Move:
    return min(moves, key=_greedy_key)


@attrs.frozen
class GreedyPolicy:
    """Play a card home whenever one can go; draw only when none can.

    The order follows the strategy tips for Royal Cotillion: a card from
    the front of a tableau column first (it uncovers the card beneath, and
    is the only move that shows something new), then a card from a cell (a
    Lords' cell emptied before the next draw is refilled by the card drawn),
    then the waste's top card, then the draw, then a redeal.  Between moves
    of the same kind the engine's order decides (the lower-numbered pile and
    foundation), so the policy needs no randomness.  This order is the
    policy's own definition; it happens to agree with the engine's order of
    :meth:`~patience_rules.State.legal_moves` today, so ``"greedy"`` and
    ``"first"`` play the same games.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import GreedyPolicy
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> move = GreedyPolicy().chooser(7)(state, state.legal_moves())
    >>> move.source.kind.name, state.card_of(move)
    ('COLUMN', Card.from_str('3S'))
    """

    @property
    def name(self) -> str:
        """``"greedy"``."""
        return "greedy"

    def chooser(self, deal: int) -> Chooser:
        """The greedy chooser (the same for every deal)."""
        return _greedy


class _SplitMix64:
    """A small, fully specified random generator (SplitMix64).

    Its outputs depend on nothing but the seed, on every platform and Python.
    """

    __slots__ = ("_state",)

    _MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self._state = seed & self._MASK

    def next(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self._MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A whole number from 0 to ``bound - 1``, each equally likely."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound


@attrs.frozen
class RandomPolicy:
    """A uniformly random legal move, seeded by ``seed`` and the deal number.

    The generator of deal *n* is SplitMix64 started from the first output of
    SplitMix64 seeded with ``seed``, plus *n*; each choice among *k* moves
    draws a whole number below *k* without bias.  So a deal plays the same
    game on every platform, in any process, in any order.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import RandomPolicy, play_deal
    >>> game = pr.get_game("royal-cotillion")
    >>> play_deal(game, 5, RandomPolicy(seed=1)) == play_deal(game, 5, RandomPolicy(seed=1))
    True
    """

    seed: int = attrs.field(default=0)

    @seed.validator
    def _check_seed(self, attribute: attrs.Attribute[int], value: object) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise PatienceRulesError(
                f"a policy seed is a whole number of at least 0, got {value!r}"
            )

    @property
    def name(self) -> str:
        """``"random"``."""
        return "random"

    def chooser(self, deal: int) -> Chooser:
        """A chooser drawing from this policy's generator for deal ``deal``."""
        generator = _SplitMix64(_SplitMix64(self.seed).next() + deal)

        def choose(state: State, moves: tuple[Move, ...]) -> Move:
            return moves[generator.below(len(moves))] if len(moves) > 1 else moves[0]

        return choose


_POLICIES: dict[str, Callable[[int], Policy]] = {
    "greedy": lambda seed: GreedyPolicy(),
    "random": lambda seed: RandomPolicy(seed=seed),
    "first": lambda seed: FirstPolicy(),
}


def policy_names() -> tuple[str, ...]:
    """The names :func:`get_policy` knows, the default (``"greedy"``) first.

    >>> from patience_rules.stats import policy_names
    >>> policy_names()
    ('greedy', 'random', 'first')
    """
    return tuple(_POLICIES)


def get_policy(name: str, *, seed: int = 0) -> Policy:
    """The policy called ``name``; ``seed`` seeds a random one.

    :raises PatienceRulesError: for a name that is not known; the message
        lists the known names.

    >>> from patience_rules.stats import get_policy
    >>> get_policy("random", seed=3)
    RandomPolicy(seed=3)
    >>> get_policy("clever")
    Traceback (most recent call last):
    ...
    patience_rules.errors.PatienceRulesError: unknown policy 'clever': expected one of greedy, random, first
    """
    factory = _POLICIES.get(name)
    if factory is None:
        raise PatienceRulesError(
            f"unknown policy {name!r}: expected one of {', '.join(_POLICIES)}"
        )
    return factory(seed)


@attrs.frozen
class DealResult:
    """How one deal came out: its number, won or lost, cards home, moves made.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import play_deal
    >>> play_deal(pr.get_game("easy-start"), 3)
    DealResult(deal=3, won=True, cards_home=52, moves=116)
    """

    deal: int
    won: bool
    cards_home: int
    moves: int


def play_deal(rules: GameRules, deal: int, policy: Policy | None = None) -> DealResult:
    """Play deal number ``deal`` of ``rules`` to its end with ``policy``.

    :param policy: chooses each move (default: :class:`GreedyPolicy`).
    :raises InvalidDealError: for a deal number out of range.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import play_deal
    >>> result = play_deal(pr.get_game("captive-queens"), 2)
    >>> result.won, result.cards_home
    (False, 49)
    """
    choose = (policy if policy is not None else GreedyPolicy()).chooser(deal)
    state = rules.deal(deal)
    moves_made = 0
    moves = state.legal_moves()
    while moves:
        state = state.apply(choose(state, moves))
        moves_made += 1
        moves = state.legal_moves()
    return DealResult(deal, state.is_won, state.cards_home, moves_made)


def wilson_interval(
    successes: int, trials: int, confidence: float = 0.95
) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    It stays inside 0..1 and behaves well near 0% and 100% and for few
    trials, unlike the textbook normal interval.  With no trials it is
    ``(0.0, 1.0)``: nothing is known.

    :raises PatienceRulesError: unless ``0 <= successes <= trials`` and
        ``0 < confidence < 1``.

    >>> from patience_rules.stats import wilson_interval
    >>> low, high = wilson_interval(59, 100)
    >>> round(low, 4), round(high, 4)
    (0.492, 0.6813)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    for name, value in (("successes", successes), ("trials", trials)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise PatienceRulesError(f"{name} is a whole number, got {value!r}")
    if not 0 <= successes <= trials:
        raise PatienceRulesError(
            f"expected 0 <= successes <= trials, got {successes} successes in {trials} trials"
        )
    if not 0 < confidence < 1:
        raise PatienceRulesError(
            f"the confidence level is between 0 and 1 (such as 0.95), got {confidence!r}"
        )
    if trials == 0:
        return (0.0, 1.0)
    z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    spread = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    low = 0.0 if successes == 0 else max(0.0, centre - spread)
    high = 1.0 if successes == trials else min(1.0, centre + spread)
    return (low, high)


def _histogram(value: Iterable[int]) -> tuple[int, ...]:
    counts = tuple(value)
    while counts and counts[-1] == 0:
        counts = counts[:-1]
    return counts


@attrs.frozen
class DealStats:
    """The counts from playing many deals.

    :param games: how many deals were played.
    :param wins: how many of them were won.
    :param cards_home: a histogram: ``cards_home[k]`` deals ended with ``k``
        cards home (trailing zeros dropped).
    :param moves: the moves made in all the games together.

    Two results add up (``a + b``) to the result of both runs; the sum does
    not depend on the order, so chunks may finish in any order.

    >>> from patience_rules.stats import DealStats
    >>> a = DealStats(games=2, wins=1, cards_home=(0, 1, 1), moves=9)
    >>> b = DealStats(games=1, wins=0, cards_home=(1,), moves=2)
    >>> (a + b).cards_home, (a + b).mean_cards_home
    ((1, 1, 1), 1.0)
    """

    games: int = 0
    wins: int = 0
    cards_home: tuple[int, ...] = attrs.field(default=(), converter=_histogram)
    moves: int = 0

    @classmethod
    def of(cls, results: Iterable[DealResult]) -> DealStats:
        """The counts of some deal results.

        >>> from patience_rules.stats import DealResult, DealStats
        >>> DealStats.of([DealResult(0, True, 3, 7), DealResult(1, False, 1, 4)])
        DealStats(games=2, wins=1, cards_home=(0, 1, 0, 1), moves=11)
        """
        games = wins = moves = 0
        histogram: list[int] = []
        for result in results:
            games += 1
            wins += result.won
            moves += result.moves
            if result.cards_home >= len(histogram):
                histogram.extend([0] * (result.cards_home + 1 - len(histogram)))
            histogram[result.cards_home] += 1
        return cls(games, wins, tuple(histogram), moves)

    def __add__(self, other: DealStats) -> DealStats:
        if not isinstance(other, DealStats):
            return NotImplemented
        size = max(len(self.cards_home), len(other.cards_home))
        mine = self.cards_home + (0,) * (size - len(self.cards_home))
        theirs = other.cards_home + (0,) * (size - len(other.cards_home))
        return DealStats(
            self.games + other.games,
            self.wins + other.wins,
            tuple(a + b for a, b in zip(mine, theirs, strict=True)),
            self.moves + other.moves,
        )

    @property
    def losses(self) -> int:
        """How many deals were lost."""
        return self.games - self.wins

    @property
    def win_rate(self) -> float:
        """The fraction of deals won (``0.0`` when none were played)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_cards_home(self) -> float:
        """The mean number of cards home at the end (``0.0`` when no deal was played)."""
        total = sum(k * count for k, count in enumerate(self.cards_home))
        return total / self.games if self.games else 0.0

    @property
    def mean_moves(self) -> float:
        """The mean number of moves per game (``0.0`` when no deal was played)."""
        return self.moves / self.games if self.games else 0.0

    def confidence_interval(self, confidence: float = 0.95) -> tuple[float, float]:
        """The Wilson interval of the win rate (see :func:`wilson_interval`)."""
        return wilson_interval(self.wins, self.games, confidence)

    def to_dict(self) -> dict[str, int | float | list[int] | list[float]]:
        """A JSON-ready dict of the counts and the figures derived from them.

        >>> from patience_rules.stats import DealStats
        >>> data = DealStats(games=4, wins=2, cards_home=(0, 0, 2, 0, 2), moves=10).to_dict()
        >>> data["win_rate"], data["mean_cards_home"], data["cards_home"], data["mean_moves"]
        (0.5, 3.0, [0, 0, 2, 0, 2], 2.5)
        >>> sorted(data)
        ['cards_home', 'ci95', 'games', 'losses', 'mean_cards_home', 'mean_moves', 'moves', 'win_rate', 'wins']
        """
        low, high = self.confidence_interval()
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "win_rate": self.win_rate,
            "ci95": [low, high],
            "mean_cards_home": self.mean_cards_home,
            "cards_home": list(self.cards_home),
            "moves": self.moves,
            "mean_moves": self.mean_moves,
        }


def _play_chunk(rules: GameRules, policy: Policy, start: int, count: int) -> DealStats:
    """Play deals ``start`` to ``start + count - 1``: one task of :func:`play_deals`."""
    return DealStats.of(play_deal(rules, deal, policy) for deal in range(start, start + count))


def _chunks(start: int, count: int, size: int) -> Iterator[tuple[int, int]]:
    for first in range(start, start + count, size):
        yield first, min(size, start + count - first)


def _check_whole(name: str, value: object, low: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise PatienceRulesError(f"{name} is a whole number of at least {low}, got {value!r}")
    return value


def _process_context() -> multiprocessing.context.BaseContext:
    """Worker processes that start clean: a fork server where there is one, else spawn.

    Forking a process that runs threads (a test runner, a notebook, a Dask
    client) may deadlock the child, so the default pool never forks the caller.
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def play_deals(
    rules: GameRules,
    count: int,
    *,
    start: int = 0,
    policy: Policy | None = None,
    executor: concurrent.futures.Executor | None = None,
    jobs: int | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    progress: Callable[[int, int], None] | None = None,
) -> DealStats:
    """Play deals ``start`` to ``start + count - 1`` with ``policy``; add up the results.

    The deals are cut into chunks of ``chunk_size`` consecutive deal numbers,
    and each chunk is one task.  The result does not depend on the executor,
    the number of workers or the chunk size.

    :param rules: the game (``pr.get_game(name)``).
    :param count: how many deals to play (0 or more).
    :param start: the first deal number.
    :param policy: chooses the moves (default: :class:`GreedyPolicy`); it
        must pickle to run in another process.
    :param executor: runs the chunks, such as a
        :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask
        ``distributed.Client(...).get_executor()``.  It is left open.  By
        default a process pool of ``jobs`` workers is made for the call and
        shut down after it; with ``jobs=1`` the deals are played in this
        process, without any pool.
    :param jobs: the workers of the default pool (default: the number of
        CPUs); not allowed together with ``executor``.
    :param progress: called as ``progress(done, count)`` after each chunk.
    :raises PatienceRulesError: for a negative count, a bad start, jobs or
        chunk size, or both ``executor`` and ``jobs``.

    >>> import patience_rules as pr
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from patience_rules.stats import RandomPolicy, play_deals
    >>> game = pr.get_game("royal-cotillion")
    >>> with ThreadPoolExecutor(2) as pool:
    ...     pooled = play_deals(game, 30, policy=RandomPolicy(), executor=pool, chunk_size=7)
    >>> pooled == play_deals(game, 30, policy=RandomPolicy(), jobs=1)
    True
    """
    _check_whole("the number of deals", count, 0)
    _check_whole("the first deal number", start, 0)
    _check_whole("the chunk size", chunk_size, 1)
    if count and start + count - 1 > MAX_DEAL_NUMBER:
        check_deal_number(start + count - 1)
    if jobs is not None:
        _check_whole("jobs", jobs, 1)
        if executor is not None:
            raise PatienceRulesError("give either an executor or a number of jobs, not both")
    chosen = policy if policy is not None else GreedyPolicy()
    chunks = list(_chunks(start, count, chunk_size))
    total = DealStats()
    done = 0
    if executor is None and (jobs == 1 or len(chunks) <= 1):
        for first, size in chunks:
            total += _play_chunk(rules, chosen, first, size)
            done += size
            if progress is not None:
                progress(done, count)
        return total
    own = executor is None
    pool = executor if executor is not None else ProcessPoolExecutor(
        max_workers=min(jobs or os.cpu_count() or 1, len(chunks)), mp_context=_process_context()
    )
    try:
        futures: dict[Future[DealStats], int] = {
            pool.submit(_play_chunk, rules, chosen, first, size): size for first, size in chunks
        }
        for future in as_completed(futures):
            total += future.result()
            done += futures[future]
            if progress is not None:
                progress(done, count)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return total
