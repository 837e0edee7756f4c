"""The types of the dict forms of states and game records.

They are defined here, without postponed annotations, so that their keys
are known at run time as a type checker knows them:
``StateDict.__optional_keys__`` names the keys that a game may lack.  The
package exports them (and :mod:`patience_rules.notation` and
:mod:`patience_rules.records` too).
"""

import sys
from typing import Literal, TypeAlias

if sys.version_info >= (3, 11):  # (typing_extensions takes a while to import)
    from typing import NotRequired, TypedDict
else:
    from typing_extensions import NotRequired, TypedDict

from .rules import OptionValue, RulesDict

__all__ = ["RecordDict", "StateDict"]

# patience_rules.records.GameResult, documented there.
_GameResult: TypeAlias = Literal["won", "lost", "unfinished"]


class StateDict(TypedDict):
    """A state's dict form, as :func:`~patience_rules.state_to_dict` writes it: JSON types only.

    Cards are their short text forms (``"QH"``).  The keys of the parts a
    game lacks are left out: ``middle``, ``columns`` (and ``face_down``,
    there for a tableau dealt face down), ``cells``, and ``stock`` and
    ``waste``.  ``rules`` is there for a game that the registry does not
    make.

    >>> import patience_rules as pr
    >>> data: pr.StateDict = pr.state_to_dict(pr.get_game("captive-queens").deal(1))
    >>> sorted(data)
    ['foundations', 'game', 'middle', 'options', 'redeals_used', 'stock', 'version', 'waste']
    """

    #: The format version, :data:`~patience_rules.notation.FORMAT_VERSION`.
    version: int
    #: The game's registered name.
    game: str
    #: The game's options (:attr:`GameRules.options <patience_rules.GameRules.options>`).
    options: dict[str, OptionValue]
    #: The rules in full (:meth:`GameRules.to_dict <patience_rules.GameRules.to_dict>`),
    #: for a game that the registry does not make.
    rules: NotRequired[RulesDict]
    #: Each foundation's cards, from the base up: ``F1`` first.
    foundations: list[list[str]]
    #: The middle's cards, bottom to top.
    middle: NotRequired[list[str]]
    #: Each tableau column's cards, back to front: ``T1`` first.
    columns: NotRequired[list[list[str]]]
    #: How many cards of each column lie face down, from its back.
    face_down: NotRequired[list[int]]
    #: Each reserve cell's card, or ``None`` for an empty cell: ``R1`` first.
    cells: NotRequired[list[str | None]]
    #: The stock's cards, bottom to top (the last is drawn next).
    stock: NotRequired[list[str]]
    #: The waste's cards, bottom to top.
    waste: NotRequired[list[str]]
    #: The number of redeals used.
    redeals_used: int


class RecordDict(TypedDict):
    """A game record's dict form, as :meth:`GameRecord.to_dict
    <patience_rules.GameRecord.to_dict>` writes it: JSON types only.

    It has either ``deal`` or ``deck``; ``rules`` is there for a game that
    the registry does not make.  :meth:`GameRecord.from_dict
    <patience_rules.GameRecord.from_dict>` also reads a dict that lacks
    ``options`` (the defaults, or those of ``rules``), ``moves`` (none),
    ``tags`` (none) or ``result`` (not checked), or holds ``result: None``.

    >>> import patience_rules as pr
    >>> data: pr.RecordDict = pr.GameRecord(pr.get_game("easy-start"), 3).to_dict()
    >>> data["deal"], data["result"]
    (3, 'unfinished')
    """

    #: The format version, :data:`~patience_rules.notation.FORMAT_VERSION`.
    version: int
    #: The game's registered name.
    game: str
    #: The game's options (:attr:`GameRules.options <patience_rules.GameRules.options>`).
    options: dict[str, OptionValue]
    #: The rules in full (:meth:`GameRules.to_dict <patience_rules.GameRules.to_dict>`),
    #: for a game that the registry does not make.
    rules: NotRequired[RulesDict]
    #: The deal number, for a game dealt by number.
    deal: NotRequired[int]
    #: The deck order, first card dealt first, for a game dealt from it.
    deck: NotRequired[list[str]]
    #: The moves in their text form, such as ``"T3-F5"``.
    moves: list[str]
    #: The other tags, by name.
    tags: dict[str, str]
    #: How the game stands after the last move.
    result: _GameResult


# (Shown, by help(), reprs and the documentation, as of the modules that
# document and export them.)
StateDict.__module__ = "patience_rules.notation"
RecordDict.__module__ = "patience_rules.records"
