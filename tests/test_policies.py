"""The policies' values, which the rules' dict forms and records write, and their words."""

from __future__ import annotations

import enum

import pytest

import patience_rules as pr

#: Every policy's value and description.  The values are a file format (a
#: game's rules written down as data): they never change.
POLICIES: list[tuple[enum.Enum, str, str]] = [
    (pr.Refill.NEVER, "never", "an emptied pile stays empty"),
    (pr.Refill.FROM_WASTE, "waste", "an empty pile is filled at once from the top of the waste"),
    (
        pr.Refill.FROM_WASTE_THEN_STOCK,
        "waste-then-stock",
        "an empty pile is filled at once from the top of the waste, "
        "or from the stock when the waste is empty",
    ),
    (pr.Refill.BY_MOVE, "move", "the player may move a card into an empty pile"),
    (pr.Compulsion.NONE, "none", "the player chooses among all legal moves"),
    (pr.Compulsion.FORCED, "forced", "every move is compulsory: the player never chooses"),
    (
        pr.Redeal.TURN_OVER,
        "turn-over",
        "the waste is turned over as the new stock, without shuffling",
    ),
    (
        pr.Redeal.SHIFT,
        "shift",
        "the bottom card of every column of two or more cards goes to its top",
    ),
    (
        pr.Shuffle.LIBRARY,
        "library",
        "the library's own pinned shuffle (SplitMix64 and Fisher-Yates)",
    ),
    (pr.Shuffle.MICROSOFT, "microsoft", "Microsoft's FreeCell deal numbering"),
]


def test_every_policy_is_pinned() -> None:
    pinned = {policy for policy, _, _ in POLICIES}
    assert pinned == {*pr.Refill, *pr.Compulsion, *pr.Redeal, *pr.Shuffle}


@pytest.mark.parametrize(("policy", "value", "words"), POLICIES, ids=lambda item: str(item))
def test_a_policy_s_value_and_words(policy: enum.Enum, value: str, words: str) -> None:
    assert policy.value == value
    assert type(policy)(value) is policy
    assert policy.describe() == words  # type: ignore[attr-defined]


def test_the_automatic_refills_fill_piles_by_themselves() -> None:
    automatic = {refill for refill in pr.Refill if refill.is_automatic}
    assert automatic == {pr.Refill.FROM_WASTE, pr.Refill.FROM_WASTE_THEN_STOCK}
