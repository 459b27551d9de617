"""Re-exported constants keep their ``#:`` comments in the API reference.

A package of the library (``jass.variant``, ``jass.schieber``, ...) re-exports the names its
files define, and the API reference documents them under the package (``jass.variant.MAX_ROUNDS``).
autodoc reads a constant's ``#:`` comment from the module it documents, which for a package is
its ``__init__``: the comment sits in the file that defines the constant. This extension finds
it there: the directive ``jass-constants`` lists a package's constants, each with its comment."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective


@cache
def _file_comments(package: str) -> dict[str, list[str]]:
    """The ``#:`` comments of the module-level names of each file of ``package``, by name."""
    module = importlib.import_module(package)
    found: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(getattr(module, "__path__", [])):
        try:
            docs = ModuleAnalyzer.for_module(f"{package}.{info.name}").find_attr_docs()
        except Exception:  # a file that cannot be analysed (an optional extra missing) has none
            continue
        for (scope, name), lines in docs.items():
            if scope == "":
                found.setdefault(name, list(lines))
    return found


def _exported(package: str, name: str) -> list[str] | None:
    module = importlib.import_module(package)
    if name not in getattr(module, "__all__", ()):
        return None
    return _file_comments(package).get(name)


class ReexportedConstants(SphinxDirective):
    """``.. jass-constants:: jass.variant``: every constant the package re-exports from its
    files (a name of its ``__all__`` that is no class or function), as ``autodata`` with the
    ``#:`` comment of its file. autodoc's ``automodule`` leaves them out, as their comments are
    not in the package's ``__init__``."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        package = self.arguments[0]
        module = importlib.import_module(package)
        names = [name for name in module.__all__ if not callable(getattr(module, name))
                 and not isinstance(getattr(module, name), type) and _file_comments(package).get(name)]
        text = StringList()
        for name in names:
            text.append(f".. autodata:: {package}.{name}", "<jass-constants>")
            if not isinstance(getattr(module, name), (int, float, str)):  # a long repr says less than the comment
                text.append("   :no-value:", "<jass-constants>")
            text.append("", "<jass-constants>")
        holder = nodes.section()
        self.state.nested_parse(text, self.content_offset, holder)
        return holder.children


def _add_comment(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    # A constant's own docstring is its type's (``dict(...) -> new dictionary``): the comment
    # of the file that defines it replaces it.
    if what != "data":
        return
    package, _, short = name.rpartition(".")
    try:
        comment = _exported(package, short)
    except ImportError:
        return
    if comment:
        lines[:] = [line for line in comment if line is not None]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("jass-constants", ReexportedConstants)
    app.connect("autodoc-process-docstring", _add_comment)
    return {"parallel_read_safe": True}
