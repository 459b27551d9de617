"""Sphinx configuration for the jass documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import jass  # noqa: E402

project = "jass"
author = "The jass developers"
copyright = "2026, The jass developers"
release = jass.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "myst_parser",
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
    (r"py:(class|mod|obj|exc|func|meth|attr)", r"(collections\.abc|datetime|enum|random|typing|attr|attrs|cattrs)(\..*)?"),
    (r"py:class", r"(int|str|bool|tuple|list|dict|object|Ellipsis|types\.ModuleType)"),
    # Private helpers appear as base classes; they are not part of the API.
    (r"py:class", r"jass\._base\..*"),
    # Type variables of the generic protocol: TwoPartState.replace returns the state's own class,
    # a Variant is generic in its rules, state, move and observation types.
    (r"py:(class|obj)", r"(jass\.(variant|teams)\.)?(_State|R|S|M|O|T|D|DealMove|R_contra|S_co|S_contra|M_contra|AnyVariant)"),
]
