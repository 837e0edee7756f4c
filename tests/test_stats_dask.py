"""play_deals on a real Dask cluster gives what a process pool gives.

Needs the ``dask`` extra (``dask[distributed]``); run by the ``extras`` session.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import patience_rules as pr
from patience_rules.stats import RandomPolicy, play_deals


@pytest.mark.extra
def test_a_dask_cluster_counts_what_a_process_pool_counts() -> None:
    from distributed import Client, LocalCluster

    rules = pr.get_game("royal-cotillion")
    policy = RandomPolicy(seed=11)
    with ProcessPoolExecutor(2) as pool:
        expected = play_deals(rules, 60, start=500, policy=policy, executor=pool, chunk_size=9)
    # distributed is only partly typed: its constructors are untyped calls.
    cluster = LocalCluster(  # type: ignore[no-untyped-call, unused-ignore]
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    )
    client = Client(cluster)  # type: ignore[no-untyped-call, unused-ignore]
    with cluster, client:
        executor = client.get_executor()  # type: ignore[no-untyped-call, unused-ignore]
        got = play_deals(rules, 60, start=500, policy=policy, executor=executor, chunk_size=13)
        compulsory = play_deals(pr.get_game("easy-start"), 30, executor=executor)
    assert got == expected
    assert got.games == 60
    assert compulsory == play_deals(pr.get_game("easy-start"), 30, jobs=1)
