"""Fuzzing the readers: bad input raises NotationError and nothing else.

Every reader of text (cards, games, places, moves, states, records) and of
dicts (states, records) is fed arbitrary input and mutations of valid
input.  It must either raise :class:`NotationError` or return a value that
is valid: a state that holds exactly its game's cards and rebuilds from its
piles, a record that replays, a move whose places are in the game.

Each test draws a few hundred inputs by default; the nightly ``nox -s
hostile`` gives each the hostile profile's 100,000 (or ``HOSTILE_EXAMPLES``).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from functools import partial

from hypothesis import given
from hypothesis import strategies as st

import patience_rules as pr
from notation_support import GAME_NAMES, assert_valid, play
from patience_rules import Card, GameRules, Move, NotationError, Place, State
from patience_rules.notation import (
    cards_from_text,
    game_from_text,
    game_to_text,
    move_from_text,
    place_from_text,
    place_to_text,
    state_from_dict,
    state_from_text,
    state_to_dict,
    state_to_text,
)
from patience_rules.records import GameRecord
from profiles import fuzz


def _pool() -> tuple[dict[str, list[str]], list[dict[str, object]], list[dict[str, object]]]:
    texts: dict[str, list[str]] = {
        "card": [str(card) for card in pr.standard_deck()] + ["T♠", "1h", "10♢"],
        "cards": [],
        "game": ["quadrille", "easy-start[redeals=3]", "royal-cotillion[stock_refill=true]"],
        "place": ["S", "W", "M", "T1", "T4", "R1", "R16", "F1", "F8"],
        "move": ["draw", "redeal", "S-W", "W-S"],
        "state": [],
        "record": [],
    }
    state_dicts: list[dict[str, object]] = []
    record_dicts: list[dict[str, object]] = []
    for name in GAME_NAMES:
        rules = pr.get_game(name)
        texts["game"].append(game_to_text(rules))
        for deal, steps in ((1, 0), (2, 15), (3, 60), (4, 400)):
            game = play(rules, deal if deal != 3 else rules.deck_order(3), seed=deal, steps=steps)
            for state in game.states[:: max(1, len(game.states) // 3)]:
                texts["state"].append(state_to_text(state))
                state_dicts.append(dict(state_to_dict(state)))
                texts["cards"].append(" ".join(str(card) for card in state.stock[:20]))
                texts["move"].extend(str(move) for move in state.legal_moves())
            record = GameRecord(rules, game.deal, game.moves, {"Player": "Ada"})
            texts["record"].append(record.to_text())
            record_dicts.append(dict(record.to_dict()))
    return texts, state_dicts, record_dicts


TEXTS, STATE_DICTS, RECORD_DICTS = _pool()
EVERY_TEXT = sorted({text for texts in TEXTS.values() for text in texts})
PIECES = [
    "-", "/", " ", "\n", "[", "]", '"', "=", ",", ".", "10", "0", "1", "99", "Q", "H", "♥",
    "F9", "T0", "R17", "M", "W", "S", "draw", "redeal", "-1", "true", "%", "%FF", "\\",
    "\x00", "é", "ſ", "[Deal \"1\"]", "captive-queens", "royal-cotillion", "QH", "AC",
]  # fmt: skip


def _check_game(rules: object) -> None:
    assert isinstance(rules, GameRules)
    assert game_from_text(game_to_text(rules)) == rules


def _check_state(state: object) -> None:
    assert isinstance(state, State)
    assert_valid(state)
    assert state_from_text(state_to_text(state)) == state


def _check_record(record: object) -> None:
    assert isinstance(record, GameRecord)
    assert_valid(record.replay())
    assert GameRecord.from_text(record.to_text()) == record


def _check_move(rules: GameRules, move: object) -> None:
    assert isinstance(move, Move)
    assert move_from_text(str(move), rules) == move


def _check_place(rules: GameRules, place: object) -> None:
    assert isinstance(place, Place)
    assert place_from_text(place_to_text(place), rules) == place


Reader = tuple[str, Callable[[str], object], Callable[[object], None]]


def _readers() -> list[Reader]:
    readers: list[Reader] = [
        ("card", Card.from_str, lambda card: None),
        ("cards", cards_from_text, lambda cards: None),
        ("game", game_from_text, _check_game),
        ("state", state_from_text, _check_state),
        ("record", GameRecord.from_text, _check_record),
    ]
    for name in GAME_NAMES:
        rules = pr.get_game(name)
        readers.append(
            ("place", partial(place_from_text, game=rules), partial(_check_place, rules))
        )
        readers.append(("move", partial(move_from_text, game=rules), partial(_check_move, rules)))
    return readers


READERS = _readers()


def _mutate(text: str, seed: int) -> str:
    """One to four random edits of ``text``: deletions, insertions, replacements,
    repeats and swaps of short spans (a seeded generator keeps examples cheap)."""
    rng = random.Random(seed)
    for _ in range(rng.randint(1, 4)):
        i = rng.randint(0, len(text))
        j = rng.randint(i, min(len(text), i + 12))
        operation = rng.choice(["delete", "insert", "replace", "repeat", "swap"])
        piece = rng.choice(PIECES) if rng.random() < 0.7 else chr(rng.randint(0, 0x2FFF))
        if operation == "delete":
            text = text[:i] + text[j:]
        elif operation == "insert":
            text = text[:i] + piece + text[i:]
        elif operation == "replace":
            text = text[:i] + piece + text[j:]
        elif operation == "repeat":
            text = text[:j] + text[i:j] + text[j:]
        else:
            k = rng.randint(j, len(text))
            text = text[:i] + text[j:k] + text[i:j] + text[k:]
    return text


def _mutated(pool: list[str]) -> st.SearchStrategy[str]:
    return st.builds(_mutate, st.sampled_from(pool), st.integers(0, 2**32))


@st.composite
def _reader_and_text(draw: st.DrawFn) -> tuple[Reader, str]:
    reader = draw(st.sampled_from(READERS))
    text = draw(
        st.text(max_size=60)
        | _mutated(TEXTS[reader[0]])
        | _mutated(TEXTS[reader[0]])
        | _mutated(EVERY_TEXT)
    )
    return reader, text


@fuzz(500)
@given(case=_reader_and_text())
def test_text_readers_raise_only_notation_errors(case: tuple[Reader, str]) -> None:
    (_, read, check), text = case
    try:
        value = read(text)
    except NotationError:
        return
    check(value)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.floats() | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def _mutated_dict(draw: st.DrawFn, pool: list[dict[str, object]]) -> object:
    data: object = copy.deepcopy(draw(st.sampled_from(pool)))
    for _ in range(draw(st.integers(1, 3))):
        # Walk down to a random container, then change one of its items.
        node = data
        while True:
            items = list(node) if isinstance(node, dict) else list(range(len(node)))  # type: ignore[arg-type]
            if not items:
                break
            key = draw(st.sampled_from(items))
            child = node[key]  # type: ignore[index]
            if isinstance(child, dict | list) and child and draw(st.booleans()):
                node = child
                continue
            operation = draw(st.sampled_from(["replace", "delete", "repeat"]))
            if operation == "replace":
                node[key] = draw(_JSON | st.sampled_from(PIECES))  # type: ignore[index]
            elif operation == "delete":
                del node[key]  # type: ignore[attr-defined]
            elif isinstance(node, list):
                node.insert(key, copy.deepcopy(child))
            break
    return data


@fuzz(300)
@given(
    case=st.sampled_from(["state", "record"]).flatmap(
        lambda kind: st.tuples(
            st.just(kind), _mutated_dict(STATE_DICTS if kind == "state" else RECORD_DICTS)
        )
    )
)
def test_dict_readers_raise_only_notation_errors(case: tuple[str, object]) -> None:
    kind, data = case
    read: Callable[[object], object] = (
        state_from_dict if kind == "state" else GameRecord.from_dict  # type: ignore[assignment]
    )
    try:
        value = read(data)
    except NotationError:
        return
    (_check_state if kind == "state" else _check_record)(value)


def test_the_pool_of_valid_input_reads_without_error() -> None:
    for reader_kind, read, check in READERS:
        if reader_kind in ("place", "move"):
            continue
        for text in TEXTS[reader_kind]:
            check(read(text))
    for data in STATE_DICTS:
        _check_state(state_from_dict(json.loads(json.dumps(data))))
    for data in RECORD_DICTS:
        _check_record(GameRecord.from_dict(json.loads(json.dumps(data))))
