"""Benchmarks: the engine against hand-written simulators, in one process.

Run ``python benchmarks/run.py`` (under a minute of CPU time;
``--long`` for a steadier measurement, ``--quick`` for a smoke run).  Times
are CPU times of this process (``time.process_time``), so that other work on
the machine does not count; each figure is the best of several repeats, the
engine and the hand-written simulator taking turns.  The table shows
each figure, the same work by the simulator in ``benchmarks/handwritten.py``,
and the ratio (above 1: the engine is faster).
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

# ``--src DIR`` measures another checkout's package (say, an older release).
_SRC = next(
    (sys.argv[i + 1] for i, arg in enumerate(sys.argv[:-1]) if arg == "--src"),
    str(Path(__file__).resolve().parents[1] / "src"),
)
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, _SRC)

import handwritten as hw  # noqa: E402

import patience_rules as pr  # noqa: E402
from patience_rules import Move, PileKind, State  # noqa: E402

RC = pr.get_game("royal-cotillion")
CQ = pr.get_game("captive-queens")
# FreeCell and Klondike where the measured package has them (``--src`` may
# name an older release without them): their rows are left out otherwise.
FC = pr.freecell() if hasattr(pr, "freecell") else None
KL = pr.klondike() if hasattr(pr, "klondike") else None

#: The most moves a FreeCell or Klondike random playout makes: random play
#: need not end (Klondike redeals without limit; FreeCell moves a card back
#: and forth), so every playout stops here, on both sides.
PLAYOUT_CAP = 1000


def rc_tuple(state: State) -> hw.RCState:
    """An engine state of Royal Cotillion in the hand-written form."""
    return (
        state.foundation_heights,
        tuple(-1 if card is None else int(card) for card in state.cells),
        tuple(map(int, state.waste)),
        tuple(tuple(map(int, column)) for column in state.columns),
        tuple(map(int, state.stock)),
    )


def hw_move(move: Move) -> hw.Move:
    """An engine move in the hand-written form."""
    if move.is_draw:
        return hw.DRAW
    if move.is_redeal:
        return hw.REDEAL
    kind = {PileKind.COLUMN: 0, PileKind.CELL: 1, PileKind.WASTE: 2}[move.source.kind]
    target = 8 if move.target.kind is PileKind.MIDDLE else move.target.index
    return (kind, move.source.index, target)


def fc_tuple(state: State) -> hw.FCState:
    """An engine state of FreeCell in the hand-written form."""
    return (
        state.foundation_heights,
        tuple(-1 if card is None else int(card) for card in state.cells),
        tuple(tuple(map(int, column)) for column in state.columns),
    )


def kl_tuple(state: State) -> hw.KLState:
    """An engine state of Klondike in the hand-written form."""
    return (
        state.foundation_heights,
        tuple(map(int, state.waste)),
        tuple(tuple(map(int, column)) for column in state.columns),
        state.face_down,
        tuple(map(int, state.stock)),
    )


_TABLEAU_KINDS = {
    PileKind.COLUMN: hw.COLUMN,
    PileKind.CELL: hw.CELL,
    PileKind.WASTE: hw.WASTE,
    PileKind.FOUNDATION: hw.FOUNDATION,
}


def hw_tableau_move(move: Move) -> hw.TableauMove:
    """An engine move of FreeCell or Klondike in the hand-written form."""
    if move.is_draw:
        return hw.KL_DRAW
    if move.is_redeal:
        return hw.KL_REDEAL
    kinds = _TABLEAU_KINDS
    return (
        kinds[move.source.kind],
        move.source.index,
        kinds[move.target.kind],
        move.target.index,
        move.count,
    )


def rc_playout(state: State, rng: random.Random) -> tuple[State, int]:
    """Play random legal moves to the end: the final state and the number of moves."""
    steps = 0
    while True:
        moves = state.legal_moves()
        if not moves:
            return state, steps
        state = state.apply(moves[rng.randrange(len(moves))])
        steps += 1


def hw_rc_playout(state: hw.RCState, rng: random.Random) -> tuple[hw.RCState, int]:
    """The same playout by the hand-written simulator."""
    steps = 0
    while True:
        moves = hw.rc_moves(state)
        if not moves:
            return state, steps
        state = hw.rc_apply(state, moves[rng.randrange(len(moves))])
        steps += 1


def capped_playout(state: State, rng: random.Random, cap: int = PLAYOUT_CAP) -> tuple[State, int]:
    """Play random legal moves until the game is over or ``cap`` moves are made."""
    steps = 0
    while steps < cap:
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[rng.randrange(len(moves))])
        steps += 1
    return state, steps


def hw_fc_playout(
    state: hw.FCState, rng: random.Random, cap: int = PLAYOUT_CAP
) -> tuple[hw.FCState, int]:
    """The same FreeCell playout by the hand-written simulator."""
    steps = 0
    while steps < cap:
        moves = hw.fc_moves(state)
        if not moves:
            break
        state = hw.fc_apply(state, moves[rng.randrange(len(moves))])
        steps += 1
    return state, steps


def hw_kl_playout(
    state: hw.KLState, rng: random.Random, cap: int = PLAYOUT_CAP
) -> tuple[hw.KLState, int]:
    """The same Klondike playout by the hand-written simulator."""
    steps = 0
    while steps < cap:
        moves = hw.kl_moves(state)
        if not moves:
            break
        state = hw.kl_apply(state, moves[rng.randrange(len(moves))])
        steps += 1
    return state, steps


def cq_play(state: State) -> State:
    """Captive Queens to the end through ``legal_moves`` and ``apply``."""
    while True:
        moves = state.legal_moves()
        if not moves:
            return state
        state = state.apply(moves[0])


def hw_cq_play(state: hw.CQState) -> hw.CQState:
    """The same game by the hand-written simulator."""
    while True:
        moves = hw.cq_moves(state)
        if not moves:
            return state
        state = hw.cq_apply(state, moves[0])


def sample_states(count: int, seed: int) -> list[tuple[State, Move]]:
    """Royal Cotillion states reached by random play, each with a random legal move."""
    rng = random.Random(seed)
    sample: list[tuple[State, Move]] = []
    deal = 0
    while len(sample) < count:
        state = RC.deal(deal)
        deal += 1
        while len(sample) < count:
            moves = state.legal_moves()
            if not moves:
                break
            move = moves[rng.randrange(len(moves))]
            sample.append((state, move))
            state = state.apply(move)
    return sample


def best_time(work: Callable[[], object], repeats: int) -> float:
    """The least time of ``repeats`` runs of ``work``."""
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return min(times)


def race(
    engine: Callable[[], object], simulator: Callable[[], object], repeats: int
) -> tuple[float, float]:
    """Best times of the two, taking turns."""
    best_engine = best_simulator = float("inf")
    for _ in range(repeats):
        best_engine = min(best_engine, best_time(engine, 1))
        best_simulator = min(best_simulator, best_time(simulator, 1))
    return best_engine, best_simulator


def memory_per_state(count: int, seed: int) -> tuple[float, float]:
    """Bytes per additional state in a set of ``count`` Royal Cotillion states reached by play."""

    def fill(
        deal: Callable[[int], object],
        moves: Callable[[object], list[object]],
        apply: Callable[[object, object], object],
    ) -> float:
        rng = random.Random(seed)
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        seen: set[object] = set()
        number = 0
        while len(seen) < count:
            state = deal(number)
            number += 1
            seen.add(state)
            while len(seen) < count:
                listed = moves(state)
                if not listed:
                    break
                state = apply(state, listed[rng.randrange(len(listed))])
                seen.add(state)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        del seen
        return used / count

    orders = {n: RC.deck_order(n) for n in range(count // 50 + 100)}
    engine = fill(
        lambda n: RC.deal_from(orders[n]),
        lambda s: list(s.legal_moves()),  # type: ignore[attr-defined]
        lambda s, m: s.apply(m),  # type: ignore[attr-defined]
    )
    simulator = fill(
        lambda n: hw.rc_deal(list(map(int, orders[n]))),
        hw.rc_moves,  # type: ignore[arg-type]
        hw.rc_apply,  # type: ignore[arg-type]
    )
    return engine, simulator


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="a tiny run that checks it all works")
    size.add_argument("--long", action="store_true", help="more work and more repeats")
    parser.add_argument("--src", default=_SRC, help="the source tree to import from")
    parser.add_argument(
        "--memory-states",
        type=int,
        default=None,
        help="states in the memory benchmark (default 100000; --quick 2000)",
    )
    args = parser.parse_args(argv)
    scale, repeats = (0.02, 1) if args.quick else (4.0, 7) if args.long else (1.0, 5)
    states = max(20, int(2000 * scale))
    games = max(2, int(60 * scale))
    cq_games = max(2, int(600 * scale))
    fc_games = max(2, int(240 * scale))
    kl_games = max(2, int(120 * scale))
    memory_states = args.memory_states or (2000 if args.quick else 100_000)

    rows: list[tuple[str, str, float, float]] = []

    def row(name: str, unit: str, engine_rate: float, simulator_rate: float) -> None:
        rows.append((name, unit, engine_rate, simulator_rate))

    sample = sample_states(states, seed=1)
    tuples = [(rc_tuple(state), hw_move(move)) for state, move in sample]
    t_engine, t_sim = race(
        lambda: [state.legal_moves() for state, _ in sample],
        lambda: [hw.rc_moves(state) for state, _ in tuples],
        repeats,
    )
    row("RC legal moves of a state", "states/s", len(sample) / t_engine, len(sample) / t_sim)
    t_engine, t_sim = race(
        lambda: [state.apply(move) for state, move in sample],
        lambda: [hw.rc_apply(state, move) for state, move in tuples],
        repeats,
    )
    row("RC apply a move", "moves/s", len(sample) / t_engine, len(sample) / t_sim)

    starts = [RC.deal(n) for n in range(games)]
    hw_starts = [hw.rc_deal(list(map(int, RC.deck_order(n)))) for n in range(games)]
    steps = sum(rc_playout(state, random.Random(n))[1] for n, state in enumerate(starts))
    t_engine, t_sim = race(
        lambda: [rc_playout(state, random.Random(n)) for n, state in enumerate(starts)],
        lambda: [hw_rc_playout(state, random.Random(n)) for n, state in enumerate(hw_starts)],
        repeats,
    )
    row("RC random playouts", "games/s", games / t_engine, games / t_sim)
    row("  the same, as transitions", "moves/s", steps / t_engine, steps / t_sim)

    # FreeCell (Microsoft's deals from 1) and Klondike: random playouts of at
    # most PLAYOUT_CAP moves each.
    if FC is not None:
        fc_deals = [(n, FC.deal(n)) for n in range(1, fc_games + 1)]
        hw_fc_deals = [(n, hw.fc_deal(list(map(int, FC.deck_order(n))))) for n, _ in fc_deals]
        steps = sum(hw_fc_playout(state, random.Random(n))[1] for n, state in hw_fc_deals)
        t_engine, t_sim = race(
            lambda: [capped_playout(state, random.Random(n)) for n, state in fc_deals],
            lambda: [hw_fc_playout(state, random.Random(n)) for n, state in hw_fc_deals],
            repeats,
        )
        row("FreeCell random playouts", "games/s", fc_games / t_engine, fc_games / t_sim)
        row("  the same, as transitions", "moves/s", steps / t_engine, steps / t_sim)

    if KL is not None:
        kl_deals = [(n, KL.deal(n)) for n in range(1, kl_games + 1)]
        hw_kl_deals = [(n, hw.kl_deal(list(map(int, KL.deck_order(n))))) for n, _ in kl_deals]
        steps = sum(hw_kl_playout(state, random.Random(n))[1] for n, state in hw_kl_deals)
        t_engine, t_sim = race(
            lambda: [capped_playout(state, random.Random(n)) for n, state in kl_deals],
            lambda: [hw_kl_playout(state, random.Random(n)) for n, state in hw_kl_deals],
            repeats,
        )
        row("Klondike random playouts", "games/s", kl_games / t_engine, kl_games / t_sim)
        row("  the same, as transitions", "moves/s", steps / t_engine, steps / t_sim)

    cq_starts = [CQ.deal(n) for n in range(cq_games)]
    hw_cq_starts = [hw.cq_deal(list(map(int, CQ.deck_order(n)))) for n in range(cq_games)]
    # An engine without the fast path plays through legal_moves and apply.
    play_forced: Callable[[State], State] = getattr(State, "play_forced", cq_play)
    t_engine, t_sim = race(
        lambda: [play_forced(state) for state in cq_starts],
        lambda: [hw_cq_play(state) for state in hw_cq_starts],
        repeats,
    )
    row("CQ complete games (play_forced)", "games/s", cq_games / t_engine, cq_games / t_sim)
    t_engine, t_sim = race(
        lambda: [cq_play(state) for state in cq_starts[: max(2, cq_games // 10)]],
        lambda: [hw_cq_play(state) for state in hw_cq_starts[: max(2, cq_games // 10)]],
        repeats,
    )
    n = max(2, cq_games // 10)
    row("CQ complete games (legal_moves+apply)", "games/s", n / t_engine, n / t_sim)
    orders = [CQ.deck_order(n) for n in range(cq_games)]
    t_engine, t_sim = race(
        lambda: [play_forced(CQ.deal_from(order)) for order in orders],
        lambda: [hw_cq_play(hw.cq_deal(list(map(int, order)))) for order in orders],
        repeats,
    )
    row("CQ deal from a deck order and play", "games/s", cq_games / t_engine, cq_games / t_sim)

    def fresh() -> list[State]:
        return [pickle.loads(pickle.dumps(state)) for state, _ in sample]

    def hash_all(copies: list[State]) -> float:
        return best_time(lambda: [hash(state) for state in copies], 1)

    # Unhashed copies each time: a state caches its hash.
    t_engine = min(hash_all(fresh()) for _ in range(repeats))
    t_sim = best_time(lambda: [hash(state) for state, _ in tuples], repeats)
    row("state hashing (first hash)", "states/s", len(sample) / t_engine, len(sample) / t_sim)
    t_engine, t_sim = race(
        lambda: [pickle.loads(pickle.dumps(state)) for state, _ in sample],
        lambda: [pickle.loads(pickle.dumps(state)) for state, _ in tuples],
        repeats,
    )
    row("pickle round trip of a state", "states/s", len(sample) / t_engine, len(sample) / t_sim)

    engine_bytes, simulator_bytes = memory_per_state(memory_states, seed=2)

    print(
        f"patience-rules {pr.__version__} from {Path(pr.__file__).parent}, "
        f"Python {sys.version.split()[0]}; "
        f"best of {repeats}; ratio above 1: the engine is faster"
    )
    print(f"{'benchmark':40} {'engine':>12} {'hand-written':>13} {'ratio':>7}  unit")
    for name, unit, engine_rate, simulator_rate in rows:
        print(
            f"{name:40} {engine_rate:12,.0f} {simulator_rate:13,.0f} "
            f"{engine_rate / simulator_rate:7.2f}  {unit}"
        )
    print(
        f"{'RC memory per state, set of ' + format(memory_states, ','):40} {engine_bytes:12,.0f} "
        f"{simulator_bytes:13,.0f} {simulator_bytes / engine_bytes:7.2f}  bytes (ratio: "
        "simulator / engine)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
