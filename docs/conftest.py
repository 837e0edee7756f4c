"""pytest runs the ``>>>`` examples of the pages (``nox -s docs``), not the build's own code."""

collect_ignore = ["conf.py", "_ext", "_build", "_inventories"]
