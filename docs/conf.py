"""Sphinx configuration for the patience-rules documentation.

Build with ``nox -s docs``: HTML with warnings as errors and nitpicky
references, then pytest runs the ``>>>`` examples of every page (and of the
docstrings and the README) as doctests.

Writing pages:

- a guide is ``guides/<topic>.rst``, a game ``games/<name>.rst``, an API
  page ``api/<module>.rst`` with ``.. automodule:: patience_rules.<module>``;
  the index picks them up by glob.  Every public module needs an API page
  (the build and ``tests/test_docs.py`` say which one is missing); a new
  game module is documented on ``api/games.rst`` by itself.
- every ``>>>`` example runs; the examples of one page share a namespace.
- references to ``patience_rules.Name`` (the package's re-exports) resolve
  to the name's entry in the module that defines it.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE / "_ext"))

from public_api import absent_module_pages  # noqa: E402

import patience_rules  # noqa: E402

project = "patience-rules"
author = "The patience-rules authors"
copyright = "2026 The patience-rules authors"
release = patience_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
    "myst_parser",
    "sphinx_copybutton",
    "patience_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = [
    "_build",
    "_inventories",
    "Thumbs.db",
    ".DS_Store",
    # An API page written ahead of its module waits until the module is there.
    *absent_module_pages(HERE / "api"),
]
nitpicky = True
default_role = "py:obj"

# -- autodoc ------------------------------------------------------------------

autodoc_default_options = {
    "members": True,
    "undoc-members": True,
    "member-order": "bysource",
}
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_class_signature = "mixed"
autodoc_inherit_docstrings = False
python_use_unqualified_type_names = True
add_module_names = False

# -- intersphinx --------------------------------------------------------------
# The inventories are shipped in _inventories/ so that the build never needs
# the network.  Each is the objects.inv of one pinned release (taken from the
# distribution's documentation packages), and its base URL names that same
# release, so that every link points at the page it was resolved against.
# _inventories/README.md says how to refresh them.

_INVENTORIES = HERE / "_inventories"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3.11/", str(_INVENTORIES / "python-3.11.inv")),
    "attrs": ("https://www.attrs.org/en/22.2.0/", str(_INVENTORIES / "attrs-22.2.0.inv")),
    "hypothesis": (
        "https://hypothesis.readthedocs.io/en/hypothesis-python-6.67.1/",
        str(_INVENTORIES / "hypothesis-6.67.1.inv"),
    ),
    # A few names only, written by _inventories/make_numpy_inventory.py.
    "numpy": ("https://numpy.org/doc/2.2/", str(_INVENTORIES / "numpy-2.2.inv")),
}
intersphinx_timeout = 5

# Names that type hints mention but that no inventory documents.
nitpick_ignore = [
    # Hypothesis documents its exceptions only in releases newer than the
    # shipped inventory; the name shows as plain text.
    ("py:class", "hypothesis.errors.InvalidArgument"),
    ("py:exc", "hypothesis.errors.InvalidArgument"),
    ("py:exc", "InvalidArgument"),
]
# Gymnasium ships no inventory: the types of the Gymnasium environment's
# attributes, as they are annotated, show as plain text.
nitpick_ignore += [
    ("py:class", "spaces.Space"),
    ("py:class", "spaces.Discrete"),
    ("py:class", "np.int64"),
    ("py:class", "Vector"),
]
# Private names (a type variable, an internal pile type) show as plain text.
nitpick_ignore_regex = [(r"py:.*", r"(\w+\.)*_\w*")]

# -- MyST (the changelog is Markdown) -----------------------------------------

myst_heading_anchors = 3

# -- HTML ---------------------------------------------------------------------

html_theme = "furo"
html_title = f"patience-rules {release}"
html_static_path = ["_static"]
# Long lines of doctest output wrap instead of running off the page.
html_css_files = ["patience-rules.css"]

# -- copy buttons -------------------------------------------------------------
# The button copies what a reader types: the lines after a ``>>>``, ``...`` or
# ``$`` prompt, without the prompts and the output; a block with no prompt is
# copied whole.

copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True
