"""Game records: writing, reading, replaying and refusing."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings

import patience_rules as pr
from notation_support import Played, assert_valid, play, played_games
from patience_rules import IllegalMoveError, InvalidDealError, Move, NotationError
from patience_rules.records import GameRecord


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


@given(game=played_games())
@settings(max_examples=40)
def test_every_played_game_reads_back_from_its_dict_through_json(game: Played) -> None:
    record = _record(game)
    again = GameRecord.from_dict(json.loads(json.dumps(record.to_dict())))
    assert again == record
    assert again.replay() == game.final


@given(game=played_games(max_steps=80))
@settings(max_examples=30)
def test_a_record_states_its_result_and_keeps_its_tags(game: Played) -> None:
    record = _record(game, Event="club night")
    final = game.final
    expected = "won" if final.is_won else "lost" if final.is_over else "unfinished"
    assert record.result == expected
    assert f'[Result "{expected}"]' in record.to_text()
    assert record.tags == (("Event", "club night"),)
    assert record.start == game.states[0]
    assert_valid(record.replay())
    assert pickle.loads(pickle.dumps(record)) == record


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
    with pytest.raises(NotationError, match=r"move 6 \(redeal\): .*this game has no redeal"):
        GameRecord.from_text(text)
    with pytest.raises(IllegalMoveError, match=r"move 6 \(redeal\): .*this game has no redeal"):
        GameRecord(game.rules, 7, [*game.moves, Move.redeal()])


def test_a_forced_game_refuses_any_move_but_the_compulsory_one() -> None:
    text = '[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 2. W-F1\n'
    with pytest.raises(NotationError, match=r"move 2 \(W-F1\): .*does not take 7D from the waste: it takes 6C next"):
        GameRecord.from_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Deal "1"]\n', r"expected a \[Game \"...\"\] tag"),
        ('[Game "captive-queens"]\n', "either a deal number"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Deck "AC"]\n', "either a deal number"),
        ('[Game "klondike"]\n[Deal "1"]\n', "Game: unknown game 'klondike'"),
        ('[Game "captive-queens"]\n[Deal "-1"]\n', "Deal: expected a deal number, got '-1'"),
        ('[Game "captive-queens"]\n[Deal "18446744073709551616"]\n', "Deal: a deal number is"),
        ('[Game "captive-queens"]\n[Deck "AC 2C"]\n', "Deck: the deck order .* missing 3C"),
        ('[Game "captive-queens"]\n[Deck "AC 2"]\n', "Deck: malformed cards"),
        ('[Game "captive-queens"]\n[Deal 1]\n', r"line 2: malformed tag '\[Deal 1\]'"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Deal "2"]\n', "line 3: the tag Deal is given twice"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Result "draw"]\n', "Result: expected won"),
        ('[Game "captive-queens"]\n[Deal "1"]\n[Result "won"]\n', "the record says won"),
        ('[Game "captive-queens"]\n[Deal "1"]\n\n1. draw 3. draw', "move 2: the record numbers it 3"),
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
        ({"Note": "two\nlines"}, "one line of text"),
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
        (lambda d: d.update(extra=1), "unknown keys extra"),
        (lambda d: d.pop("game"), "lacks the key game"),
        (lambda d: d.update(deck=["AC"]), "either a deal number"),
        (lambda d: d.update(deal="1"), "deal: expected a deal number"),
        (lambda d: d.update(moves="draw"), "moves: expected a list"),
        (lambda d: d.update(moves=["draw", "T9-F1"]), "move 2: move 'T9-F1'"),
        (lambda d: d.update(moves=["redeal"]), r"move 1 \(redeal\)"),
        (lambda d: d.update(tags={"Note": 3}), "Note's value is one line of text"),
        (lambda d: d.update(result="won"), "the record says 'won'"),
    ],
)
def test_malformed_record_dicts_are_refused(change: object, message: str) -> None:
    data = GameRecord(pr.get_game("captive-queens"), 2, [Move.draw()]).to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        GameRecord.from_dict(data)
