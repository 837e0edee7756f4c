"""Game records: writing, reading, replaying and refusing."""

from __future__ import annotations

import copy
import io
import itertools
import json
import os
import pickle
import re
import tracemalloc
import typing
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typing_extensions import assert_type

import patience_rules as pr
from notation_support import Played, assert_typed_dict, assert_valid, play, played_games
from patience_rules import IllegalMoveError, InvalidDealError, Move, NotationError, records
from patience_rules.records import (
    MAX_MOVE_LENGTH,
    MAX_RECORD_MOVES,
    MAX_TAG_LINE,
    MAX_TAGS,
    GameRecord,
    GameResult,
    RecordDict,
)
from random_play import cycled_record


def _record(game: Played, **tags: str) -> GameRecord:
    return GameRecord(game.rules, game.deal, game.moves, tags)


@given(game=played_games())
@settings(max_examples=60)
def test_every_played_game_reads_back_from_its_record_and_replays(game: Played) -> None:
    record = _record(game, Player="Ada", Note='a "quoted" \\ value')
    text = record.to_text()
    again = GameRecord.from_text(text)
    assert again == record
    assert again.replay() == game.final
    assert again.states() == game.states
    assert again.to_text() == text
    # The moves fill lines of at most 79 characters, each "number. move" whole.
    lines = text.split("\n\n", 1)[1].splitlines() if game.moves else []
    assert " ".join(lines).split(" ")[1::2] == [str(move) for move in game.moves]
    for line, after in itertools.pairwise(lines):
        first = " ".join(after.split(" ")[:2])
        assert len(line) <= 79 < len(line) + 1 + len(first)
    assert all(len(line) <= 79 for line in lines)


class Pieces:
    """A text stream that gives ``text`` in pieces of the sizes given, whatever is asked."""

    def __init__(self, text: str, sizes: list[int]) -> None:
        self.text = text
        self.at = 0
        self.sizes = itertools.cycle(sizes)

    def read(self, size: int = -1) -> str:
        piece = self.text[self.at : self.at + next(self.sizes)]
        self.at += len(piece)
        return piece


@given(
    game=played_games(),
    line_end=st.sampled_from(["\n", "\r\n", "\r"]),
    mark=st.booleans(),
    sizes=st.lists(st.integers(1, 7), min_size=1, max_size=5),
)
@settings(max_examples=60)
def test_a_record_reads_the_same_in_any_pieces_with_any_line_ends(
    game: Played, line_end: str, mark: bool, sizes: list[int]
) -> None:
    # Line ends and a byte order mark split across pieces, and words and
    # tag lines that run from one piece into the next.
    record = _record(game, Note="a tag line of its own")
    text = ("\ufeff" if mark else "") + record.to_text().replace("\n", line_end)
    again = GameRecord.read(Pieces(text, sizes))
    assert again == record
    assert again.tags == record.tags


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("sizes", [[1], [2, 3], [5, 1, 7]])
def test_a_bad_tag_is_named_by_its_line_in_any_pieces(line_end: str, sizes: list[int]) -> None:
    text = line_end.join(['[Game "royal-cotillion"]', '[Deal "1"]', '[Note "x]', "", "1. draw", ""])
    with pytest.raises(NotationError, match=r"^line 3: malformed tag '\[Note \"x\]'"):
        GameRecord.read(Pieces(text, sizes))


@given(game=played_games())
@settings(max_examples=40)
def test_every_played_game_reads_back_from_its_dict_through_json(game: Played) -> None:
    record = _record(game)
    data = record.to_dict()
    assert_typed_dict(data, RecordDict)
    assert ("deal" in data, "deck" in data) == (
        isinstance(game.deal, int),
        not isinstance(game.deal, int),
    )
    again = GameRecord.from_dict(json.loads(json.dumps(data)))
    assert again == record
    assert again.replay() == game.final


@given(game=played_games(max_steps=80))
@settings(max_examples=30)
def test_a_record_states_its_result_and_keeps_its_tags(game: Played) -> None:
    record = _record(game, Event="club night")
    final = game.final
    expected = "won" if final.is_won else "lost" if final.is_over else "unfinished"
    assert record.result == expected
    assert set(typing.get_args(GameResult)) == {"won", "lost", "unfinished"}
    assert_type(record.result, GameResult)  # a Literal for type checkers (mypy checks it)
    assert_type(record.to_dict()["result"], GameResult)
    assert f'[Result "{expected}"]' in record.to_text()
    assert record.tags == (("Event", "club night"),)
    assert record.start == game.states[0]
    assert_valid(record.replay())
    assert pickle.loads(pickle.dumps(record)) == record


class _NotedRecord(GameRecord):
    """A record with a method of the caller's own."""

    def first(self) -> Move:
        return self.moves[0]


def test_a_records_repr_is_its_call_when_short_and_a_summary_when_long() -> None:
    game = pr.get_game("klondike")
    namespace = {"GameRecord": GameRecord, **vars(pr)}
    deck = tuple(reversed(game.deck()))
    for short in (
        GameRecord(game, 3, [Move.draw()] * 20, {"Player": "Ada"}),
        GameRecord(game, deck, [Move.draw()], {"Note": "x" * 990}),
    ):
        assert eval(repr(short), namespace) == short
    long = {
        "<GameRecord klondike, deal 3: 21 moves, 1 tag>": GameRecord(
            game, 3, [Move.draw()] * 21, {"Player": "Ada"}
        ),
        "<GameRecord klondike, a deck order: 1 move, 2 tags>": GameRecord(
            game, deck, [Move.draw()], {"Note": "x" * 990, "Player": "Ada"}
        ),
        "<GameRecord klondike, deal 3: 5000 moves, 1 tag>": GameRecord(
            game, 3, ([Move.draw()] * 24 + [Move.redeal()]) * 200, {"Note": "x" * 100_000}
        ),
        "<_NotedRecord klondike, deal 3: 21 moves, 0 tags>": _NotedRecord(
            game, 3, [Move.draw()] * 21
        ),
    }
    for summary, record in long.items():
        assert repr(record) == summary


def test_a_subclass_of_record_keeps_its_class_through_pickle() -> None:
    record = _NotedRecord(pr.get_game("klondike"), 3, [Move.draw()] * 2)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        loaded = pickle.loads(pickle.dumps(record, protocol))
        assert loaded.__class__ is _NotedRecord and loaded == record
    assert loaded.first() == Move.draw()


def test_a_pickled_record_is_replayed_and_checked_when_loaded() -> None:
    # A record pickles as its game, deal, moves and tags (no states), and
    # loading it replays the moves and checks the tags, as every reader of
    # records does: a pickle of moves that are not legal there, or of a tag
    # no record holds, is refused rather than loaded unchecked.
    captive = pr.get_game("captive-queens")
    record = GameRecord(captive, 1, [Move.draw()] * 3, {"Note": "three draws"})
    blob = pickle.dumps(record)
    loaded = pickle.loads(blob)
    assert loaded == record and loaded.replay() == record.replay()
    assert b"_final" not in blob and b"_start" not in blob

    class Forged:
        """A pickle written by hand: a record of other moves and tags."""

        def __init__(self, moves: list[Move], tags: dict[str, str]) -> None:
            self.moves, self.tags = moves, tags

        def __reduce__(self) -> tuple[object, ...]:
            return (GameRecord, (captive, 1, self.moves, self.tags))

    with pytest.raises(pr.IllegalMoveError, match="move 1"):
        pickle.loads(pickle.dumps(Forged([Move.redeal()], {})))
    with pytest.raises(NotationError, match="lone surrogate"):
        pickle.loads(pickle.dumps(Forged([], {"Note": "a\ud800"})))
    assert copy.copy(record) is record and copy.deepcopy(record) is record


def test_a_record_of_captive_queens_checked_by_hand() -> None:
    game = pr.get_game("easy-start")
    deck = " ".join(str(card) for card in game.deck())
    text = (
        '[Game "easy-start"]\n'
        f'[Deck "{deck}"]\n'
        "\n"
        "1. draw 2. draw 3. draw 4. draw 5. W-F5 6. W-F5 7. W-F5\n"
        "8. W-F5 9. draw 10. W-F1\n"
    )
    record = GameRecord.from_text(text)
    final = record.replay()
    # The stock's top cards were AC 2C 3C 4C 7C: the 4C to AC went down on the
    # 5C and the 7C on the 6C.
    assert [str(card) for card in final.foundations[0]] == ["6C", "7C"]
    assert [str(card) for card in final.foundations[4]] == ["5C", "4C", "3C", "2C", "AC"]
    assert final.waste == ()
    assert final.stock_size == 35
    assert record.deal == game.deck()
    written = record.to_text()
    assert written.startswith(f'[Game "easy-start"]\n[Deck "{deck}"]\n[Result "unfinished"]\n\n')
    assert " ".join(written.split("\n\n")[1].split()) == " ".join(text.split("\n\n")[1].split())


def test_move_numbers_are_optional_and_lines_are_free() -> None:
    numbered = GameRecord.from_text('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. draw')
    bare = GameRecord.from_text('[Game "captive-queens"]\n[Deal "1"]\n\ndraw\n  draw\n')
    joined = GameRecord.from_text('[Game "captive-queens"]\n[Deal "1"]\n1.draw 2.draw')
    assert numbered == bare == joined
    assert numbered.moves == (Move.draw(), Move.draw())


def test_long_games_are_written_in_lines_of_at_most_79_characters() -> None:
    game = play(pr.get_game("captive-queens"), 3, seed=0, steps=500)
    text = _record(game).to_text()
    assert game.final.is_over
    assert all(len(line) <= 79 for line in text.splitlines())
    assert GameRecord.from_text(text).replay() == game.final


def test_a_record_with_an_illegal_move_is_refused_with_the_move_number_and_reason() -> None:
    game = play(pr.get_game("royal-cotillion"), 7, seed=1, steps=5)
    text = _record(game).to_text().replace('[Result "unfinished"]\n', "") + " 6. redeal\n"
    with pytest.raises(
        NotationError, match=r"move 6: move 'redeal': Royal Cotillion has no redeal"
    ):
        GameRecord.from_text(text)
    with pytest.raises(IllegalMoveError, match=r"move 6 \(redeal\): .*this game has no redeal"):
        GameRecord(game.rules, 7, [*game.moves, Move.redeal()])


def test_a_forced_game_refuses_any_move_but_the_compulsory_one() -> None:
    text = '[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. W-F1\n'
    with pytest.raises(
        NotationError, match=r"move 2 \(W-F1\): .*does not take 7D from the waste: it takes 6C next"
    ):
        GameRecord.from_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Deal "1"]\n', r"expected a \[Game \"...\"\] tag"),
        ('[Game "captive-queens"]\n', "either a deal number"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Deck "AC"]\n', "either a deal number"),
        ('[Game "spider"]\n[Deal "1"]\n', "Game: unknown game 'spider'"),
        (
            '[Game "captive-queens"]\n[Deal "-1"]\n',
            "Deal: a deal number is a whole number from 0 to 18446744073709551615, got '-1'",
        ),
        ('[Game "captive-queens"]\n[Deal "18446744073709551616"]\n', "Deal: a deal number is"),
        ('[Game "captive-queens"]\n[Deck "AC 2C"]\n', "Deck: the deck order .* missing 3C"),
        ('[Game "captive-queens"]\n[Deck "AC 2"]\n', "Deck: malformed cards"),
        ('[Game "captive-queens"]\n[Deal 1]\n', r"line 2: malformed tag '\[Deal 1\]'"),
        (
            '[Game "captive-queens"]\n[Deal "1"]\n[Deal "2"]\n',
            "line 3: the tag Deal is given twice",
        ),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Result "draw"]\n', "Result: expected won"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Result "won"]\n', "the record says won"),
        (
            '[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 3. draw',
            "move 2: the record numbers it 3",
        ),
        ('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. T1-F1', "move 2: move 'T1-F1'"),
        ('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw [Note "x"]', "move 2: malformed move"),
    ],
)
def test_malformed_records_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GameRecord.from_text(text)


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"Result": "won"}, "Result is written from the record itself"),
        ({"9lives": "x"}, "a tag name is a letter"),
        ({"Note": 3}, "Note's value is text, got 3"),
        ({"Note": "x" * MAX_TAG_LINE}, "a tag line is at most"),
        ([("Note", "a", "b")], r"expected \(name, value\) pairs"),
    ],
)
def test_bad_tags_are_refused(tags: dict[str, str], message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GameRecord(pr.get_game("captive-queens"), 1, (), tags)


def test_a_bad_deal_is_refused_when_the_record_is_made() -> None:
    with pytest.raises(InvalidDealError, match="a deal number is a whole number"):
        GameRecord(pr.get_game("captive-queens"), -1)
    with pytest.raises(InvalidDealError, match="deal number or a deck order"):
        GameRecord(pr.get_game("captive-queens"), "7")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=0), "expected format version 1"),
        (
            lambda d: d.update(extra=1),
            "has the unknown key 'extra': expected the keys version, game, ",
        ),
        (lambda d: d.pop("game"), "^a record's dict form: lacks game: expected the keys"),
        (lambda d: d.update(deck=["AC"]), "either a deal number"),
        (
            lambda d: (d.pop("deal"), d.update(deck=["AC", 2])),
            "^deck, card 2: expected a card in text such as 'QH', got 2$",
        ),
        (
            lambda d: (d.pop("deal"), d.update(deck=["AC", "2C3C"])),
            "^deck, card 2: malformed card '2C3C': expected a rank",
        ),
        (
            lambda d: (d.pop("deal"), d.update(deck=["AC"] * 40 + ["ZZ"])),
            "^deck, card 41: malformed card 'ZZ'",
        ),
        (
            lambda d: (d.pop("deal"), d.update(deck=["AC", "2C"])),
            "^deck: the deck order is not the cards of Captive Queens",
        ),
        (
            lambda d: (d.pop("deal"), d.update(deck="AC 2C")),
            r"^deck: expected a list of cards in text such as \['QH'\], got 'AC 2C'$",
        ),
        (lambda d: (d.pop("deal"), d.update(deck=["AC"] * 833)), "deck: no game has more than"),
        (lambda d: d.update(deal="1"), "deal: expected a deal number"),
        (lambda d: d.update(moves="draw"), "moves: expected a list"),
        (
            lambda d: d.update(moves=["draw", None]),
            "^moves, move 2: expected a move in text such as 'T3-F5', got None$",
        ),
        (lambda d: d.update(tags=[]), r"^tags: expected a mapping of tag names to text, got \[\]$"),
        (
            lambda d: (d.pop("options", None), d.update(game="freecell", deal=2**31)),
            "^deal: a Microsoft FreeCell deal number is a whole number from 0 to 2147483647",
        ),
        (lambda d: d.update(moves=["draw", "T9-F1"]), "move 2: move 'T9-F1'"),
        (lambda d: d.update(moves=["redeal"]), r"move 1 \(redeal\)"),
        (lambda d: d.update(tags={"Note": 3}), "Note's value is text"),
        (lambda d: d.update(version=10**5000), "got an integer of 5001 digits"),
        (lambda d: d.update(deal=10**5000), "deal: a deal number .* got an integer of 5001 digits"),
        (lambda d: d.update(result="won"), "the record says 'won'"),
        (lambda d: d.update(result="WON"), "result: expected 'won', 'lost' or 'unfinished'"),
        (lambda d: d.update(result=["won"]), r"result: expected .* got \['won'\]"),
        (lambda d: d.update(moves=["draw"] * 10**4, result=1), "result: expected"),
    ],
)
def test_malformed_record_dicts_are_refused(change: object, message: str) -> None:
    data = GameRecord(pr.get_game("captive-queens"), 2, [Move.draw()]).to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        GameRecord.from_dict(data)


def test_a_records_dict_form_given_as_text_is_told_where_it_reads() -> None:
    text = json.dumps(GameRecord(pr.get_game("captive-queens"), 2, [Move.draw()]).to_dict())
    expected = (
        '^expected a record\'s text form, which starts with its tags \\(\\[Game "..."\\] '
        "first\\), got '{': a record's dict form, such as JSON holds, reads with "
        "GameRecord.from_dict$"
    )
    with pytest.raises(NotationError, match=expected):
        GameRecord.from_text(text)
    with pytest.raises(NotationError, match=expected):
        GameRecord.read(io.StringIO("\n  " + text))
    # (other text without tags is told what a record starts with)
    with pytest.raises(
        NotationError, match=r'^a record names its game: expected a \[Game "..."\] tag$'
    ):
        GameRecord.from_text("1. draw")


def test_a_record_dict_takes_tuples_where_it_takes_lists() -> None:
    # As state_from_dict reads its piles (data read through pandas or made in
    # code): a deck and moves given as tuples read as lists do.
    rules = pr.get_game("klondike")
    record = GameRecord(rules, rules.deck_order(5), rules.deal(5).legal_moves()[:1])
    data: dict[str, object] = dict(record.to_dict())
    assert isinstance(data["deck"], list)
    assert isinstance(data["moves"], list)
    data["deck"], data["moves"] = tuple(data["deck"]), tuple(data["moves"])
    assert GameRecord.from_dict(data) == record
    data["moves"] = ("draw",) * (MAX_RECORD_MOVES + 1)
    with pytest.raises(NotationError, match=f"at most {MAX_RECORD_MOVES} moves, got "):
        GameRecord.from_dict(data)
    data["deck"] = ("AC",) * 833
    with pytest.raises(NotationError, match="deck: no game has more than"):
        GameRecord.from_dict(data)


# -- tag values: any text, written so that it reads back ----------------------

AWKWARD = '\u2028\x0b\x0c\x1c\x1d\x1e\x85\u2029\n\r\t\x00\x7f\U0001f0a1\\"\\u2028 ]['


@pytest.mark.parametrize("char", list(AWKWARD))
def test_a_tag_holding_any_character_reads_back(char: str) -> None:
    value = f"a{char}b{char}"
    record = GameRecord(pr.get_game("captive-queens"), 1, [Move.draw()], {"Note": value})
    text = record.to_text()
    # Every line break is escaped: the text has its five lines and no more.
    assert text.splitlines() == text.split("\n")[:-1]
    assert len(text.splitlines()) == 6
    again = GameRecord.from_text(text)
    assert again.tags == (("Note", value),)
    assert again == record
    assert GameRecord.read(io.StringIO(text)) == record
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@given(
    value=st.text(st.characters(exclude_categories=["Cs"])),
    name=st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True),
)
@settings(max_examples=200)
def test_every_tag_value_reads_back(value: str, name: str) -> None:
    if name in ("Game", "Deal", "Deck", "Result"):
        name += "_"
    record = GameRecord(pr.get_game("easy-start"), 3, (), {name: value})
    text = record.to_text()
    assert GameRecord.from_text(text).tags == ((name, value),)
    assert GameRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record
    # (written as UTF-8 as it is, JSON's escapes left out, as web frameworks write it)
    data = json.dumps(record.to_dict(), ensure_ascii=False).encode("utf-8")
    assert GameRecord.from_dict(json.loads(data)) == record


@pytest.mark.parametrize("code", [0xD800, 0xDFFF, 0xD83D])
def test_a_tag_value_holds_no_lone_surrogate(code: int) -> None:
    lone = chr(code)
    # Half of a character UTF-16 writes in two: no UTF-8 text, and so no JSON
    # written as UTF-8, can hold it.  Refused however the record is made.
    captive = pr.get_game("captive-queens")
    refused = (
        rf"^tags: Note's value holds a lone surrogate, U\+{ord(lone):04X} at character 3, which"
    )
    with pytest.raises(NotationError, match=refused):
        GameRecord(captive, 1, (), {"Note": f"ab{lone}c"})
    data = GameRecord(captive, 1, (), {"Note": "ab"}).to_dict()
    with pytest.raises(NotationError, match=refused):
        GameRecord.from_dict({**data, "tags": {"Note": f"ab{lone}c"}})
    text = f'[Game "captive-queens"]\n[Deal "1"]\n[Note "ab\\u{ord(lone):04x}c"]\n'
    with pytest.raises(NotationError, match=refused):
        GameRecord.from_text(text)
    # Two halves escaped as JSON escapes a character past U+FFFF are that one
    # character; either half alone is refused.
    halves = '[Game "captive-queens"]\n[Deal "1"]\n[Note "a\\ud83c\\udca1b"]\n'
    assert GameRecord.from_text(halves).tags == (("Note", "a\U0001f0a1b"),)
    # Only two escapes make one character: an escaped half beside one that is
    # not escaped, or halves not escaped beside another escape, are refused.
    for note in ("a\\ud83c\udca1", "\ud83c\\udca1", '\ud83c\udca1\\"'):
        mixed = f'[Game "captive-queens"]\n[Deal "1"]\n[Note "{note}"]\n'
        with pytest.raises(NotationError, match="lone surrogate"):
            GameRecord.from_text(mixed)
    # A character beyond the first 65,536 is one character, written as it is.
    card = "\U0001f0a1"
    record = GameRecord(captive, 1, (), {"Note": card})
    assert f'[Note "{card}"]' in record.to_text()
    assert GameRecord.from_text(record.to_text()) == record


def test_line_separators_written_unescaped_by_earlier_releases_read_as_text() -> None:
    text = '[Game "captive-queens"]\r\n[Deal "1"]\r[Note "a\u2028b\x0bc\x85d"]\n\ndraw\r\ndraw'
    record = GameRecord.from_text(text)
    assert record.tags == (("Note", "a\u2028b\x0bc\x85d"),)
    assert record.moves == (Move.draw(), Move.draw())


def test_a_byte_order_mark_at_the_start_is_skipped() -> None:
    # As a Windows editor may save a record: U+FEFF first, then \r\n line ends.
    text = GameRecord(pr.get_game("easy-start"), 3, (Move.draw(),)).to_text()
    saved = "\ufeff" + text.replace("\n", "\r\n")
    assert GameRecord.from_text(saved) == GameRecord.from_text(text)
    assert GameRecord.read(io.StringIO(saved)) == GameRecord.from_text(text)
    with pytest.raises(pr.NotationError):  # (only at the start)
        GameRecord.from_text(text.replace("\n\n", "\n\ufeff\n", 1))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (r"a\qb", r"line 3: malformed escape '\\\\q'"),
        (r"a\u12", r"line 3: malformed escape '\\\\u'"),
        (r"a\n", r"malformed escape '\\\\n'"),
    ],
)
def test_unknown_escapes_are_refused(value: str, message: str) -> None:
    text = f'[Game "captive-queens"]\n[Deal "1"]\n[Note "{value}"]\n'
    with pytest.raises(NotationError, match=message):
        GameRecord.from_text(text)


# -- reading replays as it reads ---------------------------------------------


class EndlessDraws:
    """A text stream: a record's tags, then ``size`` characters of draws, made as they are read."""

    def __init__(self, size: int, word: str = "draw ") -> None:
        self.head = '[Game "royal-cotillion"]\n[Deal "1"]\n\n'
        self.word = word
        self.left = size
        self.given = 0

    def read(self, size: int = -1) -> str:
        if self.head:
            head, self.head = self.head, ""
            return head
        size = min(size, self.left)
        self.left -= size
        self.given += size
        return (self.word * (size // len(self.word) + 1))[:size]


def test_a_long_record_of_draws_stops_at_the_first_illegal_move_having_read_little() -> None:
    stream = EndlessDraws(100 * 10**6)
    tracemalloc.start()
    try:
        with pytest.raises(NotationError, match=r"^move 69 \(draw\): illegal move"):
            GameRecord.read(stream)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Royal Cotillion's stock holds 68 cards: the 69th draw is refused, after
    # reading a piece or two of the 100 MB.
    assert stream.given <= 2**17
    assert peak < 2 * 10**6


def test_a_long_text_is_read_without_splitting_it_all() -> None:
    text = '[Game "royal-cotillion"]\n[Deal "1"]\n\n' + "draw\n" * (4 * 10**6)
    tracemalloc.start()
    try:
        with pytest.raises(NotationError, match=r"^move 69 \(draw\)"):
            GameRecord.from_text(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # A list of the 4 million words would take more than 30 MB.
    assert peak < 2 * 10**6


def test_a_word_longer_than_any_move_is_refused_unread() -> None:
    stream = EndlessDraws(50 * 10**6, word="d")
    with pytest.raises(
        NotationError, match=r"^move 1: 'dddd.*is no move: a move is at most"
    ) as raised:
        GameRecord.read(stream)
    assert len(str(raised.value)) < 120
    assert stream.given <= 2**17
    assert len("999. T10-F12:13") <= MAX_MOVE_LENGTH


def test_a_stream_giving_a_character_at_a_time_is_read_a_chunk_at_a_time() -> None:
    # The reader joins a line's unread start to each piece it takes: a piece a
    # character long would make a long line quadratic (a tag of 320,000
    # characters took 3.4 s), so short reads are joined into whole chunks.
    note = "a" * 150_000
    text = f'[Game "royal-cotillion"]\n[Deal "1"]\n[Note "{note}"]\n\ndraw draw\n'
    chunks = list(records._chunks_of_stream(Pieces(text, [1, 2, 5])))
    assert "".join(chunks) == text
    assert [len(chunk) for chunk in chunks[:-1]] == [records._CHUNK] * (len(chunks) - 1)
    record = GameRecord.read(Pieces(text, [1]))
    assert record == GameRecord.from_text(text)
    assert dict(record.tags)["Note"] == note
    assert len(record.moves) == 2


def test_a_tag_line_without_end_is_refused_having_read_little() -> None:
    class Endless:
        given = 0

        def read(self, size: int = -1) -> str:
            self.given += size
            return '[Game "' if self.given == size else "x" * size

    stream = Endless()
    with pytest.raises(NotationError, match=r"^line 1: a tag line is at most \d+ characters"):
        GameRecord.read(stream)
    assert stream.given <= MAX_TAG_LINE + 2**17


@pytest.mark.parametrize("where", ["between moves", "before the moves", "at the end"])
def test_white_space_runs_at_most_max_tag_line_characters_wherever_the_pieces_end(
    where: str,
) -> None:
    # The reader takes text in pieces of 65,536 characters; a run of white
    # space is counted whole, across the pieces, wherever it ends.
    head = '[Game "royal-cotillion"]\n[Deal "1"]'  # (a tag line's end is white space)
    for length, kept in ((MAX_TAG_LINE, True), (MAX_TAG_LINE + 1, False)):
        # (blank lines after a tag: spaces there would lengthen the tag's line)
        space = ("\n" if where == "before the moves" else " ") * (length - 1) + "\n"
        text = {
            "between moves": f"{head}\n\ndraw{space}draw",
            "before the moves": f"{head}{space}draw draw",
            "at the end": f"{head}\n\ndraw draw{space}",
        }[where]
        for read in (GameRecord.from_text, lambda text: GameRecord.read(io.StringIO(text))):
            if kept:
                assert len(read(text).moves) == 2
            else:
                with pytest.raises(
                    NotationError,
                    match=f"more than {MAX_TAG_LINE:,} characters of white space in a row",
                ):
                    read(text)


def test_the_longest_tag_line_reads_back() -> None:
    # A tag line of MAX_TAG_LINE characters, with more lines after it.
    game = pr.get_game("captive-queens")
    for note in ("x" * (MAX_TAG_LINE - len('[Note ""]')), "x" * (MAX_TAG_LINE - 10)):
        record = GameRecord(game, 1, (pr.Move.draw(),), {"Note": note})
        text = record.to_text()
        assert max(map(len, text.splitlines())) <= MAX_TAG_LINE
        assert GameRecord.from_text(text) == record
        assert GameRecord.read(io.StringIO(text)) == record
    with pytest.raises(NotationError, match="a tag line is at most"):
        GameRecord(game, 1, (), {"Note": "x" * (MAX_TAG_LINE - len('[Note ""]') + 1)})


class Tags:
    """Tags ``T1``, ``T2``, ... without end, counted as they are taken (a test fails past 2000)."""

    def __init__(self) -> None:
        self.taken = 0

    def __iter__(self) -> typing.Iterator[tuple[str, str]]:
        return self

    def __next__(self) -> tuple[str, str]:
        self.taken += 1
        if self.taken > 2000:
            raise AssertionError(f"read on to tag {self.taken}")
        return f"T{self.taken}", "x"


def test_a_record_holds_at_most_max_tags_tags_besides_its_own() -> None:
    assert MAX_TAGS == 1000
    game = pr.get_game("klondike")
    too_many = "besides Game, Rules, Deal, Deck and Result$"
    endless = Tags()
    with pytest.raises(NotationError, match="^tags: a record holds at most 1000 tags " + too_many):
        GameRecord(game, 1, (), endless)
    assert endless.taken == 1001
    most = GameRecord(game, 1, (), itertools.islice(Tags(), 1000))
    assert len(most.tags) == 1000
    # Read from text, its own tags (here Game, Deal, Result) are not counted.
    text = most.to_text()
    assert GameRecord.from_text(text) == most
    with pytest.raises(
        NotationError, match="^line 1004: a record holds at most 1000 tags " + too_many
    ):
        GameRecord.read(io.StringIO(text.rstrip("\n") + '\n[More "x"]\n'))
    with pytest.raises(NotationError, match="^tags: a record holds at most 1000 tags " + too_many):
        GameRecord.from_dict({**most.to_dict(), "tags": {**dict(most.tags), "More": "x"}})


def test_a_stream_that_cannot_be_read_is_refused_with_the_system_s_words(
    tmp_path: Path,
) -> None:
    path = tmp_path / "record.txt"
    unreadable = r"^a record's stream cannot be read: "
    # (a file open for writing only: io.UnsupportedOperation, a ValueError and an OSError)
    with (
        path.open("w", encoding="utf-8") as written_only,
        pytest.raises(NotationError, match=unreadable + "'not readable'$"),
    ):
        GameRecord.read(written_only)
    reading, writing = os.pipe()
    os.close(reading)
    with (
        os.fdopen(writing, "r") as wrong_end,
        pytest.raises(NotationError, match=unreadable + "'Bad file descriptor'$"),
    ):
        GameRecord.read(wrong_end)


def test_what_is_not_a_text_stream_is_refused() -> None:
    with pytest.raises(NotationError, match="text stream such as an open file"):
        GameRecord.read("[Game ...]")  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="got bytes from read"):
        GameRecord.read(io.BytesIO(b'[Game "captive-queens"]'))  # type: ignore[arg-type]
    latin = io.TextIOWrapper(io.BytesIO(b'[Game "captive-queens"]\n[Note "\xff"]'), "utf-8")
    with pytest.raises(NotationError, match="not utf-8"):
        GameRecord.read(latin)
    with pytest.raises(NotationError, match="a record is text, got bytes"):
        GameRecord.from_text(b"[Game]")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "deal",
    [
        pytest.param(10**5000, id="huge"),
        pytest.param(-(10**5000), id="-huge"),
        2**64,
        True,
        1.5,
        "7",
        None,
    ],
)
def test_a_deal_that_is_no_deal_number_is_refused_briefly(deal: object) -> None:
    with pytest.raises(InvalidDealError, match="deal") as raised:
        GameRecord(pr.get_game("captive-queens"), deal)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 150


def test_the_largest_deal_number_is_a_deal() -> None:
    rules = pr.get_game("captive-queens")
    record = GameRecord(rules, pr.MAX_DEAL_NUMBER)
    assert GameRecord.from_text(record.to_text()) == record
    assert record.replay() == rules.deal(pr.MAX_DEAL_NUMBER)


def test_an_endless_deck_order_is_refused() -> None:
    with pytest.raises(InvalidDealError, match="deck order"):
        GameRecord(pr.get_game("captive-queens"), itertools.repeat(pr.Card.from_str("AC")))


# -- moves from an iterable, and the most moves a record holds -----------------

#: Klondike's cycle of legal moves, played for ever: its 24 stock cards drawn, then a redeal.
CYCLE: typing.Final = (Move.draw(),) * 24 + (Move.redeal(),)


class Taken:
    """The moves of an iterable, counted as they are taken, and never more than ``most``."""

    def __init__(self, moves: typing.Iterable[Move], most: int) -> None:
        self.moves = iter(moves)
        self.most = most
        self.taken = 0

    def __iter__(self) -> typing.Iterator[Move]:
        return self

    def __next__(self) -> Move:
        move = next(self.moves)
        self.taken += 1
        if self.taken > self.most:
            raise AssertionError(f"read on to move {self.taken}")
        return move


def test_moves_from_an_iterable_are_played_as_they_are_taken() -> None:
    klondike = pr.get_game("klondike")
    draws = Taken(itertools.repeat(Move.draw()), 10**4)
    with pytest.raises(IllegalMoveError) as caught:
        GameRecord(klondike, 1, draws)
    # The 25th draw is refused (Klondike's stock holds 24 cards), and no move after it is taken.
    assert draws.taken == 25
    # As a list of the same moves is refused, and a finite generator.
    with pytest.raises(IllegalMoveError) as listed:
        GameRecord(klondike, 1, [Move.draw()] * 30)
    assert str(caught.value) == str(listed.value)
    assert str(caught.value).startswith("move 25 (draw): illegal move draw in Klondike")
    with pytest.raises(IllegalMoveError, match=r"^move 1 \(0\): expected a Move, got 0$"):
        GameRecord(klondike, 1, Taken(range(10**18), 1))  # type: ignore[arg-type]
    played = Taken(CYCLE * 2, 50)
    assert GameRecord(klondike, 1, played) == GameRecord(klondike, 1, CYCLE * 2)
    assert played.taken == 50


def test_a_record_holds_at_most_max_record_moves_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    # Klondike may go on for ever by legal moves: an endless iterable (or
    # text) of them is refused at the move past the bound, not read on.
    monkeypatch.setattr(records, "MAX_RECORD_MOVES", 1000)
    klondike = pr.get_game("klondike")
    endless = Taken(itertools.cycle(CYCLE), 10**4)
    with pytest.raises(IllegalMoveError, match=r"^move 1001: a record holds at most 1000 moves$"):
        GameRecord(klondike, 1, endless)
    assert endless.taken == 1001
    with pytest.raises(IllegalMoveError, match=r"^move 1001: a record holds at most 1000 moves$"):
        GameRecord(klondike, 1, list(itertools.islice(itertools.cycle(CYCLE), 1001)))
    longest = GameRecord(klondike, 1, Taken(itertools.islice(itertools.cycle(CYCLE), 1000), 1000))
    assert len(longest.moves) == 1000
    text = longest.to_text()
    assert GameRecord.from_text(text) == longest
    # The text reader and the dict reader keep to the same bound.
    stream = EndlessDraws(10**7, word=" ".join(str(move) for move in CYCLE) + " ")
    stream.head = '[Game "klondike"]\n[Deal "1"]\n\n'
    with pytest.raises(NotationError, match=r"^move 1001: a record holds at most 1000 moves$"):
        GameRecord.read(stream)
    assert stream.given <= 2**17
    with pytest.raises(NotationError, match=r"^move 1001: a record holds at most 1000 moves$"):
        GameRecord.from_text(text + " draw")
    data = longest.to_dict()
    assert GameRecord.from_dict(data) == longest
    data["moves"].append("draw")
    with pytest.raises(
        NotationError, match=r"^moves: a record holds at most 1000 moves, got 1001$"
    ):
        GameRecord.from_dict(data)


def test_the_most_moves_a_record_holds_is_a_million() -> None:
    assert records.MAX_RECORD_MOVES == 1_000_000
    moves = list(itertools.islice(itertools.cycle(CYCLE), 10**6 + 1))
    # (a list too long is refused before any move is played)
    with pytest.raises(
        IllegalMoveError, match=r"^move 1000001: a record holds at most 1000000 moves$"
    ):
        GameRecord(pr.get_game("klondike"), 1, moves)


# -- hostile input: only the library's errors -----------------------------------

_VALID = (
    '[Game "royal-cotillion"]\n[Deal "7"]\n[Result "unfinished"]\n[Note "a\\u2028b"]\n\n'
    "1. T4-F4 2. R2-F2 3. R3-F7\n"
)


@given(text=st.text())
@settings(max_examples=300)
def test_any_text_reads_as_a_record_or_raises_a_notation_error(text: str) -> None:
    try:
        record = GameRecord.from_text(text)
    except NotationError:
        return
    assert GameRecord.from_text(record.to_text()) == record


@given(data=st.data())
@settings(max_examples=300)
def test_mutated_records_read_back_or_raise_a_notation_error(data: st.DataObject) -> None:
    text = _VALID
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 3))
        text = text[:at] + data.draw(st.text(max_size=3)) + text[at + cut :]
    try:
        record = GameRecord.from_text(text)
    except NotationError:
        return
    again = GameRecord.from_text(record.to_text())
    assert again == record
    assert again.replay() == record.replay()


@given(
    data=st.dictionaries(
        st.sampled_from(["version", "game", "options", "deal", "deck", "moves", "tags", "result"]),
        st.none() | st.booleans() | st.integers() | st.text() | st.lists(st.text(max_size=4)),
    )
)
@settings(max_examples=300)
def test_any_dict_reads_as_a_record_or_raises_a_notation_error(data: dict[str, object]) -> None:
    try:
        record = GameRecord.from_dict(data)
    except NotationError as error:
        message = str(error)
    else:
        assert GameRecord.from_dict(record.to_dict()) == record
        return
    assert len(message) < 400


def _mine_record_text() -> str:
    data = pr.get_game("captive-queens").to_dict()
    data["name"] = "queens-of-mine"
    return GameRecord(pr.GameRules.from_dict(data), 1, [Move.draw()]).to_text()


def test_a_record_of_an_unregistered_game_carries_its_rules_in_json() -> None:
    text = _mine_record_text()
    assert '[Game "queens-of-mine"]' in text and "[Rules " in text
    assert GameRecord.from_text(text).rules.name == "queens-of-mine"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda text: text.replace('[Game "queens-of-mine"]', '[Game "captive-queens"]'),
            "Rules: the rules are those of 'queens-of-mine', not of the game 'captive-queens'",
        ),
        # Python's JSON reader keeps the last of a repeated key: the first would vanish.
        (
            lambda text: text.replace('[Rules "{', '[Rules "{\\"decks\\":7,'),
            "the key 'decks' is given twice",
        ),
        (lambda text: text.replace('[Rules "{', '[Rules "{,'), "Rules: malformed JSON"),
        (
            lambda text: re.sub(r"\[Rules \".*\"\]", '[Rules "[1]"]', text),
            "Rules: expected a JSON object",
        ),
    ],
)
def test_a_bad_rules_tag_is_refused(change: Callable[[str], str], message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        GameRecord.from_text(change(_mine_record_text()))


def test_a_record_read_plays_each_move_once(monkeypatch: pytest.MonkeyPatch) -> None:
    record = cycled_record(pr.get_game("royal-cotillion"), 4, 40)
    text, data = record.to_text(), record.to_dict()
    played: list[pr.Move] = []
    apply = pr.State.apply

    def counted(self: pr.State, move: pr.Move) -> pr.State:
        played.append(move)
        return apply(self, move)

    monkeypatch.setattr(pr.State, "apply", counted)
    readers: list[Callable[[], GameRecord]] = [
        lambda: GameRecord.from_text(text),
        lambda: GameRecord.from_dict(data),
        lambda: GameRecord.read(io.StringIO(text)),
    ]
    for read in readers:
        played.clear()
        assert read() == record
        assert played == list(record.moves)


def test_moves_of_a_record_are_read_by_their_text() -> None:
    # (A move written as the writers write it is found by one lookup; a text
    # of another class, which may compare equal to any text, is read by its
    # characters.)
    rules = pr.get_game("royal-cotillion")
    state = rules.deal(1)
    first = state.legal_moves()[0]
    second = next(move for move in state.apply(first).legal_moves() if str(move) != str(first))

    class Liar(str):
        __slots__ = ()

        def __hash__(self) -> int:
            return hash(str(first))

        def __eq__(self, other: object) -> bool:
            return True

    record = GameRecord(rules, 1, [first, second])
    data = record.to_dict()
    assert GameRecord.from_dict({**data, "moves": [str(first), Liar(str(second))]}) == record
