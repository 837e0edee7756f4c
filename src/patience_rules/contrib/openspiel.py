"""OpenSpiel games for every game (extra ``openspiel``, the PyPI package ``open-spiel``).

Importing this module registers every registered game with
``pyspiel.register_game`` under a short name (see :func:`short_name`), so
that ``pyspiel.load_game`` finds it:

>>> import pyspiel
>>> from patience_rules.contrib.openspiel import short_name
>>> short_name("royal-cotillion")
'patience_royal_cotillion'
>>> game = pyspiel.load_game("patience_royal_cotillion(deal=7)")
>>> state = game.new_initial_state()
>>> state.legal_actions()
[0, 29, 43, 56, 86, 107]
>>> state.apply_action(29)
>>> state.rewards(), state.returns()
([1.0], [1.0])

Each game is a one-player game:

- **the deal**: with the parameter ``deal`` (a deal number, at least 0)
  the game starts from that deal, with no chance node.  Without it (the
  default, ``deal=-1``) the game starts with chance nodes that deal the
  deck order one card at a time: each chance outcome is a card's
  :attr:`~patience_rules.Card.index` (0 to 51), with probability the share
  of its copies among the cards not dealt yet.  Once every card is dealt,
  the game deals that deck order (:meth:`GameRules.deal_from
  <patience_rules.GameRules.deal_from>`) and play begins.
- **actions**: the game's action ids (:class:`~patience_rules.ActionSpace`),
  listed in increasing order; ``action_to_string()`` gives their labels.
- **rewards**: +1 for every card that goes home (to a foundation or the
  middle); ``returns()`` is the number of cards gone home during play
  (laid-out cards are not counted), from 0 to the game's maximum utility.
- **observations**: ``observation_tensor()`` is the
  :class:`~patience_rules.Observer` vector (as float32); with the parameter
  ``hide_covered=True`` the cards under each column's front card are hidden.
  ``observation_string()`` is the observation's text
  (:class:`~patience_rules.Observation`).  Before the deal is complete the tensor is all zeros.  The
  stock's order is hidden, so the game has imperfect information.
- **serialization**: ``pyspiel.serialize_game_and_state`` and
  ``pyspiel.deserialize_game_and_state`` round-trip (a state is its history
  of actions).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from ..actions import ActionSpace
from ..cards import Card
from ..games import game_names, get_game
from ..observation import Observer
from ..rules import GameRules
from ..state import State

__all__ = [
    "SHORT_NAME_PREFIX",
    "PatienceGame",
    "PatienceObserver",
    "PatienceState",
    "register_games",
    "short_name",
]

#: The prefix of every short name.
SHORT_NAME_PREFIX = "patience_"

_DEFAULT_PARAMETERS: dict[str, Any] = {"deal": -1, "hide_covered": False}


def short_name(game: str) -> str:
    """The OpenSpiel short name of registered game ``game``.

    >>> short_name("easy-start-parlett"), short_name("quadrille")
    ('patience_easy_start_parlett', 'patience_captive_queens')
    """
    name = game if game in game_names() else get_game(game).name
    return SHORT_NAME_PREFIX + name.replace("-", "_")


def _max_game_length(rules: GameRules, stock: int) -> int:
    # Every card goes home at most once; each pass draws at most the stock;
    # the redeals themselves.  Chance nodes are not counted.
    redeals = rules.stock.redeals or 0
    return rules.deck().__len__() + stock * (redeals + 1) + redeals


class PatienceGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game, as an OpenSpiel game.

    :param name: the registered game's name.
    :param params: the OpenSpiel parameters: ``deal`` (-1 for a chance deal)
        and ``hide_covered``.

    Made by ``pyspiel.load_game(short_name(name))``; see the module.

    >>> import pyspiel
    >>> game = pyspiel.load_game("patience_easy_start", {"deal": 2})
    >>> game.rules.name, game.deal, game.num_distinct_actions(), game.max_utility()
    ('easy-start', 2, 11, 40.0)
    """

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        rules = get_game(name)
        parameters = {**_DEFAULT_PARAMETERS, **(params or {})}
        start = rules.deal_from(rules.deck())
        actions = ActionSpace(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            max_chance_outcomes=52,
            num_players=1,
            min_utility=0.0,
            max_utility=float(len(rules.deck()) - start.cards_home),
            utility_sum=None,
            max_game_length=_max_game_length(rules, start.stock_size),
        )
        super().__init__(_game_type(name), info, parameters)
        #: The rules played.
        self.rules: GameRules = rules
        #: The game's action ids.
        self.actions = actions
        #: The deal number, or -1 for a deal by chance nodes.
        self.deal: int = int(parameters["deal"])
        #: The observer of the observation tensors.
        self.observer = Observer(rules, hide_covered=bool(parameters["hide_covered"]))
        #: How many cards are home before play (laid out).
        self.home_at_start: int = start.cards_home
        #: How many copies of each card the deck has.
        self.deck_counts: Counter[Card] = Counter(rules.deck())

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return pyspiel.load_game, (str(self),)

    def max_chance_nodes_in_history(self) -> int:
        """At most one chance node per card of the deck (none with a ``deal`` parameter)."""
        return 0 if self.deal >= 0 else len(self.rules.deck())

    def new_initial_state(self) -> PatienceState:
        """A new game: dealt by chance nodes, or the deal of the ``deal`` parameter."""
        return PatienceState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PatienceObserver:
        """The observer of the observation tensor and string (see the module)."""
        if params:
            raise ValueError(f"the observer takes no parameters, got {params!r}")
        return PatienceObserver(self)


class _Play:
    """The Python side of a :class:`PatienceState`, immutable so that clones share it.

    It pickles (which is how OpenSpiel serializes a Python state) as the game
    and the actions so far, and is rebuilt by replaying them.
    """

    __slots__ = ("actions", "game", "order", "reward", "state")

    def __init__(
        self,
        game: PatienceGame,
        order: tuple[int, ...],
        actions: tuple[int, ...],
        state: State | None,
        reward: float,
    ) -> None:
        self.game = game
        self.order = order  # the card indices dealt by chance nodes so far
        self.actions = actions  # the player's actions since play began
        self.state = state
        self.reward = reward

    @classmethod
    def start(cls, game: PatienceGame) -> _Play:
        state = game.rules.deal(game.deal) if game.deal >= 0 else None
        return cls(game, (), (), state, 0.0)

    def dealt(self, card: int) -> _Play:
        order = (*self.order, card)
        rules = self.game.rules
        state = rules.deal_from(map(Card.from_index, order)) if len(order) == len(rules.deck()) else None
        return _Play(self.game, order, (), state, 0.0)

    def played(self, action: int) -> _Play:
        assert self.state is not None
        state = self.state.apply(self.game.actions.move_of(action))
        reward = float(state.cards_home - self.state.cards_home)
        return _Play(self.game, self.order, (*self.actions, action), state, reward)

    def __deepcopy__(self, memo: dict[int, object]) -> _Play:
        return self

    def __reduce__(self) -> tuple[object, tuple[str, tuple[int, ...], tuple[int, ...]]]:
        return _replay, (str(self.game), self.order, self.actions)


def _replay(game: str, order: tuple[int, ...], actions: tuple[int, ...]) -> _Play:
    play = _Play.start(pyspiel.load_game(game))
    for card in order:
        play = play.dealt(card)
    for action in actions:
        play = play.played(action)
    return play


class PatienceState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`PatienceGame`: the deal so far, then the game's :class:`State`.

    >>> import pyspiel
    >>> state = pyspiel.load_game("patience_captive_queens").new_initial_state()
    >>> state.is_chance_node(), state.game_state
    (True, None)
    >>> for card in range(52):
    ...     state.apply_action(card)       # deal AC, 2C, ..., KS in that order
    >>> state.current_player(), state.game_state.stock_size
    (0, 52)
    """

    def __init__(self, game: PatienceGame) -> None:
        super().__init__(game)
        self._play = _Play.start(game)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return _deserialize_state, (pyspiel.serialize_game_and_state(self._play.game, self),)

    @property
    def game_state(self) -> State | None:
        """The :class:`~patience_rules.State`, or ``None`` while the deal is not complete."""
        return self._play.state

    def current_player(self) -> int:
        """0 to play, ``CHANCE`` while dealing, ``TERMINAL`` once no move remains."""
        state = self._play.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        assert play.state is not None
        return list(play.game.actions.legal_actions(play.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt next, as (card index, probability)."""
        play = self._play
        left = play.game.deck_counts - Counter(map(Card.from_index, play.order))
        total = sum(left.values())
        return [(int(card), count / total) for card, count in sorted(left.items())]

    def _apply_action(self, action: int) -> None:
        play = self._play
        self._play = play.dealt(action) if play.state is None else play.played(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card.from_index(action)}"
        return str(self._play.game.actions.label(action))

    def is_terminal(self) -> bool:
        """Whether no legal move remains."""
        return self._play.state is not None and self._play.state.is_over

    def rewards(self) -> list[float]:
        """The cards that went home in the last action."""
        return [self._play.reward]

    def returns(self) -> list[float]:
        """The cards that went home since play began."""
        play = self._play
        return [0.0 if play.state is None else float(play.state.cards_home - play.game.home_at_start)]

    def __str__(self) -> str:
        play = self._play
        if play.state is None:
            return f"dealing: {len(play.order)} of {len(play.game.rules.deck())} cards dealt"
        return str(play.state)


class PatienceObserver:
    """The observation tensor and string of a :class:`PatienceGame` (OpenSpiel's PyObserver).

    >>> import pyspiel
    >>> game = pyspiel.load_game("patience_royal_cotillion(deal=7)")
    >>> observer = game.make_py_observer()
    >>> observer.set_from(game.new_initial_state(), 0)
    >>> observer.tensor[:2].tolist(), observer.dict["foundations"].tolist()
    ([68.0, 0.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    """

    def __init__(self, game: PatienceGame) -> None:
        self._observer = game.observer
        self.tensor: npt.NDArray[np.float32] = np.zeros(self._observer.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            field.name: self.tensor[field.offset : field.stop] for field in self._observer.fields
        }

    def set_from(self, state: PatienceState, player: int) -> None:
        """Fill ``tensor`` with the observation of ``state``."""
        if state.game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self._observer.vector(state.game_state)

    def string_from(self, state: PatienceState, player: int) -> str:
        """The observation as text: the layout, the stock by its size only."""
        if state.game_state is None:
            return str(state)
        return str(self._observer.observe(state.game_state))


def _deserialize_state(text: str) -> PatienceState:
    state: PatienceState = pyspiel.deserialize_game_and_state(text)[1]
    return state


def _game_type(name: str) -> pyspiel.GameType:
    rules = get_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"patience-rules {rules.title} ({name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.REWARDS,
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULT_PARAMETERS),
    )


def register_games() -> tuple[str, ...]:
    """Register every registered game with OpenSpiel, if not registered yet; return the short names.

    Importing this module calls it; call it again after
    :func:`~patience_rules.register_game` to add the new games.

    >>> "patience_captive_queens" in register_games()
    True
    """
    names = []
    known = set(pyspiel.registered_names())
    for name in game_names():
        short = short_name(name)
        if short not in known:
            pyspiel.register_game(_game_type(name), _creator(name))
        names.append(short)
    return tuple(names)


def _creator(name: str) -> type[PatienceGame]:
    # OpenSpiel calls the creator with the parameters only: one subclass per game.
    def __init__(self: PatienceGame, params: dict[str, Any] | None = None) -> None:
        PatienceGame.__init__(self, name, params)

    title = "".join(word.capitalize() for word in name.split("-"))
    return type(f"{title}Game", (PatienceGame,), {"__init__": __init__, "__module__": __name__})


register_games()
