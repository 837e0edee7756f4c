"""Pickles of the parts and moves: made again by their constructors, so loading checks them.

A part (a :class:`~patience_rules.Stock`, a :class:`~patience_rules.Place`, a
:class:`~patience_rules.Move` ...) pickles as a call of its constructor with
the values of the fields the constructor takes.  Bytes mangled on the way to
values the constructor refuses give the library's NotationError, not a part
that no constructor makes (a stock with -99 redeals, a foundation -1 that
messages call foundation 0).
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import patience_rules as pr
from patience_rules import (
    Build,
    Direction,
    Foundation,
    FoundationSequence,
    Middle,
    Move,
    NotationError,
    PileKind,
    Place,
    Rank,
    Redeal,
    Refill,
    Reserve,
    Stock,
    Suit,
    Suits,
    Tableau,
    _checks,
)


def forged(part: Any, name: str, value: object) -> Any:
    """A copy of ``part`` whose field ``name`` holds ``value``, set past the constructor's
    checks: a part as bytes mangled on the way would make it."""
    twin = attrs.evolve(part)
    object.__setattr__(twin, name, value)
    return twin


class Crafted:
    """Pickles as a call of ``function`` with ``arguments``."""

    def __init__(self, function: object, *arguments: object, state: object = None) -> None:
        self.function = function
        self.arguments = arguments
        self.state = state

    def __reduce__(self) -> tuple[object, ...]:
        if self.state is None:
            return (self.function, self.arguments)
        return (self.function, self.arguments, self.state)


def every_part_and_move() -> list[Any]:
    """Every part of every registered game (its sequences and build too), every move
    and place of its layout and its action space."""
    values: list[Any] = []
    for name in pr.game_names():
        rules = pr.get_game(name)
        parts: list[Any] = [
            *rules.foundations,
            rules.tableau,
            rules.reserve,
            rules.middle,
            rules.stock,
        ]
        parts += [foundation.sequence for foundation in rules.foundations]
        if rules.tableau is not None:
            parts.append(rules.tableau.build)
        values += [part for part in parts if part is not None]
        values += [*rules.layout.moves, *rules.layout.places, *pr.ActionSpace(rules).moves]
    return values


def test_every_part_and_move_pickles_back_equal_and_is_checked_on_load() -> None:
    values = every_part_and_move()
    kinds = {type(value) for value in values}
    assert kinds == {
        Build,
        Foundation,
        FoundationSequence,
        Middle,
        Move,
        Place,
        Reserve,
        Stock,
        Tableau,
    }
    first_field = {kind: attrs.fields(kind)[0].name for kind in kinds}
    for value in values:
        for loaded in (
            pickle.loads(pickle.dumps(value)),
            pickle.loads(pickle.dumps(value, 0)),
            copy.deepcopy(value),
        ):
            assert type(loaded) is type(value)
            assert loaded == value and hash(loaded) == hash(value)
            assert repr(loaded) == repr(value)
            # Fields out of ==, worked out by the constructor, are worked out again.
            if isinstance(value, FoundationSequence):
                assert loaded.ranks == value.ranks
            if isinstance(value, Build):
                assert loaded.onto == value.onto
            if isinstance(value, Reserve):
                assert type(loaded.dealt) is type(value.dealt) and loaded.dealt == value.dealt
        # The first field is checked as making the part checks it (1.5 is no value of any).
        name = type(value).__name__
        with pytest.raises(NotationError, match=f"^a pickled {name} is malformed: .*got 1.5"):
            pickle.loads(pickle.dumps(forged(value, first_field[type(value)], 1.5)))


@pytest.mark.parametrize(
    ("part", "field", "value", "message"),
    [
        (
            Stock(redeals=2),
            "redeals",
            -99,
            "a pickled Stock is malformed: the redeal limit is a whole number from 0 to "
            "1000000000000000000, got -99",
        ),
        (Stock(draw=3), "redeal", "turn-over", "a pickled Stock is malformed: redeal is one of"),
        (
            Place(PileKind.FOUNDATION, 2),
            "index",
            -1,
            "a pickled Place is malformed: a place's index is a whole number from 0 to 999",
        ),
        (
            Move.to_column(Place(PileKind.COLUMN, 2), 4, count=3),
            "count",
            0,
            "a pickled Move is malformed: a move's count is the number of cards it moves",
        ),
        (
            Move.to_foundation(Place(PileKind.CELL, 2), 1),
            "target",
            (PileKind.FOUNDATION, 1),
            "a pickled Move is malformed: a move's target is a Place",
        ),
        (
            Build(suits=Suits.SAME, wrap=True),
            "wrap",
            1,
            "a pickled Build is malformed: wrap is True or False, got 1",
        ),
        (
            FoundationSequence(start=Rank.ACE, step=2, length=13),
            "step",
            0,
            "a pickled FoundationSequence is malformed: a sequence's step is a whole number",
        ),
        (
            FoundationSequence(start=Rank.SIX, length=8, wrap=False),
            "length",
            9,
            "a pickled FoundationSequence is malformed: the sequence from 6 by \\+1 runs past",
        ),
        (
            Foundation(Suit.HEARTS, FoundationSequence(start=Rank.ACE), name="corner"),
            "name",
            "corn\x1br",
            "a pickled Foundation is malformed: a part's name: it may not hold control",
        ),
        (
            Tableau(columns=3, depth=(1, 2, 3)),
            "depth",
            (1, 2),
            "a pickled Tableau is malformed: depth gives one count per column: 3 counts, got 2",
        ),
        (
            Tableau(columns=3, depth=2, refill=Refill.BY_MOVE, fill_rank=Rank.KING),
            "refill",
            Refill.NEVER,
            "a pickled Tableau is malformed: fill_rank says which rank .* needs refill=",
        ),
        (
            Reserve(cells=8, refill=Refill.BY_MOVE, dealt=4),
            "dealt",
            9,
            "a pickled Reserve is malformed: dealt is True, False or how many cells the deal "
            "fills \\(0 to 8\\), got 9",
        ),
        (
            Middle(ranks=[Rank.QUEEN]),
            "ranks",
            (Rank.QUEEN, Rank.QUEEN),
            "a pickled Middle is malformed: the middle takes each rank once, got Q more than once",
        ),
    ],
)
def test_a_part_pickled_with_values_its_constructor_refuses_is_refused(
    part: Any, field: str, value: object, message: str
) -> None:
    assert pickle.loads(pickle.dumps(part)) == part
    with pytest.raises(NotationError, match=message) as caught:
        pickle.loads(pickle.dumps(forged(part, field, value)))
    assert len(str(caught.value)) < 1000


def test_mangled_bytes_of_a_pickled_part_are_refused() -> None:
    # The number of redeals, 2, mangled into -99 (BININT1 2 into BININT -99).
    mangled = pickle.dumps(Stock(redeals=2), 2).replace(b"K\x02", b"J\x9d\xff\xff\xff", 1)
    with pytest.raises(NotationError, match=r"a pickled Stock is malformed: .*got -99"):
        pickle.loads(mangled)
    # A part holding a mangled part: the inner one is refused.
    tableau = Tableau(columns=4, depth=3, refill=Refill.BY_MOVE, build=Build())
    with pytest.raises(NotationError, match="a pickled Build is malformed: suits is one of"):
        pickle.loads(pickle.dumps(forged(tableau, "build", forged(Build(), "suits", "same"))))
    # Rules made of a mangled stock are never made.
    with pytest.raises(NotationError, match="a pickled Stock is malformed"):
        pickle.loads(pickle.dumps([pr.get_game("klondike"), forged(Stock(), "draw", 0)]))


class Unreadable:
    """A pickled value whose reading fails as no check foresees (a ValueError of its own)."""

    def __iter__(self) -> Iterator[object]:
        raise ValueError("unreadable")


def test_a_pickled_value_that_fails_as_no_check_foresees_is_refused() -> None:
    with pytest.raises(NotationError, match=r"^a pickled Middle is malformed: 'unreadable'$"):
        pickle.loads(pickle.dumps(forged(Middle(ranks=[Rank.QUEEN]), "ranks", Unreadable())))


def test_a_part_pickled_field_by_field_is_refused() -> None:
    # As attrs pickles a class of its own (and earlier checkouts pickled parts): a new
    # object, made without its constructor, then its fields set one by one, none
    # of them checked.
    state = {"redeals": -99, "draw": 1, "redeal": Redeal.TURN_OVER}
    with pytest.raises(NotationError, match=r"a Stock pickled field by field cannot be loaded"):
        pickle.loads(pickle.dumps(Crafted(object.__new__, Stock, state=state)))
    # Even fields its constructor would take: they are not checked that way.
    state = {"kind": PileKind.COLUMN, "index": 3}
    with pytest.raises(NotationError, match="a Place pickled field by field"):
        pickle.loads(pickle.dumps(Crafted(object.__new__, Place, state=state)))


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            (int, (1,)),
            "a pickled part is one of .*Stock.*, got <class 'int'>",
        ),
        ((pr.GameRules, ()), "a pickled part is one of .*, got <class 'patience_rules.rules"),
        (("Stock", (0, 1, Redeal.TURN_OVER)), "a pickled part is one of .*, got 'Stock'"),
        (
            (Stock, [0, 1, Redeal.TURN_OVER]),
            "a pickled Stock is malformed: expected a tuple of the 3 values of redeals, draw, "
            "redeal, got \\[0, 1, <Redeal",
        ),
        ((Stock, (0, 1)), "a pickled Stock is malformed: expected a tuple of the 3 values"),
        ((Direction, ("down",)), "a pickled part is one of"),
    ],
)
def test_the_loader_of_parts_refuses_what_is_no_pickled_part(
    arguments: tuple[object, ...], message: str
) -> None:
    with pytest.raises(NotationError, match=message):
        pickle.loads(pickle.dumps(Crafted(_checks.unpickled_part, *arguments)))
