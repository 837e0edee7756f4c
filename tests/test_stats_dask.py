"""play_deals on a real Dask cluster gives what a process pool gives; so does the command line.

Needs the ``dask`` extra (``dask[distributed]``); run by the ``extras`` session.
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

import patience_rules as pr
from patience_rules.cli import main
from patience_rules.players import RandomPlayer
from patience_rules.stats import play_deals


@pytest.mark.extra
def test_a_dask_cluster_counts_what_a_process_pool_counts() -> None:
    from distributed import Client, LocalCluster

    rules = pr.get_game("royal-cotillion")
    player = RandomPlayer(seed=11)
    # (spawned workers: forking a process that runs threads may deadlock)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        expected = play_deals(rules, 60, start=500, player=player, executor=pool, chunk_size=9)
    # distributed is only partly typed: its constructors are untyped calls.
    cluster = LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    client = Client(cluster)  # type: ignore[no-untyped-call, unused-ignore]
    with cluster, client:
        executor = client.get_executor()  # type: ignore[no-untyped-call, unused-ignore]
        got = play_deals(rules, 60, start=500, player=player, executor=executor, chunk_size=13)
        compulsory = play_deals(pr.get_game("easy-start"), 30, executor=executor)
        few = play_deals(rules, 40, executor=executor, chunk_size=1, max_pending=3)
    assert got == expected
    assert got.games == 60
    assert compulsory == play_deals(pr.get_game("easy-start"), 30, jobs=1)
    assert few == play_deals(rules, 40, jobs=1)


@pytest.mark.extra
def test_the_stats_command_reaches_a_scheduler(capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import LocalCluster

    argv = [
        "stats",
        "royal-cotillion",
        "--deals",
        "600",
        "--start",
        "20",
        "--player",
        "random",
        "--seed",
        "5",
        "--json",
    ]
    assert main([*argv, "--jobs", "1"]) == 0
    expected = json.loads(capsys.readouterr().out)
    cluster = LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    )
    with cluster:
        address = cluster.scheduler_address
        assert main([*argv, "--scheduler", address]) == 0
        captured = capsys.readouterr()
        assert main([*argv[:-1], "--scheduler", address]) == 0
        text = capsys.readouterr()
    got = json.loads(captured.out)
    assert got["scheduler"] == address
    assert got["jobs"] is None
    for key in ("games", "wins", "cards_home", "moves", "ci95"):
        assert got[key] == expected[key]
    assert text.out.splitlines()[1].startswith(f"Won {expected['wins']} of 600: ")
    assert f"on the Dask cluster at {address}" in text.err


@pytest.mark.extra
def test_the_stats_command_says_when_the_scheduler_is_not_there(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["stats", "easy-start", "--deals", "5", "--scheduler", "nowhere://x"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.startswith(
        "patience-rules: error: cannot reach the Dask scheduler at 'nowhere://x': "
    )
    assert captured.err.count("\n") == 1
