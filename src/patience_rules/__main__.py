"""``python -m patience_rules``: the command line (see :mod:`patience_rules.cli`)."""

from __future__ import annotations

from .cli import main

if __name__ == "__main__":  # pragma: no branch
    raise SystemExit(main())
