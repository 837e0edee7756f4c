"""What a valid position is: the one check behind make_state, the readers and pickles.

The examples are positions that no play can reach, each refused with the
rule it breaks.  The property mutates reachable positions of every game
(keeping their cards) and holds :meth:`GameRules.make_state` to the
documented rules, as :mod:`validity_model` states them again: it accepts a
position exactly when the position breaks none of them, and what it
accepts works everywhere a state is used (its piles, its text and dict
forms, its observation, its legal moves).  A pickle holding the same piles
(read from bytes of card indices, not from cards) is accepted and refused
exactly as make_state accepts and refuses them.

The property runs 20 mutations per example and game: about 2,000 with the
default Hypothesis profile, 220,000 with the ``thorough`` one (``nox -s
thorough``), whose summary prints how many were accepted and how many of
those look unreachable by a rule the documented list does not have.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from collections import Counter
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_rules as pr
from composed import toy_game
from patience_rules import Card, GameRules, InvalidDealError, NotationError, Rank, State, StateParts
from patience_rules.notation import state_from_dict, state_from_text, state_to_dict, state_to_text
from patience_rules.rules import PICKLE_FORMAT, _restore_state
from validity_model import Parts, broken_rules, parts_of

GAMES = pr.game_names()
#: Mutations of each reachable state the property draws.
MUTATIONS = 20

C = Card.from_str


def cards(text: str) -> tuple[Card, ...]:
    return pr.notation.cards_from_text(text)


def played(rules: GameRules, deal: int, moves: int, seed: int) -> State:
    """The state after up to ``moves`` random legal moves from deal ``deal``."""
    rng = random.Random(seed)
    state = rules.deal(deal)
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


# -- positions no play reaches, each refused --------------------------------------


def test_royal_cotillion_refuses_a_stock_of_more_than_the_deal_leaves() -> None:
    game = pr.get_game("royal-cotillion")
    parts = parts_of(game.deal(1))
    # Three Lords' cards back in the stock: 71 cards, where a deal leaves 68.
    parts["stock"] += [card for card in parts["cells"][:3] if card is not None]
    parts["cells"][:3] = [None] * 3
    assert len(parts["stock"]) == 71 and broken_rules(game, parts) == ["4 stock and waste"]
    with pytest.raises(InvalidDealError, match="at most the 68 cards the deal leaves"):
        game.make_state(**parts)
    with pytest.raises(NotationError, match="at most the 68 cards"):
        state_from_dict(
            {
                **state_to_dict(game.deal(1)),
                "stock": [str(c) for c in parts["stock"]],
                "cells": [None if c is None else str(c) for c in parts["cells"]],
            }
        )


def captive_queens_position(waste: str, stock: str, redeals: int) -> Parts:
    """Captive Queens with every card home but those of ``waste`` and ``stock``.

    A foundation gives up the cards from the lowest of them to its top; those
    not named go to the bottom of the stock.
    """
    game = pr.get_game("captive-queens")
    named = cards(waste + stock)
    foundations = [list(pile) for pile in game.deal(1).play_forced().foundations]
    assert all(len(pile) == 6 for pile in foundations)  # deal 1 is won
    under: list[Card] = []
    for pile in foundations:
        cut = min((pile.index(card) for card in named if card in pile), default=len(pile))
        under += [card for card in pile[cut:] if card not in named]
        del pile[cut:]
    middle = [card for card in cards("QC QD QH QS") if card not in named]
    return {
        "stock": [*under, *cards(stock)],
        "waste": list(cards(waste)),
        "columns": [],
        "cells": [],
        "foundations": foundations,
        "middle": middle,
        "redeals_used": redeals,
        "face_down": [],
    }


@pytest.mark.parametrize(
    ("waste", "stock", "redeals", "rule", "message"),
    [
        ("QH 7D", "", 0, "9 covered in the waste", "QH lies under another card"),
        ("6C KD", "", 0, "9 covered in the waste", "6C lies under another card"),
        ("", "QS", 1, "9 in the stock after a redeal", "QS is in the stock after a redeal"),
        ("", "5H", 2, "9 in the stock after a redeal", "5H is in the stock after a redeal"),
    ],
)
def test_captive_queens_refuses_a_card_that_would_have_been_played(
    waste: str, stock: str, redeals: int, rule: str, message: str
) -> None:
    game = pr.get_game("captive-queens")
    parts = captive_queens_position(waste, stock, redeals)
    assert rule in broken_rules(game, parts)
    with pytest.raises(InvalidDealError, match=message):
        game.make_state(**parts)


def test_a_compulsory_game_drawing_two_keeps_the_wanted_cards_its_draws_cover() -> None:
    # Captive Queens turning two cards at a time: a Queen turned under
    # another card stays covered until that card is played, so every state
    # that play reaches holds such cards, and reads and pickles back.
    description: dict[str, Any] = dict(pr.get_game("captive-queens").to_dict())
    description["stock"] = {**description["stock"], "draw": 2}
    game = pr.GameRules.from_dict(description)
    covered = 0
    for number in range(30):
        state = game.deal(number)
        while True:
            assert broken_rules(game, parts_of(state)) == []
            assert game.make_state(**state.parts()) == state
            assert pickle.loads(pickle.dumps(state)) == state
            queens = [card for card in state.waste[:-1] if card.rank is Rank.QUEEN]
            covered += bool(queens)
            moves = state.legal_moves()
            if not moves:
                break
            state = state.apply(moves[0])
    assert covered  # (the deals do bury Queens, so the rule's exception is exercised)
    # With one card at a time, such a position is still refused.
    one = pr.get_game("captive-queens")
    parts = captive_queens_position("QH 7D", "", 0)
    assert "9 covered in the waste" in broken_rules(one, parts)


def test_captive_queens_accepts_such_cards_where_play_leaves_them() -> None:
    game = pr.get_game("captive-queens")
    # A Queen just turned is on top of the waste, and one not yet turned is in
    # the stock of the first pass.
    for waste, stock, redeals in (("7D QH", "", 0), ("", "QS", 0), ("7D 8D", "9D", 1)):
        parts = captive_queens_position(waste, stock, redeals)
        assert broken_rules(game, parts) == []
        state = game.make_state(**parts)
        assert state.waste == cards(waste)


@pytest.mark.parametrize(
    ("game", "change", "rule", "message"),
    [
        (
            "royal-cotillion",
            lambda p: p["columns"][2].append(p["stock"].pop()),
            "6 column size",
            "^columns: Ladies column 3 holds 4 cards, more than the 3 it is dealt",
        ),
        (
            "royal-cotillion",
            lambda p: (
                p["waste"].append(p["stock"].pop()),
                p["stock"].append(p["cells"][0]),
                p["cells"].__setitem__(0, None),
            ),
            "5 refill",
            "Lords cell 1 is empty while the waste has cards",
        ),
        (
            "odd-and-even",
            lambda p: (p["stock"].append(p["cells"][4]), p["cells"].__setitem__(4, None)),
            "5 refill",
            "is empty while the stock has cards",
        ),
        (
            "royal-cotillion",
            lambda p: p.__setitem__("redeals_used", 1),
            "8 redeals",
            "expected 0 \\(the rules allow no redeal\\)",
        ),
        ("klondike", lambda p: p.__setitem__("redeals_used", 1), "8 redeals", "do not count them"),
        (
            "royal-cotillion",
            lambda p: p["stock"].append(p["foundations"][0].pop()),
            "3 laid-out base",
            "laid out before play",
        ),
        (
            "sultan",
            lambda p: p["stock"].append(p["foundations"][8].pop()),
            "3 laid-out base",
            "laid out before play",
        ),
        (
            "easy-start",
            lambda p: p["stock"].append(p["middle"].pop()),
            "3 laid-out middle",
            "holds all 4 of its cards",
        ),
        (
            "klondike",
            lambda p: p["face_down"].__setitem__(6, 7),
            "7 face-down count",
            "^face_down: T7 is dealt 6 cards face down",
        ),
        (
            "klondike",
            lambda p: p["face_down"].__setitem__(6, 4),
            "7 face-up run",
            "^columns: T7's face-up cards .* are not a run",
        ),
        (
            "royal-cotillion",
            lambda p: p["face_down"].__setitem__(0, 1),
            "7 face down in a face-up game",
            "every card of this game's columns is face up",
        ),
    ],
)
def test_positions_that_no_play_reaches_are_refused(
    game: str, change: Callable[[Parts], object], rule: str, message: str
) -> None:
    rules = pr.get_game(game)
    parts = parts_of(rules.deal(3))
    change(parts)
    assert rule in broken_rules(rules, parts)
    with pytest.raises(InvalidDealError, match=message):
        rules.make_state(**parts)


@pytest.mark.parametrize(
    ("game", "given", "message"),
    [
        # Heights alone, a laid-out foundation's height 0.
        ("royal-cotillion", "heights", "foundation 1 .* is laid out before play, so it holds at"),
        # Cards that hold the base, with heights that do not match them.
        (
            "crescent",
            "both",
            "^foundations: the heights given do not match the foundations' cards: "
            "F1 holds 1 card, its height given is 0$",
        ),
        # Heights alone where the foundations take any suit: give their cards.
        ("windmill", "heights", "take cards of any suit, so give their cards"),
    ],
)
def test_a_laid_out_foundation_at_height_0_meets_the_message_for_what_was_given(
    game: str, given: str, message: str
) -> None:
    rules = pr.get_game(game)
    parts: dict[str, Any] = dict(rules.deal(3).parts())
    heights = [0] * rules.layout.foundations
    if given == "heights":
        del parts["foundations"]
    with pytest.raises(InvalidDealError, match=message):
        rules.make_state(**parts, foundation_heights=heights)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # Values that would raise when compared, or take all memory to read.
        ({"face_down": (Decimal("sNaN"),) * 4}, "every card of this game's columns is face up"),
        ({"face_down": range(10**18)}, "face_down: expected at most 4 counts"),
        ({"stock": range(10**18)}, "stock: expected at most 832 cards"),
        ({"stock": range(10**19)}, "stock: expected at most 832 cards"),
        ({"columns": [(), (), (), range(10**18)]}, "columns: T4: expected at most 832 cards"),
        ({"cells": range(10**18)}, "cells: expected at most 16 cells"),
    ],
)
def test_odd_values_are_refused_before_they_are_read(
    changes: dict[str, object], message: str
) -> None:
    rules = pr.get_game("royal-cotillion")
    parts: dict[str, Any] = {**rules.deal(3).parts(), **changes}
    with pytest.raises(InvalidDealError, match=message):
        rules.make_state(**parts)


class _Count(int):
    """A whole number of a class of its own: make_state reads it as its number."""


@pytest.mark.parametrize("count", [pr.Rank.ACE, _Count(0), _Count(1)])
def test_a_redeal_count_is_kept_as_a_plain_number(count: int) -> None:
    rules = pr.get_game("odd-and-even")  # one redeal: 0 and 1 are the bounds
    parts: dict[str, Any] = {**rules.deal(3).parts(), "redeals_used": count}
    state = rules.make_state(**parts)
    assert type(state.redeals_used) is int and state.redeals_used == int(count)
    assert pr.notation.state_from_text(pr.notation.state_to_text(state)) == state


@pytest.mark.parametrize(
    ("count", "shown"),
    [(_Count(-1), "-1"), (_Count(2), "2"), (Decimal(0), r"Decimal\('0'\)"), (1.0, "1.0")],
)
def test_a_redeal_count_past_its_bounds_or_not_whole_is_refused(count: object, shown: str) -> None:
    rules = pr.get_game("odd-and-even")
    parts: dict[str, Any] = {**rules.deal(3).parts(), "redeals_used": count}
    with pytest.raises(
        InvalidDealError, match=rf"^redeals_used: expected a count from 0 to 1, got {shown}$"
    ):
        rules.make_state(**parts)


@pytest.mark.parametrize(
    ("game", "pile", "index", "value", "message"),
    [
        (
            "royal-cotillion",
            "columns",
            2,
            "AC",
            "columns: T3: expected a sequence of cards, got 'AC'",
        ),
        ("royal-cotillion", "columns", 1, ["x"], "columns: T2: expected cards, got 'x'"),
        ("royal-cotillion", "cells", 2, "AC", "cells: R3 holds 'AC', not a card or None"),
        ("crescent", "foundations", 1, [None], "foundations: F2: expected cards, got None"),
    ],
)
def test_a_pile_that_is_not_cards_is_named_by_its_place(
    game: str, pile: str, index: int, value: object, message: str
) -> None:
    rules = pr.get_game(game)
    parts: dict[str, Any] = dict(parts_of(rules.deal(1)))
    parts[pile][index] = value
    with pytest.raises(InvalidDealError, match=f"^{re.escape(message)}$"):
        rules.make_state(**parts)


def test_a_face_down_card_on_top_of_a_column_is_refused() -> None:
    game = pr.get_game("klondike")
    # Play on until a column holds fewer cards than it was dealt, then call
    # all of them face down.
    depths = (1, 2, 3, 4, 5, 6, 7)
    for seed in range(100):
        parts = parts_of(played(game, 3, 60, seed))
        short = [
            i
            for i, (column, depth) in enumerate(zip(parts["columns"], depths, strict=True))
            if 0 < len(column) < depth
        ]
        if short:
            break
    else:
        pytest.fail("no column lost cards")
    parts["face_down"][short[0]] = len(parts["columns"][short[0]])
    assert broken_rules(game, parts) == ["7 face-down top card"]
    with pytest.raises(
        InvalidDealError, match=f"^face_down: T{short[0] + 1}'s top card is face up"
    ):
        game.make_state(**parts)


def test_a_column_built_on_holds_its_dealt_cards_and_then_a_run() -> None:
    """A FreeCell column of more cards than it is dealt, with no run on top, is unreachable.

    Cards reach a FreeCell column only by its deal (seven or six cards), by a
    move into it when it is empty, or built on its top card, down in the
    other colour.  A column of eight cards whose top card is not built on
    the one below it cannot be reached: rule 6 refuses it.
    """
    game = pr.get_game("freecell")
    parts = parts_of(game.deal(1))
    # Deal 1's first column, JD KD 2S 4C 3S 6D 6S, with 7H (from under the
    # sixth column) put on its 6S: 7H is not built on 6S.
    parts["columns"][0].append(parts["columns"][5].pop(0))
    assert parts["columns"][0][-2:] == [C("6S"), C("7H")]
    assert broken_rules(game, parts) == ["6 built column"]
    with pytest.raises(InvalidDealError, match=r"Tableau column 1 holds 7 cards under its top run"):
        game.make_state(**parts)


def two_columns_of_one(**tableau: Any) -> GameRules:
    """The toy game with two columns dealt one card each (``tableau``'s options), no cells."""
    return toy_game(
        tableau=pr.Tableau(columns=2, depth=1, **tableau), reserve=None, stock=pr.Stock()
    )


def test_a_column_dealt_one_card_holds_no_card_under_its_top_run() -> None:
    """A column dealt one card grows only by building on its top card.

    So two cards that are not a run, one on the other, cannot be reached,
    and the message counts the one card under the top run as one card.
    """
    rules = two_columns_of_one(build=pr.Build(pr.Suits.ANY, pr.Direction.DOWN))
    parts = parts_of(rules.deal(1))
    bottom = parts["columns"][1][0]
    card = next(c for c in parts["stock"] if c.rank != bottom.rank - 1)
    parts["stock"].remove(card)
    parts["columns"][1].append(card)
    assert broken_rules(rules, parts) == ["6 built column"]
    with pytest.raises(
        InvalidDealError,
        match=r"^columns: Tableau column 2 holds 1 card under its top run, but it is dealt 1: ",
    ):
        rules.make_state(**parts)
    # Built on, it is a run: reachable.
    parts["columns"][1][-1:] = []
    parts["stock"].append(card)
    if bottom.rank > pr.Rank.ACE:
        below = next(c for c in parts["stock"] if c.rank == bottom.rank - 1)
        parts["stock"].remove(below)
        parts["columns"][1].append(below)
    assert rules.make_state(**parts).columns[1][0] == bottom


def test_uncounted_shifts_leave_built_columns_to_the_shift() -> None:
    """Where shifts have no limit they are not counted: rule 6 cannot tell a shifted column.

    Crescent with any number of shifts: play that shifts and then builds
    leaves columns whose top run starts above their deal, and every state
    play reaches is accepted (it reads back from its piles) and breaks no
    documented rule.
    """
    data = pr.get_game("crescent").to_dict()
    stock = data["stock"]
    assert isinstance(stock, dict)
    stock["redeals"] = None
    rules = GameRules.from_dict(data)
    state = rules.deal(1)
    states = [state]
    for _ in range(40):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[len(moves) // 2])
        states.append(state)
    assert any(move.is_redeal for move in rules.deal(1).legal_moves())
    for reached in states:
        parts = parts_of(reached)
        assert broken_rules(rules, parts) == []
        assert rules.make_state(**parts) == reached


def test_a_column_nothing_is_built_on_holds_its_deal_even_when_a_move_fills_it() -> None:
    """Rule 6 holds for columns that a move refills, too.

    A column onto which nothing is built takes a card only by its deal or,
    with ``Refill.BY_MOVE``, one card moved into it when it is empty: it
    never holds more than ``max(depth, 1)`` cards.
    """
    rules = two_columns_of_one(refill=pr.Refill.BY_MOVE)
    parts = parts_of(rules.deal(1))
    # One card more than the one a move may put into the emptied column.
    parts["columns"][0].append(parts["stock"].pop())
    assert broken_rules(rules, parts) == ["6 column size"]
    with pytest.raises(InvalidDealError, match="holds 2 cards, more than the 1 it is dealt"):
        rules.make_state(**parts)


# -- mutations of reachable positions -----------------------------------------------

Pile = tuple[str, int]


def _piles(parts: Parts) -> list[Pile]:
    """Every pile of cards in the position but the cells, as (key, index)."""
    found: list[Pile] = [("stock", 0), ("waste", 0), ("middle", 0)]
    found += [("columns", i) for i in range(len(parts["columns"]))]
    found += [("foundations", i) for i in range(len(parts["foundations"]))]
    return found


def _pile(parts: Parts, where: Pile) -> list[Card]:
    key, index = where
    if key == "columns":
        return parts["columns"][index]
    if key == "foundations":
        return parts["foundations"][index]
    if key == "stock":
        return parts["stock"]
    return parts["waste"] if key == "waste" else parts["middle"]


def mutate(parts: Parts, rules: GameRules, rng: random.Random) -> str:
    """One card-conserving change of ``parts`` (in place); returns its name."""
    piles = _piles(parts)
    cells = parts["cells"]
    operation = rng.choice(
        [
            "move",
            "move",
            "move top",
            "move top",
            "swap",
            "cell",
            "run",
            "redeal",
            "counter",
            "face down",
            "reverse",
        ]
    )
    if operation in ("move", "move top", "run"):
        source = _pile(parts, rng.choice([pile for pile in piles if _pile(parts, pile)]))
        target = _pile(parts, rng.choice(piles))
        if operation == "run":
            count = rng.randint(1, len(source))
            moved = source[-count:]
            del source[-count:]
            target += moved
        else:
            at = -1 if operation == "move top" or rng.random() < 0.5 else rng.randrange(len(source))
            card = source.pop(at)
            target.insert(len(target) if rng.random() < 0.6 else rng.randint(0, len(target)), card)
    elif operation == "swap":
        places: list[tuple[list[Card | None] | list[Card], int]] = [
            (_pile(parts, pile), i) for pile in piles for i in range(len(_pile(parts, pile)))
        ]
        places += [(cells, i) for i, card in enumerate(cells) if card is not None]
        (first, i), (second, j) = rng.sample(places, 2)
        first[i], second[j] = second[j], first[i]  # type: ignore[assignment]
    elif operation == "cell" and cells:
        i = rng.randrange(len(cells))
        other = _pile(parts, rng.choice(piles))
        held = cells[i]
        if held is not None:
            other.append(held)
            cells[i] = None
        elif other:
            cells[i] = other.pop(rng.randrange(len(other)) if rng.random() < 0.3 else -1)
    elif operation == "redeal":
        # The waste turned over onto the stock, counted or not.
        parts["stock"] += reversed(parts["waste"])
        parts["waste"] = []
        if rng.random() < 0.7:
            parts["redeals_used"] += 1
    elif operation == "counter":
        limit = rules.stock.redeals if rules.stock.redeals is not None else 0
        parts["redeals_used"] = rng.choice([-1, 0, 1, limit, limit + 1, rng.randint(0, limit + 1)])
    elif operation == "face down":
        face_down = parts["face_down"]
        if face_down:
            i = rng.randrange(len(face_down))
            face_down[i] = max(0, face_down[i] + rng.choice([-2, -1, 1, 2]))
    else:
        _pile(parts, rng.choice(piles)).reverse()
    return operation


def _as_arguments(parts: Parts) -> StateParts:
    """The parts as make_state takes them: tuples, as a reader would pass them."""
    return StateParts(
        stock=tuple(parts["stock"]),
        waste=tuple(parts["waste"]),
        columns=tuple(tuple(pile) for pile in parts["columns"]),
        cells=tuple(parts["cells"]),
        foundations=tuple(tuple(pile) for pile in parts["foundations"]),
        middle=tuple(parts["middle"]),
        redeals_used=parts["redeals_used"],
        face_down=tuple(parts["face_down"]),
    )


def _pickled(rules: GameRules, parts: Parts) -> State:
    """The parts loaded as a pickle holds them: bytes of card indices, heights where they say it."""
    foundations = parts["foundations"]
    payload = (
        bytes(parts["stock"]),
        bytes(parts["waste"]),
        tuple(map(bytes, parts["columns"])),
        bytes(255 if card is None else card for card in parts["cells"]),
        tuple(map(bytes, foundations)) if rules.layout.records else tuple(map(len, foundations)),
        bytes(parts["middle"]),
        tuple(parts["face_down"]),
        parts["redeals_used"],
    )
    return _restore_state(rules, PICKLE_FORMAT, payload)


def check_accepted(state: State) -> None:
    """An accepted position works wherever a state is used."""
    rules = state.rules
    assert rules.make_state(**state.parts()) == state
    assert state_from_text(state_to_text(state)) == state
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    for hide in (False, True)[: 2 if rules.layout.max_run == 1 else 1]:  # (refused where runs move)
        observer = pr.Observer(rules, hide_covered=hide)
        vector = observer.vector(state)
        assert len(vector) == observer.size
        assert all(0 <= value <= high for value, high in zip(vector, observer.high, strict=True))
    space = pr.ActionSpace(rules)
    moves = state.legal_moves()
    assert [space.move_of(a) for a in space.legal_actions(state)] == sorted(moves, key=space.id_of)
    for move in moves:
        after = state.apply(move)
        # The valid positions are closed under the moves.
        assert broken_rules(rules, parts_of(after)) == []
        assert rules.make_state(**after.parts()) == after


@pytest.mark.parametrize("name", GAMES)
@given(
    deal=st.integers(0, 2**31 - 1),  # FreeCell numbers its deals up to 2**31 - 1
    moves=st.integers(0, 300),
    seed=st.integers(0, 2**32),
)
def test_mutated_positions_are_refused_or_keep_the_documented_rules(
    name: str, deal: int, moves: int, seed: int, validity_counts: Counter[str]
) -> None:
    rules = pr.get_game(name)
    start = played(rules, deal, moves, seed)
    rng = random.Random(seed)
    for _ in range(MUTATIONS):
        parts = parts_of(start)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            mutate(parts, rules, rng)
        broken = broken_rules(rules, parts)
        validity_counts[f"{name}: mutations"] += 1
        try:
            state = rules.make_state(**_as_arguments(parts))
        except (InvalidDealError, NotationError) as error:
            refused = str(error)
        else:
            refused = ""
        # A pickle holding the same piles is read by the same rules (where it
        # can hold them: foundations locked to a suit are pickled by height).
        fixed = rules.layout.fixed_cards
        if rules.layout.records or all(
            tuple(pile) == fixed[f][: len(pile)] for f, pile in enumerate(parts["foundations"])
        ):
            loaded: State | None
            try:
                loaded, why = _pickled(rules, parts), ""
            except NotationError as error:
                loaded, why = None, str(error)
            if refused:
                assert loaded is None, f"a pickle accepted what make_state refuses: {refused}"
            else:
                assert loaded == state, f"a pickle refused what make_state accepts: {why}"
                validity_counts[f"{name}: accepted, pickled"] += 1
        if refused:
            assert broken, f"refused a position that keeps every documented rule: {refused}"
            continue
        assert broken == [], f"accepted a position that breaks {broken}"
        validity_counts[f"{name}: accepted"] += 1
        if state != start:
            validity_counts[f"{name}: accepted, changed"] += 1
        check_accepted(state)


def test_an_empty_column_has_no_face_down_cards() -> None:
    """An empty column cannot hold face-down cards: it holds no cards at all."""
    game = pr.get_game("klondike")
    won = game.make_state(foundation_heights=[13] * 4, columns=[()] * 7, face_down=[0] * 7)
    parts = parts_of(won)
    parts["face_down"][3] = 1
    assert broken_rules(game, parts) == ["7 face-down count"]
    with pytest.raises(InvalidDealError, match="face_down: T4"):
        game.make_state(foundation_heights=[13] * 4, columns=[()] * 7, face_down=parts["face_down"])


def test_a_foundation_that_holds_the_wrong_card_is_named_by_its_place() -> None:
    # The second foundation's base (the ace of diamonds) swapped with the stock's top.
    rules = pr.get_game("royal-cotillion")
    parts = parts_of(rules.deal(1))
    stock, foundation = parts["stock"], parts["foundations"][1]
    foundation[0], stock[-1] = stock[-1], foundation[0]
    with pytest.raises(InvalidDealError, match=r"^foundations: F2 \(diamonds A 3 5 .*, got 8D$"):
        rules.make_state(**parts)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        ("klondike", "0 \\(the rules allow any number of redeals, and do not count them\\)"),
        ("royal-cotillion", "0 \\(the rules allow no redeal\\)"),
        ("captive-queens", "a count from 0 to 2"),
    ],
)
def test_a_redeal_count_is_refused_by_the_name_the_caller_gave_it(game: str, expected: str) -> None:
    # (make_state's argument and the dict form's key are both redeals_used)
    rules = pr.get_game(game)
    parts: dict[str, Any] = {**rules.deal(3).parts(), "redeals_used": 3}
    refused = rf"redeals_used: expected {expected}, got 3$"
    with pytest.raises(InvalidDealError, match="^" + refused):
        rules.make_state(**parts)
    data = dict(pr.state_to_dict(rules.deal(3)))
    data["redeals_used"] = 3
    with pytest.raises(NotationError, match=refused):
        pr.state_from_dict(data)
