"""The library shared between threads: the registry, its caches and the engine's.

Rules and states are immutable and may be shared freely; what is shared
behind them (the game registry, the caches of rules made by name, the
engine's tables) must give every thread the answer it would get alone.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import patience_rules as pr
from composed import together, unregister
from patience_rules import rules as rules_module


@pytest.fixture
def switching_often() -> Iterator[None]:
    """Threads switched as often as the interpreter can: races show within a few calls."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _queens(redeals: int = 2) -> pr.GameRules:
    """Captive Queens named ``my-queens``, made slowly (as a factory that reads a file)."""
    time.sleep(0.05)
    return pr.GameRules.from_dict(
        pr.captive_queens(redeals=redeals).to_dict() | {"name": "my-queens"}
    )


@pytest.mark.usefixtures("isolated_registry")
def test_a_variant_asked_for_by_two_threads_at_once_is_made_for_both() -> None:
    # A variant's rules carry the name of the game it varies; checking that
    # the registry makes them under that name was guarded against loops by
    # one set for every thread, so a second thread asking at the same time
    # was refused ("made rules named 'my-queens', which get_game ... does not
    # make").
    pr.register_game("my-queens", _queens, summary="Captive Queens again.")
    pr.register_game("my-queens-3", _queens, options={"redeals": 3}, summary="Three redeals.")
    made = together(2, lambda i: pr.get_game("my-queens-3", redeals=4))
    assert made == [pr.get_game("my-queens", redeals=4)] * 2


@pytest.mark.usefixtures("isolated_registry")
def test_a_game_is_not_seen_until_its_registration_has_made_it() -> None:
    # The registration makes the game's rules (to refuse a game get_game
    # could not make) before it publishes the name: while the factory runs,
    # another thread does not see the game (it did: game_names() listed it,
    # get_game ran the factory a second time, and a game then refused was
    # "failed" rather than unknown for that while).
    running, checked = threading.Event(), threading.Event()
    outcome = [True]

    def slow() -> pr.GameRules:
        running.set()
        assert checked.wait(timeout=30)
        if outcome.pop():
            raise OSError("the factory's file is missing")
        return pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "pending"})

    for refused in (True, False):
        outcome[:] = [refused]
        running.clear()
        checked.clear()
        with ThreadPoolExecutor(1) as pool:
            registering = pool.submit(pr.register_game, "pending", slow, summary="s")
            assert running.wait(timeout=30)
            seen = "pending" in pr.game_names()
            with pytest.raises(pr.UnknownGameError):
                pr.get_game("pending")
            checked.set()
            if refused:
                with pytest.raises(pr.InvalidRulesError, match="cannot be registered"):
                    registering.result(timeout=30)
            else:
                registering.result(timeout=30)
        assert not seen
        assert ("pending" in pr.game_names()) is not refused
    assert pr.get_game("pending").name == "pending"
    assert not outcome  # (the factory ran once for the game registered, not again)


@pytest.mark.usefixtures("isolated_registry")
def test_threads_that_make_a_variant_at_once_share_one_rules_value() -> None:
    # Two threads that ask at once for rules not made yet both make them;
    # the rules kept first are the ones both get (each kept its own, so a
    # worker could hold a copy with its own engine and tables for good).
    both_making = threading.Barrier(2)

    def mine(size: int = 0) -> pr.GameRules:
        if size:
            both_making.wait(timeout=30)
        options = {"options": {"size": size}} if size else {}
        return pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "shared"} | options)

    pr.register_game("shared", mine, summary="s")
    first, second = together(2, lambda i: pr.get_game("shared", size=1))
    assert isinstance(first, pr.GameRules)
    assert first is second
    assert first is pr.get_game("shared", size=1)


@pytest.mark.usefixtures("isolated_registry", "switching_often")
def test_a_name_registered_by_many_threads_at_once_is_registered_once() -> None:
    # Half the threads register a game whose factory fails: the name's check,
    # the registration and its undoing are one step, so exactly one good
    # registration holds the name, every other caller is refused with the
    # library's error, and a failed registration never takes out another's.
    def good() -> pr.GameRules:
        return pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "contested"})

    def broken() -> pr.GameRules:
        raise OSError("the factory's file is missing")

    for _ in range(5):
        outcomes = together(
            8,
            lambda i: pr.register_game(
                "contested", good if i % 2 else broken, summary=f"registration {i}"
            ),
        )
        entries = [outcome for outcome in outcomes if isinstance(outcome, pr.GameEntry)]
        refused = [outcome for outcome in outcomes if not isinstance(outcome, pr.GameEntry)]
        assert len(entries) == 1
        assert all(isinstance(error, pr.InvalidRulesError) for error in refused), refused
        assert entries[0].factory is good
        assert rules_module._REGISTRY["contested"] is entries[0]
        assert pr.get_game("contested").name == "contested"
        unregister(entries[0])


@pytest.mark.usefixtures("isolated_registry", "switching_often")
def test_games_asked_for_while_others_register_are_made_from_the_registry_as_it_is() -> None:
    # Threads ask for a game with options (filling the cache of rules made)
    # while others register and take out games: no error, and no rules
    # kept from a game taken out.
    def mine(name: str) -> Callable[[], pr.GameRules]:
        rules = pr.captive_queens().to_dict() | {"name": name}
        return lambda: pr.GameRules.from_dict(rules)

    def work(i: int) -> object:
        if i % 2:
            for redeals in range(40):
                assert pr.get_game("captive-queens", redeals=redeals).stock.redeals == redeals
            return None
        for _ in range(20):
            name = f"churned-{i}"
            entry = pr.register_game(name, mine(name), summary="made and taken out")
            unregister(entry)
        return None

    assert together(6, work) == [None] * 6
    assert not [key for key in rules_module._MADE if str(key[0]).startswith("churned")]
    assert not [name for name in rules_module._BY_NAME if name.startswith("churned")]


@pytest.mark.usefixtures("isolated_registry")
def test_a_factory_that_fails_is_refused_with_the_librarys_error_everywhere() -> None:
    # A client's options that make a registered factory fail (its own
    # KeyError) are refused by every reader with the library's error, the
    # factory's exception chained.
    def sized(size: str = "small") -> pr.GameRules:
        columns = {"small": 8}[size]
        assert columns == 8
        return pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "sized"} | _options(size))

    def _options(size: str) -> dict[str, Any]:
        return {"options": {"size": size}} if size != "small" else {}

    pr.register_game("sized", sized, summary="A game of one size.")
    with pytest.raises(pr.InvalidRulesError) as refused:
        pr.get_game("sized", size="huge")
    assert (
        str(refused.value)
        == "the factory of game 'sized' failed (given size='huge'): KeyError('huge')"
    )
    assert isinstance(refused.value.__cause__, KeyError)
    state = pr.get_game("sized").deal(1)
    data = pr.state_to_dict(state) | {"options": {"size": "huge"}}
    with pytest.raises(pr.NotationError, match="the factory of game 'sized' failed"):
        pr.state_from_dict(data)
    with pytest.raises(pr.NotationError, match="the factory of game 'sized' failed"):
        pr.game_from_text('sized[size="huge"]')
    record = pr.GameRecord(pr.get_game("sized"), 1).to_dict() | {"options": {"size": "huge"}}
    with pytest.raises(pr.NotationError, match="the factory of game 'sized' failed"):
        pr.GameRecord.from_dict(record)


def test_a_name_is_kept_as_the_registry_writes_it() -> None:
    # get_game reads a name stripped and in any case; the rules it made are
    # kept under the registry's own names only, so that the texts a program
    # is given (a client's, say) are not kept, however long or many.
    padded = " " * 100_000 + "KLONDIKE "
    assert pr.get_game(padded) is pr.get_game("klondike")
    assert padded not in rules_module._BY_NAME
    assert rules_module._BY_NAME["klondike"] is pr.get_game("klondike")
    assert all(name == name.strip().lower() for name in rules_module._BY_NAME)


@pytest.mark.usefixtures("isolated_registry")
def test_an_unknown_game_among_many_names_the_nearest() -> None:
    # The message lists every name while they are few; past forty, how many
    # there are and the nearest to the name given, so that it stays short.
    small = pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "placeholder"})
    for i in range(60):
        name = f"game-number-{i}"
        mine = pr.GameRules.from_dict(small.to_dict() | {"name": name})
        rules_module._register(name, lambda mine=mine: mine, summary="One of many.", made=False)
    with pytest.raises(pr.UnknownGameError) as unknown:
        pr.get_game("game-numbr-17")
    message = str(unknown.value)
    assert message.startswith(
        "unknown game 'game-numbr-17': expected one of the 71 registered games "
        "(game_names() lists them); the nearest: game-number-17, "
    )
    assert len(message) < 200
    with pytest.raises(
        pr.UnknownGameError, match=r"registered games \(game_names\(\) lists them\)$"
    ):
        pr.get_game("x" * 10_000)


def test_play_forced_keeps_its_table_when_another_thread_empties_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The engine's table of wanted cards is a cache that any thread may empty
    # when it is full: forced play looked a key up twice (``get``, then
    # ``[key]``), and another thread's emptying between the two raised
    # KeyError.  Here every ``[key]`` finds the cache just emptied.
    class Emptied(dict[Any, Any]):
        """The cache, found empty (as emptied by another thread) by each ``[key]``."""

        def __getitem__(self, key: Any) -> Any:
            self.clear()
            raise KeyError(key)

    captive = pr.get_game("captive-queens")
    expected = [captive.deal(deal).play_forced() for deal in range(5)]
    engine: Any = captive._engine  # (the engine of the layout, behind its protocol)
    monkeypatch.setattr(engine, "_wanted", Emptied(engine._wanted))
    assert [captive.deal(deal).play_forced() for deal in range(5)] == expected


@pytest.mark.usefixtures("isolated_registry")
def test_rules_made_from_an_entry_taken_out_meanwhile_are_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Another thread's registration is undone (its check refused the game)
    # just after a reader found its entry: the rules the reader makes from it
    # are returned to that reader, but not kept, so once the name is
    # registered again it makes the new game's rules.
    old = pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "again"})
    new = pr.GameRules.from_dict(pr.captive_queens().to_dict() | {"name": "again"})
    entry = pr.register_game("again", lambda: old, summary="The first.")
    found = rules_module._entry
    calls = []

    def found_then_taken_out(name: object) -> pr.GameEntry:
        # (get_game reads the entry, then the cache of rules made reads it
        # again: taken out just after that second reading)
        result = found(name)
        calls.append(name)
        if len(calls) == 2:
            monkeypatch.setattr(rules_module, "_entry", found)
            unregister(entry)  # (as by another thread, in between)
        return result

    monkeypatch.setattr(rules_module, "_entry", found_then_taken_out)
    assert pr.get_game("again") is old
    pr.register_game("again", lambda: new, summary="The second.")
    assert pr.get_game("again") is new


@pytest.mark.usefixtures("isolated_registry")
def test_a_factory_may_wait_for_a_thread_that_makes_games() -> None:
    # The registration holds the registry's lock while its factory runs; a
    # thread that makes a game the caches do not hold yet never waits for
    # that lock, so a factory that waits for such a thread finishes.
    def mine() -> pr.GameRules:
        with ThreadPoolExecutor(1) as pool:
            base = pool.submit(lambda: pr.get_game("klondike", draw=3, redeals=7)).result()
        return pr.GameRules.from_dict(base.to_dict() | {"name": "waits", "options": {}})

    registering = threading.Thread(
        target=lambda: pr.register_game("waits", mine, summary="s"), daemon=True
    )
    registering.start()
    registering.join(timeout=60)
    assert not registering.is_alive()
    assert pr.get_game("waits").stock.draw == 3


@pytest.mark.usefixtures("isolated_registry")
@pytest.mark.parametrize("failure", [OSError, TypeError, pr.InvalidRulesError])
def test_a_factory_that_fails_once_leaves_is_registered_to_ask_again(
    failure: type[Exception],
) -> None:
    # A factory's failure (a file it reads, missing for a moment; whatever
    # it raises) makes is_registered answer False for now, and not for good.
    failing = [True]

    def sized(size: str = "small") -> pr.GameRules:
        if size == "big" and failing.pop() if failing else False:
            raise failure("the factory's file is missing")
        options = {"options": {"size": size}} if size != "small" else {}
        return pr.GameRules.from_dict(pr.sultan().to_dict() | {"name": "flaky"} | options)

    pr.register_game("flaky", sized, summary="s")
    big = pr.GameRules.from_dict(
        pr.sultan().to_dict() | {"name": "flaky", "options": {"size": "big"}}
    )
    assert not pr.is_registered(big)
    assert pr.get_game("flaky", size="big") == big
    assert pr.is_registered(big)


def test_a_name_of_a_str_subclass_keeps_no_rules_under_another_name() -> None:
    # A str subclass's own == and hash could stand for another registered
    # name in the cache of rules made by name: it is read, never kept.
    class Posing(str):
        def __eq__(self, other: object) -> bool:
            return other == "klondike"

        def __hash__(self) -> int:
            return hash("klondike")

    assert pr.get_game(Posing("sultan")).name == "sultan"
    assert pr.get_game("klondike").name == "klondike"


@pytest.mark.usefixtures("isolated_registry", "switching_often")
def test_the_entries_are_read_whole_while_registrations_fail() -> None:
    # game_entries() read the names, then each entry: a registration undone
    # in between (its factory failed) raised KeyError.
    def broken() -> pr.GameRules:
        raise OSError("the factory's file is missing")

    stop = threading.Event()

    def register() -> None:
        while not stop.is_set():
            with pytest.raises(pr.InvalidRulesError):
                pr.register_game("flaky", broken, summary="s")

    registering = threading.Thread(target=register)
    registering.start()
    try:
        for _ in range(3000):
            names = [entry.name for entry in pr.game_entries()]
            assert names == sorted(names)
    finally:
        stop.set()
        registering.join()
