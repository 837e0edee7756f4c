"""Runs of cards that move as one move, in games composed here from the parts.

A run's length is bounded by the build (13 where each card is a rank above,
or each below, the one under it; longer where the build goes up or down, or
wraps), and a supermove by the piles that could carry the run card by card:
only the cells a card may be moved into, and the empty columns any card may
go into.  The observation holds such long columns whole.
"""

from __future__ import annotations

import pytest

import patience_rules as pr
from patience_rules import (
    Build,
    Direction,
    Foundation,
    FoundationSequence,
    GameRules,
    Move,
    PileKind,
    Place,
    Rank,
    Refill,
    Reserve,
    Runs,
    Suit,
    Suits,
    Tableau,
    engine,
)

UP = FoundationSequence(start=Rank.ACE, wrap=False)
FOUNDATIONS = [Foundation(suit, UP) for suit in Suit]
T = PileKind.COLUMN


def composed(tableau: Tableau, reserve: Reserve | None = None, title: str = "Runs") -> GameRules:
    """A one-deck game of ``tableau`` (and ``reserve``) feeding four Ace foundations."""
    return GameRules(
        name=title.lower(),
        title=title,
        decks=1,
        foundations=FOUNDATIONS,
        tableau=tableau,
        reserve=reserve,
    )


def dealt(rules: GameRules, head: str) -> pr.State:
    """``rules`` dealt from a deck order that starts with the cards of ``head``."""
    first = pr.cards_from_text(head)
    return rules.deal_from([*first, *(card for card in rules.deck() if card not in first)])


def runs_listed(state: pr.State) -> list[str]:
    return [str(move) for move in state.legal_moves() if move.count > 1]


def test_a_run_that_goes_up_and_down_may_be_longer_than_a_suit() -> None:
    zigzag = composed(
        Tableau(
            columns=2,
            depth=(14, 1),
            build=Build(suits=Suits.ANY, direction=Direction.EITHER),
            runs=Runs.ANY,
        ),
        title="Zigzag",
    )
    assert zigzag.layout.max_run == 52
    state = dealt(zigzag, "5C 4H 6D 5H 6S 5D 6C 5S 6H 7C 8D 7H 8S 7D 8C")
    assert len(state.columns[0]) == 14
    whole = Move.to_column(Place(T, 0), 1, count=14)
    # (the run of 14 on the 4H: it listed nothing, raising IndexError, before)
    assert whole in state.legal_moves()
    after = state.apply(whole)
    assert after.columns[0] == ()
    assert after.columns[1] == (pr.Card.from_str("4H"), *state.columns[0])
    assert str(state).startswith("Zigzag")


def test_a_run_of_one_suit_that_does_not_wrap_is_at_most_13() -> None:
    rules = pr.get_game("freecell")
    assert rules.layout.max_run == 13
    assert max(move.count for move in rules.layout.moves) == 13


def supermove_game(*, column_refill: Refill, fill_rank: Rank | None = None) -> GameRules:
    return composed(
        Tableau(
            columns=3,
            depth=(0, 2, 1),
            refill=column_refill,
            fill_rank=fill_rank,
            build=Build(suits=Suits.ANY),
            runs=Runs.SUPERMOVE,
        )
    )


def test_an_empty_column_carries_a_supermove_only_if_any_card_may_go_there() -> None:
    # Column 1 empty, 9C 8C on column 2, 10H on column 3: the run of two
    # moves onto the 10H if the 8C can wait in the empty column.
    any_card = dealt(supermove_game(column_refill=Refill.BY_MOVE), "9C 10H 8C")
    assert "T2-T3:2" in runs_listed(any_card)
    never = dealt(supermove_game(column_refill=Refill.NEVER), "9C 10H 8C")
    assert never.columns[0] == ()
    assert runs_listed(never) == []
    assert not never.is_legal(Move.to_column(Place(T, 1), 2, count=2))
    kings_only = dealt(
        supermove_game(column_refill=Refill.BY_MOVE, fill_rank=Rank.KING), "9C 10H 8C"
    )
    assert runs_listed(kings_only) == []
    # One card at a time, the 8C could go nowhere but onto the 9C it left.
    assert [m for m in kings_only.legal_moves() if m.source == Place(T, 1)] == []


def test_a_cell_carries_a_supermove_only_if_cards_may_be_moved_into_it() -> None:
    # Column 1 9C 8C, column 2 10H, the cell dealt the AC, which goes home.
    def emptied(refill: Refill) -> pr.State:
        rules = composed(
            Tableau(columns=2, depth=(2, 1), build=Build(suits=Suits.ANY), runs=Runs.SUPERMOVE),
            Reserve(cells=1, refill=refill, dealt=1),
        )
        state = dealt(rules, "9C 10H 8C AC").apply(Move.to_foundation(Place(PileKind.CELL, 0), 0))
        assert state.cells == (None,)
        return state

    assert runs_listed(emptied(Refill.BY_MOVE)) == ["T1-T2:2"]
    assert runs_listed(emptied(Refill.NEVER)) == []


def test_a_column_longer_than_a_suit_is_observed_whole() -> None:
    # Built up and down one card at a time (no runs move), a column grows
    # past 13 cards: the observation sizes columns by the deck then.
    either = Build(suits=Suits.ANY, direction=Direction.EITHER)
    rules = pr.GameRules(
        name="zigzag",
        title="Zigzag",
        decks=1,
        foundations=FOUNDATIONS,
        tableau=Tableau(columns=1, depth=1, build=either),
        stock=pr.Stock(redeals=0),
    )
    head = "5C 6C 5D 6D 5H 6H 5S 6S 7C 8C 9C 10C JC QC KC"
    state = dealt(rules, head)
    for _ in range(14):
        state = state.apply(Move.draw()).apply(pr.move_from_text("W-T1", state))
    observer = pr.Observer(rules)
    observation = observer.observe(state)
    assert observation.columns == (tuple(pr.cards_from_text(head)),)
    vector = observer.vector(state)
    assert observer.field("columns").length == 52
    codes = vector[observer.field("columns").offset :][:16]  # (top card first)
    assert codes == (*(pr.card_code(card) for card in reversed(observation.columns[0])), 0)


def test_a_column_built_one_way_between_shifts_is_observed_whole() -> None:
    # Crescent's shift built down in suit: a shift turns the bottom card up,
    # and a run is built on it too, so a column passes its depth and twelve.
    down = FoundationSequence(start=Rank.KING, step=-1, wrap=False)
    rules = pr.GameRules(
        name="crescent-down",
        title="Crescent Down",
        decks=2,
        foundations=[
            *(Foundation(suit, UP, laid_out=True) for suit in Suit),
            *(Foundation(suit, down, laid_out=True) for suit in Suit),
        ],
        tableau=Tableau(
            columns=16, depth=6, build=Build(suits=Suits.SAME, direction=Direction.DOWN)
        ),
        stock=pr.Stock(redeals=3, redeal=pr.Redeal.SHIFT),
    )
    dealt_first = ["8H 2C 3C 4C 5C KH", "7H 8H 9H 10H JH QH", "AH 2H 3H 4H 5H 6H"]
    fixed = [pr.cards_from_text(text) for text in [*dealt_first, "7H 2H 3H 4H 5H 6H"]]
    bases = pr.cards_from_text("AC AD AH AS KC KD KH KS")
    rest = list(rules.deck())
    for card in [*bases, *(card for column in fixed for card in column)]:
        rest.remove(card)
    columns = fixed + [[rest.pop() for _ in range(6)] for _ in range(12)]
    state = rules.deal_from([*bases, *(columns[j][r] for r in range(6) for j in range(16))])
    for source in [1] * 6 + [2] * 6:  # QH to 7H, then 6H to AH, onto KH
        state = state.apply(Move(Place(T, source), Place(T, 0)))
    state = state.apply(Move.redeal())  # the shift turns 8H up
    for _ in range(6):  # 7H to 2H onto 8H
        state = state.apply(Move(Place(T, 3), Place(T, 0)))
    assert len(state.columns[0]) == 24
    observer = pr.Observer(rules)
    assert observer.field("columns").length == 16 * 104
    codes = observer.vector(state)[observer.field("columns").offset :][:25]
    assert codes == (*(pr.card_code(card) for card in reversed(state.columns[0])), 0)


def test_an_engine_refuses_a_way_of_moving_runs_it_has_no_limits_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Its limits tell only NONE and ANY apart and take anything else for a
    # supermove: a value added to Runs and not to them is refused when an
    # engine is made, not played as a supermove unawares.
    rules = pr.get_game("freecell")
    assert pr.Engine(rules).layout.runs is pr.Runs.SUPERMOVE
    monkeypatch.setattr(engine, "_RUNS_LISTED", frozenset((pr.Runs.NONE, pr.Runs.ANY)))
    with pytest.raises(AssertionError, match=r"no moves of runs for <Runs.SUPERMOVE"):
        pr.Engine(rules)
