"""The engine's fast paths: they skip the work they promise to skip, and agree with the rules.

Speed is measured by ``benchmarks/run.py``, never by a timed test; here the
work itself is counted, so that a change that brings back redundant work
fails: ``play_forced`` builds one state only, a compulsory game lists a
state's move once for ``legal_moves`` and ``apply`` together, a move applied
from the list it came from is not checked again.  The rest hold the fast
paths to the plain rules: ``play_forced`` against move-by-move play, the
direct legality check against the listed moves, pickling, ``make_state`` and
the canonical key against the states they stand for.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import patience_rules as pr
from composed import FORCED_BUILDS, toy_game
from patience_rules import IllegalMoveError, Move, PileKind, Place, State
from patience_rules.engine import Engine
from random_play import random_game

GAMES = pr.game_names()


def reached(game: str, deal: int, steps: int, seed: int) -> State:
    """The state after up to ``steps`` random legal moves of a deal."""
    return random_game(pr.get_game(game), deal, seed, max_moves=steps)[-1]


def every_move(state: State) -> list[Move]:
    """Every move of the game's layout, legal or not, and a few off the layout."""
    rules = state.rules
    layout = rules.layout
    sources = [Place(PileKind.WASTE), Place(PileKind.WASTE, 1), Place(PileKind.STOCK)]
    sources += [Place(PileKind.COLUMN, i) for i in range(layout.columns + 1)]
    sources += [Place(PileKind.CELL, i) for i in range(layout.cells + 1)]
    sources += [Place(PileKind.FOUNDATION, f) for f in range(layout.foundations + 1)]
    targets = [*sources, Place(PileKind.MIDDLE)]
    counts = range(1, min(layout.max_run, 3) + 2)
    return [Move(s, t, n) for s in sources for t in targets for n in counts]


positions = st.builds(
    reached,
    st.sampled_from(GAMES),
    st.integers(0, 10_000),
    st.integers(0, 120),
    st.integers(0, 1000),
)


def stepped(state: State) -> State:
    """What play_forced promises: the only legal move made while there is one."""
    seen = {state}
    while len(state.legal_moves()) == 1:
        after = state.apply(state.legal_moves()[0])
        if after in seen:
            break  # play would go round in circles: the move is not made
        seen.add(after)
        state = after
    return state


def assert_forced_is_stepped(state: State) -> None:
    fast, stepped_state = state.play_forced(), stepped(state)
    assert fast == stepped_state
    assert hash(fast) == hash(stepped_state)
    assert fast.legal_moves() == stepped_state.legal_moves()
    assert (fast.stock, fast.waste, fast.columns, fast.cells, fast.foundations, fast.middle) == (
        stepped_state.stock,
        stepped_state.waste,
        stepped_state.columns,
        stepped_state.cells,
        stepped_state.foundations,
        stepped_state.middle,
    )
    assert fast.redeals_used == stepped_state.redeals_used


@settings(max_examples=40, deadline=None)
@given(positions)
def test_play_forced_is_move_by_move_play(state: State) -> None:
    assert_forced_is_stepped(state)


def forced_from_the_waste(name: str, decks: int, suited: bool, draw: int = 1) -> pr.GameRules:
    """A compulsory game whose waste alone plays, as Captive Queens, with a foundation
    A to K for each suit and deck, suit-locked or taking any suit, drawing ``draw``."""
    ace_to_king = pr.FoundationSequence(start=pr.Rank.ACE, length=13, wrap=False)
    return pr.GameRules(
        name=name,
        title=name.capitalize(),
        decks=decks,
        foundations=[
            pr.Foundation(suit if suited else None, ace_to_king)
            for suit in pr.Suit
            for _ in range(decks)
        ],
        stock=pr.Stock(redeals=2, draw=draw),
        compulsion=pr.Compulsion.FORCED,
    )


#: Where a card is wanted by two foundations (two decks) or by any foundation
#: (any suit), play_forced's loop over the waste keeps its table of wanted cards
#: by other paths than in Captive Queens; drawing three, it draws by another loop.
FORCED_TWO_DECKS = forced_from_the_waste("forced-two-decks", 2, suited=True)
FORCED_ANY_SUIT = forced_from_the_waste("forced-any-suit", 1, suited=False)
FORCED_DRAW_THREE = forced_from_the_waste("forced-draw-three", 1, suited=True, draw=3)
SWEPT = [
    *(pr.get_game(game) for game in GAMES),
    FORCED_BUILDS,
    FORCED_TWO_DECKS,
    FORCED_ANY_SUIT,
    FORCED_DRAW_THREE,
]


def seeded_play(rules: pr.GameRules, deals: int, moves: int) -> Iterator[State]:
    """Every state of random games of deals 0 to ``deals`` - 1 (fixed seed)."""
    for deal in range(deals):
        yield from random_game(rules, deal, seed=1, max_moves=moves - 1)


@pytest.mark.parametrize("rules", SWEPT, ids=lambda rules: rules.name)
def test_play_forced_is_move_by_move_play_in_every_state_of_seeded_games(
    rules: pr.GameRules,
) -> None:
    # (every state, not a sample: the corners below were missed by the property above)
    for state in seeded_play(rules, 8, 400):
        assert_forced_is_stepped(state)


#: Royal Cotillion where the draw is the only move, the waste is empty and two
#: Lords cells are empty: the card drawn goes into a cell at once.
ROYAL_DRAW_INTO_A_CELL = (
    "royal-cotillion 5C/3D/AH/KS/6C/8D/2H/2S 6H/7H7D9C/JC6S/8C8C10H "
    "KD/JH/QS/10S/9D/-/QD/JC/7D/6C/KC/AS/6H/-/8S/9C "
    "7S4HACJD10CJDKD10D8D3DQC8S3HQDKH2D10SAD5H5D6D7H10CKSQC4H9D2HQHQS4D4CQH9H4S10HAH2S6S3C"
    "7C5H9S5C2C9HJH8H4S7C8H3S5D5S10DJSKC3HKH - 0"
)
#: Odd and Even where nothing plays and no card left in the stock is wanted:
#: the draws run the stock out, and the redeal follows.
ODD_AND_EVEN_NOTHING_WANTED = (
    "odd-and-even AC/3D/AH/3S/6C/4D/4H/AS 9H/2C/JC/6C/AH/10C/7D/8D/10D 10H "
    "KSJHKD5D9D5S9C3HQH5HJSQC10D8C3HJH9CKSKH7H5C9H6D3CKCACQSJD8H5H3D6HQH5C6D8C7C7D8D6H4S8S"
    "QC2D7H2H9D5DKD7C4DJS3S7S3C10CJD2SJCKHQD9S4H6S4CAD7S10H8H10S9SKC5SQD 0"
)


@pytest.mark.parametrize(
    "text", [ROYAL_DRAW_INTO_A_CELL, ODD_AND_EVEN_NOTHING_WANTED], ids=["royal", "odd-and-even"]
)
def test_play_forced_where_the_draw_refills_a_cell_or_runs_the_stock_out(text: str) -> None:
    # (a play_forced that drew past the last card would not return: the suite hangs)
    state = pr.state_from_text(text)
    assert state.legal_moves() == (Move.draw(),)
    assert_forced_is_stepped(state)


#: Windmill where the only move takes a corner's top card to the centre (a card
#: leaves a foundation), and two more forced moves follow.
WINDMILL_CORNER_TO_CENTRE = (
    "windmill AD2S3D4H5H6H7H8D9S10HJDQDKHAH2D3H4H5D6D7S8S9D10S/KCQCJH10C9D8C7C6H5S4D3C2DAH/"
    "KDQSJS10D9H/KSQHJC/KCQCJH10S9C8H7D6S5H4S3H2CAD 5D/2H/AS/5C/6C/9S/4C/5C - "
    "JS3S2HAC8D5S7C8S3S8HASJC10HQD10DKDQH6C2S2CKSKH9CAC4S6S8C3D7SJD4C4D9HQS3C6D10C7D7H 0"
)


def test_play_forced_takes_a_card_off_a_foundation() -> None:
    state = pr.state_from_text(WINDMILL_CORNER_TO_CENTRE)
    assert [move.source.kind for move in state.legal_moves()] == [PileKind.FOUNDATION]
    assert_forced_is_stepped(state)


def test_play_forced_draws_the_stock_out_before_the_redeal() -> None:
    end = pr.state_from_text(ODD_AND_EVEN_NOTHING_WANTED).play_forced()
    assert (end.redeals_used, len(end.stock)) == (1, 71)


@pytest.mark.parametrize("rules", SWEPT, ids=lambda rules: rules.name)
def test_the_table_of_wanted_cards_is_the_one_made_afresh(rules: pr.GameRules) -> None:
    # Each state carries the table of the cards its foundations take next, kept
    # move by move (and in place on play_forced's own board): it must be the table
    # an engine makes from the foundations alone.
    fresh = Engine(rules)

    def made_afresh(state: State) -> object:
        fresh._wanted.clear()  # (no table of the engine's cache: each made from its key)
        return fresh._wanted_cards(state._key)

    for state in seeded_play(rules, 6, 300):
        assert state._wanted == made_afresh(state)
        forced = state.play_forced()
        assert forced._wanted == made_afresh(forced)


@pytest.mark.parametrize("game", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_play_forced_ends_a_compulsory_game(game: str) -> None:
    for deal in range(30):
        end = pr.get_game(game).deal(deal).play_forced()
        assert end.is_over
        assert end.legal_moves() == ()


def count_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Count the calls of the engine's method ``name`` from now on: ``[calls]``."""
    calls = [0]
    method = getattr(Engine, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return method(*args, **kwargs)

    monkeypatch.setattr(Engine, name, staticmethod(counted) if name == "_finish" else counted)
    return calls


@pytest.mark.parametrize("game", GAMES)
def test_play_forced_builds_one_state(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """However many moves it makes, play_forced turns one board into a state."""
    states = [pr.get_game(game).deal(deal) for deal in range(8)]
    made = count_calls(monkeypatch, "_finish")
    for state in states:
        before = made[0]
        state.play_forced()
        assert made[0] - before == 1


@pytest.mark.parametrize("game", ["captive-queens", "easy-start", "easy-start-parlett"])
def test_compulsory_play_lists_no_move(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where only the waste plays, play_forced plays from the wanted table, listing nothing."""
    state = pr.get_game(game).deal(5)
    listed = count_calls(monkeypatch, "legal_moves")
    end = state.play_forced()
    assert listed == [0]
    assert end.is_over


@pytest.mark.parametrize("game", ["captive-queens", "easy-start"])
def test_a_compulsory_move_is_found_once(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """legal_moves then apply of that move: the move is found once, and checked never."""
    states = [pr.get_game(game).deal(2)]
    while states[-1].legal_moves():
        states.append(states[-1].apply(states[-1].legal_moves()[0]))
    found = count_calls(monkeypatch, "_forced_moves")
    checked = count_calls(monkeypatch, "_check")
    for state in states[:-1]:
        state.apply(state.legal_moves()[0])
    assert found[0] == len(states) - 1
    assert checked == [0]


@pytest.mark.parametrize("game", ["freecell", "klondike", "sultan", "windmill"])
def test_a_listed_move_is_not_checked_again(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """apply of a move from the state's own legal_moves skips the check; an equal copy is checked."""
    state = reached(game, 3, 40, 1)
    moves = state.legal_moves()
    assert moves
    checked = count_calls(monkeypatch, "_check")
    after = [state.apply(move) for move in moves]
    assert checked == [0]
    copies = [Move(move.source, move.target, move.count) for move in moves]
    assert [state.apply(copy) for copy in copies] == after
    home_copies = sum(
        1 for move in moves if move.target.kind in (PileKind.FOUNDATION, PileKind.MIDDLE)
    )
    assert checked[0] == len(moves) - home_copies  # home moves have a check of their own


@settings(max_examples=30, deadline=None)
@given(positions)
def test_a_move_is_legal_exactly_when_listed(state: State) -> None:
    legal = state.legal_moves()
    for move in every_move(state):
        assert state.is_legal(move) == (move in legal), move
        if move not in legal:
            with pytest.raises(IllegalMoveError):
                state.apply(move)


@settings(max_examples=30, deadline=None)
@given(positions)
def test_pickle_round_trip(state: State) -> None:
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.rules == state.rules
    assert copy.legal_moves() == state.legal_moves()
    for move in state.legal_moves():
        assert copy.apply(move) == state.apply(move)


@settings(max_examples=30, deadline=None)
@given(positions)
def test_make_state_from_the_piles_is_the_same_state(state: State) -> None:
    made = state.rules.make_state(**state.parts())
    assert made == state
    assert hash(made) == hash(state)
    assert made.canonical_key() == state.canonical_key()
    assert made.legal_moves() == state.legal_moves()


def test_states_reached_in_two_orders_are_equal() -> None:
    """Two plays from different columns commute: the same state, the same hash."""
    found = 0
    for deal in range(200):
        state = pr.get_game("royal-cotillion").deal(deal)
        plays = [move for move in state.legal_moves() if move.source.kind is PileKind.COLUMN]
        for first in plays:
            for second in plays:
                if first.source != second.source and first.target != second.target:
                    one = state.apply(first).apply(second)
                    other = state.apply(second).apply(first)
                    assert one == other
                    assert hash(one) == hash(other)
                    assert len({one, other}) == 1
                    found += 1
    assert found > 0


def test_states_differing_in_one_card_are_not_equal() -> None:
    game = pr.get_game("royal-cotillion")
    state = game.deal(7)
    cells = list(state.cells)
    stock = list(state.stock)
    first = cells[0]
    assert first is not None
    cells[0], stock[0] = stock[0], first
    other = game.make_state(
        stock=stock,
        columns=state.columns,
        cells=cells,
        foundation_heights=state.foundation_heights,
    )
    assert other != state
    assert other.canonical_key() != state.canonical_key()
    assert state != "a state"


def test_canonical_key_ignores_the_order_of_cells_and_columns() -> None:
    game = pr.get_game("royal-cotillion")
    state = reached("royal-cotillion", 3, 30, 1)
    shuffled = game.make_state(
        stock=state.stock,
        waste=state.waste,
        columns=state.columns[::-1],
        cells=state.cells[::-1],
        foundation_heights=state.foundation_heights,
    )
    assert shuffled.canonical_key() == state.canonical_key()
    assert (shuffled == state) == (
        state.columns == state.columns[::-1] and state.cells == state.cells[::-1]
    )


def renumbered(state: State, cells: bool, columns: bool) -> State | None:
    """``state`` with its cells or its columns (with their face-down counts) in reverse
    order, or None where the columns were dealt to depths that the position then breaks."""
    parts = state.parts()
    if cells:
        parts["cells"] = state.cells[::-1]
    if columns:
        parts["columns"] = state.columns[::-1]
        if "face_down" in parts:
            parts["face_down"] = state.face_down[::-1]
    try:
        return state.rules.make_state(**parts)
    except pr.InvalidDealError:
        return None


def shape(state: State) -> object:
    """What canonical_key keys, written out: the state with its cells and columns as
    multisets, unless every move is forced (then the first move goes by pile number)."""
    forced = state.rules.compulsion is pr.Compulsion.FORCED
    cells = state.cells if forced else sorted(card for card in state.cells if card is not None)
    columns = list(zip(state.columns, state.face_down, strict=True))
    return (
        state.rules,
        tuple(cells),
        tuple(columns if forced else sorted(columns)),
        state.waste,
        state.stock,
        state.foundations,
        state.middle,
        state.redeals_used,
    )


@pytest.mark.parametrize(
    "rules",
    [
        *map(pr.get_game, pr.game_names()),
        toy_game(),  # (two columns)
        toy_game(compulsion=pr.Compulsion.FORCED),  # (cells, where the order counts)
        FORCED_BUILDS,
    ],
    ids=[*pr.game_names(), "toy", "toy-forced", "forced-builds"],
)
def test_canonical_keys_are_equal_exactly_where_the_states_are_up_to_pile_order(
    rules: pr.GameRules,
) -> None:
    # States of random games, and each with its cells and columns renumbered:
    # two share a key exactly when they differ at most in the order of their
    # cells and columns (Windmill's by the cards its any-suit foundations
    # hold), or, where every move is forced, when they are equal.
    states = [
        state
        for deal in (1, 2, 3)
        for state in random_game(rules, deal, seed=deal, max_moves=120)[::3]
    ]
    states += [
        other
        for state in states
        for cells, columns in ((True, False), (False, True), (True, True))
        if (other := renumbered(state, cells, columns)) is not None and other != state
    ]
    keys: dict[object, set[object]] = {}
    shapes: dict[object, set[object]] = {}
    for state in states:
        keys.setdefault(state.canonical_key(), set()).add(shape(state))
        shapes.setdefault(shape(state), set()).add(state.canonical_key())
    assert all(len(found) == 1 for found in keys.values())
    assert all(len(found) == 1 for found in shapes.values())
    if rules.compulsion is pr.Compulsion.FORCED:
        assert len(keys) == len(set(states))  # (renumbered, each is another game)
    else:
        assert len(keys) < len(set(states)) or not (rules.layout.cells or rules.layout.columns)


def test_canonical_key_keeps_the_order_of_piles_where_every_move_is_forced() -> None:
    # Renumbered columns can change which move is forced, and so the game:
    # the key must tell such states apart (a solver would merge them).
    differ = 0
    for deal in range(40):
        state = FORCED_BUILDS.deal(deal)
        reversed_columns = FORCED_BUILDS.make_state(
            stock=state.stock,
            columns=state.columns[::-1],
            foundation_heights=state.foundation_heights,
        )
        if reversed_columns == state:
            continue
        assert reversed_columns.canonical_key() != state.canonical_key()
        ends = (state.play_forced(), reversed_columns.play_forced())
        differ += ends[0].cards_home != ends[1].cards_home
    assert differ > 0  # (the order did change some games: the key is right to keep it)


def test_a_state_is_immutable() -> None:
    state = pr.get_game("royal-cotillion").deal(1)
    with pytest.raises(AttributeError):
        state.stock = ()  # type: ignore[misc]
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]


def test_sizes_match_the_piles() -> None:
    for game in GAMES:
        state = reached(game, 11, 60, 2)
        assert state.stock_size == len(state.stock)
        assert state.waste_size == len(state.waste)
        assert state.top_card(Place(PileKind.STOCK)) == (state.stock[-1] if state.stock else None)


def test_rules_pickle_by_name_or_by_parts() -> None:
    registered = pr.get_game("royal-cotillion-stock-refill")
    assert pickle.loads(pickle.dumps(registered)) == registered
    assert len(pickle.dumps(registered)) < 200
    custom = pr.GameRules(
        name="my-game",
        title="My game",
        decks=1,
        foundations=registered.foundations[:4],
        stock=pr.Stock(redeals=1),
    )
    assert pickle.loads(pickle.dumps(custom)) == custom
    state = custom.deal_from(custom.deck())
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert copy.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("game", ["royal-cotillion", "odd-and-even"])
def test_a_home_move_is_checked_by_one_lookup(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where every move but the stock's goes home, apply checks a home move by the home check alone.

    (Such a game keeps no memory of its last listing: the home check is a
    lookup, cheaper than remembering.)
    """
    homes: list[Move] = []
    steps = 0
    while not homes and steps < 500:  # the first position of random play with a home move
        state = reached(game, 3, steps, 1)
        homes = [
            move
            for move in state.legal_moves()
            if move.target.kind in (PileKind.FOUNDATION, PileKind.MIDDLE)
        ]
        steps += 1
    assert homes
    checked = count_calls(monkeypatch, "_check")
    home_checked = count_calls(monkeypatch, "_check_home")
    after = [state.apply(move) for move in homes]
    assert checked == [0]
    assert home_checked == [len(homes)]
    assert all(next_state.cards_home == state.cards_home + 1 for next_state in after)
