"""Statistics: play many deals and count the results.

:func:`play_deal` plays one deal to its end with a player (see
:mod:`patience_rules.players`); :func:`play_deals` plays a run of
consecutive deal numbers, in chunks, on any
:class:`concurrent.futures.Executor` (a process pool by default), and adds
the results up into a :class:`DealStats`.  Each deal is played from its deal
number and the player alone, so the counts are the same whatever executor,
number of workers or chunk size does the work.  :func:`wilson_interval`
gives the confidence interval of a win rate.

>>> import patience_rules as pr
>>> from patience_rules.stats import play_deals
>>> stats = play_deals(pr.get_game("easy-start"), 200, jobs=1)
>>> stats.games, stats.wins
(200, 196)
>>> low, high = stats.confidence_interval()
>>> f"{stats.win_rate:.1%} (95% CI {low:.1%} to {high:.1%})"
'98.0% (95% CI 95.0% to 99.2%)'

The players used to live here, as *policies*; their old names
(``Policy``, ``GreedyPolicy``, ``RandomPolicy``, ``FirstPolicy``,
``get_policy``, ``policy_names``) still import from this module as aliases
of the new ones, with a :class:`DeprecationWarning`, and will be removed in
a coming release (``Chooser`` kept its name, and imports from here too).
The ``policy=`` argument of :func:`play_deal` and :func:`play_deals` is
likewise an alias of ``player=``, with a warning.
"""

from __future__ import annotations

import concurrent.futures  # (play_deals' signature names its Executor in full)
import itertools
import math
import multiprocessing
import multiprocessing.context
import os
import pickle
import signal
import statistics
import sys
import threading
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Final, SupportsFloat, SupportsIndex, TypedDict, cast

import attrs

from . import _checks
from ._checks import MAX_CARDS
from .cards import _as_index
from .deals import MAX_DEAL_NUMBER
from .errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidDealError,
    NotationError,
    PatienceRulesError,
    _counted,
    _shown,
)
from .players import Chooser as Chooser  # an old name, as in players
from .players import (
    FirstPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    get_player,
    player_names,
)
from .rules import GameRules, _game_rules

__all__ = [
    "DEFAULT_CHUNK_SIZE",
    "DEFAULT_MAX_PENDING",
    "MAX_JOBS",
    "MAX_MOVES",
    "MAX_PENDING",
    "DealResult",
    "DealStats",
    "DealStatsDict",
    "play_deal",
    "play_deals",
    "wilson_interval",
]

#: The players' old names and their new ones (see the module notes).
_OLD_NAMES: dict[str, object] = {
    "Policy": Player,
    "FirstPolicy": FirstPlayer,
    "GreedyPolicy": GreedyPlayer,
    "RandomPolicy": RandomPlayer,
    "get_policy": get_player,
    "policy_names": player_names,
}


def _old_name(name: str) -> object:
    """The module's ``__getattr__``: an old name still imports, with a DeprecationWarning."""
    new = _OLD_NAMES.get(name)
    if new is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"patience_rules.stats.{name} is an old name of patience_rules.players."
        f"{getattr(new, '__name__', name)}, and goes in a coming release",
        DeprecationWarning,
        stacklevel=2,
    )
    return new


if TYPE_CHECKING:
    # The old names as type checkers see them: typed as the new ones, and
    # flagged as deprecated; any other name is an error there, as it is at run
    # time (a module __getattr__ would make every name there Any).
    from typing import Literal, Protocol, overload, runtime_checkable

    from typing_extensions import deprecated

    @deprecated("an old name of patience_rules.players.Player")
    @runtime_checkable
    class Policy(Player, Protocol): ...

    @deprecated("an old name of patience_rules.players.FirstPlayer")
    class FirstPolicy(FirstPlayer): ...

    @deprecated("an old name of patience_rules.players.GreedyPlayer")
    class GreedyPolicy(GreedyPlayer): ...

    @deprecated("an old name of patience_rules.players.RandomPlayer")
    class RandomPolicy(RandomPlayer): ...

    @overload
    @deprecated("an old name of patience_rules.players.get_player")
    def get_policy(name: Literal["greedy"], *, seed: SupportsIndex = 0) -> GreedyPlayer: ...
    @overload
    @deprecated("an old name of patience_rules.players.get_player")
    def get_policy(name: Literal["random"], *, seed: SupportsIndex = 0) -> RandomPlayer: ...
    @overload
    @deprecated("an old name of patience_rules.players.get_player")
    def get_policy(name: Literal["first"], *, seed: SupportsIndex = 0) -> FirstPlayer: ...
    @overload
    @deprecated("an old name of patience_rules.players.get_player")
    def get_policy(name: str, *, seed: SupportsIndex = 0) -> Player: ...
    def get_policy(name: str, *, seed: SupportsIndex = 0) -> Player: ...

    @deprecated("an old name of patience_rules.players.player_names")
    def policy_names() -> tuple[str, ...]: ...

else:
    __getattr__ = _old_name  # (its body is type-checked where it is written)


#: How many deals one task plays, unless the caller says otherwise.
DEFAULT_CHUNK_SIZE: Final = 250
#: How many tasks :func:`play_deals` keeps waiting in an executor of the
#: caller's at once, unless told otherwise.
DEFAULT_MAX_PENDING: Final = 64
#: The most tasks :func:`play_deals` may be told to keep waiting at once.
MAX_PENDING: Final = 1_000_000
#: The most workers :func:`play_deals` may be told to start (``jobs``).
MAX_JOBS: Final = 4096

#: The most trials :func:`wilson_interval` takes: one per deal number.
_MAX_TRIALS = MAX_DEAL_NUMBER + 1


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` as an int if it is a whole number (NumPy's too) from ``low`` (to ``high``),
    else an InvalidArgumentError.

    Every count and number this module takes goes through here, and its callers
    keep the int returned, never ``value`` (see :func:`_checks.whole_index`).
    """
    return _checks.whole_index(name, value, low, high, InvalidArgumentError)


def _workers(jobs: int | None, count: int, chunk_size: int = DEFAULT_CHUNK_SIZE) -> int:
    """The worker processes of :func:`play_deals`' own pool for ``count`` deals in
    chunks of ``chunk_size`` with ``jobs`` asked (None: one per usable CPU); 0 where
    it plays in the calling process."""
    tasks = -(-count // chunk_size)
    if jobs == 1 or tasks <= 1:
        return 0
    return min(jobs or _usable_cpus(), MAX_JOBS, tasks)


def _usable_cpus() -> int:
    """The CPUs this process may run on: its affinity where the system tells it (a
    container's or ``taskset``'s limit), else every CPU; at least 1."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # (no affinity on this system)
        return os.cpu_count() or 1


def _player(player: Player | None, policy: Player | None) -> Player:
    """The player of a call that may name it by its old keyword, ``policy``."""
    if policy is not None:
        if player is not None:
            raise InvalidArgumentError("give a player, or a policy (its old name), not both")
        warnings.warn(
            "policy= is an old name of player=, and goes in a coming release",
            DeprecationWarning,
            stacklevel=3,
        )
        player = policy
    if player is None:
        return GreedyPlayer()
    if isinstance(player, type):  # (its chooser is a function of the instance and the deal)
        raise InvalidArgumentError(
            f"a player is an instance of a player class, got the class {player.__name__}: "
            f"give {player.__name__}()"
        )
    if not callable(getattr(player, "chooser", None)):
        raise InvalidArgumentError(
            f"a player has a chooser(deal) method (see patience_rules.players), "
            f"got {_shown(player)}"
        )
    return player


# The converters of DealResult's counts: each field holds the int that _whole
# gives.  (A converter's parameter is the type checkers' type of the field's
# argument; the value is checked as any object.)


def _deal_number(value: SupportsIndex) -> int:
    return _whole("deal", value, 0, MAX_DEAL_NUMBER)


def _cards_home(value: SupportsIndex) -> int:
    return _whole("cards_home", value, 0, MAX_CARDS)


def _moves(value: SupportsIndex) -> int:
    return _whole("moves", value, 0)


@attrs.frozen
class DealResult:
    """How one deal came out: its number, won or lost, cards home, moves made.

    ``stopped`` says that the game did not end by the rules: the player gave
    it up, or it was stopped after the most moves a game is given (see
    :func:`play_deal`).  It counts as not won.  ``at_limit`` says which:
    a game stopped at the limit with moves still legal, whose outcome is
    unknown (a longer game might have been won), not a game given up.

    The deal number and the counts may be integers of another library, such
    as NumPy's; they are kept as ints.

    :raises InvalidArgumentError: for a deal number out of range, a count that
        is not a whole number in range (at most 832 cards home: sixteen
        decks), flags that are not True or False, a game both won and
        stopped, or one at the limit but not stopped.

    >>> import patience_rules as pr
    >>> from patience_rules.stats import play_deal
    >>> play_deal(pr.get_game("easy-start"), 3)
    DealResult(deal=3, won=True, cards_home=52, moves=116, stopped=False, at_limit=False)
    >>> play_deal(pr.get_game("easy-start"), 3, max_moves=100)
    DealResult(deal=3, won=False, cards_home=44, moves=100, stopped=True, at_limit=True)
    """

    deal: int = attrs.field(converter=_deal_number)
    won: bool = attrs.field(validator=lambda i, a, v: _flag("won", v))
    cards_home: int = attrs.field(converter=_cards_home)
    moves: int = attrs.field(converter=_moves)
    stopped: bool = attrs.field(default=False, validator=lambda i, a, v: _flag("stopped", v))
    at_limit: bool = attrs.field(default=False, validator=lambda i, a, v: _flag("at_limit", v))

    def __attrs_post_init__(self) -> None:
        if self.won and self.stopped:
            raise InvalidArgumentError("a game given up or stopped is not won: won and stopped")
        if self.at_limit and not self.stopped:
            raise InvalidArgumentError(
                "a game at the move limit was stopped there: at_limit but not stopped"
            )


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise InvalidArgumentError(f"{name} is True or False, got {_shown(value)}")
    return value


#: The most moves a game is given by default (see :func:`play_deal`).
MAX_MOVES: Final = 2000


def play_deal(
    rules: GameRules,
    deal: SupportsIndex,
    player: Player | None = None,
    *,
    policy: Player | None = None,
    max_moves: SupportsIndex = MAX_MOVES,
) -> DealResult:
    """Play deal number ``deal`` of ``rules`` to its end with ``player``.

    A game ends when it is won or no move is legal (a won Klondike with
    ``foundation_back`` may still move a card back: it ends won), or when
    the player gives up (its chooser returns ``None``).  Some games can go on for ever (a Klondike
    with no limit on its redeals, or cards moved back and forth between
    columns), so a game is also stopped after ``max_moves`` moves.  A game
    given up or stopped counts as not won (its result says ``stopped``, and
    ``at_limit`` where the limit stopped it with moves still legal).

    :param player: chooses each move (default:
        :class:`~patience_rules.players.GreedyPlayer`).
    :param policy: the old name of ``player``.
    :param max_moves: the most moves the game is given (2,000 by default,
        more than any game that ends by its rules lasts, see
        :func:`~patience_rules.contrib.longest_game`).  In a game that can
        go on for ever a player may still win past it: the greedy player
        wins Klondike's deals 2, 3 and 5 in 9,988 to 14,924 moves, and 21
        of deals 0 to 79 within 60,000 moves against 2 within 2,000.  Where
        many games stop, give it more.
    :raises InvalidDealError: for a deal number out of range.
    :raises InvalidArgumentError: for rules or a player that are not one.
    :raises IllegalMoveError: for a move the player chose that is not legal
        (its message names the deal and the move's number).

    >>> import patience_rules as pr
    >>> from patience_rules.stats import play_deal
    >>> result = play_deal(pr.get_game("captive-queens"), 2)
    >>> result.won, result.cards_home
    (False, 49)
    """
    _game_rules(rules)
    chosen = _player(player, policy)
    max_moves = _whole("max_moves", max_moves, 1, _MAX_TRIALS)
    state = rules.deal(deal)  # (which checks the deal number: an int, or NumPy's)
    deal = cast(int, _as_index(deal))
    choose = chosen.chooser(deal)
    if not callable(choose):
        raise InvalidArgumentError(
            f"a player's chooser(deal) returns a function of a state and its legal moves, "
            f"got {_shown(choose)} from {_shown(chosen)}"
        )
    moves_made = 0
    moves = state.legal_moves()
    while moves:
        move = choose(state, moves) if moves_made < max_moves else None
        if move is None:  # the player gave up, or the game ran out of moves
            at_limit = moves_made >= max_moves
            return DealResult(
                deal, False, state.cards_home, moves_made, stopped=True, at_limit=at_limit
            )
        try:
            state = state.apply(move)
        except IllegalMoveError as refused:
            raise IllegalMoveError(
                f"deal {deal}, move {moves_made + 1}: the player's choice is not one of "
                f"the legal moves it was given: {refused}"
            ) from None
        moves_made += 1
        moves = () if state.is_won else state.legal_moves()
    return DealResult(deal, state.is_won, state.cards_home, moves_made)


def _level(value: object) -> float:
    """A confidence level as a float strictly between 0 and 1, else an InvalidArgumentError.

    Any real number is a level (NumPy's float32, a Fraction), taken as the
    float it is nearest; a level that rounds to 0 or 1 has no interval.
    """
    level = _checks.as_float(value)
    if not 0.0 < level < 1.0:
        exact = isinstance(value, int | float)  # (else it may have rounded to 0 or 1)
        rounded = f" (as a float, {level!r})" if level in (0.0, 1.0) and not exact else ""
        raise InvalidArgumentError(
            "the confidence level is a number between 0 and 1 (such as 0.95), "
            f"got {_shown(value)}{rounded}"
        )
    return level


def wilson_interval(
    successes: SupportsIndex, trials: SupportsIndex, confidence: SupportsFloat = 0.95
) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / trials``.

    It stays inside 0..1 and behaves well near 0% and 100% and for few
    trials, unlike the textbook normal interval.  With no trials it is
    ``(0.0, 1.0)``: nothing is known.  The counts may be integers of another
    library, such as NumPy's: the interval is that of the same ints.

    :raises InvalidArgumentError: unless ``0 <= successes <= trials <= 2**64``
        (one trial per deal number) and ``0 < confidence < 1`` (a real number:
        a float, or NumPy's ``float32``, say).

    >>> from patience_rules.stats import wilson_interval
    >>> low, high = wilson_interval(59, 100)
    >>> round(low, 4), round(high, 4)
    (0.492, 0.6813)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    >>> wilson_interval(1, 10**5000)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidArgumentError: trials is a whole number from 0 to 18446744073709551616, got an integer of 5001 digits
    """
    trials = _whole("trials", trials, 0, _MAX_TRIALS)
    successes = _whole("successes", successes, 0, _MAX_TRIALS)
    if successes > trials:
        raise InvalidArgumentError(
            f"expected 0 <= successes <= trials, got {successes} "
            f"{'success' if successes == 1 else 'successes'} in {_counted(trials, 'trials')}"
        )
    level = _level(confidence)
    if trials == 0:
        return (0.0, 1.0)
    upper = 0.5 + level / 2
    # (a level so close to 1 that the upper point rounds to 1: from the lower tail)
    normal = statistics.NormalDist()
    z = normal.inv_cdf(upper) if upper < 1.0 else -normal.inv_cdf((1 - level) / 2)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    spread = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    low = 0.0 if successes == 0 else max(0.0, centre - spread)
    high = 1.0 if successes == trials else min(1.0, centre + spread)
    return (low, high)


def _histogram(value: Iterable[SupportsIndex]) -> tuple[int, ...]:
    if not _checks.iterable_not_text(value):
        raise InvalidArgumentError(
            f"cards_home is a sequence of counts, one for each number of cards home, "
            f"got {_shown(value)}"
        )
    given = tuple(itertools.islice(value, MAX_CARDS + 2))
    if len(given) > MAX_CARDS + 1:
        raise InvalidArgumentError(
            f"cards_home has a count for 0 to {MAX_CARDS} cards home, got more counts"
        )
    counts = [_whole("a count of cards_home", count, 0) for count in given]
    while counts and counts[-1] == 0:
        counts.pop()
    return tuple(counts)


def _check_stats(stats: DealStats) -> None:
    """Refuse counts of ``stats`` that do not fit together (each one is checked already)."""
    if stats.wins + stats.stopped > stats.games:
        raise InvalidArgumentError(
            f"expected at most as many wins and games stopped together as games (a stopped "
            f"game is not won), got "
            f"{_counted(stats.games, 'games')}, {_counted(stats.wins, 'wins')} and "
            f"{_shown(stats.stopped)} stopped"
        )
    if stats.at_limit > stats.stopped:
        raise InvalidArgumentError(
            f"the games stopped at the move limit are among those stopped: expected at_limit "
            f"at most stopped, got {_shown(stats.at_limit)} at_limit and "
            f"{_shown(stats.stopped)} stopped"
        )
    if sum(stats.cards_home) != stats.games:
        raise InvalidArgumentError(
            f"cards_home counts each game once: expected counts adding up to "
            f"{_shown(stats.games)}, got {_shown(sum(stats.cards_home))}"
        )


class DealStatsDict(TypedDict):
    """The dict form of a :class:`DealStats`, as :meth:`DealStats.to_dict`
    writes it: its counts, and the figures derived from them (JSON types only)."""

    games: int
    wins: int
    losses: int
    win_rate: float
    #: The 95% confidence interval of the win rate, low and high.
    ci95: list[float]
    mean_cards_home: float
    #: ``cards_home[k]``: how many deals ended with ``k`` cards home.
    cards_home: list[int]
    moves: int
    mean_moves: float
    stopped: int
    #: Of the games stopped, those stopped at the move limit (their outcome unknown).
    at_limit: int


@attrs.frozen(init=False)
class DealStats:
    """The counts from playing many deals.

    :param games: how many deals were played.
    :param wins: how many of them were won.
    :param cards_home: a histogram: ``cards_home[k]`` deals ended with ``k``
        cards home (trailing zeros dropped).
    :param moves: the moves made in all the games together.
    :param stopped: how many games the player gave up or were stopped after
        the most moves a game is given (see :func:`play_deal`).
    :param at_limit: how many of the games stopped were stopped at the move
        limit with moves still legal: games whose outcome is unknown (the rest
        of ``stopped`` were given up by the player, and lost).  Where there
        are many, the win rate is a lower bound, and the means are pulled
        towards what a game reaches by the limit.

    Two results add up (``a + b``) to the result of both runs; the sum does
    not depend on the order, so chunks may finish in any order.

    The counts may be integers of another library, such as NumPy's; they are
    kept as ints.

    :raises InvalidArgumentError: for counts that are not whole numbers of at
        least 0, more wins or games stopped than games, more games at the
        limit than stopped, or a histogram whose counts do not add up to the
        games.

    >>> from patience_rules.stats import DealStats
    >>> a = DealStats(games=2, wins=1, cards_home=(0, 1, 1), moves=9)
    >>> b = DealStats(games=1, wins=0, cards_home=(1,), moves=2)
    >>> (a + b).cards_home, (a + b).mean_cards_home
    ((1, 1, 1), 1.0)
    """

    # (the defaults are the constructor's, below)
    games: int
    wins: int
    cards_home: tuple[int, ...]
    moves: int
    stopped: int
    at_limit: int

    def __init__(
        self,
        games: SupportsIndex = 0,
        wins: SupportsIndex = 0,
        cards_home: Iterable[SupportsIndex] = (),
        moves: SupportsIndex = 0,
        stopped: SupportsIndex = 0,
        at_limit: SupportsIndex = 0,
    ) -> None:
        histogram = _histogram(cards_home)
        # (at most one game per deal number, each of at most as many moves as a game
        # is given: so the means and the interval are finite)
        games = _whole("games", games, 0, _MAX_TRIALS)
        wins = _whole("wins", wins, 0, _MAX_TRIALS)
        stopped = _whole("stopped", stopped, 0, _MAX_TRIALS)
        at_limit = _whole("at_limit", at_limit, 0, _MAX_TRIALS)
        moves = _whole("moves", moves, 0, games * _MAX_TRIALS)
        self.__attrs_init__(games, wins, histogram, moves, stopped, at_limit)
        _check_stats(self)

    @classmethod
    def of(cls, results: Iterable[DealResult]) -> DealStats:
        """The counts of some deal results.

        :raises InvalidArgumentError: for anything but DealResult values.

        >>> from patience_rules.stats import DealResult, DealStats
        >>> DealStats.of([DealResult(0, True, 3, 7), DealResult(1, False, 1, 4)])
        DealStats(games=2, wins=1, cards_home=(0, 1, 0, 1), moves=11, stopped=0, at_limit=0)
        """
        given: object = results  # checked as any value, whatever the annotation says
        if not _checks.iterable_not_text(given):
            raise InvalidArgumentError(
                f"DealStats.of counts an iterable of DealResult values, got {_shown(results)}"
            )
        games = wins = moves = stopped = at_limit = 0
        histogram: list[int] = []
        for result in results:
            if not isinstance(result, DealResult):
                raise InvalidArgumentError(
                    f"DealStats.of counts DealResult values, got {_shown(result)}"
                )
            games += 1
            wins += result.won
            moves += result.moves
            stopped += result.stopped
            at_limit += result.at_limit
            if result.cards_home >= len(histogram):
                histogram.extend([0] * (result.cards_home + 1 - len(histogram)))
            histogram[result.cards_home] += 1
        return cls(games, wins, tuple(histogram), moves, stopped, at_limit)

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
            self.stopped + other.stopped,
            self.at_limit + other.at_limit,
        )

    def __radd__(self, other: int) -> DealStats:
        # (0 + stats, so that sum() of DealStats needs no start value; typed
        # int, so that a type checker refuses 1 + stats, which raises)
        if other == 0 and other.__class__ is int:
            return self
        return NotImplemented

    @property
    def losses(self) -> int:
        """How many deals were not won: lost, given up or stopped (:attr:`stopped` of them)."""
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
        """The Wilson interval of the win rate (see :func:`wilson_interval`).

        :raises InvalidArgumentError: for a confidence that is not a number
            between 0 and 1, as :func:`wilson_interval`.
        """
        return wilson_interval(self.wins, self.games, confidence)

    def to_dict(self) -> DealStatsDict:
        """A JSON-ready dict of the counts and the figures derived from them.

        >>> from patience_rules.stats import DealStats
        >>> data = DealStats(games=4, wins=2, cards_home=(0, 0, 2, 0, 2), moves=10).to_dict()
        >>> data["win_rate"], data["mean_cards_home"], data["cards_home"], data["mean_moves"]
        (0.5, 3.0, [0, 0, 2, 0, 2], 2.5)
        >>> sorted(data)
        ['at_limit', 'cards_home', 'ci95', 'games', 'losses', 'mean_cards_home', 'mean_moves', 'moves', 'stopped', 'win_rate', 'wins']
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
            "stopped": self.stopped,
            "at_limit": self.at_limit,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DealStats:
        """The counts written by :meth:`to_dict` (its figures are derived, and not read back).

        Other keys are left unread: the derived figures, and what
        ``patience-rules stats --json`` writes beside the counts (the game,
        the player, ...), so that its output reads back too.  ``stopped`` and
        ``at_limit`` may be left out (0).

        :raises NotationError: for a dict that lacks a count, or whose counts
            do not fit together (as every reader of dicts).

        >>> from patience_rules.stats import DealStats
        >>> stats = DealStats(games=4, wins=2, cards_home=(0, 0, 2, 0, 2), moves=10)
        >>> DealStats.from_dict(stats.to_dict()) == stats
        True
        """
        if not isinstance(data, Mapping):
            raise NotationError(f"DealStats.from_dict reads a mapping, got {_shown(data)}")
        missing = [key for key in ("games", "wins", "cards_home", "moves") if key not in data]
        if missing:
            raise NotationError(
                f"DealStats.from_dict: the dict lacks {', '.join(missing)} (as to_dict writes it)"
            )
        cards_home = data["cards_home"]
        if not isinstance(cards_home, list | tuple):
            raise NotationError(
                f"DealStats.from_dict: cards_home is a list of counts, got {_shown(cards_home)}"
            )
        try:
            # (stopped or at_limit left out: the constructor's default)
            optional = {
                key: _whole(key, data[key], 0) for key in ("stopped", "at_limit") if key in data
            }
            return cls(
                _whole("games", data["games"], 0),
                _whole("wins", data["wins"], 0),
                cards_home,
                _whole("moves", data["moves"], 0),
                **optional,
            )
        except InvalidArgumentError as error:
            raise NotationError(f"DealStats.from_dict: {error}") from None


def _play_chunk(
    rules: GameRules, player: Player, start: int, count: int, max_moves: int = MAX_MOVES
) -> DealStats:
    """Play deals ``start`` to ``start + count - 1``: one task of :func:`play_deals`."""
    return DealStats.of(
        play_deal(rules, deal, player, max_moves=max_moves) for deal in range(start, start + count)
    )


def _chunks(start: int, count: int, size: int) -> Iterator[tuple[int, int]]:
    """The chunks of deals ``start`` to ``start + count - 1``, made one at a time."""
    end = start + count
    first = start
    while first < end:
        yield first, min(size, end - first)
        first += size


def _process_context() -> multiprocessing.context.BaseContext:
    """Worker processes that start clean: a fork server where there is one, else spawn.

    Forking a process that runs threads (a test runner, a notebook, a Dask
    client) may deadlock the child, so the default pool never forks the caller.
    """
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _unloadable(player: Player) -> str | None:
    """Why the worker processes of the default pool could not start on ``player``, if so.

    A worker starts afresh: it runs the main program's file again (but not
    what is under its main guard) and imports the player's class.  A class
    defined at the interactive prompt or in ``python -c`` lives in a
    ``__main__`` without a file, and a program read from standard input has
    no file to run again.
    """
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if getattr(main, "__spec__", None) is None and path is not None and not os.path.isfile(path):
        return (
            f"the program runs from {_shown(path)}, not a file, which the worker processes of "
            "the default pool cannot load again: run it from a file, or play in this process "
            "(jobs=1) or in threads (an executor such as a ThreadPoolExecutor)"
        )
    if type(player).__module__ == "__main__" and path is None:
        return (
            f"the player {_shown(player)} is of a class defined at the prompt (in a __main__ "
            "without a file), which the worker processes of the default pool cannot load: "
            "define it in a module, or play in this process (jobs=1) or in threads (an "
            "executor such as a ThreadPoolExecutor)"
        )
    return None


def _unpicklable(player: Player) -> str | None:
    """Why ``player`` cannot go to worker processes, which receive it pickled, if so."""
    try:
        pickle.dumps(player)
    except Exception as error:  # (pickling raises TypeError, AttributeError, PicklingError, ...)
        return (
            f"the player {_shown(player)} does not pickle, so worker processes cannot receive "
            f"it ({type(error).__name__}: {_shown(str(error), 120)}): a player of your own is "
            "a value of a class defined at the top level of a module, holding values that "
            "pickle; or play in this process (jobs=1) or in threads (an executor such as a "
            "ThreadPoolExecutor)"
        )
    return None


#: How long the tasks of the default pool may take to fail once its workers are
#: stopped (they fail at once), before they are cancelled and waited for instead.
_STOPPING: Final = 10.0


def _ignore_interrupts() -> None:
    """A worker of the default pool leaves Ctrl-C to the process that made it, which stops
    it (a worker interrupted would only fail its chunk, print a traceback, and go on)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_workers(pool: concurrent.futures.Executor) -> bool:
    """Stop the worker processes of ``pool``, the default pool; whether it could (its
    processes are the standard library's private ``_processes``, as Python 3.10 to
    3.14 name them; the pool then fails the tasks it had)."""
    processes = getattr(pool, "_processes", None)
    if not isinstance(processes, dict):
        return False
    for process in list(processes.values()):
        process.terminate()
    return True


def _withdraw(futures: Iterable[Future[DealStats]]) -> None:
    """Cancel ``futures``, and wait for those already running, which cannot be cancelled."""
    running = [future for future in futures if not future.cancel()]
    if running:
        wait(running)


def play_deals(
    rules: GameRules,
    count: SupportsIndex,
    *,
    start: SupportsIndex = 0,
    player: Player | None = None,
    executor: concurrent.futures.Executor | None = None,
    jobs: SupportsIndex | None = None,
    chunk_size: SupportsIndex = DEFAULT_CHUNK_SIZE,
    max_pending: SupportsIndex | None = None,
    progress: Callable[[int, int], object] | None = None,
    policy: Player | None = None,
    max_moves: SupportsIndex = MAX_MOVES,
) -> DealStats:
    """Play deals ``start`` to ``start + count - 1`` with ``player``; add up the results.

    The deals are cut into chunks of ``chunk_size`` consecutive deal numbers,
    and each chunk is one task.  The result does not depend on the executor,
    the number of workers or the chunk size.  The chunks are made as they
    are needed, and only ``max_pending`` tasks wait in the executor at any
    time, so any number of deals can be played in little memory.

    :param rules: the game (``pr.get_game(name)``).
    :param count: how many deals to play (0 or more).
    :param start: the first deal number.
    :param player: chooses the moves (default:
        :class:`~patience_rules.players.GreedyPlayer`); it must pickle to
        run in another process.
    :param executor: runs the chunks, such as a
        :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask
        ``distributed.Client(...).get_executor()``.  It is left open.  By
        default a process pool of ``jobs`` workers is made for the call and
        shut down after it; with ``jobs=1`` the deals are played in this
        process, without any pool.
    :param jobs: the workers of the default pool, at most :data:`MAX_JOBS`
        (default: the number of CPUs the process may run on, its affinity
        where the system tells it, or :data:`MAX_JOBS` if there are more);
        not allowed together with ``executor``.  The pool has no
        more workers than there are chunks.
    :param max_pending: how many tasks may wait in the executor at once, at
        most :data:`MAX_PENDING` (default: twice the workers of the default
        pool, or :data:`DEFAULT_MAX_PENDING` in an executor of the caller's).
    :param progress: called as ``progress(done, count)`` after each chunk.
    :param policy: the old name of ``player``.
    :param max_moves: the most moves a game is given (see :func:`play_deal`).
    :raises InvalidDealError: for a first or last deal number out of range.
    :raises InvalidArgumentError: for a negative count, bad jobs, chunk size,
        ``max_pending``, executor or player, or both ``executor`` and
        ``jobs``.
    :raises IllegalMoveError: for a move the player chose that is not legal
        (see :func:`play_deal`).

    If a task fails, or ``progress`` raises, or the call is interrupted,
    the tasks not yet started are cancelled and those running are waited
    for before the exception goes on: nothing of the call is left running
    in the executor.

    >>> import patience_rules as pr
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from patience_rules.players import RandomPlayer
    >>> from patience_rules.stats import play_deals
    >>> game = pr.get_game("royal-cotillion")
    >>> with ThreadPoolExecutor(2) as pool:
    ...     pooled = play_deals(game, 30, player=RandomPlayer(), executor=pool, chunk_size=7)
    >>> pooled == play_deals(game, 30, player=RandomPlayer(), jobs=1)
    True
    """
    _game_rules(rules)
    count = _whole("the number of deals", count, 0)
    last = rules.max_deal_number  # (FreeCell's, Microsoft's, stop at 2**31 - 1)
    first = _as_index(start)  # (NumPy's integers too)
    if first is None or not 0 <= first <= last:
        raise InvalidDealError(
            f"the first deal number of {rules.title} is a whole number from 0 to {last}, "
            f"got {_shown(start)}"
        )
    start = first
    if count and start + count - 1 > last:
        left = last - start + 1
        raise InvalidDealError(
            f"{_shown(count)} deals from deal {start} go past {rules.title}'s last deal "
            f"number, {last}: expected at most {left} deal{'' if left == 1 else 's'}"
        )
    chunk_size = _whole("the chunk size", chunk_size, 1)
    if max_pending is not None:
        max_pending = _whole("max_pending", max_pending, 1, MAX_PENDING)
    if jobs is not None:
        jobs = _whole("jobs", jobs, 1, MAX_JOBS)
        if executor is not None:
            raise InvalidArgumentError("give either an executor or a number of jobs, not both")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(
            "an executor is a concurrent.futures.Executor (such as a ProcessPoolExecutor "
            f"or a Dask client's get_executor()), got {_shown(executor)}"
        )
    if progress is not None and not callable(progress):
        raise InvalidArgumentError(
            f"progress is a function of (done, total), got {_shown(progress)}"
        )
    chosen = _player(player, policy)
    max_moves = _whole("max_moves", max_moves, 1, _MAX_TRIALS)
    chunks = _chunks(start, count, chunk_size)
    total = DealStats()
    done = 0
    workers = _workers(jobs, count, chunk_size)
    if executor is None and not workers:
        for first, size in chunks:
            total += _play_chunk(rules, chosen, first, size, max_moves)
            done += size
            if progress is not None:
                progress(done, count)
        return total
    own = executor is None
    if own or isinstance(executor, ProcessPoolExecutor):
        why = _unpicklable(chosen)
        if why is not None:
            raise InvalidArgumentError(why)
    if executor is None:
        why = _unloadable(chosen)
        if why is not None:
            raise InvalidArgumentError(why)
        # (Ctrl-C reaches the main thread alone: called there, the workers leave it to
        # this process, which stops them; called on another thread, they take it, and
        # their chunks fail with it, as the only way it stops the call)
        main = threading.current_thread() is threading.main_thread()
        pool: concurrent.futures.Executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=_process_context(),
            initializer=_ignore_interrupts if main else None,
        )
        limit = max_pending or min(2 * workers, MAX_PENDING)
    else:
        pool = executor
        limit = max_pending or DEFAULT_MAX_PENDING
    pending: dict[Future[DealStats], int] = {}

    def submit(first: int, size: int) -> None:
        future = pool.submit(_play_chunk, rules, chosen, first, size, max_moves)
        if not isinstance(future, Future):
            raise InvalidArgumentError(
                f"the executor's submit() returned {_shown(future)}, "
                "expected a concurrent.futures.Future"
            )
        pending[future] = size

    try:
        for first, size in itertools.islice(chunks, limit):
            submit(first, size)
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                size = pending.pop(future)
                total += future.result()
                done += size
                if progress is not None:
                    progress(done, count)
                for first, size in itertools.islice(chunks, 1):
                    submit(first, size)
    except BrokenProcessPool as error:
        if own:
            # (CPython's pool stops its workers when it breaks, but a worker it
            # starts meanwhile, for a task given as it broke, it leaves running,
            # and then waits in shutdown() for it for ever: SIGTERM sent to the
            # process group as the pool started its second worker did that)
            _stop_workers(pool)
        _withdraw(pending)
        if not own:
            raise
        raise PatienceRulesError(
            "a worker process of the default pool stopped before its task was done: a "
            "worker loads the rules and the player anew, so a player of your own must be "
            "defined at the top level of a module it can import, and a program that plays "
            "on worker processes keeps its own statements under 'if __name__ == "
            "\"__main__\":' (a worker runs the program's file again, but not what is under "
            "that guard; the worker's own error is printed above); jobs=1 plays in this "
            "process"
        ) from error
    except KeyboardInterrupt:
        # (Ctrl-C: the default pool's workers, which ignore it, are stopped at once,
        # not waited for to the end of their chunks; the pool then fails every task
        # of its own, which none may cancel first)
        if own and _stop_workers(pool):
            pending = dict.fromkeys(wait(pending, timeout=_STOPPING)[1], 0)
        _withdraw(pending)
        raise
    except BaseException:
        _withdraw(pending)
        raise
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    return total
