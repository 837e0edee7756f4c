"""Freecell Solver's solutions, read into our notation, replay through the FreeCell rule reader.

fc-solve is a declared test tool (CI installs Debian's freecell-solver-bin): when it
is missing, these tests fail with the command that installs it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fc_solve import (
    FcSolveError,
    board_text,
    deal_board,
    deal_columns,
    parse_solution,
    run_fc_solve,
    solve,
)
from freecell_model import FreeCellModel
from patience_rules import Card
from patience_rules.deals import microsoft_deck_order


def cards(text: str) -> list[Card]:
    return [Card.from_str(word) for word in text.split()]


def test_deals_1_to_200_replay_and_are_won() -> None:
    """Every move fc-solve makes is legal by the rules (supermoves on) and wins the deal."""
    lengths = []
    for number in range(1, 201):
        order = microsoft_deck_order(number)
        model = FreeCellModel.deal(order, supermoves=True)
        moves = solve(order)
        for move in moves:
            model.apply(move)  # raises IllegalMove, showing the position
        assert model.is_won, f"deal {number}"
        lengths.append(len(moves))
    assert sum(lengths) / len(lengths) < 200  # reasonably short solutions


def test_a_board_is_one_column_a_line_bottom_card_first() -> None:
    order = microsoft_deck_order(1)
    lines = deal_board(order).splitlines()
    assert len(lines) == 8
    assert lines[0] == "JD KD 2S 4C 3S 6D 6S"
    assert lines[7] == "5H 3H 3C 7S 7D TC"
    assert deal_columns(order)[7] == cards("5H 3H 3C 7S 7D 10C")


def test_a_board_with_free_cells_and_foundations_is_solved_and_replayed() -> None:
    columns = [cards("KS"), [], [], [], [], [], [], []]
    free = [None, Card.from_str("QS"), None, Card.from_str("KC")]
    heights = [12, 13, 13, 11]  # clubs to the Queen, spades to the Jack
    board = board_text(columns, free, heights)
    assert board.splitlines()[:2] == ["Foundations: C-Q D-K H-K S-J", "Freecells: - QS - KC"]
    moves = parse_solution(run_fc_solve(board), columns=columns, cells=free)
    homes: list[list[Card]] = [
        [Card.from_index(suit * 13 + r) for r in range(height)]
        for suit, height in enumerate(heights)
    ]
    model = FreeCellModel(columns, free, homes, supermoves=True)
    for move in moves:
        model.apply(move)
    assert model.is_won
    assert moves[0] == "R2-F4"  # fc-solve's freecell 1 is our R2


def test_a_solver_that_gives_up_is_an_error() -> None:
    with pytest.raises(FcSolveError, match="no solution"):
        run_fc_solve(deal_board(microsoft_deck_order(1)), max_iterations=5)


# -- the parser on hand-written output, for what fc-solve may print -------------------


def render(columns: Sequence[str], cells: Sequence[str | None], homes: str) -> str:
    """A state as ``fc-solve -p -t`` prints it; ``homes`` as in ``H-0 C-0 D-0 S-0``."""
    free = "".join(f" {card or '':>3}" for card in cells)
    lines = [f"Foundations: {homes} ", f"Freecells:{free}"]
    lines += [f": {column}".rstrip() if column else ": " for column in columns]
    return "\n".join(lines) + "\n\n\n====================\n\n"


def output(*steps: tuple[str | None, str]) -> str:
    """fc-solve's ``-sam`` output: the start, then each move with the state after it."""
    text = "-=-=-=-=-=-=-=-=-=-=-=-\n\n"
    for move, state in steps:
        if move is not None:
            text += move + "\n\n"
        text += state
    return text + "This game is solveable.\n"


EMPTY = [""] * 6
DONE = render(["", "", *EMPTY], [None] * 4, "H-K C-K D-K S-K")


def test_a_move_between_free_cells_is_left_out_and_cells_keep_our_numbers() -> None:
    text = output(
        (None, render(["KS", "KC", *EMPTY], [None] * 4, "H-K C-Q D-K S-Q")),
        (
            "Move a card from stack 1 to freecell 0",
            render(["KS", "", *EMPTY], ["KC", None, None, None], "H-K C-Q D-K S-Q"),
        ),
        (
            "Move a card from freecell 0 to freecell 3",
            render(["KS", "", *EMPTY], [None, None, None, "KC"], "H-K C-Q D-K S-Q"),
        ),
        (
            "Move a card from freecell 3 to the foundations",
            render(["KS", "", *EMPTY], [None] * 4, "H-K C-K D-K S-Q"),
        ),
        ("Move a card from stack 0 to the foundations", DONE),
    )
    assert parse_solution(text) == ["T2-R1", "R1-F1", "T1-F4"]


def test_cells_shown_in_another_order_are_known_by_their_cards() -> None:
    text = output(
        (None, render(["KS", "KC", "KD", *EMPTY[:5]], [None] * 4, "H-K C-Q D-Q S-Q")),
        (
            "Move a card from stack 1 to freecell 0",
            render(["KS", "", "KD", *EMPTY[:5]], ["KC", None, None, None], "H-K C-Q D-Q S-Q"),
        ),
        (
            "Move a card from stack 2 to freecell 1",  # shown the other way round
            render(["KS", "", "", *EMPTY[:5]], ["KD", "KC", None, None], "H-K C-Q D-Q S-Q"),
        ),
        (
            "Move a card from freecell 1 to the foundations",  # KC, in our R1
            render(["KS", "", "", *EMPTY[:5]], ["KD", None, None, None], "H-K C-K D-Q S-Q"),
        ),
        (
            "Move a card from freecell 0 to stack 1",  # KD, in our R2
            render(["KS", "KD", "", *EMPTY[:5]], [None] * 4, "H-K C-K D-Q S-Q"),
        ),
        (
            "Move a card from stack 1 to the foundations",
            render(["KS", "", "", *EMPTY[:5]], [None] * 4, "H-K C-K D-K S-Q"),
        ),
        (
            "Move 1 cards from stack 0 to stack 3",
            render(["", "", "", "KS", *EMPTY[:4]], [None] * 4, "H-K C-K D-K S-Q"),
        ),
        ("Move a card from stack 3 to the foundations", DONE),
    )
    assert parse_solution(text) == [
        "T2-R1",
        "T3-R2",
        "R1-F1",
        "R2-T2",
        "T2-F2",
        "T1-T4",
        "T4-F4",
    ]


def test_cards_that_reach_home_without_a_move_get_explicit_moves() -> None:
    text = output(
        (
            None,
            render(["KC QH", "KS", "KH", *EMPTY[:5]], ["KD", None, None, None], "H-J C-Q D-Q S-Q"),
        ),
        ("Move a card from stack 1 to freecell 1", DONE),  # and then everything home
    )
    moves = parse_solution(text, cells=[Card.from_str("KD"), None, None, None])
    assert moves[0] == "T2-R2"
    assert sorted(moves[1:]) == ["R1-F2", "R2-F4", "T1-F1", "T1-F3", "T3-F3"]
    assert moves.index("T1-F3") < moves.index("T1-F1")  # QH, then KC below it
    assert moves.index("T1-F3") < moves.index("T3-F3")  # QH before KH


def test_a_run_of_cards_is_written_with_its_count() -> None:
    kh = ["KH", None, None, None]
    steps = [
        (None, render(["KS QH", "", *EMPTY], kh, "H-J C-K D-K S-Q")),
        (
            "Move 2 cards from stack 0 to stack 1",
            render(["", "KS QH", *EMPTY], kh, "H-J C-K D-K S-Q"),
        ),
        (
            "Move a card from stack 1 to the foundations",
            render(["", "KS", *EMPTY], kh, "H-Q C-K D-K S-Q"),
        ),
        (
            "Move a card from stack 1 to the foundations",
            render(["", "", *EMPTY], kh, "H-Q C-K D-K S-K"),
        ),
    ]
    cells = [Card.from_str("KH"), None, None, None]
    with pytest.raises(FcSolveError, match="ends with foundations"):
        parse_solution(output(*steps), cells=cells)
    steps.append(("Move a card from freecell 0 to the foundations", DONE))
    assert parse_solution(output(*steps), cells=cells) == ["T1-T2:2", "T2-F3", "T2-F4", "R1-F3"]


def test_output_the_parser_cannot_follow_is_an_error() -> None:
    start = render(["KS", "", *EMPTY], [None] * 4, "H-K C-K D-K S-Q")
    unknown = output(
        (None, start), ("Move the sequence on top of Stack 0 to the foundations", DONE)
    )
    with pytest.raises(FcSolveError, match="does not know"):
        parse_solution(unknown)
    wrong = output(
        (None, start),
        (
            "Move 1 cards from stack 0 to stack 1",
            render(["KS", "", *EMPTY], [None] * 4, "H-K C-K D-K S-Q"),
        ),
    )
    with pytest.raises(FcSolveError, match="columns differ"):
        parse_solution(wrong)
    with pytest.raises(FcSolveError, match="starting columns"):
        parse_solution(wrong, columns=[cards("KH"), *[[]] * 7])
