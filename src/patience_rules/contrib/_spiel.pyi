# The types of pyspiel.Game and pyspiel.State as a type checker sees them
# (see _spiel.py).  Each method is pyspiel's own, with the signature that
# its pybind11 docstring gives: ``typing.SupportsInt | typing.SupportsIndex``
# is written SupportsIndex (an int is both), and overloaded methods are
# overloaded here.  pyspiel's other methods (most for other kinds of game:
# simultaneous moves, mean field, structs) are listed last, typed as Any, so
# that a name pyspiel lacks (a misspelt method) is a type checker's error.
# tests/test_contrib_openspiel.py checks that every method listed here is
# the real class's and returns what it says, and that every public method of
# the real class is listed.

from collections.abc import Mapping
from typing import Any, SupportsIndex, TypeAlias, overload

from typing_extensions import Self

__all__ = ["SpielGame", "SpielState"]

# pyspiel ships no type information: its game type and game info are any
# value, said so (a type checker in strict mode refuses an unknown type, and
# accepts Any written out).
GameType: TypeAlias = Any  # pyspiel.GameType
GameInfo: TypeAlias = Any  # pyspiel.GameInfo

class SpielGame:
    """OpenSpiel's ``pyspiel.Game``."""

    def __init__(
        self, game_type: GameType, info: GameInfo, params: Mapping[str, Any], /
    ) -> None: ...
    def action_to_string(self, player: SupportsIndex, action: SupportsIndex, /) -> str:
        """The label of ``player``'s action ``action``."""
    def deserialize_state(self, text: str, /) -> SpielState:
        """The state that ``State.serialize`` wrote."""
    def get_parameters(self) -> dict[str, Any]:
        """The game's parameters, by name."""
    def get_type(self) -> GameType:
        """The game's static description (``pyspiel.GameType``)."""
    def information_state_tensor_shape(self) -> list[int]:
        """The shape of the information-state tensor."""
    def information_state_tensor_size(self) -> int:
        """The length of the information-state tensor."""
    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a history holds."""
    def max_chance_outcomes(self) -> int:
        """The most outcomes a chance node has."""
    def max_game_length(self) -> int:
        """The most player actions a game takes."""
    def max_history_length(self) -> int:
        """The most actions, chance outcomes included, a history holds."""
    def max_move_number(self) -> int:
        """The highest move number a state reaches."""
    def max_utility(self) -> float:
        """The highest return a player can get."""
    def min_utility(self) -> float:
        """The lowest return a player can get."""
    def new_initial_state(self) -> SpielState:
        """A new game at its start."""
    def num_distinct_actions(self) -> int:
        """The number of action ids."""
    def num_players(self) -> int:
        """The number of players."""
    def observation_tensor_shape(self) -> list[int]:
        """The shape of the observation tensor."""
    def observation_tensor_size(self) -> int:
        """The length of the observation tensor."""
    def policy_tensor_shape(self) -> list[int]:
        """The shape of a policy over the actions."""
    def serialize(self) -> str:
        """The game as text."""
    def to_string(self) -> str:
        """The game string, such as ``patience_royal_cotillion(deal=7)``."""
    def utility_sum(self) -> float | None:
        """The sum of the players' returns, when it is constant."""
    # pyspiel's other methods (most for other kinds of game: simultaneous
    # moves, mean field, structs), typed as Any; a name not listed is an error.
    # The struct methods are those of OpenSpiel 2.0 and of 1.6, the oldest
    # the openspiel extra takes (tests/test_contrib_openspiel.py names them).
    def action_struct_spec(self, *args: Any, **kwargs: Any) -> Any: ...
    def information_state_tensor_layout(self, *args: Any, **kwargs: Any) -> Any: ...
    def make_observer(self, *args: Any, **kwargs: Any) -> Any: ...
    def new_initial_state_for_population(self, *args: Any, **kwargs: Any) -> Any: ...
    def new_initial_states(self, *args: Any, **kwargs: Any) -> Any: ...
    def observation_tensor_layout(self, *args: Any, **kwargs: Any) -> Any: ...

class SpielState:
    """OpenSpiel's ``pyspiel.State``."""

    def __init__(self, game: SpielGame, /) -> None: ...
    @overload
    def action_to_string(self, action: SupportsIndex, /) -> str: ...
    @overload
    def action_to_string(self, player: SupportsIndex, action: SupportsIndex, /) -> str: ...
    def apply_action(self, action: SupportsIndex, /) -> None:
        """Play ``action`` (a chance outcome at a chance node)."""
    def apply_action_with_legality_check(self, action: SupportsIndex, /) -> None:
        """Play ``action`` after checking that it is legal."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of a chance node with their probabilities."""
    def child(self, action: SupportsIndex, /) -> Self:
        """A copy of the state with ``action`` played."""
    def clone(self) -> Self:
        """A copy of the state."""
    def current_player(self) -> int:
        """The player to move, or ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
    def get_game(self) -> SpielGame:
        """The game of the state."""
    def history(self) -> list[int]:
        """The actions and chance outcomes so far."""
    def history_str(self) -> str:
        """The history as text."""
    @overload
    def information_state_string(self) -> str: ...
    @overload
    def information_state_string(self, player: SupportsIndex, /) -> str: ...
    @overload
    def information_state_tensor(self) -> list[float]: ...
    @overload
    def information_state_tensor(self, player: SupportsIndex, /) -> list[float]: ...
    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
    def is_initial_state(self) -> bool:
        """Whether nothing has been played yet."""
    def is_player_node(self) -> bool:
        """Whether a player acts next."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    @overload
    def legal_actions(self) -> list[int]: ...
    @overload
    def legal_actions(self, player: SupportsIndex, /) -> list[int]: ...
    @overload
    def legal_actions_mask(self) -> list[int]: ...
    @overload
    def legal_actions_mask(self, player: SupportsIndex, /) -> list[int]: ...
    def move_number(self) -> int:
        """The number of moves made so far."""
    def num_distinct_actions(self) -> int:
        """The number of action ids."""
    def num_players(self) -> int:
        """The number of players."""
    @overload
    def observation_string(self) -> str: ...
    @overload
    def observation_string(self, player: SupportsIndex, /) -> str: ...
    @overload
    def observation_tensor(self) -> list[float]: ...
    @overload
    def observation_tensor(self, player: SupportsIndex, /) -> list[float]: ...
    def player_return(self, player: SupportsIndex, /) -> float:
        """``player``'s return so far."""
    def player_reward(self, player: SupportsIndex, /) -> float:
        """``player``'s reward for the last action."""
    def returns(self) -> list[float]:
        """Each player's return so far."""
    def rewards(self) -> list[float]:
        """Each player's reward for the last action."""
    def serialize(self) -> str:
        """The state as text, for ``Game.deserialize_state``."""
    @overload
    def string_to_action(self, text: str, /) -> int: ...
    @overload
    def string_to_action(self, player: SupportsIndex, text: str, /) -> int: ...
    def to_string(self) -> str:
        """The state as text, for people."""
    # pyspiel's other methods (most for other kinds of game: simultaneous
    # moves, mean field, structs), typed as Any; a name not listed is an error.
    # The struct methods are those of OpenSpiel 2.0 and of 1.6, the oldest
    # the openspiel extra takes (tests/test_contrib_openspiel.py names them).
    def action_to_struct(self, *args: Any, **kwargs: Any) -> Any: ...
    def actions_to_struct(self, *args: Any, **kwargs: Any) -> Any: ...
    def apply_action_struct(self, *args: Any, **kwargs: Any) -> Any: ...
    def apply_actions(self, *args: Any, **kwargs: Any) -> Any: ...
    def apply_actions_with_legality_checks(self, *args: Any, **kwargs: Any) -> Any: ...
    def distribution_support(self, *args: Any, **kwargs: Any) -> Any: ...
    def full_history(self, *args: Any, **kwargs: Any) -> Any: ...
    def get_action_struct_sampler(self, *args: Any, **kwargs: Any) -> Any: ...
    def get_type(self, *args: Any, **kwargs: Any) -> Any: ...
    def is_initial_non_chance_state(self, *args: Any, **kwargs: Any) -> Any: ...
    def is_mean_field_node(self, *args: Any, **kwargs: Any) -> Any: ...
    def is_simultaneous_node(self, *args: Any, **kwargs: Any) -> Any: ...
    def mean_field_population(self, *args: Any, **kwargs: Any) -> Any: ...
    def resample_from_infostate(self, *args: Any, **kwargs: Any) -> Any: ...
    def starting_state(self, *args: Any, **kwargs: Any) -> Any: ...
    def starting_state_str(self, *args: Any, **kwargs: Any) -> Any: ...
    def struct_to_action(self, *args: Any, **kwargs: Any) -> Any: ...  # (OpenSpiel 1.6)
    def struct_to_actions(self, *args: Any, **kwargs: Any) -> Any: ...
    def to_dict(self, *args: Any, **kwargs: Any) -> Any: ...
    def to_json(self, *args: Any, **kwargs: Any) -> Any: ...
    def to_observation_struct(self, *args: Any, **kwargs: Any) -> Any: ...
    def to_struct(self, *args: Any, **kwargs: Any) -> Any: ...
    def undo_action(self, *args: Any, **kwargs: Any) -> Any: ...
    def update_distribution(self, *args: Any, **kwargs: Any) -> Any: ...
    def validate_action_struct(self, *args: Any, **kwargs: Any) -> Any: ...
