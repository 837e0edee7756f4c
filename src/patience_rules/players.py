"""Players: who chooses a move whenever the rules leave a choice.

A *player* is a small frozen value that makes, for each deal, a function
choosing one of the legal moves of a state.  Players pickle, so they travel
to worker processes or to a cluster (see :func:`~patience_rules.stats.play_deals`).
Three come with the library:

- :class:`GreedyPlayer` (``"greedy"``): plays to a foundation whenever it
  can, preferring a card from the tableau (Royal Cotillion's Ladies), then
  from a cell (the Lords), then from the waste; otherwise a move that sends
  no card home but leads somewhere new; draws only when nothing else is
  left; redeals last.
- :class:`RandomPlayer` (``"random"``): a uniformly random legal move, from
  a random generator seeded by the player's seed and the deal number.
- :class:`FirstPlayer` (``"first"``): the first legal move in the engine's
  fixed order.

In a game whose moves are compulsory (Captive Queens) there is at most one
legal move, so every player plays the same game.

(They are *players* rather than *policies* so as not to be confused with
the rules' own policies, :class:`~patience_rules.Refill` and
:class:`~patience_rules.Compulsion`.)

>>> import patience_rules as pr
>>> from patience_rules.players import get_player
>>> state = pr.get_game("royal-cotillion").deal(7)
>>> choose = get_player("greedy").chooser(7)
>>> str(choose(state, state.legal_moves()))
'T4-F4'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol, SupportsIndex, overload, runtime_checkable

import attrs

from . import _checks
from .deals import MAX_DEAL_NUMBER, _SplitMix64, check_deal_number
from .errors import InvalidArgumentError, _shown
from .piles import PileKind
from .state import Move, State

__all__ = [
    "Chooser",
    "FirstPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "get_player",
    "player_names",
]


class Chooser(Protocol):
    """Picks one of the legal moves of a state.

    It is called as ``choose(state, moves)`` with ``moves ==
    state.legal_moves()`` (never empty) and returns one of them, or ``None``
    to give the game up (it then counts as not won); any function of that
    shape is a chooser.  :meth:`Player.chooser` makes one per deal.

    >>> first: Chooser = lambda state, moves: moves[0]

    A type checker checks a function given as a chooser against this shape;
    mypy takes a lambda's parameters as ``Any`` there (pyright reads them as
    a state and its moves), so a chooser written as a ``def`` with its
    parameters annotated is checked inside too.
    """

    def __call__(self, state: State, moves: tuple[Move, ...], /) -> Move | None:
        """The move chosen among ``moves``, the legal moves of ``state`` (``None``: give up)."""
        ...


@runtime_checkable
class Player(Protocol):
    """What a player is: a named value that makes a chooser for each deal.

    ``chooser(deal)`` returns a function that is called with the state and
    its legal moves (never empty) whenever a move is to be made in the game
    of deal number ``deal``, and returns one of those moves.  A player that
    uses randomness must seed it from its own fields and ``deal`` only, so
    that a deal plays the same game wherever it is played.  Write a player as
    a frozen ``attrs`` class (or any picklable value) so that
    :func:`~patience_rules.stats.play_deals` can send it to other processes.

    >>> from patience_rules.players import GreedyPlayer, Player
    >>> isinstance(GreedyPlayer(), Player)
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
class FirstPlayer:
    """Always the first legal move in the engine's fixed order.

    >>> import patience_rules as pr
    >>> from patience_rules.players import FirstPlayer
    >>> from patience_rules.stats import play_deal
    >>> play_deal(pr.get_game("captive-queens"), 1, FirstPlayer()).won
    True
    """

    @property
    def name(self) -> str:
        """``"first"``."""
        return "first"

    def chooser(self, deal: int) -> Callable[[State, tuple[Move, ...]], Move]:
        """A chooser that takes ``moves[0]`` (it never gives up)."""
        return _first


def _first(state: State, moves: tuple[Move, ...]) -> Move:
    return moves[0]


#: The greedy player's preference among the sources of a play: lower first.
_SOURCE_PRIORITY = {
    PileKind.COLUMN: 0,
    PileKind.CELL: 1,
    PileKind.WASTE: 2,
}


def _greedy_key(move: Move) -> int:
    if move.is_redeal:
        return 6
    if move.is_draw:
        return 5
    if move.target.kind not in (PileKind.FOUNDATION, PileKind.MIDDLE):
        return _ELSEWHERE  # a move that sends no card home (in games that have such moves)
    return _SOURCE_PRIORITY.get(move.source.kind, 3)


def _greedy_game() -> Chooser:
    """A greedy chooser for one game: it remembers the positions it has made."""
    seen: set[State] = set()

    def choose(state: State, moves: tuple[Move, ...]) -> Move | None:
        seen.add(state)
        for move in sorted(moves, key=_greedy_key):
            if _greedy_key(move) < _ELSEWHERE or state.apply(move) not in seen:
                return move
        return None  # every move goes back to a position of this game: give up

    return choose


_ELSEWHERE = 4


@attrs.frozen
class GreedyPlayer:
    """Play a card home whenever one can go; draw only when nothing else can be done.

    The order follows the strategy tips for Royal Cotillion: a card from
    the top of a tableau column first (it uncovers the card beneath, and
    is the only move that shows something new), then a card from a cell (a
    Lords' cell emptied before the next draw is refilled by the card drawn),
    then the waste's top card (then a card from anywhere else, such as a
    foundation), then a move that sends no card home (onto a column, into a
    cell), then the draw, then a redeal; of these last three only a move
    that makes a position not seen before in this game, so that the player
    never goes round in circles: when every move would, it gives the game up.
    Between moves of the same kind the engine's order decides (the
    lower-numbered pile and foundation), so the player needs no
    randomness.  It is tuned to games whose cards go home from feeder
    piles (Royal Cotillion and its family); in games that build on their
    tableau (Klondike, FreeCell) it wins less often than
    :class:`RandomPlayer`.

    >>> import patience_rules as pr
    >>> from patience_rules.players import GreedyPlayer
    >>> state = pr.get_game("royal-cotillion").deal(7)
    >>> move = GreedyPlayer().chooser(7)(state, state.legal_moves())
    >>> assert move is not None  # (None would give the game up)
    >>> move.source.kind.name, state.card_of(move)
    ('COLUMN', Card.from_str('3S'))
    """

    @property
    def name(self) -> str:
        """``"greedy"``."""
        return "greedy"

    def chooser(self, deal: int) -> Chooser:
        """A greedy chooser for one game (it remembers the positions it has made)."""
        return _greedy_game()


def _seed(value: SupportsIndex) -> int:
    """``value`` as a seed (an int from 0 to 2**64 - 1; NumPy's integers too), else an error."""
    return _checks.whole_index("a player's seed", value, 0, MAX_DEAL_NUMBER, InvalidArgumentError)


@attrs.frozen
class RandomPlayer:
    """A uniformly random legal move, seeded by ``seed`` and the deal number.

    The generator of deal *n* is SplitMix64 (the generator of the deal
    shuffle, :mod:`patience_rules.deals`) started from the first output of
    SplitMix64 seeded with ``seed``, plus *n*; each choice among *k* moves
    draws a whole number below *k* without bias.  So a deal plays the same
    game on every platform, in any process, in any order.

    :param seed: a whole number from 0 to 2**64 - 1 (an integer of another
        library, such as NumPy's, is kept as the int it stands for).
    :raises InvalidArgumentError: for any other seed.

    >>> import patience_rules as pr
    >>> from patience_rules.players import RandomPlayer
    >>> from patience_rules.stats import play_deal
    >>> game = pr.get_game("royal-cotillion")
    >>> play_deal(game, 5, RandomPlayer(seed=1)) == play_deal(game, 5, RandomPlayer(seed=1))
    True
    >>> RandomPlayer(seed=-1)
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidArgumentError: a player's seed is a whole number from 0 to 18446744073709551615, got -1
    """

    seed: int = attrs.field(default=0, converter=_seed)

    @property
    def name(self) -> str:
        """``"random"``."""
        return "random"

    def chooser(self, deal: int) -> Callable[[State, tuple[Move, ...]], Move]:
        """A chooser drawing from this player's generator for deal ``deal`` (it never gives up).

        :raises InvalidDealError: for a deal number out of range.
        """
        generator = _SplitMix64(_SplitMix64(self.seed).next() + check_deal_number(deal))
        below = generator.below

        def choose(state: State, moves: tuple[Move, ...]) -> Move:
            return moves[below(len(moves))] if len(moves) > 1 else moves[0]

        return choose


_PLAYERS: dict[str, Callable[[int], Player]] = {
    "greedy": lambda seed: GreedyPlayer(),
    "random": lambda seed: RandomPlayer(seed=seed),
    "first": lambda seed: FirstPlayer(),
}


def player_names() -> tuple[str, ...]:
    """The names :func:`get_player` knows, the default (``"greedy"``) first.

    >>> from patience_rules.players import player_names
    >>> player_names()
    ('greedy', 'random', 'first')
    """
    return tuple(_PLAYERS)


@overload
def get_player(name: Literal["greedy"], *, seed: SupportsIndex = 0) -> GreedyPlayer: ...
@overload
def get_player(name: Literal["random"], *, seed: SupportsIndex = 0) -> RandomPlayer: ...
@overload
def get_player(name: Literal["first"], *, seed: SupportsIndex = 0) -> FirstPlayer: ...
@overload
def get_player(name: str, *, seed: SupportsIndex = 0) -> Player: ...
def get_player(name: str, *, seed: SupportsIndex = 0) -> Player:
    """The player called ``name``; ``seed`` seeds a random one.

    A name written out (``get_player("random")``) is typed as its player's
    class, so that a type checker knows its own attributes (a random
    player's ``seed``).

    :raises InvalidArgumentError: for a name that is not known (the message
        lists the known names), or a bad seed (whichever the player: a seed
        is a whole number from 0 to 2**64 - 1).

    >>> from patience_rules.players import get_player
    >>> get_player("random", seed=3)
    RandomPlayer(seed=3)
    >>> get_player("clever")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidArgumentError: unknown player 'clever': expected one of greedy, random, first
    """
    factory = _PLAYERS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise InvalidArgumentError(
            f"unknown player {_shown(name)}: expected one of {', '.join(_PLAYERS)}"
        )
    return factory(_seed(seed))
