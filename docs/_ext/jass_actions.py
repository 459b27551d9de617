"""The ``jass-action-ids`` directive: the action ids of every registered variant, from its
:class:`~jass.variant.encoding.Encoding`.

``.. jass-action-ids::`` writes one table row per variant with an encoding: its name, its
number of action ids, and the ids in runs of one kind (``0-35 play C6 … play DA``), read from
``Encoding.action_names``. A variant added to the registry, or an id added to an encoding,
appears here by itself.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from jass.variant import VARIANTS


def id_runs(names: tuple[str, ...]) -> list[str]:
    """The ids in runs of names that begin with the same word: ``"0-35: play C6 … play DA"``,
    one id alone as ``"42: push"``.

    >>> id_runs(("play C6", "play C7", "push"))
    ['0-1: ``play C6`` … ``play C7``', '2: ``push``']
    """
    runs: list[str] = []
    start = 0
    for end in range(1, len(names) + 1):
        if end == len(names) or names[end].split()[0] != names[start].split()[0]:
            if end - start == 1:
                runs.append(f"{start}: ``{names[start]}``")
            else:
                runs.append(f"{start}-{end - 1}: ``{names[start]}`` … ``{names[end - 1]}``")
            start = end
    return runs


def action_rows() -> list[tuple[str, int, list[str]]]:
    """Per registered variant with an encoding: its title, its number of action ids, its runs."""
    return [(variant.title, variant.encoding.actions, id_runs(variant.encoding.action_names))
            for variant in VARIANTS.values() if variant.encoding is not None]


def table_lines() -> list[str]:
    """The reST of the table (a list table)."""
    lines = [".. list-table::", "   :header-rows: 1", "   :widths: 20 10 70", "",
             "   * - variant", "     - actions", "     - ids"]
    for title, actions, runs in action_rows():
        lines += [f"   * - {title}", f"     - {actions}", f"     - {'; '.join(runs)}"]
    return lines


class ActionIdsDirective(SphinxDirective):
    """``.. jass-action-ids::``: the action ids of every registered variant."""

    def run(self) -> list[nodes.Node]:
        container = nodes.container(classes=["jass-action-ids"])
        self.state.nested_parse(StringList(table_lines(), source="<jass-action-ids>"), self.content_offset, container)
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("jass-action-ids", ActionIdsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
