"""The registry of games, and the games this library composes.

>>> import patience_rules as pr
>>> pr.game_names()
('captive-queens', 'easy-start', 'easy-start-parlett', 'odd-and-even', 'royal-cotillion', 'royal-cotillion-stock-refill')
>>> pr.get_game("easy-start-parlett").stock.redeals
3
>>> pr.get_game("quadrille") == pr.get_game("captive-queens")
True
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from ..errors import InvalidRulesError, UnknownGameError
from ..rules import GameRules, OptionValue
from .captive_queens import captive_queens, easy_start
from .odd_and_even import odd_and_even
from .royal_cotillion import royal_cotillion

__all__ = [
    "GameEntry",
    "captive_queens",
    "easy_start",
    "game_entries",
    "game_names",
    "get_game",
    "odd_and_even",
    "register_game",
    "royal_cotillion",
]


@attrs.frozen
class GameEntry:
    """A registered game: a name, how to make its rules, and a one-line summary.

    >>> import patience_rules as pr
    >>> entry = {entry.name: entry for entry in pr.game_entries()}["easy-start-parlett"]
    >>> entry.options, entry.make().stock.redeals
    ((('redeals', 3),), 3)
    """

    name: str
    factory: Callable[..., GameRules]
    options: tuple[tuple[str, OptionValue], ...]
    summary: str
    aliases: tuple[str, ...] = ()

    def make(self, **options: OptionValue) -> GameRules:
        """The game's rules, with ``options`` over the entry's own."""
        return self.factory(**{**dict(self.options), **options})


_REGISTRY: dict[str, GameEntry] = {}
_ALIASES: dict[str, str] = {}


def register_game(
    name: str,
    factory: Callable[..., GameRules],
    *,
    summary: str,
    options: dict[str, OptionValue] | None = None,
    aliases: tuple[str, ...] = (),
) -> GameEntry:
    """Add a game to the registry under ``name`` (and ``aliases``).

    ``factory(**options)`` must return the game's rules.  Registering a name
    that is taken raises :class:`~patience_rules.InvalidRulesError` (a
    :class:`ValueError`).

    >>> import patience_rules as pr
    >>> pr.register_game("captive-queens", pr.captive_queens, summary="again")
    Traceback (most recent call last):
    ...
    patience_rules.errors.InvalidRulesError: the game name 'captive-queens' is registered already: choose another name
    """
    taken = [n for n in (name, *aliases) if n in _REGISTRY or n in _ALIASES]
    if taken:
        raise InvalidRulesError(
            f"the game name {taken[0]!r} is registered already: choose another name"
        )
    entry = GameEntry(name, factory, tuple(sorted((options or {}).items())), summary, aliases)
    _REGISTRY[name] = entry
    for alias in aliases:
        _ALIASES[alias] = name
    return entry


def game_names() -> tuple[str, ...]:
    """The registered game names, sorted (aliases not included).

    >>> import patience_rules as pr
    >>> "royal-cotillion" in pr.game_names(), "quadrille" in pr.game_names()
    (True, False)
    """
    return tuple(sorted(_REGISTRY))


def game_entries() -> tuple[GameEntry, ...]:
    """The registry's entries, sorted by name.

    >>> import patience_rules as pr
    >>> [entry.name for entry in pr.game_entries()] == list(pr.game_names())
    True
    """
    return tuple(_REGISTRY[name] for name in game_names())


def get_game(name: str, **options: OptionValue) -> GameRules:
    """The rules of the game registered as ``name``, with variant ``options``.

    :raises UnknownGameError: for a name that is not registered; the message
        lists the known names.

    >>> import patience_rules as pr
    >>> pr.get_game("captive-queens", redeals=3).stock.redeals
    3
    >>> pr.get_game("klondike")
    Traceback (most recent call last):
    ...
    patience_rules.errors.UnknownGameError: unknown game 'klondike': expected one of captive-queens, easy-start, easy-start-parlett, odd-and-even, royal-cotillion, royal-cotillion-stock-refill (or an alias: quadrille)
    """
    key = name.strip().lower() if isinstance(name, str) else name
    entry = _REGISTRY.get(_ALIASES.get(key, key)) if isinstance(key, str) else None
    if entry is None:
        aliases = f" (or an alias: {', '.join(sorted(_ALIASES))})" if _ALIASES else ""
        raise UnknownGameError(
            f"unknown game {name!r}: expected one of {', '.join(game_names())}{aliases}"
        )
    return entry.make(**options)


register_game(
    "royal-cotillion",
    royal_cotillion,
    summary="Two decks; Ladies' columns and Lords' cells feed eight odd/even foundations; "
    "no redeal.",
)
register_game(
    "royal-cotillion-stock-refill",
    royal_cotillion,
    options={"stock_refill": True},
    summary="Royal Cotillion with the traditional refill: an empty Lords cell takes the "
    "waste top, or the stock top when the waste is empty.",
)
register_game(
    "captive-queens",
    captive_queens,
    aliases=("quadrille",),
    summary="One deck; 6s build up to the Jack, 5s down to the Ace and King, Queens held "
    "captive; no choices; two redeals.",
)
register_game(
    "easy-start",
    easy_start,
    summary="Captive Queens with the Queens, 5s and 6s laid out before play; two redeals.",
)
register_game(
    "easy-start-parlett",
    easy_start,
    options={"redeals": 3},
    summary="Easy start as David Parlett gives it: three redeals.",
)
register_game(
    "odd-and-even",
    odd_and_even,
    summary="Two decks; Royal Cotillion's eight odd/even foundations fed by a 3x3 reserve "
    "refilled from the waste, else the stock; one redeal.",
)
