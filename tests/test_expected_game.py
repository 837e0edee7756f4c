"""Readers told which game to expect (``rules=``): states and records of that game only.

A reader given ``rules`` reads a state or a record of those rules and no
other, builds it of the very rules given, and compares a whole description
carried in its input with theirs instead of reading it.
"""

from __future__ import annotations

import io
import json
import types
from collections.abc import Callable
from typing import Any

import pytest

import patience_rules as pr
from composed import toy_game
from patience_rules import GameRecord, NotationError, notation
from patience_rules.notation import (
    state_from_dict,
    state_from_text,
    state_to_dict,
    state_to_text,
)

#: A composition no module registers (its states carry their rules).
TOY = toy_game()


def _played(rules: pr.GameRules, deal: int = 3, moves: int = 6) -> GameRecord:
    """A record of the first ``moves`` legal moves (the first each time) of ``deal``."""
    state = rules.deal(deal)
    played = []
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        played.append(legal[0])
        state = state.apply(legal[0])
    return GameRecord(rules, deal, played)


#: Every registered game, some with options of their own, and one of no registry.
GAMES = [
    *(pr.get_game(name) for name in pr.game_names()),
    pr.get_game("klondike", draw=3, redeals=2),
    pr.get_game("freecell", cells=2),
    pr.get_game("captive-queens", redeals=0),
    TOY,
]
IDS = [*pr.game_names(), "klondike-draw-3", "freecell-2-cells", "captive-queens-0", "composed"]


@pytest.mark.parametrize("rules", GAMES, ids=IDS)
def test_each_reader_reads_a_state_or_record_of_the_game_given(rules: pr.GameRules) -> None:
    record = _played(rules)
    state = record.replay()
    data = json.loads(json.dumps(state_to_dict(state)))
    read = state_from_dict(data, rules=rules)
    assert read == state
    assert read.rules is rules
    record_data = json.loads(json.dumps(record.to_dict()))
    for again in (
        GameRecord.from_dict(record_data, rules=rules),
        GameRecord.from_text(record.to_text(), rules=rules),
        GameRecord.read(io.StringIO(record.to_text()), rules=rules),
    ):
        assert again.moves == record.moves
        assert again.replay() == state
        assert again.rules is rules
    if pr.is_registered(rules):  # (only the registry's games have a text form)
        assert state_from_text(state_to_text(state), rules=rules).rules is rules


def _readers(
    state: pr.State, record: GameRecord
) -> list[tuple[str, Callable[[pr.GameRules], object]]]:
    """Each reader, as a call of it on ``state`` or ``record`` with the rules expected."""
    data = state_to_dict(state)
    record_data = record.to_dict()
    text = record.to_text()
    readers: list[tuple[str, Callable[[pr.GameRules], object]]] = [
        ("state_from_dict", lambda rules: state_from_dict(data, rules=rules)),
        ("GameRecord.from_dict", lambda rules: GameRecord.from_dict(record_data, rules=rules)),
        ("GameRecord.from_text", lambda rules: GameRecord.from_text(text, rules=rules)),
        ("GameRecord.read", lambda rules: GameRecord.read(io.StringIO(text), rules=rules)),
    ]
    if pr.is_registered(state.rules):
        state_text = state_to_text(state)
        readers.append(("state_from_text", lambda rules: state_from_text(state_text, rules=rules)))
    return readers


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("klondike", pr.get_game("freecell")),
        ("klondike", pr.get_game("klondike", draw=3)),
        ("captive-queens", pr.get_game("easy-start")),
        ("captive-queens", TOY),
    ],
)
def test_a_state_or_record_of_another_game_is_refused(written: str, expected: pr.GameRules) -> None:
    record = _played(pr.get_game(written))
    for name, read in _readers(record.replay(), record):
        with pytest.raises(NotationError, match="is named, but the rules given are") as caught:
            read(expected)
        assert repr(expected) in str(caught.value), name


def test_a_composed_game_of_another_description_is_refused_unread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same name, one column more: the dicts and records of one are no
    # states of the other.
    wider = toy_game(tableau=pr.Tableau(columns=3, depth=2, refill=pr.Refill.FROM_WASTE))
    record = _played(TOY)

    def never(*args: object) -> None:
        raise AssertionError("the rules were read")

    # Where rules are expected, the description is compared, never read.
    monkeypatch.setattr(pr.GameRules, "from_dict", classmethod(never))
    for name, read in _readers(record.replay(), record):
        with pytest.raises(NotationError, match=r"differs at [Rr]ules\.tableau\.columns from"):
            read(wider)
        assert read(TOY) is not None, name
    with pytest.raises(AssertionError, match="the rules were read"):
        state_from_dict(state_to_dict(record.replay()))


def test_a_description_is_compared_as_json_values_not_as_text() -> None:
    record = _played(TOY)
    # The Rules tag written with other spacing and key order: the same rules.
    tag = json.dumps(dict(reversed(TOY.to_dict().items())), separators=(", ", ": "))
    assert "\\" not in tag
    quoted = tag.replace('"', '\\"')
    text = record.to_text().replace(
        next(line for line in record.to_text().splitlines() if line.startswith("[Rules ")),
        f'[Rules "{quoted}"]',
    )
    assert GameRecord.from_text(text, rules=TOY).rules is TOY
    # A description with true where the rules hold 1 (equal in Python) is another.
    data = state_to_dict(record.replay())
    rules_data = json.loads(json.dumps(data["rules"]))
    assert rules_data["decks"] == 1
    with pytest.raises(NotationError, match=r"rules\.decks: expected a whole number"):
        state_from_dict({**data, "rules": {**rules_data, "decks": True}})
    for decks in (True, 1.0, {1}, "1"):
        with pytest.raises(
            NotationError, match=r"description \(of 'toy'\) .* differs at rules.decks from"
        ):
            state_from_dict({**data, "rules": {**rules_data, "decks": decks}}, rules=TOY)
    # A key that is no text (True, where the rules have "decks": 1).
    del rules_data["decks"]
    with pytest.raises(NotationError, match=r"differs at rules\.decks \(missing\)"):
        state_from_dict({**data, "rules": {**rules_data, True: 1}}, rules=TOY)
    with pytest.raises(NotationError, match="the key True is no text"):
        state_from_dict({**data, "rules": {**rules_data, True: 1}})
    with pytest.raises(NotationError, match=r"differs at rules: the key 'extra' \(unknown\)"):
        state_from_dict({**data, "rules": TOY.to_dict() | {"extra": 1}}, rules=TOY)
    # Any mapping and sequence, as the reader without rules= takes them.
    proxied = types.MappingProxyType(
        {
            **TOY.to_dict(),
            "foundations": tuple(
                types.MappingProxyType(part) for part in TOY.to_dict()["foundations"]
            ),
        }
    )
    assert state_from_dict({**data, "rules": proxied}) == record.replay()
    assert state_from_dict({**data, "rules": proxied}, rules=TOY).rules is TOY


def test_rules_whose_options_come_in_another_order_are_the_same_game() -> None:
    # A dict form's options are a JSON object, and a record's Rules tag writes
    # its keys sorted: the order is not kept, so rules do not count it.  (The
    # rules of options written b, a read back from their record as a, b, and
    # were another game; a reader given the other rules took them.)
    first = toy_game(options=(("a", 1), ("b", 2)))
    second = toy_game(options=(("b", 2), ("a", 1)))
    assert first == second and hash(first) == hash(second)
    assert first.deal(1) == second.deal(1) and len({first.deal(1), second.deal(1)}) == 1
    assert toy_game(options=(("a", True),)) != toy_game(options=(("a", 1),))
    for rules in (first, second):
        record = GameRecord(rules, 1, [])
        assert GameRecord.from_text(record.to_text()).rules == rules
        assert GameRecord.from_text(record.to_text()) == record
        data = state_to_dict(rules.deal(1))
        assert state_from_dict(json.loads(json.dumps(data))) == rules.deal(1)
        for expected in (first, second):
            assert GameRecord.from_text(record.to_text(), rules=expected).rules is expected
            assert state_from_dict(data, rules=expected).rules is expected


def test_equal_rules_are_written_as_the_registry_orders_their_options() -> None:
    # (the game text of equal rules is one, whichever of them is written first)
    made = pr.get_game("klondike", draw=3, redeals=2)
    turned = pr.GameRules.from_dict({**made.to_dict(), "options": {"redeals": 2, "draw": 3}})
    assert turned == made and turned.options != made.options
    for rules in (turned, made):
        assert notation.game_to_text(rules) == "klondike[draw=3,redeals=2]"
        assert (
            GameRecord(rules, 1, []).to_text().startswith('[Game "klondike[draw=3,redeals=2]"]\n')
        )


def test_rules_equal_but_for_their_description_are_told_apart() -> None:
    # (A description is prose: rules that differ only there are equal, and
    # each still writes, and reads back, its own.)
    first = toy_game(description="First words.")
    second = toy_game(description="Second words.")
    assert first == second
    assert "First words." in GameRecord(first, 1, []).to_text()
    assert "Second words." in GameRecord(second, 1, []).to_text()
    for rules, other in ((first, second), (second, first)):
        data = state_to_dict(rules.deal(1))
        assert state_from_dict(data, rules=rules).rules is rules
        with pytest.raises(NotationError, match=r"differs at rules\.description from"):
            state_from_dict(data, rules=other)


def test_the_writers_spelling_of_a_registered_game_makes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record = _played(pr.get_game("klondike", draw=3))
    rules = record.rules
    readers = _readers(record.replay(), record)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("rules were made")

    monkeypatch.setattr(notation, "get_game", never)
    for name, read in readers:
        assert read(rules) is not None, name
    with pytest.raises(AssertionError, match="rules were made"):
        state_from_dict(state_to_dict(record.replay()))


def test_a_state_of_a_game_of_no_registry_that_carries_no_description() -> None:
    data = state_to_dict(TOY.deal(1))
    del data["rules"]
    with pytest.raises(
        NotationError,
        match=r"^unknown game 'toy'.*; the rules given are no game of the registry, and their "
        r"dict forms carry their whole description \(rules\), which this one lacks$",
    ):
        state_from_dict(data, rules=TOY)
    record = GameRecord(TOY, 1, []).to_text()
    without = "\n".join(line for line in record.splitlines() if not line.startswith("[Rules "))
    with pytest.raises(
        NotationError,
        match=r"^Game: unknown game 'toy'.*; the rules given are no game of the registry, and "
        r"their records carry it in a Rules tag, which this one lacks$",
    ):
        GameRecord.from_text(without, rules=TOY)
    with pytest.raises(
        NotationError,
        match=r"^game: unknown game 'toy'.*; the rules given are no game of the registry, and a "
        r"state of them has no text form: read its dict form$",
    ):
        state_from_text("toy - - - - 0", rules=TOY)
    # (Names are read stripped and in lower case: so are the rules' own compared.)
    capital = toy_game(name="My-Toy")
    lacking = state_to_dict(capital.deal(1))
    del lacking["rules"]
    with pytest.raises(NotationError, match="the rules given are no game of the registry"):
        state_from_dict(lacking, rules=capital)
    # Rules of one's own under a registered name: named, and told apart.
    mine = pr.GameRules.from_dict(pr.get_game("klondike").to_dict() | {"stock": {"redeals": 7}})
    klondike = state_to_dict(pr.get_game("klondike").deal(1))
    with pytest.raises(
        NotationError,
        match=r"^game: get_game\('klondike'\) is named, but the rules given are <GameRules "
        r"'klondike': Klondike>; the rules given are no game of the registry",
    ):
        state_from_dict(klondike, rules=mine)
    # Another game's refusal says nothing of descriptions.
    sultan = pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "my-sultan"})
    with pytest.raises(NotationError, match=r"^game: game 'klondike': draw is 1 or 3, got 2$"):
        state_from_text("klondike[draw=2] - - - - 0", rules=sultan)


def test_text_that_lies_about_its_game_makes_it_no_other() -> None:
    class Liar(str):
        __slots__ = ()
        __hash__ = str.__hash__

        def __eq__(self, other: object) -> bool:
            return True

    klondike = pr.get_game("klondike")
    data = state_to_dict(klondike.deal(1))
    for lying in ({**data, "game": Liar("freecell")}, {**data, "options": {Liar("draw"): 3}}):
        with pytest.raises(NotationError):
            state_from_dict(lying, rules=klondike)


def test_a_description_of_text_and_numbers_of_other_classes_is_the_same() -> None:
    class Text(str):
        __slots__ = ()

    class Whole(int):
        pass

    state = TOY.deal(1)
    data = json.loads(json.dumps(state_to_dict(state)))
    data["rules"]["title"] = Text(data["rules"]["title"])
    data["rules"]["format"] = Whole(data["rules"]["format"])
    assert state_from_dict(data) == state
    assert state_from_dict(data, rules=TOY).rules is TOY


@pytest.mark.usefixtures("isolated_registry")
def test_option_names_that_game_text_cannot_hold() -> None:
    base = pr.get_game("klondike").to_dict()

    def odd(**options: pr.OptionValue) -> pr.GameRules:
        return pr.GameRules.from_dict(base | {"name": "odd-options", "options": options})

    pr.register_game("odd-options", odd, summary="Klondike with odd option names")
    rules = pr.get_game("odd-options", **{"x,y": 1})
    assert repr(rules) == "get_game('odd-options', **{'x,y': 1})"
    with pytest.raises(NotationError, match="the option name 'x,y' is no name that game text"):
        state_to_text(rules.deal(1))
    # A record names them by their whole description instead, and reads back.
    record = GameRecord(rules, 1, [rules.deal(1).legal_moves()[0]])
    assert "[Rules " in record.to_text()
    assert GameRecord.from_text(record.to_text()) == record
    assert GameRecord.from_text(record.to_text(), rules=rules).rules is rules
    assert state_from_dict(state_to_dict(rules.deal(1)), rules=rules).rules is rules


def test_names_and_options_are_read_as_get_game_reads_them() -> None:
    parlett = pr.get_game("easy-start", redeals=3)
    state = parlett.deal(2)
    data = state_to_dict(state)
    # A registered variant's own name, and an alias, name the same rules.
    for game, options in (("easy-start-parlett", {}), ("EASY-START", {"redeals": 3})):
        read = state_from_dict({**data, "game": game, "options": options}, rules=parlett)
        assert read == state
        assert read.rules is parlett
    quadrille = {**state_to_dict(pr.get_game("captive-queens").deal(2)), "game": "quadrille"}
    del quadrille["options"]  # (the defaults)
    captive = pr.get_game("captive-queens")
    assert state_from_dict(quadrille, rules=captive).rules is captive
    with pytest.raises(NotationError, match="is named, but the rules given are"):
        state_from_dict({**data, "options": {"redeals": 2}}, rules=parlett)


@pytest.mark.parametrize("given", ["klondike", pr.get_game, 0])
def test_rules_that_are_no_rules_are_refused_before_the_input_is_read(given: object) -> None:
    message = "^rules: expected the rules of the game to read \\(GameRules\\) or None, got"
    readers: list[Callable[[], object]] = [
        lambda: state_from_dict({"version": 99}, rules=given),  # type: ignore[arg-type]
        lambda: state_from_text("no state", rules=given),  # type: ignore[arg-type]
        lambda: GameRecord.from_dict({"version": 99}, rules=given),  # type: ignore[arg-type]
        lambda: GameRecord.from_text("no record", rules=given),  # type: ignore[arg-type]
        lambda: GameRecord.read(io.StringIO("no record"), rules=given),  # type: ignore[arg-type]
    ]
    for read in readers:
        with pytest.raises(pr.InvalidArgumentError, match=message):
            read()


def test_none_reads_any_game_as_before() -> None:
    record = _played(TOY)
    data = state_to_dict(record.replay())
    assert state_from_dict(data, rules=None) == state_from_dict(data) == record.replay()
    assert GameRecord.from_text(record.to_text(), rules=None).rules == TOY


def test_the_spellings_of_earlier_writers_are_taken_and_no_others() -> None:
    # Before the writers wrote what compares, a sequence that never runs past
    # the King kept the wrap it was given (true by default), and a depth the
    # same for every column given per column was written a count for each:
    # files written so still read, told to expect the rules, and so do their
    # records; a sequence's wrap that would change its ranks, or a depth that
    # is not the same, is refused as before.
    up = pr.FoundationSequence(start=pr.Rank.ACE)  # (wrap=True, the default)
    rules = toy_game(
        foundations=[pr.Foundation(suit, up) for suit in pr.Suit],
        tableau=pr.Tableau(columns=2, depth=(2, 2), refill=pr.Refill.FROM_WASTE),
    )
    state = _played(rules).replay()
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["rules"]["tableau"]["depth"] == 2
    assert data["rules"]["foundations"][0]["sequence"]["wrap"] is False
    earlier = json.loads(json.dumps(data))
    earlier["rules"]["tableau"]["depth"] = [2, 2]
    for foundation in earlier["rules"]["foundations"]:
        foundation["sequence"]["wrap"] = True
    assert state_from_dict(earlier, rules=rules) == state
    record = GameRecord(rules, 3, _played(rules).moves)
    text = record.to_text()
    # (the Rules tag is the JSON text, its quotes escaped)
    now = {r"\"wrap\":false": r"\"wrap\":true", r"\"depth\":2,": r"\"depth\":[2,2],"}
    old_text = text
    for spelling, earlier_spelling in now.items():
        assert spelling in text
        old_text = old_text.replace(spelling, earlier_spelling)
    assert GameRecord.from_text(old_text, rules=rules) == record
    refused: dict[str, tuple[list[Any], object, str]] = {
        "depth": (["tableau", "depth"], [2, 3], r"rules\.tableau\.depth from"),
        "depth given thrice": (["tableau", "depth"], [2, 2, 2], r"rules\.tableau\.depth from"),
        "depth as text": (["tableau", "depth"], ["2", "2"], r"rules\.tableau\.depth from"),
        "wrap as 1": (
            ["foundations", 0, "sequence", "wrap"],
            1,
            r"rules\.foundations\[0\]\.sequence\.wrap from",
        ),
    }
    for path, value, message in refused.values():
        wrong = json.loads(json.dumps(data))
        at: Any = wrong["rules"]
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value
        with pytest.raises(NotationError, match=f"differs at {message}"):
            state_from_dict(wrong, rules=rules)
