"""patience-rules: a typed, immutable rules engine for patience games.

>>> import patience_rules as pr
>>> game = pr.get_game("royal-cotillion")
>>> state = game.deal(7)
>>> moves = state.legal_moves()
>>> after = state.apply(moves[0])
>>> after != state, after.is_over, after.is_won
(True, False, False)
"""

from __future__ import annotations

from .cards import Card, Rank, Suit, standard_deck
from .deals import MAX_DEAL_NUMBER, shuffled_deck
from .engine import Engine
from .errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    UnknownGameError,
)
from .games import (
    GameEntry,
    captive_queens,
    easy_start,
    game_entries,
    game_names,
    get_game,
    odd_and_even,
    register_game,
    royal_cotillion,
)
from .piles import Foundation, Middle, PileKind, Place, Reserve, Stock, Tableau
from .policies import Compulsion, Refill
from .rules import GameRules
from .sequences import FoundationSequence
from .state import Move, State

__version__ = "0.1.0"

__all__ = [
    "MAX_DEAL_NUMBER",
    "Card",
    "Compulsion",
    "Engine",
    "Foundation",
    "FoundationSequence",
    "GameEntry",
    "GameRules",
    "IllegalMoveError",
    "InvalidDealError",
    "InvalidRulesError",
    "Middle",
    "Move",
    "NotationError",
    "PatienceRulesError",
    "PileKind",
    "Place",
    "Rank",
    "Refill",
    "Reserve",
    "State",
    "Stock",
    "Suit",
    "Tableau",
    "UnknownGameError",
    "__version__",
    "captive_queens",
    "easy_start",
    "game_entries",
    "game_names",
    "get_game",
    "odd_and_even",
    "register_game",
    "royal_cotillion",
    "shuffled_deck",
    "standard_deck",
]
