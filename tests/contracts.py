"""An import-linter contract of our own (``contract_types`` in ``pyproject.toml``), so that no
contract has to name a variant: a new variant is one new folder, and the contracts find it.

A *variant package* is a subpackage of ``jass`` that has the files every variant has (its
``dealing``, ``game`` and ``view``); the contract below checks that those packages are
independent of each other, as import-linter's ``independence`` contract would with their
names listed.
"""

from __future__ import annotations

from typing import Any

from importlinter.contracts.independence import IndependenceContract
from importlinter.domain.imports import ModuleExpression

from jass.variant import VARIANT_FILES

#: The files that make a subpackage of jass a variant package (the registry's own rule).
MARKERS = tuple(name.removesuffix(".py") for name in VARIANT_FILES)


def variant_packages(graph: Any, root: str = "jass") -> list[str]:
    """The variant packages of ``root`` in the import graph, by name."""
    return sorted(
        child for child in graph.find_children(root)
        if all(f"{child}.{marker}" in graph.modules for marker in MARKERS)
    )


class VariantsIndependent(IndependenceContract):
    """The variant packages are independent: none imports another, directly or not. Give
    ``modules`` as ``jass.*`` (checked: the variant packages among them)."""

    type_name = "variants_independent"

    def check(self, graph: Any, verbose: bool) -> Any:
        found = variant_packages(graph)
        if len(found) < 2:  # the layout changed: say so rather than check nothing
            raise ValueError(f"expected the variant packages of jass, found {found}")
        self.modules = {ModuleExpression(name) for name in found}  # type: ignore[assignment]
        return super().check(graph, verbose)
