"""Which Hypothesis profile runs (``conftest.py`` registers and loads them), for the tests
whose size depends on it."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

#: The profile chosen with ``HYPOTHESIS_PROFILE=<name>``: ``ci`` by default.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
#: The nightly run of hostile input, ``nox -s hostile``.
NIGHTLY = PROFILE == "hostile"
#: The long run of ``nox -s thorough``.
THOROUGH = PROFILE == "thorough"


def fuzz(examples: int = 40) -> settings:
    """``examples`` inputs per reader by default, the profile's 10**5 in the nightly run."""
    return settings(
        max_examples=settings.default.max_examples if NIGHTLY else examples,  # type: ignore[union-attr]
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
