"""The games this library composes, and their registration.

Each game is a page of composition (a function returning its
:class:`~patience_rules.GameRules`); this package registers them under
their names (see :func:`~patience_rules.register_game`).  Their rules are
made when they are first asked for, not as the package is imported.

>>> import patience_rules as pr
>>> pr.game_names()
('captive-queens', 'crescent', 'easy-start', 'easy-start-parlett', 'freecell', 'klondike', 'odd-and-even', 'royal-cotillion', 'royal-cotillion-stock-refill', 'sultan', 'windmill')
>>> pr.get_game("easy-start-parlett").stock.redeals
3
>>> pr.get_game("quadrille") == pr.get_game("captive-queens")
True
"""

from __future__ import annotations

from ..rules import (
    _LIBRARY_GAMES,
    GameEntry,
    _register,
    game_entries,
    game_names,
    get_game,
    is_registered,
    register_game,
)
from .captive_queens import captive_queens, easy_start
from .crescent import crescent
from .freecell import freecell
from .klondike import klondike
from .odd_and_even import odd_and_even
from .royal_cotillion import royal_cotillion
from .sultan import sultan
from .windmill import windmill

__all__ = [
    "GameEntry",
    "captive_queens",
    "crescent",
    "easy_start",
    "freecell",
    "game_entries",
    "game_names",
    "get_game",
    "is_registered",
    "klondike",
    "odd_and_even",
    "register_game",
    "royal_cotillion",
    "sultan",
    "windmill",
]

_register(
    "royal-cotillion",
    royal_cotillion,
    summary="Two decks; Ladies' columns and Lords' cells feed eight odd/even foundations; "
    "no redeal.",
    made=False,
)
_register(
    "royal-cotillion-stock-refill",
    royal_cotillion,
    options={"stock_refill": True},
    summary="Royal Cotillion with the traditional refill: an empty Lords cell takes the "
    "waste top, or the stock top when the waste is empty.",
    made=False,
)
_register(
    "captive-queens",
    captive_queens,
    aliases=("quadrille",),
    summary="One deck; 6s build up to the Jack, 5s down to the Ace and King, Queens held "
    "captive; no choices; two redeals.",
    made=False,
)
_register(
    "easy-start",
    easy_start,
    summary="Captive Queens with the Queens, 5s and 6s laid out before play; two redeals.",
    made=False,
)
_register(
    "easy-start-parlett",
    easy_start,
    options={"redeals": 3},
    summary="Easy start as David Parlett gives it: three redeals.",
    made=False,
)
_register(
    "odd-and-even",
    odd_and_even,
    summary="Two decks; Royal Cotillion's eight odd/even foundations fed by a 3x3 reserve "
    "refilled from the waste, else the stock; one redeal.",
    made=False,
)
_register(
    "sultan",
    sultan,
    summary="Two decks; the Kings and an Ace of hearts around the Sultan build up in suit from "
    "the divan's eight cells, which the player fills from the waste; two redeals.",
    made=False,
)
_register(
    "windmill",
    windmill,
    summary="Two decks; an Ace in the centre builds up in any suit four times over, four "
    "corners build down from any King; eight sails refilled from the waste, else the stock.",
    made=False,
)
_register(
    "crescent",
    crescent,
    summary="Two decks; sixteen piles build up or down in suit onto each other and feed Aces "
    "up and Kings down; no stock, three shifts.",
    made=False,
)
_register(
    "klondike",
    klondike,
    summary="One deck; seven columns face down but for their tops, built down in alternate "
    "colours; draw one (or three); any number of redeals.",
    made=False,
)
_register(
    "freecell",
    freecell,
    summary="One deck face up in eight columns, four free cells; Microsoft's deal numbers; "
    "runs move as supermoves.",
    made=False,
)
# (Their rules are made when first asked for; see _register.)
_LIBRARY_GAMES.update(game_names())
