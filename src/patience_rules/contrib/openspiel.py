r"""OpenSpiel games for every game (extra ``openspiel``, the PyPI package ``open-spiel``).

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

Each game is a one-player game, with four parameters:

- ``deal``: a deal number of the game (from 0 to its
  :attr:`GameRules.max_deal_number <patience_rules.GameRules.max_deal_number>`)
  starts the game from that deal, ``rules.deal(deal)``, with no chance
  node.  FreeCell's deal numbers are Microsoft's, so
  ``patience_freecell(deal=1)`` is the deal every FreeCell program calls #1.
  OpenSpiel's game parameters hold whole numbers of 32 bits only, so the
  parameter takes deal numbers up to :data:`MAX_DEAL_PARAMETER` (2**31 - 1)
  (the library's own deal numbers go up to
  :data:`~patience_rules.MAX_DEAL_NUMBER`): deal larger ones by chance
  actions instead (:func:`deal_actions`).  ``pyspiel.load_game`` refuses a
  larger parameter with OpenSpiel's own error (a ``SpielError`` or
  ``RuntimeError`` about casting), before the game sees it;
  :class:`PatienceGame` made directly refuses it with
  :class:`~patience_rules.InvalidDealError`, which says so, and
  :func:`deserialize_game_and_state` with a
  :class:`~patience_rules.NotationError` that says so.  Without it (the default,
  ``deal=-1``) the game starts with chance nodes that deal the deck order
  one card at a time, first card dealt first: each chance outcome is a
  card's :attr:`~patience_rules.Card.index` (0 to 51), with probability the
  share of its copies among the cards not dealt yet, so that every deck
  order is equally likely.  An outcome that is no card, or a card whose
  copies are all dealt, is refused at once
  (:class:`~patience_rules.InvalidDealError`).  Once every card is dealt,
  the game deals that deck order as the rules deal any deck order
  (:meth:`GameRules.deal_from <patience_rules.GameRules.deal_from>`: laid-out
  cards first, then the tableau in rows, the cells, the stock), which is a
  legal deal of the game, and play begins.  The chance outcomes are dealt
  before the player sees anything, face-down cards and the stock included:
  what the player may see of them is the observations' business.
- ``max_moves``: the most moves the player makes; the state after the last
  of them is terminal, whether or not a move is legal there
  (:attr:`PatienceState.stopped` says so).  With ``-1`` (the default) a
  game that always ends has no limit, and a game that may go on for ever
  (:func:`~patience_rules.contrib.longest_game`: Klondike, FreeCell,
  Crescent) stops after :data:`~patience_rules.contrib.MOVE_LIMIT` moves
  (1,000).  ``max_game_length()`` is the limit, or the game's own bound if
  that is smaller.
- ``rewards``: ``"step"`` (the default) gives +1 for every card that goes
  home (to a foundation or the middle) as it goes; ``"terminal"`` gives
  nothing until the game is over, then everything at once, and declares the
  game's reward model terminal, which OpenSpiel's MCTS
  (``open_spiel.python.algorithms.mcts.MCTSBot``, ``pyspiel.MCTSBot``)
  needs.  Either way, ``returns()`` at the end (the game over, or stopped
  at its move limit) is the number of cards gone home during play
  (laid-out cards are not counted), from 0 to the game's maximum utility.
- ``hide_covered``: with ``True``, observations hide the cards under each
  column's front card (refused, :class:`~patience_rules.InvalidRulesError`,
  in a game whose runs move, Klondike or FreeCell: which runs may move, the
  legal actions, would tell those cards).

And:

- **actions**: the game's action ids (:class:`~patience_rules.ActionSpace`),
  listed in increasing order; ``action_to_string()`` gives their labels.
  An illegal action raises :class:`~patience_rules.IllegalMoveError` and
  leaves the state as it was (but -1, OpenSpiel's ``kInvalidAction``, is
  refused by OpenSpiel itself, with its ``SpielError``, before the game sees
  it; so is -1 as a chance outcome).
- **observations** show what the player sees, through
  :class:`~patience_rules.Observer`: ``observation_tensor()`` is its vector
  (as float32) and ``observation_string()`` its text
  (:class:`~patience_rules.Observation`).  The stock's order is hidden, and
  so is every face-down card (Klondike's columns): ``##`` in the text,
  :data:`~patience_rules.HIDDEN_CARD` in the tensor, so the game has
  imperfect information.  Before the deal is complete the tensor is all
  zeros.
- **information states** are built on the same observer.
  ``information_state_string()`` is the player's whole memory (perfect
  recall, as OpenSpiel means it): the observation's text, then, for a game
  dealt by chance nodes, the view at the deal, and the moves the player has
  made since, each with what it brought into view and where (``draw (W:1
  QC)``: the waste shows the Queen of clubs from its first card up;
  ``T3-F1 (T3:2 7H)``: column 3 shows the Seven of hearts from its second
  card up, uncovered by the play; ``##`` a hidden card).  Cards a move only
  takes off a pile are not written: the move and the view before say how
  many.
  Two histories give the same string exactly when the player saw the same
  things along them, so a player who remembers the waste before a redeal
  tells apart what the current view alone does not.
  ``information_state_tensor()`` is the observation tensor: a vector of a
  fixed length holds no history, so it is what the player sees now, never
  a hidden card (an agent that should remember needs a memory of its own,
  or the string).
- **serialization**: a state is its game and its history of actions.
  :func:`deserialize_game_and_state` reads the text that
  ``pyspiel.serialize_game_and_state`` writes (or
  :func:`serialize_game_and_state`) from the game and the history alone,
  checking every action as it replays it; pickling a state writes and reads
  the same two things.  **OpenSpiel's own**
  ``pyspiel.deserialize_game_and_state`` **unpickles part of its input**
  for every game written in Python (the ``__dict__=`` line), so it runs any
  code a crafted text holds: give it only text you wrote yourself, and use
  :func:`deserialize_game_and_state` for anything else.

>>> text = pyspiel.serialize_game_and_state(game, state)
>>> game_2, state_2 = deserialize_game_and_state(text)
>>> state_2.history(), state_2.game_state == state.game_state
([29], True)
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from typing import Any, Final, SupportsIndex, TypeAlias

from ..errors import _counted, _needs_extra

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ModuleNotFoundError as _missing:
    raise _needs_extra(__name__, "openspiel", _missing) from _missing

from .. import _checks
from ..actions import ActionSpace
from ..cards import Card, _as_index, _is_whole
from ..errors import (
    IllegalMoveError,
    InvalidDealError,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    _shown,
)
from ..games import game_names, get_game
from ..observation import Observation, Observer
from ..rules import GameRules, _entry, _outcome
from ..state import State
from . import MOVE_LIMIT, longest_game
from ._spiel import SpielGame, SpielState

__all__ = [
    "MAX_DEAL_PARAMETER",
    "REWARDS",
    "SHORT_NAME_PREFIX",
    "PatienceGame",
    "PatienceObserver",
    "PatienceState",
    "deal_actions",
    "deserialize_game_and_state",
    "register_games",
    "serialize_game_and_state",
    "short_name",
]

#: The prefix of every short name.
SHORT_NAME_PREFIX: Final = "patience_"
#: The largest deal number that the ``deal`` parameter holds (OpenSpiel's are 32-bit).
MAX_DEAL_PARAMETER: Final = 2**31 - 1
#: The values of the ``rewards`` parameter.
REWARDS: Final = ("step", "terminal")
#: The largest whole number an OpenSpiel game parameter holds.
_MAX_PARAMETER: Final = 2**31 - 1

_DEFAULT_PARAMETERS: Final[dict[str, Any]] = {
    "deal": -1,
    "hide_covered": False,
    "max_moves": -1,
    "rewards": "step",
}


def short_name(game: str) -> str:
    """The OpenSpiel short name of registered game ``game``.

    The name with ``-`` written as ``_``.  Two registered names that differ
    only there (``easy-start`` and ``easy_start``) would share a short
    name: it stays the game's that :func:`register_games` registered under
    it first (of two not registered yet, the one that sorts first), and the
    other is refused (:class:`~patience_rules.InvalidRulesError`) and left
    out.

    :raises ~patience_rules.UnknownGameError: for a name that is not a registered game's.
    :raises InvalidRulesError: for a game whose short name is another's, as above.

    >>> short_name("easy-start-parlett"), short_name("quadrille")
    ('patience_easy_start_parlett', 'patience_captive_queens')
    """
    name = _entry(game).name  # (as get_game reads it: an alias or other spelling too)
    short = SHORT_NAME_PREFIX + name.replace("-", "_")
    owner = _OWNERS.get(short)
    if owner is None:
        owner = min(
            other for other in game_names() if other.replace("-", "_") == name.replace("-", "_")
        )
    if owner != name:
        raise InvalidRulesError(
            f"game {name!r} has no OpenSpiel short name of its own: {short!r} is game "
            f"{owner!r}'s (register it under a name that differs in more than '-' and '_')"
        )
    return short


#: Each short name registered with OpenSpiel, and the game it was registered for.
_OWNERS: dict[str, str] = {}


def _checked_parameters(params: object, rules: GameRules) -> dict[str, Any]:
    """The game's parameters with their defaults, each checked."""
    if params is None:
        params = {}
    if not isinstance(params, Mapping):
        raise InvalidRulesError(
            f"the parameters are a mapping such as {{'deal': 7}}, got {_shown(params)}"
        )
    unknown = [key for key in params if key not in _DEFAULT_PARAMETERS]
    if unknown:
        raise InvalidRulesError(
            f"unknown parameter {_shown(unknown[0])}: expected "
            f"{', '.join(sorted(_DEFAULT_PARAMETERS))}"
        )
    parameters = {**_DEFAULT_PARAMETERS, **params}
    deal = parameters["deal"]
    if not _is_whole(deal):
        raise InvalidDealError(f"deal: expected a deal number or -1, got {_shown(deal)}")
    top = min(rules.max_deal_number, MAX_DEAL_PARAMETER)
    if top < deal <= rules.max_deal_number:
        raise InvalidDealError(
            f"deal: OpenSpiel's game parameters hold deal numbers up to {MAX_DEAL_PARAMETER} "
            f"(2**31 - 1), got {deal}: deal it by chance actions instead (deal_actions)"
        )
    if not -1 <= deal <= top:
        raise InvalidDealError(
            f"deal: expected -1 (dealt by chance nodes) or a deal number of {rules.title} "
            f"from 0 to {top}, got {_shown(deal)}"
        )
    if not isinstance(parameters["hide_covered"], bool):
        raise InvalidRulesError(
            f"hide_covered: expected True or False, got {_shown(parameters['hide_covered'])}"
        )
    moves = parameters["max_moves"]
    if not _is_whole(moves) or not (moves == -1 or 1 <= moves <= _MAX_PARAMETER):
        raise InvalidRulesError(
            f"max_moves: expected -1 (the default limit) or a whole number from 1 to "
            f"{_MAX_PARAMETER}, got {_shown(moves)}"
        )
    if parameters["rewards"] not in REWARDS:
        raise InvalidRulesError(
            f"rewards: expected 'step' or 'terminal', got {_shown(parameters['rewards'])}"
        )
    return parameters


class PatienceGame(SpielGame):
    """One registered game, as an OpenSpiel game.

    :param name: the registered game's name.
    :param params: the OpenSpiel parameters: ``deal`` (-1 for a chance
        deal), ``max_moves`` (-1 for the default limit), ``rewards``
        (``"step"`` or ``"terminal"``) and ``hide_covered``.

    :raises InvalidDealError: for a ``deal`` that is neither -1 nor a deal
        number of the game up to :data:`MAX_DEAL_PARAMETER`.
    :raises InvalidRulesError: for an unknown parameter or another bad value.

    Made by ``pyspiel.load_game(short_name(name))``; see the module.  There
    OpenSpiel checks the parameters' names first, and refuses an unknown one
    with its own ``pyspiel.SpielError`` before the game is made.

    >>> import pyspiel
    >>> game = pyspiel.load_game("patience_easy_start", {"deal": 2})
    >>> game.rules.name, game.deal, game.num_distinct_actions(), game.max_utility()
    ('easy-start', 2, 11, 40.0)
    >>> terminal = pyspiel.load_game("patience_easy_start(rewards=terminal)")
    >>> terminal.get_type().reward_model
    <RewardModel.TERMINAL: 1>
    >>> game.max_moves, game.max_game_length()        # the Easy start always ends
    (None, 174)
    >>> klondike = pyspiel.load_game("patience_klondike")
    >>> klondike.max_moves, klondike.max_game_length()
    (1000, 1000)
    >>> pyspiel.load_game("patience_klondike(max_moves=200)").max_game_length()
    200
    """

    def __init__(self, name: str, params: Mapping[str, Any] | None = None) -> None:
        rules = get_game(name)
        parameters = _checked_parameters(params, rules)
        start = rules.deal_from(rules.deck())
        actions = ActionSpace(rules)
        longest = longest_game(rules)
        limit: int | None = parameters["max_moves"] if parameters["max_moves"] > 0 else None
        if limit is None and longest is None:
            limit = MOVE_LIMIT
        if limit is not None and longest is not None and longest <= limit:
            limit = None  # the game ends before the limit
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            max_chance_outcomes=52,
            num_players=1,
            min_utility=0.0,
            max_utility=float(len(rules.deck()) - start.cards_home),
            utility_sum=None,
            max_game_length=limit if limit is not None else longest,
        )
        super().__init__(_game_type(name, parameters["rewards"]), info, parameters)
        #: The rules played.
        self.rules: GameRules = rules
        #: The game's action ids.
        self.actions: ActionSpace = actions
        #: The deal number, or -1 for a deal by chance nodes.
        self.deal: int = parameters["deal"]
        #: The most moves the player makes before the game stops, or ``None``
        #: for a game that always ends before any limit it was given.
        self.max_moves: int | None = limit
        #: Whether rewards come at the end only (``rewards="terminal"``).
        self.terminal_rewards: bool = parameters["rewards"] == "terminal"
        #: The observer of the observation and information-state tensors.
        self.observer: Observer = Observer(rules, hide_covered=parameters["hide_covered"])
        #: How many cards are home before play (laid out).
        self.home_at_start: int = start.cards_home
        #: How many copies of each card the deck has, by card index.
        self.deck_counts: tuple[int, ...] = tuple(
            rules.deck().count(Card.from_index(index)) for index in range(52)
        )

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return _load, (str(self),)  # (the game string read and checked as text is)

    def max_chance_nodes_in_history(self) -> int:
        """At most one chance node per card of the deck (none with a ``deal`` parameter)."""
        return 0 if self.deal >= 0 else len(self.rules.deck())

    def new_initial_state(self) -> PatienceState:
        """A new game: dealt by chance nodes, or the deal of the ``deal`` parameter."""
        return PatienceState(self)

    def deserialize_state(self, text: str) -> PatienceState:
        """The state that ``state.serialize()`` wrote, rebuilt from its history alone.

        Unlike OpenSpiel's own, it never unpickles: the ``__dict__=`` line is
        ignored and every action of the history is checked as it is replayed.

        :raises NotationError: for malformed text or an action that is not
            legal where the history puts it.
        """
        return _state_from_text(self, text)

    def action_to_string(self, player: SupportsIndex, action: SupportsIndex, /) -> str:
        """An action's label, as the state's ``action_to_string`` gives it (no state needed).

        >>> import pyspiel
        >>> game = pyspiel.load_game("patience_royal_cotillion")
        >>> game.action_to_string(0, 29)
        'Ladies column 4 to foundation 4 (spades A 3 5 7 9 J K 2 4 6 8 10 Q)'
        >>> game.action_to_string(pyspiel.PlayerId.CHANCE, 51)
        'deal KS'

        :raises IllegalMoveError: for an action id out of range.
        :raises InvalidDealError: for a chance outcome that is no card index (0 to 51),
            as applying it to a state does.
        """
        return _action_label(self, player, action)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> PatienceObserver:
        """The observer of the observation (or, with perfect recall, information-state) tensor and string."""
        if params:
            raise InvalidRulesError(f"the observer takes no parameters, got {_shown(params)}")
        perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        return PatienceObserver(self, perfect_recall=perfect_recall)


#: An observation's places that show cards, by name (see :func:`_in_view`).
_View: TypeAlias = "dict[str, tuple[str, ...]]"


def _in_view(observation: Observation) -> _View:
    """The places of an observation that show cards, named as the notation names them.

    Each place's cards, bottom to top: ``##`` a hidden card in a column,
    ``--`` an empty cell or foundation.
    """
    return dict(
        [
            ("W", tuple(map(str, observation.waste))),
            *(
                (f"T{i}", tuple("##" if card is None else str(card) for card in column))
                for i, column in enumerate(observation.columns, 1)
            ),
            *(
                (f"R{i}", ("--" if cell is None else str(cell),))
                for i, cell in enumerate(observation.cells, 1)
            ),
            ("M", tuple(map(str, observation.middle))),
            *(
                (f"F{i}", ("--" if top is None else str(top),))
                for i, top in enumerate(observation.tops, 1)
            ),
        ]
    )


def _brought_into_view(before: _View, after: _View) -> str:
    """What ``after`` shows that ``before`` did not, by place: ``'W:1 QC, T3:2 7H'``.

    For each place whose cards changed other than by losing cards from its
    top, ``T3:2 7H`` says that from its second card up it now shows 7H:
    with the view before, that gives the view after exactly.  (Cards that a
    move only takes off a pile are not written: the move and the view
    before say how many.)
    """
    changed = []
    for place, cards in after.items():
        was = before.get(place, ())
        same = 0
        for card, card_before in zip(cards, was, strict=False):  # (either may be longer)
            if card != card_before:
                break
            same += 1
        if same < len(cards):
            changed.append(f"{place}:{same + 1} {' '.join(cards[same:])}")
    return ", ".join(changed)


#: The player's actions, the newest first, as a chain of pairs (action, the
#: chain before), ending in ``()``: adding one costs the same however long
#: the game is (a tuple copied at every action made a long game quadratic).
_Chain: TypeAlias = "tuple[int, _Chain] | tuple[()]"


def _in_order(chain: _Chain) -> tuple[int, ...]:
    """The actions of ``chain``, the first first."""
    actions = []
    while chain:
        action, chain = chain
        actions.append(action)
    actions.reverse()
    return tuple(actions)


class _Play:
    """The Python side of a :class:`PatienceState`, immutable so that clones share it.

    It pickles (which is how OpenSpiel's own serialization keeps a Python
    state) as the game and the actions so far, and is rebuilt by replaying
    them, every action checked.
    """

    __slots__ = ("_after", "_chain", "_seen", "game", "left", "moves", "order", "reward", "state")

    def __init__(
        self,
        game: PatienceGame,
        order: tuple[int, ...],
        left: tuple[int, ...],
        chain: _Chain,
        moves: int,
        state: State | None,
        reward: float,
        after: tuple[tuple[str, ...], State, _Chain] | None = None,
    ) -> None:
        self.game = game
        self.order = order  # the card indices dealt by chance nodes so far
        self.left = left  # how many copies of each card are not dealt yet
        self._chain = chain  # the player's actions since play began, the last first
        self.moves = moves  # how many
        self.state = state
        self.reward = reward  # the cards that went home in the last action
        # What the player has seen (see seen()), worked out when first asked.
        # Once a play has it, the plays made from it keep it, with that
        # play's state and the actions since, to go on from there.
        self._seen: tuple[str, ...] | None = None
        self._after = after

    @classmethod
    def start(cls, game: PatienceGame) -> _Play:
        state = game.rules.deal(game.deal) if game.deal >= 0 else None
        return cls(game, (), game.deck_counts, (), 0, state, 0.0)

    def dealt(self, card: int) -> _Play:
        left = self.left
        card = _check_outcome(card)
        if not left[card]:
            copies = self.game.deck_counts[card]
            name = Card.from_index(card)
            why = (
                f"the deck holds {copies} {name}, dealt already"
                if copies
                else f"{self.game.rules.title} has no {name}"
            )
            raise InvalidDealError(
                f"chance outcome {card} ({name}): {why}: expected one of the cards not dealt yet"
            )
        order = (*self.order, card)
        left = (*left[:card], left[card] - 1, *left[card + 1 :])
        rules = self.game.rules
        state = (
            rules.deal_from(map(Card.from_index, order))
            if len(order) == len(rules.deck())
            else None
        )
        return _Play(self.game, order, left, (), 0, state, 0.0)

    @property
    def over(self) -> bool:
        """Whether the game is over: dealt, and won, no legal move left or the move limit reached.

        (A won Klondike with ``foundation_back`` could still move a card back:
        it is over, won.)
        """
        state = self.state
        if state is None:
            return False
        limit = self.game.max_moves
        at_limit = limit is not None and self.moves >= limit
        return at_limit or _outcome(state) != "unfinished"

    def played(self, action: int) -> _Play:
        assert self.state is not None
        move = self.game.actions.move_of(action)
        try:
            state = self.state.apply(move)
        except IllegalMoveError as error:  # (named by its action, as ActionSpace.legal_move does)
            raise IllegalMoveError(f"action {_shown(action)}: {error}") from None
        reward = float(state.cards_home - self.state.cards_home)
        seen, after = self._seen, self._after
        if seen is not None:
            after = (seen, self.state, (action, ()))
        elif after is not None:
            after = (after[0], after[1], (action, after[2]))
        chain = (action, self._chain)
        return _Play(self.game, self.order, self.left, chain, self.moves + 1, state, reward, after)

    @property
    def actions(self) -> tuple[int, ...]:
        """The player's actions since play began."""
        return _in_order(self._chain)

    def seen(self) -> tuple[str, ...]:
        """What the player saw: the view at the deal, then what each move brought into view.

        Worked out once, going on from the last play before that had it (a
        caller that asks at every step pays one observation a move), else
        by replaying the game from its deal.
        """
        seen = self._seen
        if seen is None:
            game = self.game
            observe = game.observer.observe
            state: State
            if self._after is not None:
                found, state = list(self._after[0]), self._after[1]
                actions = _in_order(self._after[2])
            else:
                rules = game.rules
                state = (
                    rules.deal(game.deal)
                    if game.deal >= 0
                    else rules.deal_from(map(Card.from_index, self.order))
                )
                found = [_brought_into_view({}, _in_view(observe(state))) if game.deal < 0 else ""]
                actions = self.actions
            view = _in_view(observe(state))
            for action in actions:
                state = state.apply(game.actions.move_of(action))
                view, last = _in_view(observe(state)), view
                found.append(_brought_into_view(last, view))
            seen = tuple(found)
            self._seen, self._after = seen, None
        return seen

    def __deepcopy__(self, memo: dict[int, object]) -> _Play:
        return self

    def __reduce__(self) -> tuple[object, tuple[str, tuple[int, ...]]]:
        return _replay, (str(self.game), (*self.order, *self.actions))


def _replay(game: object, history: object) -> _Play:
    """The play of ``history`` in ``game`` (a game string), checked as :func:`_restore_state` does."""
    return _restore_state(game, history)._play


class PatienceState(SpielState):
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

    def __reduce__(self) -> tuple[object, tuple[str, tuple[int, ...]]]:
        play = self._play
        return _restore_state, (str(play.game), (*play.order, *play.actions))

    @property
    def game_state(self) -> State | None:
        """The :class:`~patience_rules.State`, or ``None`` while the deal is not complete."""
        return self._play.state

    @property
    def stopped(self) -> bool:
        """Whether the game ended at its move limit with a move still legal.

        >>> import pyspiel
        >>> state = pyspiel.load_game("patience_klondike(deal=1,max_moves=2)").new_initial_state()
        >>> state.apply_action(0)
        >>> state.stopped, state.is_terminal()
        (False, False)
        >>> state.apply_action(0)
        >>> state.stopped, state.is_terminal(), state.game_state.is_over
        (True, True, False)
        """
        play = self._play
        state = play.state
        return play.over and state is not None and _outcome(state) == "unfinished"

    def current_player(self) -> int:
        """0 to play, ``CHANCE`` while dealing, ``TERMINAL`` once the game is over."""
        play = self._play
        if play.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if play.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        assert play.state is not None
        return list(play.game.actions.legal_actions(play.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may be dealt next, as (card index, probability)."""
        play = self._play
        if play.state is not None:
            return []
        total = sum(play.left)
        return [(card, count / total) for card, count in enumerate(play.left) if count]

    def _apply_action(self, action: int) -> None:
        play = self._play
        limit = play.game.max_moves
        if play.state is not None and play.state.is_won:  # (won at the limit too: won)
            raise IllegalMoveError(
                f"action {_shown(action)}: the game is won, and no action follows"
            )
        if play.state is not None and limit is not None and play.moves >= limit:
            raise IllegalMoveError(
                f"action {_shown(action)}: the game stopped at its limit of "
                f"{_counted(limit, 'moves')}, and no action follows"
            )
        self._play = play.dealt(action) if play.state is None else play.played(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return _action_label(self._play.game, player, action)

    def is_terminal(self) -> bool:
        """Whether the game is over: won, no legal move left, or the move limit reached."""
        return self._play.over

    def rewards(self) -> list[float]:
        """The cards that went home in the last action (with terminal rewards: all of them, at the end)."""
        play = self._play
        if play.game.terminal_rewards:
            return self.returns()
        return [play.reward]

    def returns(self) -> list[float]:
        """The cards that went home since play began (with terminal rewards: 0 until the end).

        The end is the end of the game or its move limit: a game stopped there
        returns the cards gone home so far, as a game over does.
        """
        play = self._play
        state = play.state
        if state is None or (play.game.terminal_rewards and not play.over):
            return [0.0]
        return [float(state.cards_home - play.game.home_at_start)]

    def __str__(self) -> str:
        play = self._play
        if play.state is None:
            return f"dealing: {len(play.order)} of {len(play.game.rules.deck())} cards dealt"
        return str(play.state)


def _check_outcome(card: object) -> int:
    """``card`` as an int if it is a chance outcome, the index of a card from 0 to 51
    (an integer of NumPy's too), else an InvalidDealError."""
    index = _as_index(card)
    if index is None or not 0 <= index < 52:
        raise InvalidDealError(
            f"chance outcome {_shown(card)}: a chance outcome is the index of the card "
            "dealt, from 0 (AC) to 51 (KS)"
        )
    return index


def _action_label(game: PatienceGame, player: SupportsIndex, action: SupportsIndex) -> str:
    """An action in words: a chance outcome as the card dealt, the player's as its label."""
    if player == pyspiel.PlayerId.CHANCE:
        return f"deal {Card.from_index(_check_outcome(action))}"
    return str(game.actions.label(action))


class PatienceObserver:
    """The observation tensor and string of a :class:`PatienceGame` (OpenSpiel's PyObserver).

    With ``perfect_recall`` (OpenSpiel asks for it for information states)
    the string also says what the player saw before: the cards in view at a
    deal made by chance nodes, and the moves played since, each with the
    cards it brought into view (see the module).

    >>> import pyspiel
    >>> game = pyspiel.load_game("patience_royal_cotillion(deal=7)")
    >>> observer = game.make_py_observer()
    >>> observer.set_from(game.new_initial_state(), 0)
    >>> observer.tensor[:2].tolist(), observer.dict["foundations"].tolist()
    ([68.0, 0.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    >>> state = game.new_initial_state()
    >>> state.apply_action(29)
    >>> print(state.information_state_string(0))
    royal-cotillion: stock 68 cards, 0 redeals left
    waste (top last): --
    columns (top last): 9C 8S QD | KD 4D 9S | 4S 10S 7H | KS 8S
    cells: 6D 3D 4H 9H 7C 5H 4C 6S QC 3D KH QD 5S JH 10H JC
    foundation heights: 1 1 1 2 1 1 1 1
    moves played: T4-F4
    """

    def __init__(self, game: PatienceGame, *, perfect_recall: bool = False) -> None:
        _check_game(game)
        _checks.flag("perfect_recall", perfect_recall)
        self._rules = game.rules
        self._observer = game.observer
        self._actions = game.actions
        self._perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(self._observer.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {
            field.name: self.tensor[field.offset : field.stop] for field in self._observer.fields
        }

    def set_from(self, state: PatienceState, player: int) -> None:
        """Fill ``tensor`` with the observation of ``state``.

        :raises InvalidRulesError: for a value that is not a :class:`PatienceState`,
            or a state of a game of other rules (dealt or being dealt).
        """
        _check_observed(state, self._rules)
        if state.game_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self._observer.vector(state.game_state)

    def string_from(self, state: PatienceState, player: int) -> str:
        """The observation as text: the layout, the stock by its size only (and the moves played).

        :raises InvalidRulesError: as :meth:`set_from`.
        """
        _check_observed(state, self._rules)
        if state.game_state is None:
            return str(state)
        text = str(self._observer.observe(state.game_state))
        if not self._perfect_recall:
            return text
        play = state._play
        dealt, *seen = play.seen()
        moves = [
            f"{self._actions.move_of(action)}{f' ({cards})' if cards else ''}"
            for action, cards in zip(play.actions, seen, strict=True)
        ]
        at_deal = f"\nin view at the deal: {dealt}" if dealt else ""
        return f"{text}{at_deal}\nmoves played: {' '.join(moves) if moves else '--'}"


def _check_game(game: object) -> None:
    """Refuse what is no patience game (OpenSpiel's own games among them)."""
    if not isinstance(game, PatienceGame):
        raise InvalidRulesError(f"expected a patience game, got {_shown(game)}")


def _check_observed(state: object, rules: GameRules) -> None:
    """Refuse what is no state of a patience game of ``rules`` (dealt or not yet)."""
    if not isinstance(state, PatienceState):
        raise InvalidRulesError(f"expected a state of a patience game, got {_shown(state)}")
    theirs = state._play.game.rules
    if theirs is not rules and theirs != rules:
        raise InvalidRulesError(
            f"this observer sees states of {rules!r}, got a state of {theirs!r}"
        )


# -- serialization --------------------------------------------------------------

_HISTORY_RE: Final = re.compile(r"(-?[0-9]{1,10}):([0-9]{1,10})")
_WHOLE_RE: Final = re.compile(r"[-+]?[0-9]+")  # (OpenSpiel reads "+5" as 5 too)
#: The longest game string read: a short name (at most 109 characters, for a
#: registered name of 100) and the four parameters (at most 74 as OpenSpiel writes them).
_MAX_GAME_STRING: Final = 256


def serialize_game_and_state(game: PatienceGame, state: PatienceState) -> str:
    """The text of ``game`` and ``state``: ``pyspiel.serialize_game_and_state``'s.

    Read it with :func:`deserialize_game_and_state` (or, for text you wrote
    yourself, OpenSpiel's own reader).

    :raises InvalidRulesError: for a game that is not a :class:`PatienceGame`,
        or a state that is not one of ``game`` (of its game string: a state
        of another deal would read back as a different state).

    >>> import pyspiel
    >>> game = pyspiel.load_game("patience_easy_start(deal=3)")
    >>> state = game.new_initial_state()
    >>> state.apply_action(0)
    >>> print(serialize_game_and_state(game, state).split("[State]")[1].splitlines()[1])
    history=0:0
    """
    _check_game(game)
    if not isinstance(state, PatienceState):
        raise InvalidRulesError(f"expected a state of {game}, got {_shown(state)}")
    if str(state._play.game) != str(game):
        # (the text would read back as the state's history in the other game)
        raise InvalidRulesError(f"expected a state of {game}, got one of {state._play.game}")
    text: str = pyspiel.serialize_game_and_state(game, state)
    return text


def deserialize_game_and_state(text: str) -> tuple[PatienceGame, PatienceState]:
    """The game and state of ``text`` (see :func:`serialize_game_and_state`), safely.

    Only the game string and the history of actions are read: the game must
    be one of this module's, and every action is checked as it is replayed,
    so malformed or crafted text raises a clear error and runs nothing.  The
    ``__dict__=`` line that OpenSpiel writes for Python games is never
    unpickled.  Lines may end in ``\\r\\n``.

    The game string is read here, not by OpenSpiel: a short name of
    :func:`register_games`, alone or followed by ``(key=value,...)`` with
    each parameter at most once and nothing after the ``)``, at most
    256 characters in all, its values checked as :class:`PatienceGame`
    checks them (a ``deal`` above :data:`MAX_DEAL_PARAMETER` is refused
    with a message that names it).

    :raises NotationError: for malformed text, a game string that is not
        one of a patience game as above, or an action that is not legal
        where the history puts it (the message gives its number, from 1).

    >>> deserialize_game_and_state("[Meta]\\nVersion: 1\\n\\n[Game]\\npatience_easy_start\\n"
    ...                            "[State]\\nhistory=-1:60\\nmove_number=1\\n")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: history entry 1 (-1:60): chance outcome 60: a chance outcome is the index of the card dealt, from 0 (AC) to 51 (KS)
    """
    if not isinstance(text, str):
        raise NotationError(f"a serialized game and state is text, got {type(text).__name__}")
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    # (lines end in "\n" or, as a Windows editor saves them, "\r\n")
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        if line in ("[Meta]", "[Game]", "[State]"):
            expected = ("[Meta]", "[Game]", "[State]")[len(sections)] if len(sections) < 3 else None
            if line != expected:
                raise NotationError(
                    f"line {number}: expected the sections [Meta], [Game] and [State] in "
                    f"that order, got {line}"
                )
            current = sections[line] = []
        elif current is None:
            raise NotationError(f"line {number}: expected [Meta], got {_shown(line)}")
        else:
            current.append(line)
    if len(sections) != 3:
        raise NotationError("expected the sections [Meta], [Game] and [State]")
    if len(sections["[Game]"]) != 1:
        raise NotationError("[Game]: expected one line, the game string")
    game = _load(sections["[Game]"][0])
    return game, _state_from_text(game, "\n".join(sections["[State]"]))


def _load(game_string: object) -> PatienceGame:
    """The patience game of an OpenSpiel game string, or a clear error.

    The string is read here (:func:`_game_parameters`), not by OpenSpiel,
    whose reader nests without bound: OpenSpiel is given the short name and
    the parameters read and checked.
    """
    if not isinstance(game_string, str) or not game_string.startswith(SHORT_NAME_PREFIX):
        raise NotationError(
            f"expected the string of a patience game such as "
            f"'patience_royal_cotillion(deal=7)', got {_shown(game_string)}"
        )
    if len(game_string) > _MAX_GAME_STRING:
        raise NotationError(
            f"a game string has at most {_MAX_GAME_STRING} characters (a short name and at "
            f"most four parameters), got {_shown(game_string)}"
        )
    try:
        name, params = _game_parameters(game_string)
        game = pyspiel.load_game(name, params)
    except pyspiel.SpielError as error:
        raise NotationError(f"game {_shown(game_string)}: {_shown(str(error), 200)}") from None
    except PatienceRulesError as error:
        raise NotationError(f"game {_shown(game_string)}: {error}") from None
    if not isinstance(game, PatienceGame):
        raise NotationError(f"game {_shown(game_string)} is not a patience game")
    return game


def _game_parameters(game_string: str) -> tuple[str, dict[str, object]]:
    """The short name and the parameters of a game string, each checked.

    A game string is a short name of :func:`register_games`, alone or
    followed by ``(key=value,...)``, each parameter at most once and nothing
    after the ``)``.  A value is read as OpenSpiel reads it: ``True`` or
    ``False`` (or ``true``, ``false``), a whole number, or else a word; the
    values are then checked as :class:`PatienceGame` checks its parameters.

    >>> _game_parameters("patience_easy_start(deal=7,rewards=terminal)")
    ('patience_easy_start', {'deal': 7, 'rewards': 'terminal'})
    >>> _game_parameters("patience_easy_start(deal=7,deal=8)")
    Traceback (most recent call last):
    ...
    patience_rules.errors.NotationError: parameter 'deal' given twice: expected each parameter at most once
    """
    name, parenthesis, rest = game_string.partition("(")
    owner = _OWNERS.get(name)
    if owner is None:
        raise NotationError(
            f"unknown game {_shown(name)}: expected one of {', '.join(sorted(_OWNERS))}"
        )
    params: dict[str, object] = {}
    if parenthesis:
        if "(" in rest:
            raise NotationError(
                "expected parameters such as deal=7 or rewards=terminal, got a '(' among "
                "them (a value is a number, a word or True/False, not a game)"
            )
        body, closing, after = rest.partition(")")
        if not closing:
            raise NotationError("expected the parameters to end with ')', got no ')'")
        if after:
            raise NotationError(f"expected nothing after the parameters' ')', got {_shown(after)}")
        for item in body.split(",") if body else ():
            key, equals, value = item.partition("=")
            if not equals:
                raise NotationError(f"parameter {_shown(item)}: expected <key>=<value>")
            if key in params:
                raise NotationError(
                    f"parameter {_shown(key)} given twice: expected each parameter at most once"
                )
            params[key] = _parameter_value(value)
    _checked_parameters(params, get_game(owner))
    return name, params


def _parameter_value(text: str) -> object:
    """A game parameter's value as OpenSpiel reads it: a bool, a whole number or a word."""
    if text in ("True", "true", "False", "false"):
        return text in ("True", "true")
    if _WHOLE_RE.fullmatch(text):
        return int(text)
    return text


def _state_from_text(game: PatienceGame, text: str) -> PatienceState:
    """The state of OpenSpiel's state text (``history=``, ``move_number=``), replayed."""
    if not isinstance(text, str):
        raise NotationError(f"a state's serialized text is text, got {type(text).__name__}")
    # (lines end in "\n" or, as a Windows editor saves them, "\r\n")
    lines = text.replace("\r\n", "\n").rstrip("\n").split("\n")
    if (
        len(lines) < 2
        or not lines[0].startswith("history=")
        or not lines[1].startswith("move_number=")
    ):
        raise NotationError(
            "a state's text is the lines history=<player>:<action>,... and move_number=<n> "
            f"(and OpenSpiel's __dict__= line, which is not read), got {_shown(text)}"
        )
    if len(lines) > 3:
        raise NotationError(f"a state's text has three lines at most, got {_shown(text)}")
    if len(lines) == 3 and not lines[2].startswith("__dict__="):
        raise NotationError(
            f"line 3 of a state's text: expected OpenSpiel's __dict__= line or nothing, "
            f"got {_shown(lines[2])}"
        )
    history = lines[0][len("history=") :]
    entries = history.split(",") if history else []
    longest = game.max_game_length() + game.max_chance_nodes_in_history()
    if len(entries) > longest:
        raise NotationError(
            f"history: a game of {game.rules.title} has at most {longest} actions, "
            f"got {len(entries)}"
        )
    count = lines[1][len("move_number=") :]
    if count != str(len(entries)):
        raise NotationError(
            f"move_number: expected {len(entries)}, the length of the history, got {_shown(count)}"
        )
    state = game.new_initial_state()
    for number, entry in enumerate(entries, 1):
        match = _HISTORY_RE.fullmatch(entry)
        if match is None:
            raise NotationError(
                f"history entry {number}: expected <player>:<action>, got {_shown(entry)}"
            )
        _apply(state, int(match[1]), int(match[2]), f"history entry {number} ({entry})")
    return state


def _apply(state: PatienceState, player: int | None, action: int, where: str) -> None:
    """Play ``action`` (by ``player``, if given) in ``state``; errors are notation errors."""
    if state.is_terminal():
        raise NotationError(f"{where}: the game is over, and no action follows")
    if player is not None and player != state.current_player():
        who = "the chance player (-1)" if state.is_chance_node() else "player 0"
        raise NotationError(f"{where}: the action is {who}'s, got player {player}")
    try:
        state.apply_action(action)
    except PatienceRulesError as error:
        raise NotationError(f"{where}: {error}") from None


def _restore_state(game: object, history: object) -> PatienceState:
    """A pickled state: its game string and its history of actions, each checked.

    The history is a tuple of action ids, each a whole number from 0 to the
    largest action id or chance outcome of the game, and each legal where it
    is replayed; anything else raises :class:`~patience_rules.NotationError`.
    """
    loaded = _load(game)
    if not isinstance(history, tuple):
        raise NotationError(
            f"a pickled state's history is a tuple of action ids, got {_shown(history)}"
        )
    longest = loaded.max_game_length() + loaded.max_chance_nodes_in_history()
    if len(history) > longest:
        raise NotationError(
            f"history: a game of {loaded.rules.title} has at most {longest} actions, "
            f"got {len(history)}"
        )
    top = max(loaded.num_distinct_actions(), loaded.max_chance_outcomes()) - 1
    for number, action in enumerate(history, 1):
        if type(action) is not int or not 0 <= action <= top:
            raise NotationError(
                f"history entry {number}: expected an action id, a whole number from 0 to "
                f"{top}, got {_shown(action)}"
            )
    state = loaded.new_initial_state()
    for number, action in enumerate(history, 1):
        _apply(state, None, action, f"history entry {number} ({action})")
    return state


def deal_actions(game: PatienceGame, number: SupportsIndex) -> list[int]:
    """The chance outcomes that deal deal number ``number`` in ``game``, in order.

    They are the cards of the game's deck order of that number,
    :meth:`GameRules.deck_order <patience_rules.GameRules.deck_order>`
    (Microsoft's for FreeCell).  A game dealt by chance nodes (``deal=-1``)
    dealt these outcomes is in the state of deal ``number``,
    ``rules.deal(number)``, for every deal number of the game, even those
    too large for the ``deal`` parameter; its history, and so its
    serialization, holds them.

    :raises InvalidDealError: for a number that is not a deal number of the
        game (from 0 to its :attr:`~patience_rules.GameRules.max_deal_number`),
        or a game dealt by its ``deal`` parameter (which has no chance nodes).
    :raises InvalidRulesError: for a game that is not a :class:`PatienceGame`.

    >>> import pyspiel
    >>> import patience_rules as pr
    >>> game = pyspiel.load_game("patience_easy_start")
    >>> state = game.new_initial_state()
    >>> for action in deal_actions(game, 2**64 - 1):
    ...     state.apply_action(action)
    >>> state.game_state == pr.get_game("easy-start").deal(2**64 - 1)
    True
    >>> freecell = pyspiel.load_game("patience_freecell")
    >>> [str(pr.Card.from_index(card)) for card in deal_actions(freecell, 1)[:4]]
    ['JD', '2D', '9H', 'JC']
    """
    _check_game(game)
    if game.deal >= 0:
        raise InvalidDealError(
            f"{game} deals deal {game.deal} by its parameter and has no chance nodes: "
            "load it with deal=-1 to deal by chance actions"
        )
    rules = game.rules
    index = _as_index(number)  # (an integer NumPy scalar is a deal number too)
    if index is None or not 0 <= index <= rules.max_deal_number:
        raise InvalidDealError(
            f"a deal number of {rules.title} is a whole number from 0 to "
            f"{rules.max_deal_number}, got {_shown(number)}"
        )
    return [card.index for card in rules.deck_order(index)]


def _game_type(name: str, rewards: str = "step") -> pyspiel.GameType:
    rules = get_game(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"patience-rules {rules.title} ({name})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=(
            pyspiel.GameType.RewardModel.TERMINAL
            if rewards == "terminal"
            else pyspiel.GameType.RewardModel.REWARDS
        ),
        max_num_players=1,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
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
    with _REGISTERING:  # (threads calling at once would each register a new game)
        known = set(pyspiel.registered_names())
        for name in game_names():
            try:
                short = short_name(name)
            except InvalidRulesError:  # (another game has its short name)
                continue
            if short not in known:
                _OWNERS[short] = name
                pyspiel.register_game(_game_type(name), _creator(name))
            names.append(short)
    return tuple(names)


_REGISTERING: Final = threading.Lock()


def _creator(name: str) -> type[PatienceGame]:
    # OpenSpiel calls the creator with the parameters only: one subclass per game.
    def __init__(self: PatienceGame, params: Mapping[str, Any] | None = None) -> None:
        PatienceGame.__init__(self, name, params)

    title = "".join(word.capitalize() for word in name.split("-"))
    return type(f"{title}Game", (PatienceGame,), {"__init__": __init__, "__module__": __name__})


register_games()
