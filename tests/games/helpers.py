"""Helpers of the game tests: cards and deck orders from text, moves by the notation,
and the check of a golden deal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from patience_rules import Card, GameRules, Move, State, move_from_text


def cards(text: str) -> list[Card]:
    """``"AC 10H QS"`` as a list of cards."""
    return [Card.from_str(word) for word in text.split()]


def deck_order(rules: GameRules, first: Iterable[Card]) -> list[Card]:
    """A deck order of ``rules``' cards that starts with ``first``.

    The other cards follow in card order.
    """
    head = list(first)
    rest = Counter(rules.deck())
    rest.subtract(head)
    if any(count < 0 for count in rest.values()):
        raise ValueError(f"more copies than the deck holds in {head}")
    return head + sorted(rest.elements())


def move(state: State, text: str) -> Move:
    """The move written ``text`` in ``state``."""
    return move_from_text(text, state)


def legal(state: State) -> set[str]:
    """The legal moves of ``state``, as the notation writes them."""
    return {str(m) for m in state.legal_moves()}


def play(state: State, *texts: str) -> State:
    """The state after the moves written ``texts``, one after the other."""
    for text in texts:
        state = state.apply(move(state, text))
    return state


def check_golden(rules: GameRules, deal: int, picture: str, stock_top: str, bottom: str) -> None:
    """Deal ``deal`` shows as ``picture``; its stock's next five cards are ``stock_top``
    (the next first) and its last card ``bottom``."""
    state = rules.deal(deal)
    assert str(state) == picture
    assert state.stock[::-1][:5] == tuple(cards(stock_top))
    assert state.stock[0] == Card.from_str(bottom)
