"""The shape every variant module has (kept for code written before :mod:`jass.variant`).

A variant is now a :class:`jass.variant.Variant` object, found in the registry
(:func:`jass.variant.find_variant`); its module still offers the same functions.
:class:`VariantModule` describes such a module for type checkers;
:class:`~jass.variant.TwoPartState` and :func:`~jass.variant.random_playout` moved to
:mod:`jass.variant` and are re-exported here.

>>> from jass import schieber
>>> from jass.protocol import VariantModule, random_playout
>>> variant: VariantModule = schieber
>>> variant.is_over(random_playout(variant, variant.new_game(seed=1), seed=2))
True
"""

from __future__ import annotations

from typing import Any, Protocol

from jass.variant import TwoPartState, random_playout

__all__ = ["VariantModule", "Variant", "TwoPartState", "random_playout"]


class VariantModule(Protocol):
    """A variant module: the functions every variant offers (see :mod:`jass.variant`)."""

    SEATS: int

    def new_game(self, rules: Any = None, seed: int | None = None, *, deal: Any = None) -> Any:
        """A new game from ``rules`` (the defaults if ``None``), a seed or an explicit deal."""

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        """Every move the seat to act may make; empty only when the game is over."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after ``move``; raises ``IllegalMoveError`` and changes nothing if illegal."""

    def to_act(self, state: Any) -> int | None:
        """The seat whose move is due, ``None`` when the game is over."""

    def is_over(self, state: Any) -> bool:
        """True when the game is over."""

    def winner(self, state: Any) -> int | None:
        """The winning team (Schieber) or seat; ``None`` while playing or for a draw."""

    def score_round(self, state: Any) -> Any:
        """The score breakdown of the round in play (so far) or just finished."""

    def observe(self, state: Any, seat: int) -> Any:
        """What ``seat`` may know of ``state``, and nothing more."""


#: Deprecated name of :class:`VariantModule` (a variant is a :class:`jass.variant.Variant` now).
Variant = VariantModule
