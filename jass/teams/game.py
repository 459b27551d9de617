"""What a seat sees of the Weis during a round (each variant's ``observe`` asks).
"""

from __future__ import annotations

from collections.abc import Sequence

from jass.cards import CardSet
from jass.teams.rules import SEATS
from jass.teams.score import counted_weis
from jass.teams.state import Declared
from jass.weis import Weis, WeisRules

__all__ = ["weis_view"]


def weis_view(
    dealt: Sequence[CardSet], declared: Declared, rules: WeisRules | None, auto: bool, trick_one_done: bool,
    weis_team: int | None, seat: int | None,
) -> tuple[tuple[int | None, ...], tuple[Weis, ...] | None, tuple[tuple[Weis, ...], ...]]:
    """What ``seat`` (``None``: a spectator) sees of the Weis: the points each seat declared
    (``None``: not declared; with ``auto`` every seat's, once trick 1 is over, as they are then
    shown), its own declaration (``None`` with ``auto`` or for a spectator), and once trick 1
    is over the Weis of ``weis_team``, the team that scores them (seed 001: "De kaarten voor
    de hoogste Weis worden na de eerste slag open afgebeeld")."""
    if rules is None:
        return (None,) * SEATS, None, ((),) * SEATS
    counted = counted_weis(dealt, declared, rules, auto) if trick_one_done else None
    declarations = counted if auto and counted is not None else declared
    points = tuple(None if d is None else sum(w.points for w in d) for d in declarations)
    shown: tuple[tuple[Weis, ...], ...] = ((),) * SEATS
    if counted is not None and weis_team is not None:
        shown = tuple(counted[s] if s % 2 == weis_team else () for s in range(SEATS))
    return points, declared[seat] if not auto and seat is not None else None, shown
