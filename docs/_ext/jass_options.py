"""The ``jass-options`` directive: a variant's options, from the ``#:`` comments of its ``Rules``.

``.. jass-options:: jass.schieber.Rules`` writes every option of the class with its default,
the values it takes, what it means and its source: the text ``jass rules VARIANT`` prints, read
by :func:`jass.options.options` from the same comments that autodoc shows in the API reference.
A field added to a ``Rules`` class appears here by its comment alone.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from jass.options import options, show_value


def option_lines(path: str) -> list[str]:
    """The reST of the options of the ``Rules`` class at ``path`` (``module.Class``): a
    definition list, one item per option."""
    module, _, name = path.rpartition(".")
    rules_type: Any = getattr(importlib.import_module(module), name)
    lines: list[str] = []
    for option in options(rules_type):
        if option.group:
            lines += [f"``{option.name}``", f"   {option.meaning} Its options:", ""]
            continue
        lines.append(f"``{option.name}`` = ``{show_value(option.default)}``")
        lines += [f"   {option.meaning}", ""]
        if option.choices:
            lines += ["   Allowed:", ""]
            lines += [f"   - ``{choice.value}``: {choice.meaning}" for choice in option.choices]
            lines.append("")
        else:
            lines += [f"   Allowed: {option.allowed}.", ""]
        lines += [f"   *Source:* {option.source or 'not given.'}", ""]
    return lines


class OptionsDirective(SphinxDirective):
    """``.. jass-options:: module.Rules``: the options of a ``Rules`` class."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        container = nodes.container(classes=["jass-options"])
        text = StringList(option_lines(self.arguments[0]), source=f"<jass-options {self.arguments[0]}>")
        self.state.nested_parse(text, self.content_offset, container)
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("jass-options", OptionsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
