"""Gymnasium environments for every game (extra ``gymnasium``).

Importing this module registers one environment per registered game, with
ids such as ``"patience_rules/RoyalCotillion-v0"`` (see :func:`env_id`):

>>> import gymnasium
>>> from patience_rules.contrib.gymnasium import env_id
>>> env = gymnasium.make(env_id("royal-cotillion"))
>>> observation, info = env.reset(seed=7)       # deal number 7
>>> observation.shape, int(info["deal"]), int(info["action_mask"].sum())
((106,), 7, 6)
>>> observation, reward, terminated, truncated, info = env.step(29)
>>> reward, terminated, truncated
(1.0, False, False)

The environment, :class:`PatienceEnv`:

- **actions**: ``Discrete(n)``, the game's action ids
  (:class:`~patience_rules.ActionSpace`: 0 draws, 1 redeals, then every
  (source, target) play);
- **observations**: the :class:`~patience_rules.Observer` vector of the
  state, a ``Box`` of ``int64`` from 0 to :attr:`Observer.high
  <patience_rules.Observer.high>` (at least 1, as Gymnasium wants a Box
  whose bounds differ): what a player sees.  The stock's order is never in
  it, nor a face-down card (Klondike's columns): those are
  :data:`~patience_rules.HIDDEN_CARD`;
- ``reset(seed=n)`` deals deal number *n*; ``reset(options={"deal": n})``
  does too, whatever the seed; ``reset()`` after that deals a deal number
  drawn from the environment's seeded random generator.  Deal numbers are
  the game's own, from 0 to :attr:`GameRules.max_deal_number
  <patience_rules.GameRules.max_deal_number>`: FreeCell's are Microsoft's,
  0 to 2**31 - 1, so ``reset(seed=1)`` deals the FreeCell deal every
  program calls #1.  Any seed that Gymnasium takes (a whole number of at
  least 0) deals: a seed past the last deal number deals that seed modulo
  the count of deals, so that a vector environment's ``seed + i`` and 128-bit seeds
  from ``numpy.random.SeedSequence`` work for every game, while
  ``options={"deal": n}`` takes deal numbers only;
- ``reset(options={"state": state})`` starts from ``state``, a
  :class:`~patience_rules.State` of the game with a legal move (a deal of
  your own deck order, ``rules.deal_from(cards)``, or a position read from
  the notation); ``info`` then holds no ``deal``;
- **reward**: +1 for every card that goes home (to a foundation or to the
  middle) in a step, and -1 for every card that leaves a foundation
  (Klondike's ``foundation_back``), so an episode's return is the number of
  cards home at its end less those home at the deal (laid out before play:
  Royal Cotillion's Aces and Deuces, Easy start's Sixes, Fives and Queens);
- **terminated** when the game is won, or no legal move remains (it is
  lost): ``info["won"]`` says which (a won Klondike with
  ``foundation_back`` could still move a card back: it ends won);
- **truncated** by Gymnasium's ``TimeLimit``: a game that may go on for
  ever (see :func:`~patience_rules.contrib.longest_game`: Klondike,
  FreeCell, Crescent) is registered with ``max_episode_steps`` set to
  :data:`~patience_rules.contrib.MOVE_LIMIT` (1,000), so that
  ``gymnasium.make`` ends its episodes with ``truncated=True`` after 1,000
  steps; ``gymnasium.make(id, max_episode_steps=n)`` sets another limit, for
  any game.  A game that always ends is registered without a limit.  A
  :class:`PatienceEnv` made directly never truncates: wrap it in
  ``gymnasium.wrappers.TimeLimit``;
- **an illegal action** (an id whose move is not legal in the current
  state, an id out of range, or any action once the episode has ended)
  leaves the state as it is, gives the reward ``illegal_reward`` (``-1.0``
  by default) and ends the episode: ``terminated`` is true and
  ``info["illegal_action"]`` is true; every later step is illegal too,
  until :meth:`~PatienceEnv.reset`, and the action mask is all false;
- **an action that is no action id** raises
  :class:`~patience_rules.InvalidArgumentError` and changes nothing (the
  episode goes on): an action id is a whole number, an int or an integer
  NumPy scalar (or an array of one integer and no dimensions), never a bool,
  a float or an array of one action (a policy's batch of one: step with its
  item).  That is a fault of the calling program, not a move an agent chose;
- ``info`` holds ``action_mask`` (which action ids are legal now, none once
  the episode has ended: an array of ``numpy.int8``, 1 for legal, as
  Gymnasium's own environments give it, so that
  ``env.action_space.sample(info["action_mask"])`` draws a legal action;
  :meth:`~PatienceEnv.action_masks` gives the same as booleans, as
  sb3-contrib asks), ``deal`` (the deal number as
  a ``numpy.uint64``, so that a vector environment stacks the deal numbers
  of every game, which go up to 2**64 - 1, in one array; left out for an
  episode started from a state: :attr:`PatienceEnv.deal_number` is the
  same as an ``int`` or ``None``), ``cards_home``, ``won`` and
  ``illegal_action`` (whether this step's action was illegal), after
  :meth:`~PatienceEnv.reset` and after every step;
- ``render_mode="ansi"`` renders the layout as text (``str(state)``).

**Action masks through wrappers.**  :meth:`PatienceEnv.action_masks` gives
the mask of the current state, as masked policies such as sb3-contrib's
``MaskablePPO`` expect.  ``gymnasium.make`` wraps the environment
(``OrderEnforcing``, ``PassiveEnvChecker``, ``TimeLimit`` if asked, and
any wrapper you add), and since Gymnasium 1.0 a wrapper does not pass on
the methods it does not know: reach the mask the way Gymnasium and
sb3-contrib do, by ``env.get_wrapper_attr("action_masks")()`` (what
sb3-contrib's ``get_action_masks`` calls), by ``env.unwrapped``, or from
``info["action_mask"]``, which every wrapper and vector environment passes
on:

>>> from gymnasium.wrappers import FlattenObservation, TimeLimit
>>> wrapped = TimeLimit(FlattenObservation(gymnasium.make(env_id("captive-queens"))), 10)
>>> _, info = wrapped.reset(seed=1)
>>> mask = wrapped.get_wrapper_attr("action_masks")()
>>> mask.nonzero()[0].tolist(), mask.tolist() == info["action_mask"].tolist()
([0], True)

**Games that may go on for ever** are truncated:

>>> klondike = gymnasium.make(env_id("klondike"))
>>> klondike.spec.max_episode_steps, gymnasium.make(env_id("freecell")).spec.max_episode_steps
(1000, 1000)
>>> gymnasium.make(env_id("royal-cotillion")).spec.max_episode_steps is None
True
>>> short = gymnasium.make(env_id("klondike"), max_episode_steps=3)
>>> _, info = short.reset(seed=1)
>>> for _ in range(3):
...     _, _, terminated, truncated, info = short.step(0)    # draw
>>> terminated, truncated, bool(info["action_mask"].any())
(False, True, True)
"""

from __future__ import annotations

import math
import numbers
import threading
from collections.abc import Mapping
from typing import Any, Final, SupportsFloat, SupportsIndex

from ..errors import _needs_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ModuleNotFoundError as _missing:
    raise _needs_extra(__name__, "gymnasium", _missing) from _missing

from ..actions import ActionSpace
from ..cards import Card, _as_index
from ..errors import InvalidArgumentError, InvalidDealError, InvalidRulesError, _shown
from ..games import game_names, get_game
from ..observation import Observer
from ..rules import GameRules, _entry, _outcome
from ..state import State
from . import MOVE_LIMIT, longest_game

__all__ = ["ENV_NAMESPACE", "PatienceEnv", "env_id", "register_envs"]

#: The namespace of the environment ids.
ENV_NAMESPACE: Final = "patience_rules"

Vector = npt.NDArray[np.int64]


class PatienceEnv(gymnasium.Env[Vector, np.int64]):
    """A Gymnasium environment that plays one game (see the module for the contract).

    :param game: a registered game name or a :class:`~patience_rules.GameRules` value.
    :param hide_covered: hide the cards under each column's front card in
        the observations (see :class:`~patience_rules.Observer`; refused
        where runs move, as the mask would show them).
    :param illegal_reward: the reward of an illegal action, which ends the
        episode: a finite real number (NumPy's too; not a bool).
    :param render_mode: ``None`` or ``"ansi"``.

    :raises ~patience_rules.UnknownGameError: for a name that is not a registered game's.
    :raises InvalidRulesError: for a game that is neither a name nor rules,
        or another argument out of the values above.

    >>> env = PatienceEnv("captive-queens")
    >>> _ = env.reset(seed=1)
    >>> env.action_masks().nonzero()[0].tolist()   # only the draw is legal
    [0]
    >>> _, reward, terminated, _, info = env.step(5)   # an illegal action
    >>> reward, terminated, info["illegal_action"]
    (-1.0, True, True)
    """

    #: The render modes (``"ansi"`` only), as Gymnasium reads them.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (as gymnasium.Env)

    def __init__(
        self,
        game: str | GameRules = "royal-cotillion",
        *,
        hide_covered: bool = False,
        illegal_reward: SupportsFloat = -1.0,
        render_mode: str | None = None,
    ) -> None:
        rules = get_game(game) if isinstance(game, str) else game
        if not isinstance(rules, GameRules):
            raise InvalidRulesError(f"game is a game name or GameRules, got {_shown(game)}")
        if render_mode is not None and not (
            isinstance(render_mode, str) and render_mode in self.metadata["render_modes"]
        ):
            raise InvalidRulesError(f"render_mode is None or 'ansi', got {_shown(render_mode)}")
        if not _is_reward(illegal_reward):
            raise InvalidRulesError(
                f"illegal_reward is a finite number, got {_shown(illegal_reward)}"
            )
        #: The rules played.
        self.rules: GameRules = rules
        #: The game's action ids.
        self.actions: ActionSpace = ActionSpace(rules)
        #: The observer that makes the observation vectors.
        self.observer: Observer = Observer(rules, hide_covered=hide_covered)
        #: The reward of an illegal action.
        self.illegal_reward: float = float(illegal_reward)
        #: ``None`` or ``"ansi"``.
        self.render_mode: str | None = render_mode
        #: A ``Discrete`` space of the game's action ids.
        self.action_space: spaces.Discrete = spaces.Discrete(self.actions.size)
        # A number that is always 0 (no redeals in the game) gets the bound 1,
        # since Gymnasium warns about a Box whose low and high are equal.
        high = np.maximum(np.array(self.observer.high, dtype=np.int64), 1)
        #: A ``Box`` of the observation vectors: ``int64`` from 0 to the observer's bounds.
        self.observation_space: spaces.Space[Vector] = spaces.Box(low=0, high=high, dtype=np.int64)
        self._state: State | None = None
        self._deal: int | None = None
        self._ended = False

    @property
    def state(self) -> State:
        """The current state of the game.

        Before the first :meth:`reset` it raises Gymnasium's ``ResetNeeded`` error.
        """
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._state

    @property
    def deal_number(self) -> int | None:
        """The deal number of the current episode (``None`` for one started from a state).

        Before the first :meth:`reset` it raises Gymnasium's ``ResetNeeded`` error.
        """
        if self._state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self._deal

    def reset(
        self, *, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        """Deal a new game: deal number ``seed``, or ``options["deal"]``, or a random one.

        Or start from ``options["state"]``, a state of the game with a legal move.

        :raises InvalidDealError: for a deal number (``options["deal"]``)
            that is not a whole number from 0 to the game's
            :attr:`~patience_rules.GameRules.max_deal_number`, a ``seed``
            that is not a whole number of at least 0, a ``state`` that is
            not a state of the game with a legal move, or for options other
            than ``deal`` or ``state``; the environment is left as it was.

        >>> env = PatienceEnv("easy-start")
        >>> env.reset(options={"deal": 10**5000})
        Traceback (most recent call last):
        ...
        patience_rules.errors.InvalidDealError: reset(options={'deal': ...}): a deal number of Captive Queens (Easy start) is a whole number from 0 to 18446744073709551615, got an integer of 5001 digits
        >>> freecell = PatienceEnv("freecell")
        >>> _ = freecell.reset(seed=2**31 + 1)       # past Microsoft's numbers: modulo
        >>> freecell.deal_number
        1
        """
        deal, start = _start_option(options, self.rules)
        if seed is not None:
            given, seed = seed, _as_index(seed)
            if seed is None or seed < 0:
                raise InvalidDealError(
                    f"reset(seed=...): a seed is a whole number of at least 0, got {_shown(given)}"
                )
            if start is None and deal is None:
                # (any seed that Gymnasium takes deals: past the last deal number, modulo)
                deal = seed % (self.rules.max_deal_number + 1)
        super().reset(seed=seed)
        if start is None:
            if deal is None:
                deal = int(
                    self.np_random.integers(
                        self.rules.max_deal_number, dtype=np.uint64, endpoint=True
                    )
                )
            start = self.rules.deal(deal)
        self._state = start
        self._deal = deal
        self._ended = False
        return self._observation(), self._info(self.actions.mask(start), False)

    def step(
        self, action: np.int64 | SupportsIndex
    ) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        """Play action ``action``; an illegal one ends the episode with ``illegal_reward``.

        :raises InvalidArgumentError: if ``action`` is no action id (not a
            whole number: a bool, a float, an array of one action); nothing
            changes.
        """
        state = self.state
        index = _as_index(action)  # (None for a bool or a card, as ActionSpace.move_of says)
        if index is None:
            raise InvalidArgumentError(
                f"an action is an action id, a whole number from 0 to {self.actions.size - 1} "
                f"(an int or an integer NumPy scalar, never a bool), got {_action_shown(action)}"
            )
        move = self.actions.moves[index] if 0 <= index < self.actions.size else None
        if self._ended or move is None or not state.is_legal(move):
            self._ended = True
            mask = (False,) * self.actions.size
            return self._observation(), self.illegal_reward, True, False, self._info(mask, True)
        after = state.apply(move)
        self._state = after
        if after.is_won:  # (over, though a card might go back: no action is legal)
            mask = (False,) * self.actions.size
            self._ended = True
        else:
            mask = self.actions.mask(after)
            self._ended = not any(mask)
        reward = float(after.cards_home - state.cards_home)
        return self._observation(), reward, self._ended, False, self._info(mask, False)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Which action ids are legal now: a boolean array of the action space's size.

        All false once the episode has ended (every action is then illegal).
        """
        state = self.state
        if self._ended:
            return np.zeros(self.actions.size, dtype=np.bool_)
        return np.array(self.actions.mask(state), dtype=np.bool_)

    def render(self) -> str | None:
        """The layout as text when ``render_mode`` is ``"ansi"``; else nothing."""
        if self.render_mode == "ansi":
            return str(self.state)
        return None

    def _observation(self) -> Vector:
        return np.array(self.observer.vector(self.state), dtype=np.int64)

    def _info(self, mask: tuple[bool, ...], illegal: bool) -> dict[str, Any]:
        state = self.state
        info: dict[str, Any] = {"action_mask": np.array(mask, dtype=np.int8)}
        if self._deal is not None:
            info["deal"] = np.uint64(self._deal)
        info.update(cards_home=state.cards_home, won=state.is_won, illegal_action=illegal)
        return info


def _action_shown(action: object) -> str:
    """An action that is no action id, for a message; an array says its shape and type."""
    if isinstance(action, np.ndarray):
        got = f"an array of shape {action.shape} and dtype {action.dtype}"
        if action.size == 1 and action.shape and np.issubdtype(action.dtype, np.integer):
            got += " (a batch of one action: step with action.item())"
        return got
    return _shown(action)


def _is_reward(value: object) -> bool:
    """Whether ``value`` is a finite real number (NumPy's too), not a bool or a card."""
    if value.__class__ in (bool, Card) or not isinstance(value, numbers.Real):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # (an int too large for a float)
        return False


def _deal_number(value: object, where: str, rules: GameRules) -> int:
    """``value`` as a deal number of ``rules`` (any integer type, NumPy's too), else a clear error."""
    number = _as_index(value)
    top = rules.max_deal_number
    if number is None or not 0 <= number <= top:
        raise InvalidDealError(
            f"{where}: a deal number of {rules.title} is a whole number from 0 to {top}, "
            f"got {_shown(value)}"
        )
    return number


_OPTIONS = ("deal", "state")


def _start_option(options: object, rules: GameRules) -> tuple[int | None, State | None]:
    """The deal number or the state that ``reset``'s options start from (``None``: not given)."""
    if options is None:
        return None, None
    if not isinstance(options, Mapping):
        raise InvalidDealError(
            f"reset(options=...): expected a dict such as {{'deal': 7}}, got {_shown(options)}"
        )
    unknown = [key for key in options if key not in _OPTIONS]
    if unknown:
        raise InvalidDealError(
            f"reset(options=...): the options are 'deal' (a deal number) and 'state' (a "
            f"state of the game), got {', '.join(_shown(key) for key in unknown[:3])}"
        )
    deal, state = options.get("deal"), options.get("state")
    if deal is not None and state is not None:
        raise InvalidDealError("reset(options=...): give a deal number or a state, not both")
    if state is None:
        return (
            None if deal is None else _deal_number(deal, "reset(options={'deal': ...})", rules)
        ), None
    if not isinstance(state, State) or state.rules != rules:
        what = f"a state of {state.rules!r}" if isinstance(state, State) else _shown(state)
        raise InvalidDealError(
            f"reset(options={{'state': ...}}): expected a state of {rules!r}, got {what}"
        )
    outcome = _outcome(state)
    if outcome != "unfinished":
        raise InvalidDealError(
            "reset(options={'state': ...}): expected a state with a legal move, got a game "
            f"that is over ({outcome})"
        )
    return None, state


def env_id(game: str) -> str:
    """The Gymnasium id of registered game ``game``.

    The name's words, parted by ``-``, are capitalized and joined; a ``-``
    stays where the next word does not begin with a letter, so that no two
    names share an id (``klondike-1`` is ``Klondike-1``, ``klondike1``
    ``Klondike1``).

    :raises ~patience_rules.UnknownGameError: for a name that is not a registered game's.

    >>> env_id("royal-cotillion"), env_id("easy-start-parlett")
    ('patience_rules/RoyalCotillion-v0', 'patience_rules/EasyStartParlett-v0')
    """
    name = _entry(game).name  # (as get_game reads it: an alias or other spelling too)
    first, *rest = name.split("-")
    title = first.capitalize() + "".join(
        word.capitalize() if word[:1].isalpha() else f"-{word}" for word in rest
    )
    return f"{ENV_NAMESPACE}/{title}-v0"


def register_envs() -> tuple[str, ...]:
    """Register an environment for every registered game not registered yet; return all ids.

    A game that may go on for ever (:func:`~patience_rules.contrib.longest_game`
    is ``None``) is registered with ``max_episode_steps`` set to
    :data:`~patience_rules.contrib.MOVE_LIMIT`; any other without a limit.
    Importing this module calls it; call it again after
    :func:`~patience_rules.register_game` to add the new games.

    >>> "patience_rules/CaptiveQueens-v0" in register_envs()
    True
    """
    ids = []
    with _REGISTERING:  # (threads calling at once would each register a new game)
        for name in game_names():
            id_ = env_id(name)
            if id_ not in gymnasium.registry:
                gymnasium.register(
                    id=id_,
                    entry_point=f"{__name__}:PatienceEnv",
                    kwargs={"game": name},
                    max_episode_steps=MOVE_LIMIT if longest_game(get_game(name)) is None else None,
                    disable_env_checker=False,
                )
            ids.append(id_)
    return tuple(ids)


_REGISTERING: Final = threading.Lock()


register_envs()
