"""Games composed for the tests alone (no module registers them)."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import strategies as st

import patience_rules as pr
from patience_rules import rules

#: Aces up to Kings, in one suit.
UP = pr.FoundationSequence(start=pr.Rank.ACE, step=1, length=13, wrap=False)


def toy_game(**overrides: object) -> pr.GameRules:
    """A one-deck game composed from the parts: Aces up, two columns, three cells
    (``overrides`` replace any of its arguments)."""
    parts: dict[str, object] = {
        "name": "toy",
        "title": "Toy",
        "decks": 1,
        "foundations": tuple(pr.Foundation(suit, UP) for suit in pr.Suit),
        "tableau": pr.Tableau(columns=2, depth=2, refill=pr.Refill.FROM_WASTE),
        "reserve": pr.Reserve(cells=3, refill=pr.Refill.FROM_WASTE_THEN_STOCK),
        "stock": pr.Stock(redeals=1),
    }
    parts.update(overrides)
    return pr.GameRules(**parts)  # type: ignore[arg-type]


#: Every move forced, and columns that build down in any suit: the one legal
#: move goes by pile number, and a card can go from column to column and back.
FORCED_BUILDS = pr.GameRules(
    name="forced-builds",
    title="Forced builds",
    decks=1,
    foundations=[
        pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, length=13, wrap=False))
        for suit in pr.Suit
    ],
    tableau=pr.Tableau(
        columns=6, depth=3, build=pr.Build(suits=pr.Suits.ANY, direction=pr.Direction.DOWN)
    ),
    stock=pr.Stock(redeals=1),
    compulsion=pr.Compulsion.FORCED,
)

#: Two piles dealt from one deck, nothing built, four Ace foundations, six
#: shifts: each shift turns both piles round, bottom card to the top.
SHIFTING_PILES = pr.GameRules(
    name="shifting-piles",
    title="Shifting Piles",
    decks=1,
    foundations=[
        pr.Foundation(suit, pr.FoundationSequence(start=pr.Rank.ACE, wrap=False))
        for suit in pr.Suit
    ],
    tableau=pr.Tableau(columns=2, depth=26),
    stock=pr.Stock(redeals=6, redeal=pr.Redeal.SHIFT),
)


def waiting_for_shifts() -> pr.State:
    """A position of :data:`SHIFTING_PILES` whose 10C can go home at once, but
    whose only win makes four shifts first: without 10C, the second pile comes
    round in three shifts instead of four."""
    return SHIFTING_PILES.make_state(
        columns=[
            pr.cards_from_text("QD 9H KD 10H QC KH QH"),
            pr.cards_from_text("KC JC JH 10C"),
        ],
        foundation_heights=[9, 11, 8, 13],
        redeals_used=2,
    )


def isolate_registry(patch: pytest.MonkeyPatch) -> None:
    """Make the game registry and its caches copies, which ``patch`` puts back when it ends
    (the ``isolated_registry`` fixture's work, for a test that registers a game per example)."""
    for table in ("_REGISTRY", "_ALIASES", "_BY_NAME", "_MADE", "_REGISTERED"):
        patch.setattr(rules, table, dict(getattr(rules, table)))


def together(count: int, work: Callable[[int], object]) -> list[object]:
    """``work(i)`` for each of ``count`` threads started at once: its result or its exception."""
    start = threading.Barrier(count)

    def run(i: int) -> object:
        start.wait(timeout=30)
        try:
            return work(i)
        except Exception as error:  # (each thread's outcome, to assert on)
            return error

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(run, range(count)))


def unregister(entry: pr.GameEntry) -> None:
    """Take ``entry`` out of the registry, and what its making left in the caches, as
    another thread might while others read (the library itself never takes one out)."""
    with rules._LOCK:
        del rules._REGISTRY[entry.name]
        for alias in entry.aliases:
            del rules._ALIASES[alias]
        rules._changed()
        for key in [key for key in rules._MADE if key[0] == entry.name]:
            del rules._MADE[key]
        for name in (entry.name, *entry.aliases):  # (the only texts _BY_NAME keeps)
            rules._BY_NAME.pop(name, None)


#: Steps of a foundation's sequence: any step goes round all thirteen ranks
#: (thirteen is prime), so a sequence of thirteen takes each rank once.
_STEPS = (1, -1, 1, -1, 2, -3, 5)


@st.composite
def compositions(draw: st.DrawFn) -> pr.GameRules:
    """Games composed at random from the library's parts, as a user might compose them.

    The foundations are those of :func:`_foundations`, with or without a
    middle.  The tableau, reserve, stock and compulsion are drawn from every
    setting their parts take.
    """
    decks = draw(st.integers(1, 2), label="decks")
    middle_rank = draw(st.none() | st.sampled_from(pr.Rank), label="middle rank")
    foundations = _foundations(draw, decks, middle_rank, locked_only=False)
    middle = None
    if middle_rank is not None:
        middle = pr.Middle([middle_rank], laid_out=draw(st.booleans(), label="middle laid out"))
    stock_redeal = pr.Redeal.TURN_OVER
    tableau = None
    if draw(st.integers(0, 4), label="tableau") > 0:
        tableau = _tableau(draw)
        if not tableau.face_down and draw(st.integers(0, 3), label="shifts") == 0:
            stock_redeal = pr.Redeal.SHIFT
    reserve = None
    if draw(st.booleans(), label="reserve"):
        cells = draw(st.integers(1, 4), label="cells")
        refill = draw(st.sampled_from(pr.Refill), label="cell refill")
        reserve = pr.Reserve(
            cells=cells,
            refill=refill,
            # (cells dealt empty need a policy that fills them)
            dealt=True
            if refill is pr.Refill.NEVER
            else draw(st.booleans() | st.integers(0, cells), label="cells dealt"),
        )
    # (a shift redeal with no shifts to make is drawn one time in four: its games
    # play as a stock redeal's with none)
    shifts = (1, 2, None, 0) if stock_redeal is pr.Redeal.SHIFT else (0, 1, 2, None)
    stock = pr.Stock(
        redeals=draw(st.sampled_from(shifts), label="redeals"),
        draw=draw(st.integers(1, 3), label="draw"),
        redeal=stock_redeal,
    )
    return pr.GameRules(
        name="composed",
        title="Composed",
        decks=decks,
        foundations=foundations,
        tableau=tableau,
        reserve=reserve,
        middle=middle,
        stock=stock,
        compulsion=draw(st.sampled_from(pr.Compulsion), label="compulsion"),
    )


@st.composite
def feeding_home(draw: st.DrawFn) -> pr.GameRules:
    """Games of Royal Cotillion's shape, for which the solver has a search of its own.

    Cards leave their piles only for foundations locked to a suit (drawn as
    in :func:`_foundations`, none playable); columns that are never refilled
    and build nothing, cells refilled from the waste, one pass through a
    stock drawn one card at a time, and the player's choice of moves.
    """
    decks = draw(st.integers(1, 2), label="decks")
    tableau = None
    if draw(st.booleans(), label="tableau"):
        tableau = pr.Tableau(
            columns=draw(st.integers(1, 6), label="columns"),
            depth=draw(st.integers(0, 4), label="depth"),
            face_down=draw(st.booleans(), label="face down"),
        )
    cells = draw(st.integers(8, 16), label="cells")
    return pr.GameRules(
        name="feeding-home",
        title="Feeding home",
        decks=decks,
        foundations=_foundations(draw, decks, None, locked_only=True),
        tableau=tableau,
        reserve=pr.Reserve(
            cells=cells,
            refill=pr.Refill.FROM_WASTE,
            dealt=draw(st.booleans() | st.integers(0, cells), label="cells dealt"),
        ),
    )


def _foundations(
    draw: st.DrawFn, decks: int, middle_rank: pr.Rank | None, *, locked_only: bool
) -> list[pr.Foundation]:
    """Foundations that take every card of ``decks`` decks but the middle's rank.

    Each suit of each deck is a chain of ranks (a start and a step, once round
    the ranks, or round all but the middle's rank) that one foundation takes,
    or two that split it.  A chain's foundations are locked to its suit or
    (unless ``locked_only``, which also makes none playable), for a drawn set
    of the chains, take any suit; chains of any suit may join into one long
    foundation with repeated ranks.
    """
    length = 13 if middle_rank is None else 12
    foundations: list[pr.Foundation] = []
    any_suit: list[tuple[pr.Rank, int]] = []  # the chains of any suit, by start and step
    playable = not locked_only
    for suit in [suit for _ in range(decks) for suit in pr.Suit]:
        step = draw(st.sampled_from(_STEPS), label="step")
        if middle_rank is None:
            start = draw(st.sampled_from(pr.Rank), label="start")
        else:  # the chain that would start at the middle's rank, without it
            start = pr.Rank((middle_rank - 1 + step) % 13 + 1)
        locked = locked_only or draw(st.booleans(), label="locked to its suit")
        if not locked and middle_rank is None and draw(st.booleans(), label="joins"):
            any_suit.append((start, step))
            continue
        split = draw(st.sampled_from((0, 0, 0, 1, 6, length - 1)), label="split after")
        parts = [(start, length)]
        if split:
            second = pr.Rank((start - 1 + split * step) % 13 + 1)
            parts = [(start, split), (second, length - split)]
        for base, count in parts:
            foundations.append(
                _foundation(draw, suit if locked else None, base, step, count, playable)
            )
    # Chains of any suit that join: those of one start and step make one foundation.
    for (start, step), count in Counter(any_suit).items():
        foundations.append(_foundation(draw, None, start, step, 13 * count, playable))
    return draw(st.permutations(foundations), label="foundation order")


def _foundation(
    draw: st.DrawFn,
    suit: pr.Suit | None,
    start: pr.Rank,
    step: int,
    length: int,
    playable: bool,
) -> pr.Foundation:
    return pr.Foundation(
        suit,
        pr.FoundationSequence(start=start, step=step, length=length, wrap=True),
        laid_out=draw(st.integers(0, 3), label="laid out") == 0,
        playable=playable and draw(st.integers(0, 3), label="playable") == 0,
    )


def _tableau(draw: st.DrawFn) -> pr.Tableau:
    columns = draw(st.integers(1, 7), label="columns")
    depth: int | tuple[int, ...] = draw(
        st.integers(0, 5) | st.tuples(*[st.integers(0, 5)] * columns), label="depth"
    )
    refill = draw(st.sampled_from(pr.Refill), label="column refill")
    build = None
    runs = pr.Runs.NONE
    if draw(st.integers(0, 3), label="builds") > 0:
        build = pr.Build(
            suits=draw(st.sampled_from(pr.Suits), label="build suits"),
            direction=draw(st.sampled_from(pr.Direction), label="build direction"),
            wrap=draw(st.booleans(), label="build wraps"),
        )
        runs = draw(st.sampled_from(pr.Runs), label="runs")
    fill_rank = None
    if refill is pr.Refill.BY_MOVE:
        fill_rank = draw(st.none() | st.sampled_from(pr.Rank), label="fill rank")
    return pr.Tableau(
        columns=columns,
        depth=depth,
        refill=refill,
        build=build,
        runs=runs,
        fill_rank=fill_rank,
        face_down=draw(st.booleans(), label="face down"),
    )
