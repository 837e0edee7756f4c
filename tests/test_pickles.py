"""Pickles of states: a format version, checked on load like every other reader.

Unpickling data from an untrusted source is never safe (Python's pickle can
run any code it is given); the docs' "Security" page says so and points to
the text and dict forms.  What the library can do, it does: a pickled state
carries a format version, and loading it checks the piles as
:meth:`GameRules.make_state` does, so bytes mangled on the way give the
library's error instead of a state no play can reach, or Python's own
IndexError or ValueError.
"""

from __future__ import annotations

import base64
import copy
import io
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest

import patience_rules as pr
from patience_rules import (
    Card,
    GameRules,
    InvalidRulesError,
    NotationError,
    PatienceRulesError,
    Rank,
    State,
)
from patience_rules.rules import (
    _FIRST_FORMAT_PARTS,
    PICKLE_FORMAT,
    _registered_rules,
    _restore_state,
    _rules_from_json,
    _rules_from_parts,
    _rules_of_kind,
    is_registered,
)
from validity_model import broken_rules, parts_of

HUGE = 10**5000
OLD_PICKLES = json.loads(
    (Path(__file__).parent / "data" / "state-pickles-0.1.0.json").read_text(encoding="utf-8")
)["states"]


class Crafted:
    """Pickles as a call of the state loader with the given arguments."""

    def __init__(self, *arguments: object) -> None:
        self.arguments = arguments

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (_restore_state, self.arguments)


def crafted(*arguments: object) -> bytes:
    """The bytes of a pickle that loads a state from ``arguments``."""
    return pickle.dumps(Crafted(*arguments))


def payload(state: State) -> tuple[Any, ...]:
    """The piles a state pickles, in the current format."""
    reduced = state.__reduce__()
    assert reduced[0] is _restore_state and reduced[1][1] == PICKLE_FORMAT
    return reduced[1][2]


ROYAL = pr.get_game("royal-cotillion")
QUEENS = pr.get_game("captive-queens")


def test_a_state_pickles_with_its_format_version_and_loads_back() -> None:
    state = ROYAL.deal(7).apply(pr.Move.draw())
    named, version, piles = state.__reduce__()[1]
    assert named == "royal-cotillion" and version == PICKLE_FORMAT
    assert pickle.loads(crafted(ROYAL, PICKLE_FORMAT, piles)) == state
    assert pickle.loads(crafted("royal-cotillion", PICKLE_FORMAT, piles)) == state
    assert pickle.loads(pickle.dumps(state)) == state


def test_a_pickled_state_names_a_registered_game_and_carries_other_rules() -> None:
    easy = pr.get_game("easy-start", redeals=3)
    assert easy.deal(2).__reduce__()[1][0] == ("easy-start", (("redeals", 3),))
    assert pickle.loads(pickle.dumps(easy.deal(2))) == easy.deal(2)
    # Rules that no registered game makes travel whole (as their JSON form).
    mine = GameRules.from_dict({**ROYAL.to_dict(), "name": "my-cotillion"})
    assert mine.deal(2).__reduce__()[1][0] is mine
    loaded = pickle.loads(pickle.dumps(mine.deal(2)))
    assert loaded == mine.deal(2) and loaded.rules == mine


@pytest.mark.usefixtures("isolated_registry")
def test_a_game_the_caller_registers_pickles_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # A process that loads the pickle need not have registered it.
    from patience_rules import rules as rules_module

    mine = GameRules.from_dict({**ROYAL.to_dict(), "name": "my-cotillion"})
    pr.register_game("my-cotillion", lambda: mine, summary="Royal Cotillion again.")
    assert is_registered(mine)
    state = pr.get_game("my-cotillion").deal(4)
    assert state.__reduce__()[1][0] is mine
    assert mine.__reduce__()[0] is not rules_module._unpickled_rules
    blob = pickle.dumps(state)
    # A process that knows only the library's games:
    library = {name: rules_module._REGISTRY[name] for name in rules_module._LIBRARY_GAMES}
    for table, value in (("_REGISTRY", library), ("_BY_NAME", {}), ("_MADE", {})):
        monkeypatch.setattr(rules_module, table, value)
    with pytest.raises(pr.UnknownGameError):
        pr.get_game("my-cotillion")
    loaded = pickle.loads(blob)
    assert loaded == state and loaded.rules == mine


@pytest.mark.parametrize(
    ("named", "game"),
    [
        ("easy-start-parlett", "easy-start-parlett"),  # a variant registered with options
        (("easy-start-parlett", ()), "easy-start-parlett"),
        ("Quadrille ", "captive-queens"),  # an alias, as get_game reads names
        (("easy-start-parlett", (("redeals", 2),)), "easy-start"),  # its options over the entry's
    ],
)
def test_a_pickle_names_a_game_as_get_game_reads_it(named: object, game: str) -> None:
    rules = pr.get_game(game)
    state = rules.deal(3)
    loaded = pickle.loads(crafted(named, PICKLE_FORMAT, payload(state)))
    assert loaded == state and loaded.rules == rules
    assert loaded.rules.stock.redeals == rules.stock.redeals


def test_rules_that_differ_from_the_registered_game_travel_whole() -> None:
    # Its own description (not compared by ==) would be lost behind the name.
    described = attrs.evolve(ROYAL, description="Mine.")
    assert described.deal(3).__reduce__()[1][0] is described
    assert pickle.loads(pickle.dumps(described.deal(3))).rules.description == "Mine."
    assert pickle.loads(pickle.dumps(described)).description == "Mine."
    # An option 0 is not the option False (0 == False in Python).
    freecell = pr.get_game("freecell", supermoves=False)
    zero = attrs.evolve(freecell, options=(("supermoves", 0),))
    assert zero != freecell and not is_registered(zero)
    assert pickle.loads(pickle.dumps(zero.deal(3))).rules == zero
    # Registered rules pickle by name, and an earlier release's name still loads.
    assert pickle.loads(pickle.dumps(ROYAL)) is ROYAL
    assert pickle.loads(pickle.dumps(freecell)) is freecell
    assert _registered_rules("royal-cotillion", ()) is ROYAL
    with pytest.raises(NotationError, match="cannot be made: unknown game 'no-such-game'"):
        _registered_rules("no-such-game", ())


def test_options_are_plain_values_named_once() -> None:
    rules = attrs.evolve(QUEENS, options=(("redeals", Rank.TWO),))
    assert rules.options == (("redeals", 2),) and rules.options[0][1].__class__ is int
    with pytest.raises(InvalidRulesError, match="option draw is given twice"):
        attrs.evolve(QUEENS, options=(("draw", 3), ("draw", "3")))


def _royal(**changes: object) -> tuple[Any, ...]:
    """Royal Cotillion deal 7's payload with some of its eight fields replaced."""
    fields = ["stock", "waste", "columns", "cells", "foundations", "middle", "face_down", "redeals"]
    piles = dict(zip(fields, payload(ROYAL.deal(7)), strict=True))
    piles.update(changes)
    return tuple(piles[name] for name in fields)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        # A won Royal Cotillion (every foundation full) with its deck in the stock too.
        (
            (
                ROYAL,
                PICKLE_FORMAT,
                (bytes(ROYAL.deck()), b"", (b"",) * 4, b"\xff" * 16, (13,) * 8, b"", None, 0),
            ),
            "the piles must hold exactly the cards of Royal Cotillion: extra ACx2 2Cx2 3Cx2",
        ),
        (
            (QUEENS, PICKLE_FORMAT, (bytes(QUEENS.deck()), b"", (), b"", (0,) * 8, b"", None, -99)),
            "redeals_used: expected a count from 0 to 2, got -99",
        ),
        (
            (
                QUEENS,
                PICKLE_FORMAT,
                (bytes(QUEENS.deck()), b"", (), b"", (0,) * 8, b"", None, HUGE),
            ),
            "got an integer of 5001 digits",
        ),
        # Heights past the top of a foundation, into the next one's bits.
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=(14,) + (1,) * 7)), "holds from 0 to 13 cards"),
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=(255,) * 8)), "holds from 0 to 13 cards"),
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=(-1,) + (1,) * 7)), "got -1"),
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=(1,) * 7)), "expected 8 heights"),
        # Malformed bytes: no card, a pile that is not bytes, fields missing.
        ((ROYAL, PICKLE_FORMAT, _royal(stock=b"\xff\x00")), "is malformed: 'card index 255"),
        ((ROYAL, PICKLE_FORMAT, _royal(cells=b"\x34" * 16)), "is malformed: 'card index 52"),
        ((ROYAL, PICKLE_FORMAT, _royal(columns=[b""] * 4)), "is malformed: 'expected a tuple"),
        ((ROYAL, PICKLE_FORMAT, _royal(waste="QH")), "is malformed: 'expected bytes"),
        ((ROYAL, PICKLE_FORMAT, _royal(face_down=(1, 0, 0, 0))), "face up"),
        # Heights are a tuple, as pickles make them: not a list, nor a range to read.
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=[1] * 8)), "is malformed: 'expected a tuple"),
        ((ROYAL, PICKLE_FORMAT, _royal(foundations=range(10**18))), "expected a tuple"),
        # The format's version with piles of another shape: that format, malformed.
        (
            (ROYAL, PICKLE_FORMAT, payload(ROYAL.deal(7))[:7]),
            "in format 2 is malformed: expected a tuple of 8 piles .*, got a tuple of 7 items",
        ),
        (
            (ROYAL, PICKLE_FORMAT, (*payload(ROYAL.deal(7)), 0)),
            "in format 2 is malformed: expected a tuple of 8 piles .*, got a tuple of 9 items",
        ),
        (
            (ROYAL, PICKLE_FORMAT, list(payload(ROYAL.deal(7)))),
            "in format 2 is malformed: expected a tuple of 8 piles .*, got a list of 8 items",
        ),
        ((ROYAL, PICKLE_FORMAT, None), "in format 2 is malformed: .*, got None"),
        # Another game's piles, and no game at all.
        ((QUEENS, PICKLE_FORMAT, payload(ROYAL.deal(7))), "Captive Queens"),
        ((42, PICKLE_FORMAT, payload(ROYAL.deal(7))), "names its rules first .*, got 42"),
        ((("royal", "cotillion", ()), PICKLE_FORMAT, None), "names its rules first"),
        (("no-such-game", PICKLE_FORMAT, payload(ROYAL.deal(7))), "rules that cannot be made"),
        (
            (("easy-start", (("colour", 3),)), PICKLE_FORMAT, payload(ROYAL.deal(7))),
            "cannot be made",
        ),
        ((("captive-queens", ()), PICKLE_FORMAT, payload(ROYAL.deal(7))), "Captive Queens"),
        (
            (("klondike", (("draw", 3), ("draw", "3"))), PICKLE_FORMAT, payload(ROYAL.deal(7))),
            "option draw is given twice",
        ),
    ],
)
def test_crafted_pickles_get_the_library_error(arguments: tuple[object, ...], message: str) -> None:
    with pytest.raises(NotationError, match=message) as caught:
        pickle.loads(crafted(*arguments))
    assert len(str(caught.value)) < 1000


class _Shifty(bytes):
    """Bytes that read as other bytes when iterated."""

    def __iter__(self) -> Any:
        return iter([0] * len(self))


class _ShiftyTuple(tuple):  # type: ignore[type-arg]
    """A tuple whose items change from one reading to the next."""

    def __iter__(self) -> Any:
        return iter(tuple.__getitem__(self, slice(None))[::-1])


def test_piles_are_exactly_bytes_and_tuples() -> None:
    # A subclass could read one way for the check and another for the state.
    cases: list[tuple[GameRules, int, object, str]] = [
        (QUEENS, 0, _Shifty(payload(QUEENS.deal(1))[0]), "expected bytes, got _Shifty"),
        (ROYAL, 3, _Shifty(b"\xff" * 16), "expected bytes, got _Shifty"),
        (ROYAL, 2, _ShiftyTuple(payload(ROYAL.deal(1))[2]), "expected a tuple, got _ShiftyTuple"),
    ]
    for rules, field, value, message in cases:
        fields = list(payload(rules.deal(1)))
        fields[field] = value
        with pytest.raises(NotationError, match=message):
            _restore_state(rules, PICKLE_FORMAT, tuple(fields))


@pytest.mark.parametrize(
    "version", [1, 3, 0, -1, "2", 2.0, None, pytest.param(HUGE, id="huge"), b"", (2,)]
)
def test_another_format_version_is_refused(version: object) -> None:
    # A version is a whole number: 2.0 and "2" are not format 2.
    with pytest.raises(NotationError, match="unknown format") as caught:
        pickle.loads(crafted(ROYAL, version, payload(ROYAL.deal(7))))
    assert len(str(caught.value)) < 300


def test_a_pickled_state_is_refused_where_make_state_refuses_it() -> None:
    # Three Lords' cards back in the stock: 71 cards, where the deal leaves 68.
    parts = parts_of(ROYAL.deal(7))
    stock = bytes(parts["stock"] + [card for card in parts["cells"][:3] if card is not None])
    cells = b"\xff" * 3 + bytes(card for card in parts["cells"][3:] if card is not None)
    with pytest.raises(NotationError, match="at most the 68 cards the deal leaves"):
        pickle.loads(crafted(ROYAL, PICKLE_FORMAT, _royal(stock=stock, cells=cells)))


def five_decks() -> GameRules:
    """A game of five decks shuffled together: 260 cards, a stock of 230."""
    return GameRules(
        name="five-decks",
        title="Five Decks",
        decks=5,
        foundations=[
            pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, length=65))
            for suit in pr.Suit
        ],
        tableau=pr.Tableau(columns=6, depth=5),
        stock=pr.Stock(redeals=1),
    )


def test_a_state_of_a_five_deck_game_pickles() -> None:
    rules = five_decks()
    state = rules.deal(3)
    assert state.stock_size == 230
    seen = [state]
    while state.legal_moves() and len(seen) < 300:
        state = state.apply(state.legal_moves()[0])
        seen.append(state)
    for state in [*seen[::30], seen[-1]]:
        back = pickle.loads(pickle.dumps(state))
        assert back == state
        assert back.rules == rules
        assert back.legal_moves() == state.legal_moves()
    # Sixteen decks, the most a game has: 832 cards.
    sixteen = GameRules(
        name="sixteen-decks",
        title="Sixteen Decks",
        decks=16,
        foundations=[
            pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, length=208))
            for suit in pr.Suit
        ],
    )
    state = sixteen.deal(1).apply(pr.Move.draw())
    assert pickle.loads(pickle.dumps(state)) == state


def _cards(texts: list[str]) -> list[Card]:
    return [Card.from_str(text) for text in texts]


def _expected(record: dict[str, Any]) -> State:
    """The state that an old pickle holds, made from its piles as written out."""
    if record["game"] == "one-pass":
        up = pr.FoundationSequence(start=pr.Rank.ACE, length=13, wrap=False)
        rules = GameRules(
            name="one-pass",
            title="One Pass",
            decks=1,
            foundations=[pr.Foundation(suit, up) for suit in pr.Suit],
            stock=pr.Stock(redeals=0),
        )
    else:
        rules = pr.get_game(record["game"])
    return rules.make_state(
        stock=_cards(record["stock"]),
        waste=_cards(record["waste"]),
        columns=[_cards(column) for column in record["columns"]],
        cells=[None if text is None else Card.from_str(text) for text in record["cells"]],
        foundation_heights=record["foundation_heights"],
        middle=_cards(record["middle"]),
        redeals_used=record["redeals_used"],
    )


def test_pickles_of_the_first_format_load_or_are_refused_clearly() -> None:
    """States pickled by 0.1.0's first format load as those states, or get the library's error.

    Those pickles name the loader ``patience_rules.state._restore_state`` and
    give it the rules, the piles as bytes and the redeals used.  Only the
    game that the registry does not make (its rules pickled by their parts)
    may be refused.
    """
    problems = []
    for record in OLD_PICKLES:
        try:
            loaded = pickle.loads(base64.b64decode(record["pickle"]))
        except PatienceRulesError:
            if record["game"] != "one-pass":
                problems.append(f"{record['game']}: refused")
        except Exception as error:
            problems.append(f"{record['game']}: {type(error).__name__}: {error}")
        else:
            if loaded != _expected(record):
                problems.append(f"{record['game']}: loads another state")
    assert problems == []


class _FirstFormat(pickle.Unpickler):
    """Finds the first format's loader where the current loader is."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) == ("patience_rules.state", "_restore_state"):
            return _restore_state
        return super().find_class(module, name)


@pytest.mark.parametrize("at", range(0, len(OLD_PICKLES) - 1, 4))
def test_the_piles_of_the_first_format_are_read_and_checked(at: int) -> None:
    """The first format's piles, read where the loader is now, give the state back.

    (The loader of the first format is found under its current name here.)
    """
    record = OLD_PICKLES[at]
    loaded = _FirstFormat(io.BytesIO(base64.b64decode(record["pickle"]))).load()
    assert loaded == _expected(record)
    assert broken_rules(loaded.rules, parts_of(loaded)) == []
    # The same piles written again, and mangled: a redeal counter out of range,
    # a byte left over, a byte missing.
    with pytest.raises(NotationError, match="redeals"):
        _restore_state(loaded.rules, _first_format_bytes(loaded), 99)
    for extra, left in ((b"\x00", "1 byte"), (b"\x00\x01", "2 bytes")):
        with pytest.raises(NotationError, match=f"is malformed: '{left} left over'$"):
            _restore_state(loaded.rules, _first_format_bytes(loaded) + extra, 0)
    with pytest.raises(NotationError, match="malformed"):
        _restore_state(loaded.rules, _first_format_bytes(loaded)[:-1], 0)
    assert _restore_state(loaded.rules, _first_format_bytes(loaded), loaded.redeals_used) == loaded


def test_the_first_format_is_bytes_and_a_whole_number() -> None:
    state = ROYAL.deal(3)
    data = _first_format_bytes(state)
    assert _restore_state(ROYAL, data, 0) == state
    # Empty cells are written as 255 (FreeCell deals its four empty).
    freecell = pr.get_game("freecell")
    dealt = freecell.deal(5)
    assert _restore_state(freecell, _first_format_bytes(dealt), 0) == dealt
    cases: list[tuple[object, object, str]] = [
        # (Exactly bytes: a subclass could read differently each time it is read.)
        (_Shifty(data), 0, "is malformed: 'expected the piles as bytes, got _Shifty'"),
        # (A count, not a truth value nor a card.)
        (data, True, "is malformed: 'expected a whole number of redeals, got bool'"),
        (data, Card.from_str("AC"), "is malformed: 'expected a whole number of redeals, got Card'"),
    ]
    for piles, redeals_used, message in cases:
        with pytest.raises(NotationError, match=message):
            _restore_state(ROYAL, piles, redeals_used)


class _Text(str):
    """A text that equals every text (a cached one too)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, str)

    __hash__ = str.__hash__


@pytest.mark.parametrize(
    "text", [("x",), ["x"], None, 42, b"{}", _Text(json.dumps(ROYAL.to_dict()))]
)
def test_pickled_rules_are_exactly_a_json_text(text: object) -> None:
    with pytest.raises(
        NotationError, match=r"^pickled rules are their dict form as a JSON text, got "
    ):
        _rules_from_json(text)


def test_pickled_rules_that_are_no_json_text_are_refused_on_load() -> None:
    # Rules that no registered game makes pickle as their dict form in JSON.
    mine = GameRules.from_dict({**ROYAL.to_dict(), "name": "my-cotillion"})
    loader, (text,) = mine.__reduce__()
    assert loader is _rules_from_json and isinstance(text, str)
    assert pickle.loads(pickle.dumps(mine)) == mine
    with pytest.raises(NotationError, match="pickled rules are their dict form as a JSON text"):
        pickle.loads(pickle.dumps(_Call(_rules_from_json, [text])))
    with pytest.raises(NotationError, match="rules: malformed JSON"):
        pickle.loads(pickle.dumps(_Call(_rules_from_json, text[:-1])))


class _Helpful(GameRules):
    """Rules with a method of the caller's own."""

    def corners(self) -> int:
        return len(self.foundations)


@attrs.frozen
class _Tagged(GameRules):
    """Rules with a field of the caller's own."""

    tag: str = attrs.field(default="plain", kw_only=True)


@attrs.frozen
class _Checked(GameRules):
    """Rules with a field of the caller's own, checked by attrs' validator."""

    level: int = attrs.field(default=0, kw_only=True, validator=attrs.validators.in_([0, 1]))


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_rules_of_a_subclass_keep_their_class_and_fields_through_pickle_and_copy(
    protocol: int,
) -> None:
    fields = {
        name: getattr(ROYAL, name)
        for name, field in attrs.fields_dict(GameRules).items()
        if field.init
    }
    for rules in (_Helpful(**fields), _Tagged(**fields, tag="blue")):
        for copied in (
            pickle.loads(pickle.dumps(rules, protocol)),
            copy.copy(rules),
            copy.deepcopy(rules),
            pickle.loads(pickle.dumps(rules.deal(3), protocol)).rules,
        ):
            assert copied.__class__ is rules.__class__ and copied == rules
    assert copy.copy(_Tagged(**fields, tag="blue")).tag == "blue"
    assert _Helpful(**fields) != ROYAL  # (attrs compares the class: a subclass is another game)


def test_pickled_rules_of_a_subclass_are_refused_if_not_a_subclass() -> None:
    text = json.dumps(ROYAL.to_dict())
    for kind, own in ((dict, {}), ("GameRules", {}), (_Tagged, [("tag", "x")])):
        with pytest.raises(NotationError, match=r"^pickled rules of a subclass are its class, "):
            pickle.loads(pickle.dumps(_Call(_rules_of_kind, kind, text, own)))
    with pytest.raises(NotationError, match=r"^pickled rules that _Tagged refuses: .*'colour'"):
        pickle.loads(pickle.dumps(_Call(_rules_of_kind, _Tagged, text, {"colour": "red"})))
    with pytest.raises(NotationError, match=r"^pickled rules that _Checked refuses: 'level' must"):
        pickle.loads(pickle.dumps(_Call(_rules_of_kind, _Checked, text, {"level": 5})))


class _Call:
    """Pickles as a call of ``function`` with ``arguments``."""

    def __init__(self, function: object, *arguments: object) -> None:
        self.function = function
        self.arguments = arguments

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (self.function, self.arguments)


def _first_format_bytes(state: State) -> bytes:
    """The piles of ``state`` as the first format wrote them."""
    data = bytearray(state.foundation_heights)
    data += bytes(255 if card is None else card for card in state.cells)
    for pile in (*state.columns, state.waste, state.stock, state.middle):
        data.append(len(pile))
        data += bytes(pile)
    return bytes(data)


def test_a_card_made_around_the_interning_is_read_as_its_card() -> None:
    # int.__new__ makes a second object for a card; the piles are read by index,
    # so the state holds the one interned card, in a cell as in a column, and pickles.
    game = pr.get_game("freecell")
    dealt = game.deal(1)
    columns = [list(column) for column in dealt.columns]
    top = columns[0].pop()
    stray = int.__new__(Card, int(top))
    assert stray is not top
    under = columns[1].pop()
    columns[1].append(int.__new__(Card, int(under)))
    state = game.make_state(
        stock=dealt.stock,
        columns=columns,
        cells=(stray, None, None, None),
        foundation_heights=dealt.foundation_heights,
    )
    assert state.cells[0] is top
    assert state.columns[1][-1] is under
    assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("name", ["royal-cotillion", "klondike", "windmill"])
def test_rules_pickled_by_their_parts_in_the_first_format_load_checked(name: str) -> None:
    rules = pr.get_game(name)
    parts = [getattr(rules, part) for part in _FIRST_FORMAT_PARTS]
    assert _rules_from_parts(*parts) == rules
    for wrong in (parts[:-1], [*parts, None]):
        with pytest.raises(
            NotationError,
            match=rf"^pickled rules of the first format have 11 parts, got {len(wrong)}$",
        ):
            _rules_from_parts(*wrong)
    parts[2] = 0  # (no decks)
    with pytest.raises(
        NotationError, match=r"^pickled rules of the first format: a game's number of decks"
    ):
        _rules_from_parts(*parts)
