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

from . import _text  # noqa: F401  (registers the text picture of a state)
from .actions import DRAW_ACTION, REDEAL_ACTION, ActionSpace
from .building import Build, BuildDict, Direction, Runs, Suits
from .cards import Card, Rank, Suit, standard_deck
from .deals import MAX_DEAL_NUMBER, microsoft_deck_order, shuffled_deck
from .engine import Engine  # the interpreter of every GameRules: first
from .errors import (
    IllegalMoveError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    UnknownFieldError,
    UnknownGameError,
    UnknownPlaceError,
)
from .games import (
    GameEntry,
    captive_queens,
    crescent,
    easy_start,
    freecell,
    game_entries,
    game_names,
    get_game,
    is_registered,
    klondike,
    odd_and_even,
    register_game,
    royal_cotillion,
    sultan,
    windmill,
)
from .layout import Layout
from .moves import MoveKind
from .notation import (
    StateDict,
    cards_from_text,
    cards_to_text,
    game_from_text,
    game_to_text,
    move_from_loose_text,
    move_from_text,
    move_to_text,
    place_from_text,
    place_to_text,
    state_from_dict,
    state_from_text,
    state_to_dict,
    state_to_text,
)
from .observation import HIDDEN_CARD, NO_CARD, Observation, Observer, VectorField, card_code
from .piles import (
    Foundation,
    FoundationDict,
    Middle,
    MiddleDict,
    PileKind,
    Place,
    Reserve,
    ReserveDict,
    Stock,
    StockDict,
    Tableau,
    TableauDict,
)
from .policies import Compulsion, Redeal, Refill, Shuffle
from .records import GameRecord, GameResult, RecordDict
from .rules import GameRules, OptionValue, RulesDict
from .sequences import FoundationSequence, SequenceDict
from .state import Move, State, StateParts
from .svg import state_to_svg

__version__ = "0.1.0"

__all__ = [
    "DRAW_ACTION",
    "HIDDEN_CARD",
    "MAX_DEAL_NUMBER",
    "NO_CARD",
    "REDEAL_ACTION",
    "ActionSpace",
    "Build",
    "BuildDict",
    "Card",
    "Compulsion",
    "Direction",
    "Engine",
    "Foundation",
    "FoundationDict",
    "FoundationSequence",
    "GameEntry",
    "GameRecord",
    "GameResult",
    "GameRules",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidDealError",
    "InvalidRulesError",
    "Layout",
    "Middle",
    "MiddleDict",
    "Move",
    "MoveKind",
    "NotationError",
    "Observation",
    "Observer",
    "OptionValue",
    "PatienceRulesError",
    "PileKind",
    "Place",
    "Rank",
    "RecordDict",
    "Redeal",
    "Refill",
    "Reserve",
    "ReserveDict",
    "RulesDict",
    "Runs",
    "SequenceDict",
    "Shuffle",
    "State",
    "StateDict",
    "StateParts",
    "Stock",
    "StockDict",
    "Suit",
    "Suits",
    "Tableau",
    "TableauDict",
    "UnknownFieldError",
    "UnknownGameError",
    "UnknownPlaceError",
    "VectorField",
    "__version__",
    "captive_queens",
    "card_code",
    "cards_from_text",
    "cards_to_text",
    "crescent",
    "easy_start",
    "freecell",
    "game_entries",
    "game_from_text",
    "game_names",
    "game_to_text",
    "get_game",
    "is_registered",
    "klondike",
    "microsoft_deck_order",
    "move_from_loose_text",
    "move_from_text",
    "move_to_text",
    "odd_and_even",
    "place_from_text",
    "place_to_text",
    "register_game",
    "royal_cotillion",
    "shuffled_deck",
    "standard_deck",
    "state_from_dict",
    "state_from_text",
    "state_to_dict",
    "state_to_svg",
    "state_to_text",
    "sultan",
    "windmill",
]
