"""Sphinx configuration for the jass documentation."""

from __future__ import annotations

import enum
import re
import sys
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
# The documentation's own extensions (docs/_ext): the pictures of the rules pages
# (jass_table), the option tables (jass_options, the jass-options directive), and the
# comments of the constants a package re-exports from its files (jass_reexports), and the
# action ids of every variant for learning agents (jass_actions, the jass-action-ids directive).
sys.path.insert(0, str(HERE / "_ext"))

import jass  # noqa: E402
from jass._base import NamedEnum  # noqa: E402

project = "jass"
author = "The jass developers"
copyright = "2026, The jass developers"
release = jass.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "myst_parser",
    "jass_options",
    "jass_table",
    "jass_reexports",
    "jass_actions",
]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": False}
html_theme = "furo"
html_title = "jass"
exclude_patterns = ["_build"]
nitpicky = True
# The standard library is not cross-referenced (no network for intersphinx here).
nitpick_ignore_regex = [
    (r"py:(class|mod|obj|exc|func|meth|attr)",
     r"(collections|collections\.abc|datetime|enum|functools|random|typing|attr|attrs|cattrs|abc|pathlib|socket)(\..*)?"),
    (r"py:class", r"(int|str|bool|tuple|list|dict|object|Ellipsis|types\.ModuleType)"),
    # Private helpers appear as base classes; they are not part of the API.
    (r"py:class", r"jass\._base\..*"),
    (r"py:class", r"jass\.trump\._NoTrumpSuit"),
    # The web stack of `jass serve` (the extra jass[serve]) is not cross-referenced either.
    (r"py:(class|mod|obj|func|meth)", r"(starlette|uvicorn|asyncio|psycopg|websockets)(\..*)?"),
    # Type variables of the generic protocol: TwoPartState.replace returns the state's own class,
    # a Variant is generic in its rules, state, move and observation types.
    (r"py:(class|obj)", r"(jass\.(variant|teams|batch)(\.\w+)?\.)?(_State|R|S|M|O|T|D|DealMove|R_contra|S_co|S_contra|M_contra|R_in|M_in|O_in|M_out|AnyVariant)"),
    # The optional extras' libraries (no network for their inventories).
    (r"py:(class|mod|obj)", r"(pettingzoo|gymnasium|numpy|np|distributed|concurrent)(\..*)?"),
    (r"py:class", r"NDArray"),
    # The batch engines' own arrays and tables (the guide shows the engines, not every table).
    (r"py:(class|attr)", r"jass\.batch\.cardplay\..*"),
]

logger = logging.getLogger(__name__)

# Readers of the API pages have the documentation, not the repository's notes: a docstring
# that sends them to one of those files (or to "the design notes") leaves them without a
# target. Link a page of these docs instead (the rules pages, rules/decisions, design).
_UNREACHABLE = re.compile(r"\b(?:RULES|DESIGN)\.md\b|\bdesign notes\b")


def _check_targets(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
    for line in lines:
        found = _UNREACHABLE.search(line)
        if found:
            logger.warning(
                "%s: the docstring points at %r, which readers of the documentation do not have; "
                "link a page of the docs instead", name, found.group(0), type="jass", subtype="target",
            )


def _list_enum_members(app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any) -> bool | None:
    # Every member of an option or phase enum is a value users write: list it, documented or not.
    if skip and isinstance(obj, enum.Enum) and isinstance(obj, NamedEnum):
        return False
    return None


# A repr of a default value or of a module can carry the path the docs were built from
# (the checkout, the virtual environment); on the hosted docs that path means nothing.
_LOCAL_PATHS = tuple({str(HERE.parent), *([sys.prefix] if sys.prefix != sys.base_prefix else [])})


def _check_local_paths(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    for page in sorted(Path(app.outdir).rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        for path in _LOCAL_PATHS:
            if path in text:
                logger.warning(
                    "%s shows the build's local path %s (a repr?): document the value instead",
                    page.relative_to(app.outdir), path, type="jass", subtype="path",
                )


def setup(app: Sphinx) -> None:
    app.connect("autodoc-process-docstring", _check_targets)
    app.connect("autodoc-skip-member", _list_enum_members)
    app.connect("build-finished", _check_local_paths)
