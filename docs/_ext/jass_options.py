"""The directives of a variant's options, from the ``#:`` comments of its ``Rules``.

``.. jass-options:: jass.schieber.Rules`` writes every option of the class with its default,
the values it takes, what it means and its source: the text ``jass rules VARIANT`` prints, read
by :func:`jass.options.options` from the same comments that autodoc shows in the API reference.
A field added to a ``Rules`` class appears here by its comment alone.

``.. jass-disagreements:: jass.schieber.Rules`` writes the list "Where sources disagree": each
option's ``Disagreement:`` with the option's name, then the class's ``DISAGREEMENTS`` (where no
option is needed); ``.. jass-not-supported:: jass.schieber.Rules`` the list "Not supported", the
class's ``NOT_SUPPORTED`` and its groups' (:func:`jass.options.not_supported`). The pages cannot
call an option "not supported", nor forget one, as the lists are the options' own text.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from jass.options import disagreements, not_supported, options, show_value


def option_lines(path: str) -> list[str]:
    """The reST of the options of the ``Rules`` class at ``path`` (``module.Class``): a
    definition list, one item per option."""
    module, _, name = path.rpartition(".")
    rules_type: Any = getattr(importlib.import_module(module), name)
    lines: list[str] = []
    for option in options(rules_type):
        if option.group:
            lines += [f"``{option.name}``", f"   {option.meaning} Its options:", ""]
            if option.source:
                lines += [f"   *Source:* {option.source}", ""]
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


def _rules_type(path: str) -> Any:
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def disagreement_lines(path: str) -> list[str]:
    """The reST of the list "Where sources disagree" of the ``Rules`` class at ``path``."""
    lines: list[str] = []
    for entry in disagreements(_rules_type(path)):
        where = f" Option ``{entry.option}``." if entry.option else ""
        lines += [f"- {entry.text}{where}", ""]
    return lines


def not_supported_lines(path: str) -> list[str]:
    """The reST of the list "Not supported" of the ``Rules`` class at ``path``."""
    lines: list[str] = []
    for entry in not_supported(_rules_type(path)):
        lines += [f"- **{entry.rule}**: {entry.sources}", ""]
    return lines or ["Nothing: every rule of the sources cited here can be played.", ""]


class OptionsDirective(SphinxDirective):
    """``.. jass-options:: module.Rules``: the options of a ``Rules`` class."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        container = nodes.container(classes=["jass-options"])
        text = StringList(option_lines(self.arguments[0]), source=f"<jass-options {self.arguments[0]}>")
        self.state.nested_parse(text, self.content_offset, container)
        return [container]


class _ListDirective(SphinxDirective):
    """A list written from a ``Rules`` class."""

    required_arguments = 1
    kind = ""

    def lines(self, path: str) -> list[str]:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        container = nodes.container(classes=[f"jass-{self.kind}"])
        text = StringList(self.lines(self.arguments[0]), source=f"<jass-{self.kind} {self.arguments[0]}>")
        self.state.nested_parse(text, self.content_offset, container)
        return [container]


class DisagreementsDirective(_ListDirective):
    """``.. jass-disagreements:: module.Rules``: where the sources disagree."""

    kind = "disagreements"

    def lines(self, path: str) -> list[str]:
        return disagreement_lines(path)


class NotSupportedDirective(_ListDirective):
    """``.. jass-not-supported:: module.Rules``: the sources' rules the library cannot play."""

    kind = "not-supported"

    def lines(self, path: str) -> list[str]:
        return not_supported_lines(path)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.add_directive("jass-options", OptionsDirective)
    app.add_directive("jass-disagreements", DisagreementsDirective)
    app.add_directive("jass-not-supported", NotSupportedDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
