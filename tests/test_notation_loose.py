"""The loose move reader of the notation (the command line's ``play`` reads moves with it)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules.notation import move_from_loose_text, move_from_text
from patience_rules.players import RandomPlayer

ROYAL = pr.get_game("royal-cotillion")


def states_along(name: str, deal: int) -> list[pr.State]:
    """The states of a random game of ``name``."""
    state = pr.get_game(name).deal(deal)
    choose = RandomPlayer(seed=5).chooser(deal)
    states = [state]
    while state.legal_moves():
        state = state.apply(choose(state, state.legal_moves()))
        states.append(state)
    return states


@pytest.mark.parametrize("name", ["royal-cotillion", "odd-and-even", "captive-queens"])
def test_the_notation_and_the_card_name_each_legal_move(name: str) -> None:
    for state in states_along(name, 3)[::3]:
        moves = state.legal_moves()
        for move in moves:
            assert move_from_loose_text(str(move), state) == move
            assert pr.move_from_loose_text(str(move), state=state) == move
            assert move_from_loose_text(str(move).lower().replace("-", " -> "), state) == move
            if move.is_draw or move.is_redeal:
                continue
            card = state.card_of(move)
            same_card = [
                m for m in moves if not m.is_draw and not m.is_redeal and state.card_of(m) == card
            ]
            if len(same_card) == 1:
                assert move_from_loose_text(str(card), state) == move
            else:
                with pytest.raises(pr.NotationError, match="fits more than one legal move"):
                    move_from_loose_text(str(card), state)
            # A card and its source and target always pick it out.
            source, target = (pr.notation.place_to_text(p) for p in (move.source, move.target))
            assert move_from_loose_text(f"{card} {source} {target}", state) == move


def test_cards_and_places_narrow_the_choice() -> None:
    state = ROYAL.deal(7)
    column = pr.Move.to_foundation(pr.Place(pr.PileKind.COLUMN, 3), 3)
    assert move_from_loose_text("3S", state) == column
    assert move_from_loose_text("T4", state) == column
    assert move_from_loose_text("F4", state) == column
    assert move_from_loose_text("3s -> f4", state) == column
    assert move_from_loose_text("t4, F4", state) == column
    assert move_from_loose_text("3S-F4", state) == column
    assert move_from_loose_text("4♥", state) == pr.Move.to_foundation(
        pr.Place(pr.PileKind.CELL, 2), 6
    )
    assert move_from_loose_text("3D R10", state) == pr.Move.to_foundation(
        pr.Place(pr.PileKind.CELL, 9), 1
    )
    assert move_from_loose_text("draw", state) == pr.Move.draw()
    # Separators before the first word, or doubled, are only separators.
    assert move_from_loose_text("->3S", state) == column
    assert move_from_loose_text(", t4 ,, f4", state) == column


@pytest.mark.parametrize("text", ["S-W", "S W", "s -> w", "S,W", "S", " s "])
def test_the_draw_is_named_by_its_places_with_any_separator_or_by_the_stock(text: str) -> None:
    assert move_from_loose_text(text, ROYAL.deal(7)) == pr.Move.draw()


@pytest.mark.parametrize("text", ["W-S", "W S", "w->s", "S"])
def test_the_redeal_is_named_by_its_places_or_by_the_empty_stock(text: str) -> None:
    state = pr.get_game("klondike").deal(1)
    while not state.is_legal(pr.Move.redeal()):
        state = state.apply(pr.Move.draw())
    assert [str(move) for move in state.legal_moves()] == ["T1-T7", "redeal"]
    assert move_from_loose_text(text, state) == pr.Move.redeal()
    # A lone W names a move of the waste's card, never the redeal (nor the draw).
    with pytest.raises(pr.NotationError, match="no legal move starts or ends at W"):
        move_from_loose_text("W", state)


def test_a_card_that_goes_to_several_places_from_one_is_asked_for_with_its_target() -> None:
    state = pr.get_game("freecell").deal(1)  # four empty cells
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text("6S", state)
    assert str(caught.value) == (
        "'6S' fits more than one legal move (T1-R1, T1-R2, T1-R3, T1-R4): say which, "
        "such as '6S R1'"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("3D", "'3D' fits more than one legal move (R2-F2, R10-F2): say which, such as '3D R2'"),
        ("F2", "fits more than one legal move (R2-F2, R10-F2): say which, such as 'R2-F2'"),
        ("KH", "no legal move fits 'KH': KH cannot move now"),
        ("3D F3", "no legal move fits '3D F3': 3D can move by R2-F2, R10-F2"),
        ("T1 F1", "no legal move goes from T1 to F1"),
        ("W", "no legal move starts or ends at W"),
        (
            "T4-F1",
            "'T4-F1' is not a legal move here: foundation 1 (clubs A 3 5 7 9 J K 2 4 6 8 10 Q) "
            "does not take 3S from Ladies column 4: it takes 3C next; the legal moves from T4 "
            "are T4-F4",
        ),
        (
            "redeal",
            "'redeal' is not a legal move here: this game has no redeal; the legal moves are "
            "T4-F4, R2-F2",
        ),
        ("3S 4H", "names two cards, 3S and 4H"),
        ("T1 F1 F2", "names more than two places"),
        ("draw T1", "'draw' is a move of its own"),
        ("T9", "place 'T9': Royal Cotillion has Ladies columns T1 to T4"),
        # (a move in the notation that names no place of the game: the notation's message)
        ("T9-F4", "move 'T9-F4': place 'T9': Royal Cotillion has Ladies columns T1 to T4"),
        ("T4-F4:x", "malformed move 'T4-F4:x': expected 'draw', 'redeal' or source-target"),
        # (a card to the waste, or from the stock to another pile, is no move, not the draw)
        ("T1-W", "no legal move fits 'T1-W': no legal move goes from T1 to W"),
        ("S-T1", "no legal move fits 'S-T1': no legal move goes from S to T1"),
        ("M", "place 'M': Royal Cotillion has no middle"),
        ("col1", "cannot read 'col1': expected a move such as T4-F4 or 3S"),
        ("jump", "cannot read 'jump'"),
        ("  ", "an empty move"),
    ],
)
def test_refusals_say_what_fits(text: str, message: str) -> None:
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text(text, ROYAL.deal(7))
    assert message in str(caught.value)


@pytest.mark.parametrize(("text", "why"), [("draw", "has no stock"), ("redeal", "has no redeal")])
def test_the_moves_of_a_stock_in_a_game_without_one_are_refused_as_apply_refuses_them(
    text: str, why: str
) -> None:
    state = pr.get_game("freecell").deal(1)
    with pytest.raises(pr.NotationError, match=why):
        move_from_text(text, state)
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text(text, state)
    message = str(caught.value)
    assert message.startswith(f"'{text}' is not a legal move here: this game {why}; ")
    assert "the legal moves are" in message


def test_a_shift_in_a_game_with_no_shifts_is_refused_as_apply_refuses_it() -> None:
    state = pr.get_game("crescent", shifts=0).deal(1)
    for word in ("shift", "redeal"):
        with pytest.raises(pr.NotationError) as caught:
            move_from_loose_text(word, state)
        assert str(caught.value).startswith(
            f"'{word}' is not a legal move here: this game has no redeal; the legal moves are "
        )


@pytest.mark.parametrize("text", ["r", "R", "d"])
def test_letters_mean_what_the_notation_says(text: str) -> None:
    # 'R' is a reserve cell (it needs a number), never the redeal; 'd' is nothing.
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text(text, ROYAL.deal(7))
    message = str(caught.value)
    assert "redeal" not in message.split(":")[0]
    if text.upper() == "R":
        assert "Lords cells R1 to R16" in message


def test_the_examples_come_from_the_game() -> None:
    state = pr.get_game("captive-queens").deal(1)
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text("jump", state)
    message = str(caught.value)
    assert "expected a move such as draw: " in message  # (its only legal move)
    assert "R1" not in message and "T1" not in message  # no cells, no columns
    assert "F1 a foundation, W the waste, S the stock, M the middle" in message


def test_a_compulsory_games_move_is_named_once() -> None:
    # Captive Queens, deal 1: draws until the waste's top card can go home.
    state = pr.get_game("captive-queens").deal(1)
    while state.legal_moves()[0].is_draw:
        state = state.apply(state.legal_moves()[0])
    (move,) = state.legal_moves()
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text("draw", state)
    message = str(caught.value)
    assert message == (
        "'draw' is not a legal move here: every move is compulsory here and the move to "
        f"make is {pr.move_to_text(move)}"
    )
    # A move that the rules refuse for itself still gets the legal moves as a hint.
    with pytest.raises(pr.NotationError, match="; the only legal move is"):
        move_from_loose_text("redeal", state)


@pytest.mark.parametrize(
    ("game", "places"),
    [
        ("freecell", "(T1 a tableau column, R1 a reserve cell, F1 a foundation)"),
        ("crescent", "(T1 a tableau column, F1 a foundation)"),
        ("klondike", "(T1 a tableau column, F1 a foundation, W the waste, S the stock)"),
    ],
)
def test_the_places_named_are_the_games_own(game: str, places: str) -> None:
    # (A game without a stock has no waste either: its draw and redeal, which
    # every layout lists, name no place that a card and a place may use.)
    state = pr.get_game(game).deal(1)
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text("jump", state)
    assert str(caught.value).endswith(f"or a card and a place {places}")


@given(st.text(max_size=40) | st.binary(max_size=20).map(lambda b: b.decode("latin-1")))
def test_any_text_is_read_or_refused_with_a_notation_error(text: str) -> None:
    state = ROYAL.deal(7)
    message = ""
    try:
        move = move_from_loose_text(text, state)
    except pr.NotationError as error:
        message = str(error)
    else:
        assert move in state.legal_moves()
    assert len(message) < 500


@pytest.mark.parametrize("size", [100, 10_000, 1_000_000])
def test_huge_text_is_quoted_briefly(size: int) -> None:
    for text in ("c" + "1" * size, "T" + "1" * size, "Q" * size, "1" * size, "QH " * (size // 3)):
        with pytest.raises(pr.NotationError) as caught:
            move_from_loose_text(text, ROYAL.deal(7))
        assert len(str(caught.value)) < 500


def test_only_text_and_states() -> None:
    with pytest.raises(pr.NotationError, match="a move is written as text"):
        move_from_loose_text(3, ROYAL.deal(7))  # type: ignore[arg-type]
    with pytest.raises(pr.NotationError, match="a move is read for a State"):
        move_from_loose_text("3S", ROYAL)  # type: ignore[arg-type]


def test_a_refusal_gives_the_rules_reason_whatever_the_title() -> None:
    rules = attrs.evolve(pr.freecell(), name="freecell-test", title="FreeCell: a test")
    with pytest.raises(pr.NotationError) as caught:
        move_from_loose_text("T1-T2", rules.deal(1))
    assert str(caught.value).startswith(
        "'T1-T2' is not a legal move here: 6S does not go on 9C (one rank lower, in the other "
        "colour); the legal moves from T1 are T1-R1"
    )
