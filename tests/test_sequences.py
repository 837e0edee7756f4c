"""Foundation sequences."""

from __future__ import annotations

import pytest

from patience_rules import FoundationSequence, InvalidRulesError, NotationError, Rank


def symbols(sequence: FoundationSequence) -> str:
    return " ".join(rank.symbol for rank in sequence.ranks)


def test_odd_first_by_twos_with_wraparound() -> None:
    sequence = FoundationSequence(start=Rank.ACE, step=2, length=13)
    assert symbols(sequence) == "A 3 5 7 9 J K 2 4 6 8 10 Q"


def test_even_first_by_twos_with_wraparound() -> None:
    sequence = FoundationSequence(start=Rank.TWO, step=2, length=13)
    assert symbols(sequence) == "2 4 6 8 10 Q A 3 5 7 9 J K"


def test_six_up_to_jack() -> None:
    assert symbols(FoundationSequence(start=Rank.SIX, step=1, length=6, wrap=False)) == (
        "6 7 8 9 10 J"
    )


def test_five_down_to_ace_then_king() -> None:
    assert symbols(FoundationSequence(start=Rank.FIVE, step=-1, length=6)) == "5 4 3 2 A K"


def test_without_wrap_a_sequence_may_not_run_off_the_end() -> None:
    with pytest.raises(InvalidRulesError, match="runs past the Ace"):
        FoundationSequence(start=Rank.FIVE, step=-1, length=6, wrap=False)


@pytest.mark.parametrize(
    ("start", "step", "length"),
    [(Rank.ACE, 1, 13), (Rank.KING, -1, 13), (Rank.SIX, 1, 6), (Rank.TWO, 3, 4)],
)
def test_a_sequence_that_never_wraps_is_equal_whatever_its_wrap(
    start: Rank, step: int, length: int
) -> None:
    wrapping = FoundationSequence(start=start, step=step, length=length)
    plain = FoundationSequence(start=start, step=step, length=length, wrap=False)
    assert wrapping == plain and hash(wrapping) == hash(plain)
    assert wrapping.ranks == plain.ranks
    # The form writes whether the sequence runs on, not what was given (so
    # that equal sequences write equal forms), and reads back equal.
    assert wrapping.to_dict() == plain.to_dict() and plain.to_dict()["wrap"] is False
    assert FoundationSequence.from_dict(wrapping.to_dict()) == wrapping


def test_sequences_of_other_ranks_differ() -> None:
    up = FoundationSequence(start=Rank.ACE)
    assert up != FoundationSequence(start=Rank.ACE, length=12)
    assert up != FoundationSequence(start=Rank.TWO)
    assert up != FoundationSequence(start=Rank.ACE, step=2)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start": Rank.ACE, "step": 0}, "from -12 to 12, not 0"),
        ({"start": Rank.ACE, "step": 13}, "from -12 to 12, not 0"),
        ({"start": Rank.ACE, "length": 0}, "length is a whole number from 1 to 208"),
        ({"start": Rank.ACE, "length": 209}, "length is a whole number from 1 to 208"),
        ({"start": Rank.ACE, "length": 14, "wrap": False}, "runs past the King after 13 cards"),
        ({"start": Rank.KING, "length": 2, "wrap": False}, "runs past the King after 1 card but"),
        ({"start": Rank.ACE, "step": -1, "length": 2, "wrap": False}, "past the Ace after 1 card "),
        ({"start": Rank.ACE, "step": 13 + 13}, "from -12 to 12, not 0"),
        ({"start": 1}, "starts at a Rank"),
    ],
)
def test_bad_sequences_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRulesError, match=message):
        FoundationSequence(**kwargs)  # type: ignore[arg-type]


def test_thirteen_cards_take_every_rank_once_and_longer_sequences_repeat() -> None:
    # 13 is prime, so any step but 0 goes through every rank in 13 cards.
    for step in range(1, 13):
        sequence = FoundationSequence(start=Rank.KING, step=step, length=13)
        assert sorted(sequence.ranks) == list(Rank)
        longer = FoundationSequence(start=Rank.KING, step=step, length=52)
        assert longer.ranks == sequence.ranks * 4


def test_a_sequence_turns_into_a_dict_and_back() -> None:
    sequence = FoundationSequence(start=Rank.FIVE, step=-1, length=6)
    assert FoundationSequence.from_dict(sequence.to_dict()) == sequence


def test_sequences_are_equal_by_value() -> None:
    assert FoundationSequence(start=Rank.ACE, step=2) == FoundationSequence(
        start=Rank.ACE, step=2, length=13, wrap=True
    )
    assert hash(FoundationSequence(start=Rank.ACE, step=2)) == hash(
        FoundationSequence(start=Rank.ACE, step=2)
    )


def test_a_sequence_is_written_in_full_up_to_thirteen_cards_and_cut_after() -> None:
    thirteen = FoundationSequence(start=Rank.ACE)
    assert str(thirteen) == "A 2 3 4 5 6 7 8 9 10 J Q K"
    assert str(FoundationSequence(start=Rank.ACE, length=14)) == f"{thirteen} … (14 cards)"
    assert str(FoundationSequence(start=Rank.KING, step=-1, length=52)) == (
        "K Q J 10 9 8 7 6 5 4 3 2 A … (52 cards)"
    )


def test_a_sequence_reprs_as_the_call_that_makes_it() -> None:
    # (its ranks are worked out, not an argument)
    namespace = {"FoundationSequence": FoundationSequence, "Rank": Rank}
    for sequence in (
        FoundationSequence(start=Rank.FIVE, step=-1, length=6),
        FoundationSequence(start=Rank.ACE, step=12, length=208, wrap=True),
        FoundationSequence(start=Rank.SIX, length=8, wrap=False),
    ):
        assert "ranks" not in repr(sequence)
        assert eval(repr(sequence), namespace) == sequence


@pytest.mark.parametrize("step", [-13, 13])
def test_a_step_past_twelve_ranks_is_refused_from_a_dict_by_its_key(step: int) -> None:
    data = {**FoundationSequence(start=Rank.ACE).to_dict(), "step": step}
    with pytest.raises(
        NotationError, match=r"^sequence\.step: expected a whole number from -12 to 12"
    ):
        FoundationSequence.from_dict(data)


@pytest.mark.parametrize("step", [-12, -1, 1, 12])
def test_every_step_of_up_to_twelve_ranks_either_way_reads_from_a_dict(step: int) -> None:
    sequence = FoundationSequence(start=Rank.ACE, step=step, length=1)
    assert FoundationSequence.from_dict(sequence.to_dict()) == sequence
