"""Collection: modules that need an optional package are left out when it is absent.

The tests that use those packages are marked ``extra`` and run by the nox
``extras`` session, which installs every extra.
"""

from __future__ import annotations

import importlib.util

#: path (from the repository root) -> the module it imports at import time
_NEEDS = {
    "src/patience_rules/contrib/gymnasium.py": "gymnasium",
    "tests/test_contrib_gymnasium.py": "gymnasium",
    "src/patience_rules/contrib/openspiel.py": "pyspiel",
    "src/patience_rules/contrib/_spiel.py": "pyspiel",
    "tests/test_contrib_openspiel.py": "pyspiel",
}

collect_ignore = [
    path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]
