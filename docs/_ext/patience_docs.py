"""A Sphinx extension for the patience-rules documentation.

- References to the package's re-exports (``patience_rules.GameRules``, or a
  bare ``GameRules`` left by an annotation that names a type imported only
  for type checking) resolve to the object's canonical entry, and those to
  a standard class by its private module (``concurrent.futures._base``) to
  its public name in Python's documentation.
- ``.. public-submodules:: PACKAGE`` documents every public module in a
  package (the games), each under its own heading.
- ``.. public-names::`` draws a table of the names the package exports, each
  linked to its entry, with the first line of its docstring.
- After reading, the build warns about every public object that has no
  entry or no docstring; with ``-W`` that fails the build.
- A ``contents`` directive is dropped: furo shows the page's contents at the
  side, and an error in place of the directive's list.
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any

import attrs
import public_api
from docutils import nodes
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext import intersphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

logger = logging.getLogger(__name__)


def _canonical_target(target: str) -> str | None:
    """The canonical dotted name for a re-exported or bare public name, if any."""
    package = importlib.import_module(public_api.PACKAGE)
    parts = target.split(".")
    if parts[0] == public_api.PACKAGE:
        parts = parts[1:]
    elif parts[0] not in public_api.exported(package):
        return None
    if not parts or parts[0] not in public_api.exported(package):
        return None
    base = public_api.documented_name(package, parts[0])
    if base == f"{public_api.PACKAGE}.{parts[0]}":
        return None  # the package's own data: no other name to try
    return ".".join([base, *parts[1:]])


#: Python's classes that live in a private module, by the public name that
#: Python's inventory lists them under (an annotation evaluated by autodoc
#: names the class where it lives).
_PUBLIC_HOMES = {"concurrent.futures._base.": "concurrent.futures."}


def _resolve_reexport(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.TextElement
) -> nodes.reference | None:
    if node.get("refdomain") != "py":
        return None
    for private, public in _PUBLIC_HOMES.items():
        if node["reftarget"].startswith(private):
            renamed = node.deepcopy()
            renamed["reftarget"] = public + node["reftarget"].removeprefix(private)
            found: nodes.reference | None = intersphinx.missing_reference(
                app, env, renamed, contnode
            )
            return found
    canonical = _canonical_target(node["reftarget"])
    if canonical is None or canonical == node["reftarget"]:
        return None
    domain: Any = env.get_domain("py")
    reference: nodes.reference | None = domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
    )
    return reference


def _first_line(obj: object) -> str:
    doc = public_api.docstring_of(obj)
    return doc.split("\n\n")[0].replace("\n", " ") if doc else ""


class PublicNames(SphinxDirective):
    """``.. public-names::``: a table of the package's exports, linked to their entries."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        package = importlib.import_module(public_api.PACKAGE)
        lines = [".. list-table::", "   :header-rows: 1", "   :widths: 30 70", ""]
        lines += ["   * - Name", "     - What it is"]
        for name in sorted(public_api.exported(package), key=str.lower):
            obj = getattr(package, name)
            target = public_api.documented_name(package, name)
            if inspect.isclass(obj) and issubclass(obj, BaseException):
                role = "exc"
            elif inspect.isclass(obj):
                role = "class"
            elif inspect.isroutine(obj):
                role = "func"
            else:
                role = "data"
            summary = _first_line(obj) if public_api.is_code(obj) else f"a constant, ``{obj!r}``"
            lines += [f"   * - :py:{role}:`{name} <{target}>`", f"     - {summary}"]
        container = nodes.container()
        self.state.nested_parse(StringList(lines, source="public-names"), 0, container)
        return container.children


class PublicSubmodules(SphinxDirective):
    """``.. public-submodules:: PACKAGE``: a section and an automodule per public submodule.

    New modules in the package (a new game, say) are documented without an
    edit to the page.
    """

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for name in public_api.public_submodules(self.arguments[0]):
            title = f"``{name}``"
            lines += [title, "-" * len(title), "", f".. automodule:: {name}", ""]
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=self.arguments[0]), container)
        return container.children


def _check_public_api(app: Sphinx, env: BuildEnvironment) -> None:
    domain: Any = env.get_domain("py")
    documented = set(domain.objects) | set(domain.modules)
    for name in public_api.public_module_names():
        if name not in domain.modules:
            logger.warning("public module %s has no API page (no automodule)", name)
    objects = public_api.public_objects()
    for name in objects:
        if name not in documented:
            logger.warning("public name %s is not in the API reference", name)
    for name in public_api.undocumented(objects):
        logger.warning("public name %s has no docstring", name)


def _hide_private_constructor(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Show no signature for a class that only the library builds.

    That is a class whose constructor takes private fields, or a parameter of
    a private type: users never call it (a state, say, comes from a deal).
    """
    if what != "class":
        return None
    if attrs.has(obj):  # type: ignore[arg-type]
        fields = attrs.fields(obj)  # type: ignore[arg-type]
        if any(field.init and field.name.startswith("_") for field in fields):
            return "", None
    if signature and re.search(r"[\[(:,|]\s*_[A-Za-z]", signature):
        return "", None
    return None


def _drop_contents_directive(app: Sphinx, doctree: nodes.document) -> None:
    """Furo shows each page's contents at the side, and an error in place of ``contents``."""
    for topic in list(doctree.findall(nodes.topic)):
        if "contents" in topic["classes"]:
            topic.parent.remove(topic)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the resolver, the directive and the check."""
    app.connect("missing-reference", _resolve_reexport)
    app.connect("env-check-consistency", _check_public_api)
    app.connect("autodoc-process-signature", _hide_private_constructor)
    app.add_directive("public-names", PublicNames)
    app.add_directive("public-submodules", PublicSubmodules)
    app.connect("doctree-read", _drop_contents_directive)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
