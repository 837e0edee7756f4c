"""The scripts in examples/ run and print what they promise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def run_example(name: str, *args: str) -> str:
    completed = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), *args],
        capture_output=True,
        text=True,
        env=ENV,
        check=True,
        timeout=120,
    )
    return completed.stdout


def test_play_one_game() -> None:
    out = run_example("play_one_game.py", "3")
    assert out.splitlines()[0] == "Captive Queens"
    assert out.rstrip().endswith("deal 3: won after 146 moves, 52 of 52 cards home")
