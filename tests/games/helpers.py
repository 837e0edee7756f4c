"""Helpers for building deck orders that put chosen cards in chosen places."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from patience_rules import Card, GameRules


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
