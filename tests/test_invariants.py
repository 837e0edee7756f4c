"""The invariants every registered game keeps, checked over random play.

Each property runs for every name in the registry, so a game that is
registered is held to all of them.
"""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules.strategies import deck_orders, illegal_moves, states
from pile_model import PileModel

GAMES = pr.game_names()
#: A bound on a game's length that no registered game reaches, where every
#: move sends a card home, draws or makes one of a limited number of redeals
#: (the longest, Odd and Even, is at most 87 + 87 draws, one redeal and 96 plays).
LONGEST_GAME = 1000
#: How much of a game that may go on for ever (cards moved between piles,
#: redeals without limit) random play checks.
ENDLESS_PLAY = 120


def always_ends(rules: pr.GameRules) -> bool:
    """Whether every game ends: no move between piles, and a limit on the redeals."""
    layout = rules.layout
    return (
        not layout.targets(pr.MoveKind.BUILD)
        and not layout.targets(pr.MoveKind.PARK)
        and layout.redeals is not None
    )


def all_cards(state: pr.State) -> Counter[pr.Card]:
    """Every card of the state, wherever it is."""
    cards: Counter[pr.Card] = Counter(state.stock)
    cards.update(state.waste)
    for column in state.columns:
        cards.update(column)
    cards.update(card for card in state.cells if card is not None)
    for foundation in state.foundations:
        cards.update(foundation)
    cards.update(state.middle)
    return cards


def rebuilt(state: pr.State) -> pr.State:
    """The same position, built afresh from its public piles."""
    return state.rules.make_state(**state.parts())


def every_move(state: pr.State) -> list[pr.Move]:
    """Every move between two places of the layout, and to or from one place past it;
    runs of two cards too where the layout moves runs."""
    layout = state.rules.layout
    places = [pr.Place(kind, i) for kind in pr.PileKind for i in range(layout.count(kind) + 1)]
    counts = (1, 2) if layout.max_run > 1 else (1,)
    return [pr.Move(source, target, n) for source in places for target in places for n in counts]


def check_state(state: pr.State) -> tuple[tuple[pr.Move, ...], pr.State]:
    """The invariants of one state; returns its legal moves and an equal copy."""
    rules = state.rules
    deck = rules.deck()
    assert all_cards(state) == Counter(deck), "cards are conserved"
    moves = state.legal_moves()
    assert len(set(moves)) == len(moves), "no move is listed twice"
    assert state.is_over == (not moves), "over exactly when no legal move"
    assert state.is_won == (state.cards_home == len(deck))
    if state.is_won:
        for foundation, cards in zip(rules.foundations, state.foundations, strict=True):
            assert len(cards) == foundation.sequence.length
        assert not state.stock
        assert not state.waste
        assert not any(state.columns)
        assert not any(state.cells)
    if rules.compulsion is pr.Compulsion.FORCED:
        assert len(moves) <= 1, "a game of compulsory moves never offers a choice"
    copy = rebuilt(state)
    assert copy == state, "a state rebuilt from its piles is equal"
    assert hash(copy) == hash(state), "equal states hash equal"
    return moves, copy


def check_transition(state: pr.State, move: pr.Move, copy: pr.State) -> pr.State:
    """Apply a listed move and check that the old state, equal to ``copy``, did not change."""
    before = PileModel.snapshot_of(state)
    after = state.apply(move)
    assert PileModel.snapshot_of(state) == before, "the old state's piles are unchanged"
    assert state == copy
    assert after != state, "every move changes the position"
    if not move.is_redeal and move.source.kind is not pr.PileKind.FOUNDATION:
        assert after.cards_home >= state.cards_home
    return after


def check_refused(state: pr.State, move: pr.Move) -> None:
    """An unlisted move raises IllegalMoveError and changes nothing."""
    before = PileModel.snapshot_of(state)
    with pytest.raises(pr.IllegalMoveError) as error:
        state.apply(move)
    assert str(error.value), "the error says why"
    assert not state.is_legal(move)
    assert PileModel.snapshot_of(state) == before


def check_pickle(state: pr.State) -> None:
    """A state pickles and comes back equal, with the same hash and moves."""
    back = pickle.loads(pickle.dumps(state))
    assert back == state
    assert hash(back) == hash(state)
    assert back.legal_moves() == state.legal_moves()
    assert str(back) == str(state)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_random_play_keeps_every_invariant(
    name: str, data: st.DataObject, transitions: Counter[str]
) -> None:
    """Whole games of random legal play, every invariant checked at every step."""
    game = pr.get_game(name)
    order = data.draw(deck_orders(game), label="deck order")
    state = game.deal_from(order)
    played: list[pr.Move] = []
    seen = [state]
    ends = always_ends(game)
    for _ in range(LONGEST_GAME if ends else ENDLESS_PLAY):
        moves, copy = check_state(state)
        if not moves:
            break
        for move in moves:  # every listed move applies
            check_transition(state, move, copy)
        check_refused(state, data.draw(illegal_moves(state, outside_layout=True)))
        move = data.draw(st.sampled_from(moves))
        played.append(move)
        state = state.apply(move)
        seen.append(state)
        transitions[name] += 1
    else:
        if ends:
            pytest.fail(f"{name}: a game lasted more than {LONGEST_GAME} moves")
    # Determinism: the same deal and the same moves give the same states.
    again = game.deal_from(order)
    for move, expected in zip(played, seen[1:], strict=True):
        again = again.apply(move)
        assert again == expected
        assert hash(again) == hash(expected)
    check_pickle(seen[len(seen) // 2])
    check_pickle(state)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_every_unlisted_move_is_refused(name: str, data: st.DataObject) -> None:
    """In any reachable state, each move is either listed and applies, or is refused."""
    state = data.draw(states(pr.get_game(name), max_moves=80))
    legal = set(state.legal_moves())
    copy = rebuilt(state)
    for move in every_move(state):
        if move in legal:
            check_transition(state, move, copy)
        else:
            check_refused(state, move)


@pytest.mark.parametrize("name", GAMES)
def test_deal_numbers_are_deterministic_and_pickle(name: str) -> None:
    """Dealing twice gives equal, equally hashed states; rules and deals pickle."""
    game = pr.get_game(name)
    first, second = game.deal(3), pr.get_game(name).deal(3)
    assert first == second
    assert hash(first) == hash(second)
    assert first is not second
    assert pickle.loads(pickle.dumps(game)) == game
    check_pickle(first)
    assert {first, second, game.deal(4)} == {first, game.deal(4)}


def test_captive_queens_variants_are_compulsory() -> None:
    """Every Captive Queens variant in the registry plays without choices."""
    forced = {name for name in GAMES if pr.get_game(name).compulsion is pr.Compulsion.FORCED}
    assert forced == {"captive-queens", "easy-start", "easy-start-parlett"}
